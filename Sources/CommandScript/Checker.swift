// The third stage: resolves the names of a parsed statement (receivers, verbs, macros),
// validates its arguments against the verbs' parameter kinds, and compiles it to ops.

/// A receiver instance as the checker knows it.
struct Instance: Sendable {
  var name: String
  var type: Int
}

/// What the checker has learnt from the statements before the current one: the
/// instances, the macros in force, the receiver chosen with `use`. It is a value, so a
/// chunk of input that fails to compile leaves the previous state untouched.
struct CheckerState: Sendable {
  var types: [ReceiverTypeInfo]
  var instances: [Instance]
  var macros: [Macro] = []
  /// The macro in force for each name (the latest definition).
  var macroByName: [String: Int] = [:]
  var usedInstance: Int?
  /// Whether `source` and `export` may touch files.
  var allowsFiles = true
  /// For each verb name, the types that have it and the verb's index in each: one hash
  /// look-up resolves a bare verb, instead of a search through every type.
  let verbOwners: [String: [(type: Int, verb: Int)]]
  /// Every verb's declaration as plain values, made once: a session checks each chunk of
  /// a stream with a checker of its own.
  let packedVerbs: Checker.PackedVerbTable

  init(registry: ReceiverRegistry) {
    types = registry.types
    instances = registry.types.indices.map { Instance(name: registry.types[$0].name, type: $0) }
    var owners: [String: [(type: Int, verb: Int)]] = [:]
    for (t, type) in types.enumerated() {
      for (v, verb) in type.verbs.enumerated() { owners[verb.name, default: []].append((t, v)) }
    }
    verbOwners = owners
    packedVerbs = Checker.PackedVerbTable(registry.types)
  }

  /// The instance a name stands for: the latest made by that name (an earlier one's `new`
  /// was undone, or the later `new` could not have run).
  func instanceIndex(_ name: String) -> Int? { instances.lastIndex { $0.name == name } }
}

/// Resolves names and checks arguments of parsed statements, producing compiled ops.
/// Each statement is checked once, whatever it expands to at run time: a macro body is
/// checked at its definition and a call checks only its arguments, so checking is linear
/// in the size of the source.
struct Checker {
  var state: CheckerState
  let commands: CommandTable
  /// The symbols of the names it checks: every source it checks must be lexed with it.
  let symbols: SymbolTable
  private(set) var problems: [Problem] = []

  init(state: CheckerState, commands: CommandTable, symbols: SymbolTable) {
    firstNewInstance = state.instances.count
    self.state = state
    self.commands = commands
    self.symbols = symbols
    packedVerbs = state.packedVerbs
  }

  /// The macro whose body is being checked: its parameters and what each must be.
  private struct MacroScope {
    var name: String
    var parameters: [String]
    var constraints: [Constraint]
    /// Where each parameter was first given its constraint, for error notes.
    var constrainedAt: [SourceRange?]
  }

  private var scope: MacroScope?
  /// Whether the statement being checked is queued (`queue STATEMENT`), for errors that
  /// name where a statement stands.
  private var isQueuing = false

  /// Whether an instance made before this compilation exists now, at run time (where the
  /// checker runs in a session; without one, instances are taken to exist).
  var existsNow: (Int) -> Bool = { _ in true }
  /// The first instance made by a `new` of this compilation.
  private let firstNewInstance: Int
  /// How many `undo` statements this compilation has checked so far, and how many it had
  /// when each of its `new`s was checked (by instance, from `firstNewInstance`): a name is
  /// certainly taken while no `undo` can have removed the instance since.
  private var undosSeen = 0
  private var undosSeenAtNew: [Int] = []
  /// The blocks and `repeat`s around the statement being checked, within its top-level
  /// statement or macro body.
  private var blockNesting = 0

  /// How many levels of nesting a run may reach: each block, `repeat` and macro call a
  /// command runs inside is a level. The invoker recurses once per level, so a deeper
  /// chain of macros is refused where the call is written rather than overflowing the
  /// stack when it runs.
  static let maxNesting = 1000
  /// Errors so far (warnings do not stop a statement from compiling).
  private(set) var errorCount = 0

  private mutating func record(_ problem: Problem) {
    if problem.severity == .error { errorCount += 1 }
    problems.append(problem)
  }
  /// The commands that cannot be undone in the block or macro body being compiled, for the
  /// warning that a command after one may fail. (A command alone at the top level has
  /// nothing after it: it is not noted, so that plain commands cost nothing more.)
  private var irreversibles = IrreversibleCommands()
  /// How many blocks (of any kind, macro bodies included) enclose what is being compiled.
  private var nesting = 0

