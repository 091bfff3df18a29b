// `export tree "FILE"`: the order of statements and moves that makes the whole undo tree
// again — every node under its parent with its number, each node's children in the order
// `redo` follows them, `curhead`, `newhead` and the current node as they are.

extension History {
  /// One line of the script that rebuilds the tree.
  enum RebuildItem: Equatable {
    /// The statement of node `index` (a storage index), made below the current node.
    case step(Int)
    /// `goto N`.
    case goto(Int)
  }

  /// The statements and moves that, run in order on fresh receivers, make this tree again
  /// (with no node dropped by the limit: numbers would not survive). They are worked out
  /// on a copy of the tree's shape, moved as `goto` moves (`Invoker.move`), so each move is
  /// written only where it changes something:
  /// 1. every node, in the order of its number, after a `goto` to its parent;
  /// 2. each node's children put in order, its descendants' first: a `goto` to a child
  ///    from its parent makes it the one `redo` follows and touches no other list but
  ///    its ancestors', which come later;
  /// 3. `newhead` (the node below which new changes went last, always a leaf) set by a
  ///    `goto` to it when something is undone, then the lists that move reordered put
  ///    back (through nodes that are no leaves, so `newhead` stays);
  /// 4. the current node redone, so that `curhead` is its first child (at the root: the
  ///    root reached from that child, undone last).
  /// Returns the plan and whether its tree is this one; it is not only when a leaf was
  /// made the child `redo` follows by `earlier` by time, which no `goto` can do.
  func rebuildPlan() -> (items: [RebuildItem], exact: Bool) {
    var copy = History()
    copy.clock = { 0 }
    var items: [RebuildItem] = []
    let empty = SourceRange(source: 0, start: 0, end: 0)
    func goto(_ target: Int) {
      let route = copy.route(to: .after(target))
      guard !route.undo.isEmpty || !route.redo.isEmpty else { return }
      for _ in route.undo { copy.didUndo() }
      for node in route.redo {
        copy.willRedo(node)
        copy.didRedo()
      }
      items.append(.goto(target < 0 ? 0 : copy.nodes[target].number))
    }
    // 1. Every node (storage indices are the same in both: nothing is dropped).
    for i in nodes.indices {
      goto(Int(nodes[i].parent))
      copy.commitStep(statement: empty, op: .sequence([]))
      items.append(.step(i))
    }
    // Whether `node` is `top` or below it in the copy.
    func isUnder(_ node: Int, _ top: Int) -> Bool {
      var n = node
      while n >= 0, n != top { n = Int(copy.nodes[n].parent) }
      return n == top
    }
    // 2. Children in order, descendants first: parents come before children in `nodes`.
    // The children that must be made first, in reverse: those before the longest end of
    // the wanted order that the copy's list already has in that order.
    func putChildrenInOrder() {
      for parent in (-1..<nodes.count).reversed() {
        let wanted = children(of: parent)
        let have = copy.children(of: parent)
        guard have != wanted else { continue }
        var first = wanted.count
        var position = have.count
        while first > 0, let found = have[..<position].lastIndex(of: wanted[first - 1]) {
          first -= 1
          position = found
        }
        for child in wanted[..<first].reversed() {
          // A `goto` to it redoes it (making it first) unless the state is at or below it.
          if copy.current >= 0, isUnder(copy.current, child) { goto(parent) }
          goto(child)
        }
      }
    }
    putChildrenInOrder()
    // 3, 4. Where `redo` goes from the current node, and `newhead`.
    if curhead >= 0 {
      if newhead >= 0, copy.newhead != newhead {
        goto(Int(newhead))
        putChildrenInOrder()
      }
      if current < 0 {
        // At the root, curhead is the node undone last.
        if copy.current < 0 || !isUnder(copy.current, Int(curhead)) { goto(Int(curhead)) }
      } else if copy.current != current || copy.curhead != curhead,
        copy.current < 0 || !isUnder(copy.current, Int(curhead))
      {
        // Elsewhere, the current node redone (unless it is reached from below curhead,
        // undone last): curhead is then its first child, and `newhead` stays (the current
        // node is no leaf).
        if copy.current >= 0, isUnder(copy.current, current) { goto(Int(nodes[current].parent)) }
      }
    }
    goto(current)
    let exact =
      copy.curhead == curhead && copy.newhead == newhead && copy.firstRoot == firstRoot
      && nodes.indices.allSatisfy {
        copy.nodes[$0].parent == nodes[$0].parent && copy.children(of: $0) == children(of: $0)
      }
    return (items, exact)
  }
}
