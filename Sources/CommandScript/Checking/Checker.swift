// The third stage: checks one parsed statement — which statements may stand where, blocks,
// names (receivers, verbs, macros, instances) — and compiles it to an operation or a
// directive. Arguments are checked in ArgumentChecking.swift, macros in MacroChecking.swift,
// plain commands under `--check` in PlainCommandCheck.swift.

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
    verbTable = state.verbTable
    wordIndices = SymbolMemo(columns: verbTable.parameters.count)
  }

  /// The macro whose body is being checked: its parameters and what each must be.
  struct MacroScope {
    var name: String
    var parameters: [String]
    var constraints: [Constraint]
    /// Where each parameter was first given its constraint, for error notes.
    var constrainedAt: [SourceRange?]
    /// For each receiver parameter, the instance it stands for while the body is checked
    /// (see ``MacroTemplate``); nil for the others.
    var receivers: [Int?]
    /// The kind of the body's first `return`, and where it is (nil: none yet).
    var returns: (kind: ValueKind, range: SourceRange)? = nil
  }

  var scope: MacroScope?
  /// The variables of the blocks around the statement being checked, innermost last: by
  /// name, their slots (VariableChecking.swift).
  var variableScopes: [[String: Int]] = []
  /// How many `repeat`s and `while`s of this body stand around the statement being checked.
  var loopDepth = 0
  /// Whether the statement being checked is queued (`queue STATEMENT`), for errors that
  /// name where a statement stands.
  var isQueuing = false
  /// The names of the `repeat … as` turns around the statement being checked, innermost
  /// last: `$NAME` is frame slot (macro parameters) + index.
  var loopVariables: [String] = []
  /// Which of `loopVariables` are the failure's message of a `try … else as NAME`, a
  /// string, rather than a turn.
  var messageVariables: Set<Int> = []
  /// The arguments of the script being checked, which `$1`, `$2`, … stand for; nil where
  /// there is no script run with arguments (the REPL, `-c`, a sourced file).
  var scriptArguments: ScriptArguments?

  /// Whether an instance made before this compilation exists now, at run time (where the
  /// checker runs in a session; without one, instances are taken to exist).
  var existsNow: (Int) -> Bool = { _ in true }
  /// The first instance made by a `new` of this compilation.
  let firstNewInstance: Int
  /// How many `undo` statements this compilation has checked so far, and how many it had
  /// when each of its `new`s was checked (by instance, from `firstNewInstance`): a name is
  /// certainly taken while no `undo` can have removed the instance since.
  var undosSeen = 0
  var undosSeenAtNew: [Int] = []
  /// Where the state stood before each `new` checked, by the statement's range: a session
  /// takes back what was defined from a `new` that did not run.
  var marksBeforeNew: [SourceRange: CheckerState.Mark] = [:]
  /// How many of `state.macros` the names of macros may stand for: all but while a macro
  /// with receiver parameters is checked for a call, which sees the macros defined before
  /// it.
  var macrosInForce = Int.max
  /// The blocks and `repeat`s around the statement being checked, within its top-level
  /// statement or macro body.
  var blockNesting = 0

  /// How many levels of nesting a run may reach: each block, `repeat` and macro call a
  /// command runs inside is a level. The invoker recurses once per level, so a deeper
  /// chain of macros is refused where the call is written rather than overflowing the
  /// stack when it runs.
  static let maxNesting = 1000
  /// Errors so far (warnings do not stop a statement from compiling).
  private(set) var errorCount = 0

  mutating func record(_ problem: Problem) {
    if problem.severity == .error { errorCount += 1 }
    problems.append(problem)
  }

  /// Adds `note` to the problems at `indices` of `problems`.
  mutating func addNote(_ note: String, toProblems indices: [Int]) {
    for i in indices { problems[i].notes.append((note, nil)) }
  }

  /// Removes and returns the problems recorded after the first `count`.
  mutating func takeProblems(after count: Int) -> [Problem] {
    let taken = Array(problems[count...])
    problems.removeSubrange(count...)
    errorCount -= taken.count(where: { $0.severity == .error })
    return taken
  }
  /// The commands that cannot be undone in the block or macro body being compiled, for the
  /// warning that a command after one may fail. (A command alone at the top level has
  /// nothing after it: it is not noted, so that plain commands cost nothing more.)
  var irreversibles = IrreversibleCommands()
  /// How many blocks (of any kind, macro bodies included) enclose what is being compiled.
  var nesting = 0

  // What names resolve to, by symbol: the answers of the string-keyed tables of `state`,
  // each looked up once per compilation and then read from an array.
  var bareNames = SymbolMemo<BareName>()
  /// By symbol, the verb a bare command of that name resolved to at the top level (see
  /// ``checksPlainCommand(_:in:)``), valid while `plainKey` is the current key.
  var plainVerbs: [Int32] = []
  var plainKey = -1
  /// Whether what it compiles is dropped (`--check`): only then are plain verbs recorded
  /// and plain commands checked without compiling them (``checksPlainCommand(_:in:)``), so
  /// that a compilation that runs what it compiles pays nothing for them.
  var checksOnly = false
  /// The owners of the verbs that `bareNames` has met, each verb's a range of this: plain
  /// values, read without reference counting.
  var ownersMet: [(type: Int, verb: Int)] = []

  /// What a name without a receiver stands for. (A macro cannot take a verb's name.)
  enum BareName {
    /// The macro in force by that name, by index.
    case macro(Int)
    /// The types that have a verb by that name, with the verb's index in each, as a range
    /// of `ownersMet`: none, one, or several.
    case verbs(Range<Int>)
  }
  /// Which word of a parameter's set each symbol is (nil: none), for the parameters that
  /// take words, by symbol and parameter (numbered as in `verbTable.parameters`).
  var wordIndices: SymbolMemo<Int32?>

  /// The receivers' verb declarations as plain values (see ``VerbTable``).
  let verbTable: VerbTable

  /// The text of a name.
  func text(_ name: Name) -> String { symbols[name.symbol] }

  /// What `name`, without a receiver, stands for.
  @inline(__always) mutating func meaning(of name: Name) -> BareName {
    bareNames.value(for: name.symbol) {
      if let macro = state.macro(named: symbols[name.symbol], before: macrosInForce) { return .macro(macro) }
      let first = ownersMet.count
      ownersMet += state.verbTable.owners[symbols[name.symbol]] ?? []
      return .verbs(first..<ownersMet.count)
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

  /// How many problems of a compilation get a "did you mean": as many as a host shows
  /// (`Session.maxErrors`), so that checking a file of misspellings stays linear in it.
  static let maxSuggestedProblems = 100

  /// The closest of `candidates` to `word`, for the problem about to be recorded; the
  /// candidates are listed only for the first `maxSuggestedProblems` problems.
  func suggestion(for word: String, among candidates: @autoclosure () -> [String]) -> String? {
    guard problems.count < Self.maxSuggestedProblems else { return nil }
    return CommandScript.suggestion(for: word, among: candidates())
  }

  mutating func fail(_ message: String, at range: SourceRange, suggestion: String? = nil) {
    record(Problem(message, at: range, suggestion: suggestion))
  }

  /// A body one level deeper: a block's, a transaction's, a `repeat`'s or a macro's (for the
  /// warnings about commands that cannot be undone).
  mutating func compileNested(_ body: NodeRange, in tree: SyntaxTree) -> [Op] {
    nesting += 1
    defer { nesting -= 1 }
    return compileBody(body, in: tree)
  }

  /// `op`, a block, transaction or `repeat`; at the outermost one, after the warnings for
  /// the commands in it that cannot be undone.
  mutating func settlingIrreversibles(_ op: Op?) -> Op? {
    if nesting == 0, irreversibles.isNoted { warnIrreversibles(in: op) }
    return op
  }

  /// The body of a block, a transaction or a `repeat`, which the invoker also runs one level
  /// deeper (for `maxNesting`).
  mutating func compileNestedBody(_ body: NodeRange, in tree: SyntaxTree) -> [Op] {
    blockNesting += 1
    variableScopes.append([:])
    defer {
      blockNesting -= 1
      variableScopes.removeLast()
    }
    return compileNested(body, in: tree)
  }

  mutating func compileBody(_ body: NodeRange, in tree: SyntaxTree) -> [Op] {
    Self.fusingConstantCommands(tree.statements[body].compactMap { compile($0, in: tree) })
  }

  /// Replaces each run of two or more commands with constant arguments by one `.commands` op.
  static func fusingConstantCommands(_ ops: [Op]) -> [Op] {
    var fused: [Op] = []
    var run = CommandRun(ids: [], ranges: [])
    func flush() {
      guard !run.ids.isEmpty else { return }
      // A lone command stays a plain value: an op holding two arrays costs retains to copy.
      fused.append(run.ids.count == 1 ? .command(id: run.ids[0], range: run.ranges[0]) : .commands(run))
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
  mutating func compileTopLevel(_ statement: Statement, in tree: SyntaxTree) -> CompiledStatement.Action? {
    let range = statement.range
    switch statement.kind {
    case .invocation, .block, .transaction, .repeat, .show, .help, .new, .if, .while, .try, .assert, .echo,
      .countedRepeat, .declare, .assign, .loopExit, .returnValue:
      return compile(statement, in: tree).map { .operation($0) }
    case .macro(let name, let parameters, let body):
      return defineMacro(name: name, parameters: tree.names[parameters], body: body, in: tree, range: range)
        .map { .directive($0) }
    case .use(let name):
      guard let instance = resolveInstance(name) else { return nil }
      state.usedInstance = instance
      return .directive(.definition(usedInstance: state.instances[instance].name))
    case .undo(let count):
      undosSeen += 1
      return stepCount(count, of: "undo").map { .directive(.undo(count: $0, range: range)) }
    case .redo(let count):
      return stepCount(count, of: "redo").map { .directive(.redo(count: $0, range: range)) }
    case .history(let count):
      guard let count else { return .directive(.history(last: nil)) }
      return stepCount(count, of: "history").map { .directive(.history(last: $0)) }
    case .move(let move):
      undosSeen += 1
      return .directive(.move(move, range: range))
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
    case .source(let index), .export(let index, _):
      let path = ScriptString.plain(tree.strings[Int(index)])
      guard state.allowsFiles else {
        fail(
          "`\(statement.isSource ? "source" : "export")` is not allowed: this session may not touch files (--safe)",
          at: range)
        return nil
      }
      if case .export(_, let tree) = statement.kind { return .directive(.export(path: path, range: range, tree: tree)) }
      return .directive(.source(path: path, range: range))
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
  mutating func stepCount(_ count: ArgumentNode?, of keyword: String) -> Int? {
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
  mutating func compile(_ statement: Statement, in tree: SyntaxTree) -> Op? {
    let range = statement.range
    switch statement.kind {
    case .invocation(let receiver, let name, let arguments):
      return compileInvocation(receiver: receiver, name: name, arguments: ArgumentList(arguments, of: tree), in: tree)
    case .block(let body), .transaction(let body, _):
      return settlingIrreversibles(.sequence(compileNestedBody(body, in: tree)))
    case .repeat(let count, let body):
      let countOperand = operand(count, in: tree, for: .kind(.integer(0...Int.max)), what: "the repeat count")
      let ops = compileLoopBody(body, in: tree)
      return settlingIrreversibles(countOperand.map { .repeat(count: $0, body: ops, range: range) })
    case .countedRepeat(let count, let nameIndex, let body):
      let countOperand = operand(count, in: tree, for: .kind(.integer(0...Int.max)), what: "the repeat count")
      let name = text(tree.names[Int(nameIndex)])
      let slot = (scope?.parameters.count ?? 0) + loopVariables.count
      loopVariables.append(name)
      let ops = compileLoopBody(body, in: tree)
      loopVariables.removeLast()
      return settlingIrreversibles(
        countOperand.map { .countedLoop(CountedLoop(count: $0, name: name, slot: slot, body: ops, range: range)) })
    case .show(let names):
      guard names.count > 0 else { return .show(instances: nil) }
      let instances = tree.names[names].map { shownInstance($0) }
      guard instances.allSatisfy({ $0 != nil }) else { return nil }
      return .show(instances: instances.map { $0! })
    case .help(let topic, let member):
      guard let topic else { return .help(topic: nil) }
      let asked = text(topic) + (member.map { "." + text($0) } ?? "")
      let range = topic.range.through(member?.range ?? topic.range)
      guard Help.knows(asked, state: state) else {
        fail(
          "no help on `\(asked)`", at: range, suggestion: suggestion(for: asked, among: Help.topics(state: state)))
        return nil
      }
      return .help(topic: asked)
    case .if(let condition, let then, let otherwise):
      let compiled = compileCondition(condition, in: tree)
      let thenOps = compileNestedBody(then, in: tree)
      let otherwiseOps = compileNestedBody(otherwise, in: tree)
      return settlingIrreversibles(
        compiled.map { .conditional(Conditional(condition: $0, then: thenOps, otherwise: otherwiseOps)) })
    case .while(let condition, let body):
      let compiled = compileCondition(condition, in: tree)
      let ops = compileLoopBody(body, in: tree)
      return settlingIrreversibles(compiled.map { .loop(Loop(condition: $0, body: ops, range: range)) })
    case .try(let body, let otherwise, let failure):
      let ops = compileNestedBody(body, in: tree)
      // `else as NAME`: `$NAME` is the failure's message, in the frame slot after the turns.
      var slot: Int?
      if let failure {
        slot = (scope?.parameters.count ?? 0) + loopVariables.count
        loopVariables.append(text(tree.names[Int(failure)]))
        messageVariables.insert(loopVariables.count - 1)
      }
      let otherwiseOps = otherwise.map { compileNestedBody($0, in: tree) }
      if failure != nil {
        messageVariables.remove(loopVariables.count - 1)
        loopVariables.removeLast()
      }
      return settlingIrreversibles(
        .attempt(Attempt(body: ops, otherwise: otherwiseOps, messageSlot: slot, range: range)))
    case .assert(let condition, let message):
      guard let compiled = compileCondition(condition, in: tree) else { return nil }
      let text =
        message.map { ScriptString.plain(tree.strings[Int($0)]) } ?? "assertion failed: "
        + tree.canonical(expression: condition)
      return .assertion(Assertion(condition: compiled, message: text, range: range))
    case .declare, .assign, .loopExit: return compileVariableStatement(statement, in: tree)
    case .returnValue(let value): return compileReturn(value: value, in: tree, range: range)
    case .echo(let arguments):
      var parts: [(Expression, ValueKind)] = []
      var ok = true
      for argument in ArgumentList(arguments, of: tree) {
        switch argument {
        case .integer(let n, _): parts.append((.constant(.integer(n)), .integer))
        case .decimal(let x, _): parts.append((.constant(.decimal(x)), .decimal))
        case .word(let word): parts.append((.constant(.string(text(word))), .string))
        case .string(let index, let range):
          if let string = compileString(index, in: tree, at: range) {
            parts.append((string, .string))
          } else {
            ok = false
          }
        case .parameter:
          // Every kind of operand a parameter can be: a macro's or a turn's slot, a script's
          // argument (a constant), or a computed one.
          switch operand(argument, in: tree, for: .any, what: "") {
          case .parameter(let slot)?: parts.append((.parameter(slot), .string))
          case .constant(let value)?: parts.append((.constant(value), .string))
          case .computed(let expression, _, _)?: parts.append((expression, .string))
          case nil: ok = false
          }
        case .expression(let index, _):
          if let part = compileAnyExpression(index, in: tree) { parts.append(part) } else { ok = false }
        }
      }
      // Without `echo`, the statement is its one expression, and its range that one's.
      var isValue = false
      if arguments.count == 1, case .expression(_, let expressionRange)? = ArgumentList(arguments, of: tree).first {
        isValue = expressionRange == range
      }
      return ok ? .echo(Echo(parts: parts, range: range, isValue: isValue)) : nil
    case .new(let type, let name):
      guard nesting == 0, !isQueuing else { return misplaced(.new, at: range) }
      marksBeforeNew[range] = state.mark
      return defineInstance(type: type, name: name)
    case .macro: return misplaced(.macro, at: range)
    case .use: return misplaced(.use, at: range)
    case .undo:
      undosSeen += 1
      return misplaced(.undo, at: range)
    case .redo: return misplaced(.redo, at: range)
    case .history: return misplaced(.history, at: range)
    case .move(let move):
      undosSeen += 1
      return misplaced(move.keyword, at: range)
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
  mutating func misplaced(_ keyword: Keyword, at range: SourceRange) -> Op? {
    let elsewhere = isQueuing ? "in a queued statement" : "inside a block or macro"
    fail("`\(keyword.rawValue)` can only stand at the top level, not \(elsewhere)", at: range)
    return nil
  }

  /// `new TYPE NAME`: the checker knows the instance from here on; at run time it comes
  /// into existence by a lifecycle command (verb -1) that undo and redo treat like any other.
  mutating func defineInstance(type: Name, name: Name) -> Op? {
    guard let typeIndex = state.receiverTypes.firstIndex(where: { $0.name == text(type) }) else {
      fail(
        "unknown receiver type `\(text(type))`", at: type.range,
        suggestion: suggestion(for: text(type), among: state.receiverTypes.map(\.name)))
      return nil
    }
    if let keyword = Keyword(rawValue: text(name)) {
      fail("`\(keyword.rawValue)` is a word of the language and cannot name a receiver", at: name.range)
      return nil
    }
    // A name is free again once the `new` that took it is undone. Where that is certain not
    // to have happened it is an error here; otherwise the `new` fails at run time if a
    // receiver by that name exists then.
    if let taken = state.instanceIndex(text(name)), certainlyExists(taken) {
      fail("a receiver named `\(text(name))` already exists", at: name.range)
      return nil
    }
    if state.macro(named: text(name)) != nil || state.verbTable.owners[text(name)] != nil {
      fail("`\(text(name))` is already the name of a macro or verb", at: name.range)
      return nil
    }
    state.addInstance(Instance(name: text(name), type: typeIndex))
    undosSeenAtNew.append(undosSeen)
    let instance = state.instances.count - 1
    let id = commands.intern(
      ResolvedCommand(instance: Int32(instance), verb: CommandTable.lifecycleVerb, arguments: []))
    return .command(id: id, range: name.range)
  }

  /// Whether instance `index` exists when the statement being checked runs, whatever runs
  /// before it: a built-in receiver (never made by `new`, so never undone), or one whose
  /// `new` no `undo` checked since can have taken back.
  func certainlyExists(_ index: Int) -> Bool {
    if index < state.initialInstanceCount { return true }
    if index >= firstNewInstance { return undosSeenAtNew[index - firstNewInstance] == undosSeen }
    return undosSeen == 0 && existsNow(index)
  }
}