  // What names resolve to, by symbol: the answers of the string-keyed tables of `state`,
  // each looked up once per compilation and then read from an array.
  private var bareNames = SymbolMemo<BareName>()
  /// The owners of the verbs that `bareNames` has met, each verb's a range of this: plain
  /// values, read without reference counting.
  private var owners: [(type: Int, verb: Int)] = []

  /// What a name without a receiver stands for. (A macro cannot take a verb's name.)
  private enum BareName {
    /// The macro in force by that name, by index.
    case macro(Int)
    /// The types that have a verb by that name, with the verb's index in each, as a range
    /// of `owners`: none, one, or several.
    case verbs(Range<Int>)
  }
  /// Which word of a parameter's set each symbol is, for the parameters that take words:
  /// at `symbol * packedVerbs.parameters.count + parameter` (parameters numbered as in
  /// `packedVerbs.parameters`), 0 if not looked up yet, -1 if none, else the index plus 1.
  private var wordIndices: [Int32] = []

  /// A verb's declaration as plain values, for checking a command without retaining
  /// anything: its parameters are `packedVerbs.parameters[first..<first + count]`.
  struct PackedVerb: Sendable {
    var first: Int
    var count: Int
    var required: Int
    var isUndoable: Bool
  }

  struct PackedParameter: Sendable {
    /// An integer range, or nil: a word or a string.
    var integers: ClosedRange<Int>?
    var isWord: Bool
    /// The default value when it is an integer or a word, as ``CommandTable/SmallCommand``
    /// packs it.
    var packedDefault: (value: Int, isWord: Bool)?
  }

  /// Every verb of every type (verb `v` of type `t` is `verbs[firstVerb[t] + v]`) and every
  /// parameter of each, numbered from 0 up without gaps: the receivers' declarations packed
  /// as plain values, for the fast path of checking a command.
  private let packedVerbs: PackedVerbTable

  struct PackedVerbTable: Sendable {
    var firstVerb: [Int] = []
    var verbs: [PackedVerb] = []
    var parameters: [PackedParameter] = []
    /// Each parameter's default value (apart, so that a parameter's shape is a plain value).
    var defaults: [Value?] = []

    init(_ types: [ReceiverTypeInfo]) {
      for type in types {
        firstVerb.append(verbs.count)
        for verb in type.verbs {
          verbs.append(
            PackedVerb(
              first: parameters.count, count: verb.parameters.count, required: verb.requiredCount,
              isUndoable: verb.isUndoable))
          for p in verb.parameters {
            var shape = PackedParameter(integers: nil, isWord: false)
            switch p.kind {
            case .integer(let range): shape.integers = range
            case .word: shape.isWord = true
            case .string: break
            }
            switch p.defaultValue {
            case .integer(let n)?: shape.packedDefault = (n, false)
            case .word(let n)?: shape.packedDefault = (n, true)
            default: break
            }
            parameters.append(shape)
            defaults.append(p.defaultValue)
          }
        }
      }
    }
  }

  /// The text of a name.
  private func text(_ name: Name) -> String { symbols[name.symbol] }

  /// What `name`, without a receiver, stands for.
  @inline(__always) private mutating func meaning(of name: Name) -> BareName {
    bareNames.value(for: name.symbol) {
      if let macro = state.macroByName[symbols[name.symbol]] { return .macro(macro) }
      let first = owners.count
      owners += state.verbOwners[symbols[name.symbol]] ?? []
      return .verbs(first..<owners.count)
    }
  }

  /// Checks one top-level statement. Returns nil (and records problems) on errors.
  mutating func check(_ statement: ParsedStatement) -> CompiledStatement? {
    check(statement.root, in: statement.tree)
  }

  /// Checks one top-level statement, `root` in `tree`. Returns nil (and records problems)
  /// on errors.
  mutating func check(_ root: Statement, in tree: SyntaxTree) -> CompiledStatement? {
    let before = errorCount
    let action: CompiledStatement.Action?
    if case .invocation(let receiver, let name, let arguments) = root.kind {
      // Most statements: taken apart here rather than by two switches.
      action = compileInvocation(receiver: receiver, name: name, arguments: ArgumentList(arguments, of: tree), in: tree)
        .map { .operation($0) }
    } else {
      action = compileTopLevel(root, in: tree)
    }
    guard errorCount == before, let action else { return nil }
    return CompiledStatement(action: action, range: root.range, isTransaction: root.isTransaction)
  }

