// Plain commands under `--check`: a bare command whose name the general path resolved
// before, in the same state, is checked by its argument count and kinds alone (what
// `compileCommand` would check), since what it would compile only running needs.

extension Checker {
  /// What a bare name's meaning at the top level depends on: the macros (a definition may
  /// take the name), the `use`d instance and the instances, which a checker's state counts
  /// every change of (``CheckerState/changes``). Within one checker that count only grows,
  /// so equal keys mean equal meanings.
  var currentPlainKey: Int { state.changes }

  /// Records that the bare name `name` resolved, at the top level, to `verb` of `type`: its
  /// index in `verbTable.verbs`, plus one, by symbol, for ``checksPlainCommand(_:in:)``.
  /// Only what the general path found is recorded, so the fast path decides nothing of its
  /// own about names.
  @inline(__always) mutating func notePlainVerb(_ name: Name, type: Int, verb: Int) {
    if checksOnly { recordPlainVerb(name, type: type, verb: verb) }
  }

  /// Out of line: in `check`, which the stream of a script's statements calls inlined, it
  /// made the statement's loop too large for that.
  @inline(never) private mutating func recordPlainVerb(_ name: Name, type: Int, verb: Int) {
    guard scope == nil, macrosInForce == .max, name.symbol >= 0, name.symbol < Self.memoizedSymbols else { return }
    let key = currentPlainKey
    if key != plainKey {
      plainVerbs.removeAll(keepingCapacity: true)
      plainKey = key
    }
    let i = Int(name.symbol)
    if i >= plainVerbs.count { plainVerbs.append(contentsOf: repeatElement(0, count: i + 1 - plainVerbs.count)) }
    plainVerbs[i] = Int32(truncatingIfNeeded: verbTable.firstVerb[type] + verb + 1)
  }

  /// Whether the top-level command (never one in a macro body) `name` with `arguments`,
  /// written without a receiver (`move up 3`), is one whose name the general path
  /// resolved before, in the same state, and whose arguments are all integers and words
  /// that their parameters accept, as far as is known (the checks of `compileCommand`,
  /// whose packed table and memos they read): then `check` would find no problem, and what
  /// it would compile only running needs. For `--check`, which drops what it compiles, as
  /// the parser reads the command (``Parser/readRoot(droppingCommand:)``). False says only
  /// that it is not known: `check` then decides, and reports.
  @inline(__always) func checksPlainCommand(_ name: Name, arguments given: UnsafeBufferPointer<ArgumentNode>) -> Bool {
    guard name.symbol >= 0, Int(name.symbol) < plainVerbs.count else { return false }
    let verbIndex = Int(plainVerbs[Int(name.symbol)])
    // (No macro body is being checked: the command is at the top level.)
    guard verbIndex != 0, currentPlainKey == plainKey else { return false }
    let shape = verbTable.verbs[verbIndex - 1]
    guard given.count <= shape.count, given.count >= shape.required else { return false }
    // (Slots are counted in an array: no overflow.)
    for i in given.indices where packedIfKnown(given[i], slot: shape.first &+ i) == nil { return false }
    return true
  }
}
