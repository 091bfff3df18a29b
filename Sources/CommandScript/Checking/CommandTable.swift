// The checked receiver commands of a session, numbered once: an op names a command by its
// index here, so that running and undoing one copies an integer.

/// A receiver command fully resolved: which instance, which verb, which arguments.
struct ResolvedCommand: Hashable, Sendable {
  var instance: Int32
  var verb: Int32
  var arguments: [Value]
}

/// Every distinct command a session has resolved, each stored once. History entries and
/// compiled programs refer to commands by index, so a million executions of `move up`
/// share one entry and the history costs four bytes per executed command.
final class CommandTable {
  /// The verb index of the command that brings an instance made by `new` into existence.
  static let lifecycleVerb: Int32 = -1
  /// A verb index below this one is an assignment's (see `appendAssignment`).
  static let firstAssignmentVerb: Int32 = -2

  @exclusivity(unchecked) private(set) var commands: [ResolvedCommand] = []
  /// The same commands' arguments, ready to hand to receivers without rebuilding them:
  /// each in a box that `boxes` keeps, reached unretained, so that lending them to a
  /// receiver retains and releases nothing (an array's element would be copied).
  @exclusivity(unchecked) private(set) var arguments = ContiguousArray<Unmanaged<ArgumentsBox>>()
  private var boxes: [ArgumentsBox] = []
  /// Each command's instance and verb, in a table of plain integers that the invoker
  /// reads without retaining anything.
  @exclusivity(unchecked) private(set) var heads = ContiguousArray<(instance: Int32, verb: Int32)>()
  private var index: [ResolvedCommand: Int32] = [:]
  /// The commands that are ``SmallCommand``s, in an open-addressing table: a power of
  /// two of entries, at least twice as many as commands, each a command or empty (-1).
  @exclusivity(unchecked) private var smallTable = [(key: SmallCommand, id: Int32)](
    repeating: (SmallCommand(instance: 0, verb: 0), -1), count: 64)
  @exclusivity(unchecked) private var smallCount = 0

  /// A command whose arguments are at most two integers or words (nearly every command of
  /// nearly every script), packed into integers, so that finding it takes neither an
  /// array nor a general-purpose hash.
  struct SmallCommand: Equatable {
    /// Instance and verb.
    private var head: Int64
    /// The argument count, and for each argument whether it is a word.
    private var shape = 0
    private var first = 0
    private var second = 0

    init(instance: Int32, verb: Int32) {
      head = Int64(instance) << 32 | Int64(UInt32(bitPattern: verb))
    }

    var instance: Int32 { Int32(truncatingIfNeeded: head >> 32) }
    var verb: Int32 { Int32(truncatingIfNeeded: head) }

    /// Adds an integer, or a word by its index; false (and no change) when it is a third.
    @inline(__always) mutating func append(_ n: Int, isWord: Bool) -> Bool {
      let count = shape & 3
      guard count < 2 else { return false }
      if isWord { shape |= 4 << count }
      if count == 0 { first = n } else { second = n }
      shape += 1
      return true
    }

    var arguments: [Value] {
      (0..<(shape & 3)).map { i in
        let n = i == 0 ? first : second
        return shape & (4 << i) != 0 ? .word(n) : .integer(n)
      }
    }

    /// Fibonacci hashing: the top bits of the product of the fields' mix, which depend
    /// on every bit of every field.
    @inline(__always) func slot(mask: Int, shift: Int) -> Int {
      var x = UInt64(bitPattern: head) ^ UInt64(bitPattern: Int64(shape)) &* 0xFF51_AFD7_ED55_8CCD
      x = (x ^ UInt64(bitPattern: Int64(first))) &* 0x9E37_79B9_7F4A_7C15
      x = (x ^ UInt64(bitPattern: Int64(second))) &* 0x9E37_79B9_7F4A_7C15
      return Int(truncatingIfNeeded: x >> UInt64(shift)) & mask
    }
  }

  /// The index of `command`, adding it if it is new.
  @inline(__always) func intern(_ command: SmallCommand) -> Int32 {
    let mask = smallTable.count - 1
    let shift = 64 - smallTable.count.trailingZeroBitCount
    var slot = command.slot(mask: mask, shift: shift)
    while smallTable[slot].id >= 0 {
      if smallTable[slot].key == command { return smallTable[slot].id }
      slot = (slot + 1) & mask
    }
    let id = intern(ResolvedCommand(instance: command.instance, verb: command.verb, arguments: command.arguments))
    smallTable[slot] = (command, id)
    smallCount += 1
    if smallCount * 2 > smallTable.count { growSmallTable() }
    return id
  }

  private func growSmallTable() {
    let old = smallTable
    smallTable = Array(repeating: (SmallCommand(instance: 0, verb: 0), -1), count: old.count * 2)
    let mask = smallTable.count - 1
    let shift = 64 - smallTable.count.trailingZeroBitCount
    for entry in old where entry.id >= 0 {
      var slot = entry.key.slot(mask: mask, shift: shift)
      while smallTable[slot].id >= 0 { slot = (slot + 1) & mask }
      smallTable[slot] = entry
    }
  }

  /// The index of `command`, adding it if it is new.
  func intern(_ command: ResolvedCommand) -> Int32 {
    if let id = index[command] { return id }
    let id = Int32(commands.count)
    commands.append(command)
    let box = ArgumentsBox(Arguments(command.arguments))
    boxes.append(box)
    arguments.append(Unmanaged.passUnretained(box))
    heads.append((command.instance, command.verb))
    index[command] = id
    return id
  }

  /// Each assignment's slot and value, in the order they were made (see `appendAssignment`).
  @exclusivity(unchecked) private(set) var assignments = ContiguousArray<(slot: Int, value: Value)>()
  private let noArguments = ArgumentsBox(Arguments([]))

  /// A new command that sets variable `slot` of the store `instance` to `value`: each
  /// assignment run is a command of its own, made without looking for an equal one or
  /// allocating (a loop's counter takes a new value every turn, which interning would keep
  /// in a hash table forever). Its head's verb tells where its slot and value are:
  /// `firstAssignmentVerb - index` for `assignments[index]`; the invoker sets the slot
  /// itself, the store keeping the previous value as its undo record.
  @inline(__always) func appendAssignment(instance: Int32, slot: Int, value: Value) -> Int32 {
    let id = Int32(truncatingIfNeeded: heads.count)
    heads.append((instance, Self.firstAssignmentVerb &- Int32(truncatingIfNeeded: assignments.count)))
    assignments.append((slot, value))
    arguments.append(Unmanaged.passUnretained(noArguments))
    commands.append(ResolvedCommand(instance: instance, verb: 0, arguments: []))
    return id
  }

  /// The assignment of command `id`, whose head's verb is below `lifecycleVerb`.
  @inline(__always) func assignment(_ id: Int32) -> (slot: Int, value: Value) {
    assignments[Int(Self.firstAssignmentVerb &- heads[Int(id)].verb)]
  }

  /// Command `id`; an assignment as the store's `set SLOT VALUE`.
  subscript(id: Int32) -> ResolvedCommand {
    guard heads[Int(id)].verb < Self.lifecycleVerb else { return commands[Int(id)] }
    let (slot, value) = assignment(id)
    return ResolvedCommand(instance: heads[Int(id)].instance, verb: 0, arguments: [.integer(slot), value])
  }
}

/// One command's arguments, in an object of their own (see `CommandTable.arguments`).
final class ArgumentsBox {
  let arguments: Arguments
  init(_ arguments: Arguments) { self.arguments = arguments }
}