  private mutating func fail(_ message: String, at range: SourceRange, suggestion: String? = nil) {
    record(Problem(message, at: range, suggestion: suggestion))
  }

  /// A body one level deeper: a block's, a transaction's, a `repeat`'s or a macro's (for the
  /// warnings about commands that cannot be undone).
  private mutating func compileNested(_ body: NodeRange, in tree: SyntaxTree) -> [Op] {
    nesting += 1
    defer { nesting -= 1 }
    return compileBody(body, in: tree)
  }

  /// `op`, a block, transaction or `repeat`; at the outermost one, after the warnings for
  /// the commands in it that cannot be undone.
  private mutating func settlingIrreversibles(_ op: Op?) -> Op? {
    if nesting == 0, irreversibles.isNoted { warnIrreversibles(in: op) }
    return op
  }

  /// The body of a block, a transaction or a `repeat`, which the invoker also runs one level
  /// deeper (for `maxNesting`).
  private mutating func compileNestedBody(_ body: NodeRange, in tree: SyntaxTree) -> [Op] {
    blockNesting += 1
    defer { blockNesting -= 1 }
    return compileNested(body, in: tree)
  }

  private mutating func compileBody(_ body: NodeRange, in tree: SyntaxTree) -> [Op] {
    Self.fusingConstantCommands(tree.statements[body].compactMap { compile($0, in: tree) })
  }

  /// Replaces each run of commands with constant arguments by one `.commands` op.
  private static func fusingConstantCommands(_ ops: [Op]) -> [Op] {
    var fused: [Op] = []
    var run = CommandRun(ids: [], ranges: [])
    func flush() {
      guard !run.ids.isEmpty else { return }
      fused.append(.commands(run))
      run = CommandRun(ids: [], ranges: [])
    }
    for op in ops {
      if case .command(let id, let range) = op {
        run.ids.append(id)
        run.ranges.append(range)
      } else {
        flush()
        fused.append(op)
      }
    }
    flush()
    return fused
  }

  /// A top-level statement: a directive to the session, or an operation.
  private mutating func compileTopLevel(_ statement: Statement, in tree: SyntaxTree) -> CompiledStatement.Action? {
    let range = statement.range
    switch statement.kind {
    case .invocation, .block, .transaction, .repeat, .show, .help, .new:
      return compile(statement, in: tree).map { .operation($0) }
    case .macro(let name, let parameters, let body):
      return defineMacro(name: name, parameters: tree.names[parameters], body: body, in: tree, range: range)
        .map { .directive($0) }
    case .use(let name):
      guard let instance = resolveInstance(name) else { return nil }
      state.usedInstance = instance
      return .directive(.definition)
    case .undo(let count):
      undosSeen += 1
      return stepCount(count, of: "undo").map { .directive(.undo(count: $0, range: range)) }
    case .redo(let count):
      return stepCount(count, of: "redo").map { .directive(.redo(count: $0, range: range)) }
    case .history: return .directive(.history)
    case .queue(let index):
      let queued = tree.statements[Int(index)]
      isQueuing = true
      defer { isQueuing = false }
      return compile(queued, in: tree).map {
        .directive(.queue($0, range: queued.range, isTransaction: queued.isTransaction))
      }
    case .run: return .directive(.runQueue)
    case .pending: return .directive(.listQueue)
    case .discard: return .directive(.discardQueue)
    case .source(let index), .export(let index):
      let path = tree.strings[Int(index)]
      guard state.allowsFiles else {
        fail(
          "`\(statement.isSource ? "source" : "export")` is not allowed: this session may not touch files (--safe)",
          at: range)
        return nil
      }
      return .directive(statement.isSource ? .source(path: path, range: range) : .export(path: path, range: range))
    case .batch(let size):
      switch size {
      case .word(let word) where text(word) == "off": return .directive(.batch(size: nil))
      case .integer(let n, _) where n >= 1: return .directive(.batch(size: n))
      default:
        fail("`batch` takes a size of at least 1, or `off`", at: size.range)
        return nil
      }
    }
  }

