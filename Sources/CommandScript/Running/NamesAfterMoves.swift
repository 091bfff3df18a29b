// A name stands for the receiver by that name in the state the tree is in. The checker
// binds a name to the instance the latest `new` of it made; after a move to another
// branch (`new door d1; undo; new door d1; goto 1`) the receiver called `d1` is the one
// that branch's `new` made, and a command or query of `d1` goes to it. Only the path of a
// command whose instance does not exist comes here: the common case costs nothing.

extension Invoker {
  /// The instance that goes by instance `index`'s name now: `index` itself if it exists,
  /// else the existing instance of that name and type that another branch's `new` made;
  /// nil if there is none.
  func instanceStanding(for index: Int) -> Int? {
    let wanted = instances[index]
    if wanted.exists { return index }
    return instances.indices.first { i in
      let other = instances[i]
      return other.exists && other.name == wanted.name && type(of: other.object) == type(of: wanted.object)
        && other.verbNames == wanted.verbNames
    }
  }

  /// Command `id` on the instance its receiver's name stands for now, when that is not the
  /// instance it was checked for; nil when it is (or nothing goes by that name).
  func commandOnNamesake(_ id: Int32) -> Int32? {
    let head = commands.heads[Int(id)]
    guard head.verb != CommandTable.lifecycleVerb, let standing = instanceStanding(for: Int(head.instance)),
      standing != Int(head.instance)
    else { return nil }
    var command = commands[id]
    command.instance = Int32(standing)
    return commands.intern(command)
  }
}