  /// The count of `undo N` or `redo N` (1 if not given), or nil after an error.
  private mutating func stepCount(_ count: ArgumentNode?, of keyword: String) -> Int? {
    guard let count else { return 1 }
    guard case .integer(let value, let r) = count else {
      fail("the count of `\(keyword)` must be an integer", at: count.range)
      return nil
    }
    guard value >= 1 else {
      fail("the count of `\(keyword)` must be at least 1", at: r)
      return nil
    }
    return value
  }

  /// A statement that runs on the receivers: at the top level, or in a block, a macro body
  /// or a queued statement, where the session's directives may not stand.
  private mutating func compile(_ statement: Statement, in tree: SyntaxTree) -> Op? {
    let range = statement.range
    switch statement.kind {
    case .invocation(let receiver, let name, let arguments):
      return compileInvocation(receiver: receiver, name: name, arguments: ArgumentList(arguments, of: tree), in: tree)
    case .block(let body), .transaction(let body):
      return settlingIrreversibles(.sequence(compileNestedBody(body, in: tree)))
    case .repeat(let count, let body):
      let countOperand = operand(count, in: tree, for: .integer(0...Int.max), what: "the repeat count")
      let ops = compileNestedBody(body, in: tree)
      return settlingIrreversibles(countOperand.map { .repeat(count: $0, body: ops, range: range) })
    case .show(let name):
      guard let name else { return .show(instance: nil) }
      return resolveInstance(name).map { .show(instance: $0) }
    case .help(let topic):
      guard let topic else { return .help(topic: nil) }
      guard Help.knows(text(topic), state: state) else {
        fail(
          "no help on `\(text(topic))`", at: topic.range,
          suggestion: suggestion(for: text(topic), among: Help.topics(state: state)))
        return nil
      }
      return .help(topic: text(topic))
    case .new(let type, let name):
      guard nesting == 0, !isQueuing else { return misplaced(.new, at: range) }
      return defineInstance(type: type, name: name)
    case .macro: return misplaced(.macro, at: range)
    case .use: return misplaced(.use, at: range)
    case .undo:
      undosSeen += 1
      return misplaced(.undo, at: range)
    case .redo: return misplaced(.redo, at: range)
    case .history: return misplaced(.history, at: range)
    case .queue: return misplaced(.queue, at: range)
    case .run: return misplaced(.run, at: range)
    case .pending: return misplaced(.pending, at: range)
    case .discard: return misplaced(.discard, at: range)
    case .batch: return misplaced(.batch, at: range)
    case .source: return misplaced(.source, at: range)
    case .export: return misplaced(.export, at: range)
    }
  }

  /// The one error for a statement that stands where its declaration does not allow it.
  private mutating func misplaced(_ keyword: Keyword, at range: SourceRange) -> Op? {
    let elsewhere = isQueuing ? "in a queued statement" : "inside a block or macro"
    fail("`\(keyword.rawValue)` can only stand at the top level, not \(elsewhere)", at: range)
    return nil
  }

  /// `new TYPE NAME`: the checker knows the instance from here on; at run time it comes
  /// into existence by a lifecycle command (verb -1) that undo and redo treat like any other.
  private mutating func defineInstance(type: Name, name: Name) -> Op? {
    guard let typeIndex = state.types.firstIndex(where: { $0.name == text(type) }) else {
      fail(
        "unknown receiver type `\(text(type))`", at: type.range,
        suggestion: suggestion(for: text(type), among: state.types.map(\.name)))
      return nil
    }
    // A name is free again once the `new` that took it is undone. Where that is certain not
    // to have happened it is an error here; otherwise the `new` fails at run time if a
    // receiver by that name exists then.
    if let taken = state.instanceIndex(text(name)), certainlyExists(taken) {
      fail("a receiver named `\(text(name))` already exists", at: name.range)
      return nil
    }
    if state.macroByName[text(name)] != nil || state.verbOwners[text(name)] != nil {
      fail("`\(text(name))` is already the name of a macro or verb", at: name.range)
      return nil
    }
    state.instances.append(Instance(name: text(name), type: typeIndex))
    undosSeenAtNew.append(undosSeen)
    let instance = state.instances.count - 1
    let id = commands.intern(
      ResolvedCommand(instance: Int32(instance), verb: CommandTable.lifecycleVerb, arguments: []))
    return .command(id: id, range: name.range)
  }

  /// Whether instance `index` exists when the statement being checked runs, whatever runs
  /// before it: a built-in receiver (never made by `new`, so never undone), or one whose
  /// `new` no `undo` checked since can have taken back.
  private func certainlyExists(_ index: Int) -> Bool {
    if index < state.types.count { return true }
    if index >= firstNewInstance { return undosSeenAtNew[index - firstNewInstance] == undosSeen }
    return undosSeen == 0 && existsNow(index)
  }

  // MARK: Names

  private mutating func resolveInstance(_ name: Name) -> Int? {
    if let index = state.instanceIndex(text(name)) { return index }
    fail(
      "unknown receiver `\(text(name))`", at: name.range,
      suggestion: suggestion(for: text(name), among: state.instances.map(\.name)))
    return nil
  }

  /// Every verb name, macro name and statement keyword: what a misspelt statement might
  /// have meant.
  private var allCommandNames: [String] {
    var names = state.types.flatMap { $0.verbs.map(\.name) }
    names += state.macroByName.keys.sorted()
    names += Help.statements.map(\.keyword.rawValue)
    return names
  }

  private mutating func compileInvocation(
    receiver: Name?, name: Name, arguments: ArgumentList, in tree: SyntaxTree
  ) -> Op? {
    if let receiver {
      guard let instance = resolveInstance(receiver) else { return nil }
      let type = state.types[state.instances[instance].type]
      guard let verb = type.verbIndex(text(name)) else {
        fail(
          "`\(text(receiver))` has no verb `\(text(name))`", at: name.range,
          suggestion: suggestion(for: text(name), among: type.verbs.map(\.name)))
        return nil
      }
      return compileCommand(
        instance: instance, verb: verb, name: name, arguments: arguments, in: tree, start: receiver.range)
    }
    let found: Range<Int>
    switch meaning(of: name) {
    case .macro(let macro): return compileCall(macro: macro, name: name, arguments: arguments, in: tree)
    case .verbs(let owned): found = owned
    }
    if let scope, scope.name == text(name) {
      fail("macro `\(text(name))` cannot call itself: recursion could never end", at: name.range)
      return nil
    }
    // A bare verb: the `use`d receiver if it has the verb, else the only type that has it.
    if let used = state.usedInstance,
      let owner = owners[found].first(where: { $0.type == state.instances[used].type })
    {
      return compileCommand(instance: used, verb: owner.verb, name: name, arguments: arguments, in: tree)
    }
    switch found.count {
    case 0:
      fail(
        "unknown command `\(text(name))`", at: name.range,
        suggestion: suggestion(for: text(name), among: allCommandNames))
      return nil
    case 1:
      let (type, verb) = owners[found.lowerBound]
      guard let instance = state.instances.firstIndex(where: { $0.type == type }) else {
        fail("no receiver of type `\(state.types[type].name)` exists", at: name.range)
        return nil
      }
      return compileCommand(instance: instance, verb: verb, name: name, arguments: arguments, in: tree)
    default:
      let candidates = owners[found].map { "`\(state.types[$0.type].name).\(text(name))`" }.joined(separator: " or ")
      fail(
        "`\(text(name))` is ambiguous: write \(candidates), or choose a receiver with `use`",
        at: name.range)
      return nil
    }
  }

  // MARK: Arguments

  private mutating func compileCommand(
    instance: Int, verb: Int, name: Name, arguments: ArgumentList, in tree: SyntaxTree, start: SourceRange? = nil
  ) -> Op? {
    let type = state.instances[instance].type
    let shape = packedVerbs.verbs[packedVerbs.firstVerb[type] + verb]
    guard arguments.count <= shape.count, arguments.count >= shape.required else {
      reportArgumentCount(of: state.types[type].verbs[verb], name: name, arguments: arguments)
      return nil
    }
    if !shape.isUndoable {
      noteIrreversible(instance: instance, verb: verb, name: name, arguments: arguments, start: start)
    }
    // Nearly every command is a `SmallCommand`: it is looked up without making an array.
    var small = CommandTable.SmallCommand(instance: Int32(instance), verb: Int32(verb))
    for i in 0..<shape.count {
      if let packed = packedArgument(i, of: arguments, slot: shape.first + i, type: type, verb: verb),
        small.append(packed.value, isWord: packed.isWord)
      {
        continue
      }
      return compileLargeCommand(
        instance: instance, verb: verb, name: name, arguments: arguments, in: tree, start: start)
    }
    return .command(id: commands.intern(small), range: commandRange(name: name, arguments: arguments, start: start))
  }

  /// Out of line: commands that cannot be undone are rare.
  @inline(never) private mutating func noteIrreversible(
    instance: Int, verb: Int, name: Name, arguments: ArgumentList, start: SourceRange?
  ) {
    guard nesting > 0 else { return }
    irreversibles.note(
      instance: instance, verb: verb, name: name.range, op: commandRange(name: name, arguments: arguments, start: start)
    )
  }

  /// The warnings for the commands that cannot be undone in `op`, the outermost block of a
  /// statement (nil if it had errors: then none).
  @inline(never) private mutating func warnIrreversibles(in op: Op?) {
    for warning in irreversibles.settle(op.map { [$0] } ?? [], state: state).warnings { record(warning) }
  }

  /// Argument `i` (or the parameter's default) as ``CommandTable/SmallCommand`` packs it,
  /// if it is an integer or a word that its parameter accepts; nil otherwise.
  @inline(__always) private mutating func packedArgument(
    _ i: Int, of arguments: ArgumentList, slot: Int, type: Int, verb: Int
  ) -> (value: Int, isWord: Bool)? {
    let parameter = packedVerbs.parameters[slot]
    if i >= arguments.count { return parameter.packedDefault }
    if case .integer(let n, _) = arguments[i], let allowed = parameter.integers, allowed.contains(n) {
      return (n, false)
    }
    if parameter.isWord, case .word(let word) = arguments[i],
      let index = wordIndex(word, slot: slot, type: type, verb: verb, parameter: i)
    {
      return (index, true)
    }
    return nil
  }

  /// A command that does not fit a `SmallCommand`: one with a string, a macro parameter or
  /// more arguments than it packs; or one with an argument its parameter does not accept
  /// (nil, with the error recorded).
  private mutating func compileLargeCommand(
    instance: Int, verb: Int, name: Name, arguments: ArgumentList, in tree: SyntaxTree, start: SourceRange?
  ) -> Op? {
    let type = state.instances[instance].type
    let shape = packedVerbs.verbs[packedVerbs.firstVerb[type] + verb]
    var operands: [Operand] = []
    var ok = true
    for i in 0..<shape.count {
      let slot = shape.first + i
      if let packed = packedArgument(i, of: arguments, slot: slot, type: type, verb: verb) {
        operands.append(.constant(packed.isWord ? .word(packed.value) : .integer(packed.value)))
      } else if i >= arguments.count {
        operands.append(.constant(packedVerbs.defaults[slot]!))
      } else {
        let declared = state.types[type].verbs[verb].parameters[i]
        guard let checked = operand(arguments[i], in: tree, for: Constraint(declared.kind), what: "`\(declared.name)`")
        else {
          ok = false
          continue
        }
        operands.append(checked)
      }
    }
    guard ok else { return nil }
    let range = commandRange(name: name, arguments: arguments, start: start)
    let values = operands.compactMap { if case .constant(let v) = $0 { v } else { nil } }
    guard values.count == operands.count else {
      return .parameterizedCommand(
        ParameterizedCommand(instance: instance, verb: verb, operands: operands, range: range))
    }
    let id = commands.intern(ResolvedCommand(instance: Int32(instance), verb: Int32(verb), arguments: values))
    return .command(id: id, range: range)
  }

  /// A command's range: from its receiver (`start`) or its verb to its last argument.
  @inline(__always) private func commandRange(name: Name, arguments: ArgumentList, start: SourceRange?) -> SourceRange {
    (start ?? name.range).through(arguments.last?.range ?? name.range)
  }

  /// The error for a command with too many arguments or too few.
  private mutating func reportArgumentCount(of declaration: VerbInfo, name: Name, arguments: ArgumentList) {
    let parameters = declaration.parameters
    if arguments.count > parameters.count {
      let extra = arguments[parameters.count]
      let most =
        parameters.count == 0
        ? "no arguments" : "at most \(parameters.count) argument\(parameters.count == 1 ? "" : "s")"
      fail(
        "`\(text(name))` takes \(most) (usage: \(declaration.signature))",
        at: extra.range.through(arguments.last!.range)
      )
    } else {
      fail(
        "`\(text(name))` needs a \(parameters[arguments.count].name) (usage: \(declaration.signature))",
        at: arguments.last?.range ?? name.range)
    }
  }

  /// The index of `word` in the word set of parameter `parameter` of the verb, or nil if it
  /// is not one of them (the caller reports it). By symbol: the first time a symbol is met
  /// in a slot costs a search of the set, later times an array read.
  @inline(__always) private mutating func wordIndex(_ word: Name, slot: Int, type: Int, verb: Int, parameter: Int)
    -> Int?
  {
    func lookUp() -> Int? {
      guard case .word(let set) = state.types[type].verbs[verb].parameters[parameter].kind else { return nil }
      return set.index(of: symbols[word.symbol])
    }
    // The memo grows with the highest symbol it meets: past the first `memoizedSymbols`
    // names of a compilation, look up without it, so that input with millions of
    // distinct words cannot make it that large.
    guard word.symbol < Self.memoizedSymbols else { return lookUp() }
    let i = Int(word.symbol) * packedVerbs.parameters.count + slot
    if i >= wordIndices.count { wordIndices.append(contentsOf: repeatElement(0, count: i + 1 - wordIndices.count)) }
    let known = wordIndices[i]
    if known != 0 { return known < 0 ? nil : Int(known) - 1 }
    let index = lookUp()
    wordIndices[i] = index.map { Int32(truncatingIfNeeded: $0) + 1 } ?? -1
    return index
  }

  /// How many of a compilation's symbols the per-parameter word memos cover.
  static let memoizedSymbols: SymbolTable.ID = 4096

  private mutating func compileCall(macro index: Int, name: Name, arguments: ArgumentList, in tree: SyntaxTree) -> Op? {
    let macro = state.macros[index]
    guard arguments.count == macro.parameters.count else {
      let expected = macro.parameters.isEmpty ? "no arguments" : macro.parameters.joined(separator: " ")
      fail(
        "macro `\(macro.name)` takes \(macro.parameters.count) argument\(macro.parameters.count == 1 ? "" : "s") (\(expected)), got \(arguments.count)",
        at: arguments.last?.range ?? name.range)
      return nil
    }
    var operands: [Operand] = []
    for (i, argument) in arguments.enumerated() {
      guard let o = operand(argument, in: tree, for: macro.constraints[i], what: "`$\(macro.parameters[i])`") else {
        return nil
      }
      operands.append(o)
    }
    if macro.irreversibleEnd != nil, nesting > 0 { irreversibles.noteCall() }
    let call = Op.call(
      CallOp(macro: index, arguments: operands, range: name.range.through(arguments.last?.range ?? name.range)))
    // A macro that deep had a call reported as too deep in its body (this input fails):
    // the calls to it are not reported again, and a macro body keeps them to pass the mark
    // on, so a long chain gets one error, not one per link.
    guard macro.depth < Self.maxNesting else { return scope == nil ? nil : call }
    // The enclosing blocks' levels, the call's, the deepest path through the macro, and in
    // a macro body the level of any call to that macro.
    let levels = blockNesting + 1 + macro.depth + (scope == nil ? 0 : 1)
    guard levels <= Self.maxNesting else {
      fail(
        "calls nest too deep: this call to `\(macro.name)` reaches \(levels) levels of blocks and macro calls, more than the \(Self.maxNesting) a run allows",
        at: name.range)
      // Kept in a macro body, so that the macro's depth marks it for the calls to it.
      return scope == nil ? nil : call
    }
    return call
  }

  /// Checks an argument against what its slot needs, and says where its value comes from.
  /// `what` names the slot in messages; it is built only when there is an error.
  private mutating func operand(
    _ argument: ArgumentNode, in tree: SyntaxTree, for constraint: Constraint, what: @autoclosure () -> String
  ) -> Operand? {
    switch argument {
    case .parameter(let parameter):
      let (name, range) = (text(parameter), parameter.range)
      guard var scope else {
        fail("parameter `$\(name)` used outside a macro", at: range)
        return nil
      }
      guard let slot = scope.parameters.firstIndex(of: name) else {
        fail(
          "macro `\(scope.name)` has no parameter `$\(name)`", at: range,
          suggestion: suggestion(for: name, among: scope.parameters).map { "$" + $0 })
        return nil
      }
      guard let merged = scope.constraints[slot].merged(with: constraint) else {
        var problem = Problem(
          "parameter `$\(name)` is used as \(constraint.description) here, but as \(scope.constraints[slot].description) before",
          at: range)
        if let earlier = scope.constrainedAt[slot] { problem.notes.append(("first used here", earlier)) }
        record(problem)
        return nil
      }
      scope.constraints[slot] = merged
      if scope.constrainedAt[slot] == nil, constraint != .any { scope.constrainedAt[slot] = range }
      self.scope = scope
      return .parameter(slot)
    case .integer(let n, let range):
      switch constraint {
      case .any: return .constant(.integer(n))
      case .integer(let allowed) where allowed.contains(n): return .constant(.integer(n))
      default:
        fail("\(what()) must be \(constraint.description), not \(n)", at: range)
        return nil
      }
    case .word(let name):
      let (word, range) = (text(name), name.range)
      switch constraint {
      case .any, .string: return .constant(.string(word))
      case .word(let set):
        if let i = set.index(of: word) { return .constant(.word(i)) }
        let message =
          set.name != nil
          ? "`\(word)` is not \(constraint.description)" : "\(what()) must be \(constraint.description), not `\(word)`"
        fail(
          message, at: range,
          suggestion: suggestion(for: word, among: set.words + set.aliases.keys.sorted()))
        return nil
      case .integer:
        fail("\(what()) must be \(constraint.description), not the word `\(word)`", at: range)
        return nil
      }
    case .string(let index, let range):
      switch constraint {
      case .any, .string:
        return .constant(.string(tree.strings[Int(index)]))
      default:
        fail("\(what()) must be \(constraint.description), not a string", at: range)
        return nil
      }
    }
  }

  // MARK: Macros

  private mutating func defineMacro(
    name: Name, parameters: [Name], body: NodeRange, in tree: SyntaxTree, range: SourceRange
  ) -> Directive? {
    var nameIsFree = false
    if let keyword = Keyword(rawValue: text(name)) {
      fail("`\(keyword.rawValue)` is a statement of the language and cannot name a macro", at: name.range)
    } else if let owner = state.verbOwners[text(name)].map({ state.types[$0[0].type] }) {
      fail("`\(text(name))` is a verb of `\(owner.name)` and cannot name a macro", at: name.range)
    } else if state.instanceIndex(text(name)) != nil {
      fail("`\(text(name))` is a receiver and cannot name a macro", at: name.range)
    } else {
      nameIsFree = true
    }
    var ok = nameIsFree
    var seen = Set<String>()
    for p in parameters where !seen.insert(text(p)).inserted {
      fail("macro `\(text(name))` has two parameters named `\(text(p))`", at: p.range)
      ok = false
    }
    let outer = scope
    let outerNesting = blockNesting
    blockNesting = 0
    defer { blockNesting = outerNesting }
    scope = MacroScope(
      name: text(name), parameters: parameters.map(text),
      constraints: Array(repeating: .any, count: parameters.count),
      constrainedAt: Array(repeating: nil, count: parameters.count))
    let before = errorCount
    let ops = compileNested(body, in: tree)
    // A command that cannot be undone and ends the body gets its warning where a call is
    // followed by another command.
    var irreversibleEnd: IrreversibleCommands.Entry?
    if irreversibles.isNoted {
      let settled = irreversibles.settle(ops, state: state)
      for warning in settled.warnings { record(warning) }
      irreversibleEnd = settled.end
    }
    let checked = scope!
    scope = outer
    guard nameIsFree else { return nil }
    // Defined even if its body has errors (the whole input then fails and the definition
    // is dropped with it), so that calls to it do not report it as unknown as well.
    state.macros.append(
      Macro(
        name: text(name), parameters: checked.parameters, constraints: checked.constraints, body: ops, range: range,
        runsCommands: Macro.runCommands(ops, macros: state.macros), irreversibleEnd: irreversibleEnd,
        depth: ops.reduce(0) { max($0, levels(of: $1)) }))
    state.macroByName[text(name)] = state.macros.count - 1
    bareNames.set(name.symbol, to: .macro(state.macros.count - 1))
    return ok && errorCount == before ? .definition : nil
  }

  /// How deep the invoker recurses to run `op`: one level for the op, and those of what it
  /// contains. Bounded: blocks nest at most `Parser.maxDepth` deep, and a call counts
  /// its macro's depth, worked out once at its definition.
  private func levels(of op: Op) -> Int {
    switch op {
    case .sequence(let ops), .repeat(_, let ops, _): return 1 + ops.reduce(0) { max($0, levels(of: $1)) }
    case .call(let call): return 1 + state.macros[call.macro].depth
    case .command, .parameterizedCommand, .commands, .show, .help: return 1
    }
  }
}
