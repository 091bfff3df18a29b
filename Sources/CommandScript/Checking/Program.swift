// What the checker produces: compiled statements made of ops, and the macros they call.

/// A checked script, ready to run: every name resolved, every argument validated.
/// Made by `Session.compile`, run by ``Session/execute(_:)``.
public struct Program: Sendable {
  var statements: [CompiledStatement]
  /// Warnings the checker found (the program has no errors, or it would not exist).
  public let warnings: [Diagnostic]

  /// How many top-level statements the program has.
  public var count: Int { statements.count }
}

/// One top-level statement in compiled form.
struct CompiledStatement: Sendable {
  var action: Action
  var range: SourceRange
  /// A `transaction { … }`: its failure report lists what was rolled back, and its name
  /// (`Session.stepName(of:)`) names its undo step.
  var isTransaction = false

  /// What a top-level statement does: run an operation on the receivers (the invoker's
  /// business), or a directive to the session.
  enum Action: Sendable {
    case operation(Op)
    case directive(Directive)
  }

  /// Whether running it may change the receivers, the history, the queue or the
  /// definitions, so that the session journals it; questions and `export` do not.
  var changesTheSession: Bool {
    switch action {
    case .operation(.show), .operation(.help): false
    case .operation: true
    case .directive(let directive):
      switch directive {
      case .history, .listQueue, .export: false
      case .undo, .redo, .move, .definition, .queue, .runQueue, .discardQueue, .batch, .source, .sourced: true
      }
    }
  }
}

/// Where an argument value comes from: the script text, or a macro parameter bound at
/// the call.
enum Operand: Sendable {
  case constant(Value)
  case parameter(Int)
  /// `( expression )`: evaluated when the command runs, and checked then against what its
  /// slot accepts (its kind was checked statically).
  indirect case computed(Expression, accepts: Constraint, range: SourceRange)
}

/// A verb or a query of one receiver instance, with where each of its arguments comes from:
/// a command some of whose arguments are macro parameters or `( … )` (resolved to a
/// command-table entry only when it runs; a command whose arguments are all constants is
/// just its entry, ``Op/command(id:range:)``), or a query an expression asks with arguments
/// (one without is ``Expression/attribute(instance:query:range:)``).
struct MemberCall: Sendable {
  var instance: Int
  /// The verb's index in the instance's type, for a command; the query's, for a query.
  var member: Int
  /// Where each argument comes from.
  var arguments: [Operand]
  var range: SourceRange
}

/// Consecutive commands whose arguments are all constants, by command-table index: the
/// shape of most loop bodies, run without inspecting an `Op` per command.
struct CommandRun: Sendable {
  var ids: [Int32]
  /// Each command's range, for the error if it fails.
  var ranges: [SourceRange]
}

/// A macro call with its argument sources.
struct CallOp: Sendable {
  var macro: Int
  var arguments: [Operand]
  var range: SourceRange
}

/// What the invoker executes: what runs on the receivers, and the questions (`show`, `help`)
/// that may stand among commands. A plain command is its index in the command table and its
/// range, plain values that cost nothing to copy or drop; cases that nest or are rare are
/// boxed, so that every op stays small.
enum Op: Sendable {
  /// A command whose arguments are all constants (the common case), by its index in the
  /// invoker's command table.
  case command(id: Int32, range: SourceRange)
  /// A command inside a macro that takes some arguments from the macro's parameters.
  indirect case parameterizedCommand(MemberCall)
  case commands(CommandRun)
  case sequence([Op])
  indirect case `repeat`(count: Operand, body: [Op], range: SourceRange)
  case call(CallOp)
  /// `show`: the instances named, in order (nil: every one).
  case show(instances: [Int]?)
  case help(topic: String?)
  indirect case countedLoop(CountedLoop)
  case conditional(Conditional)
  indirect case loop(Loop)
  indirect case attempt(Attempt)
  indirect case assertion(Assertion)
  indirect case echo(Echo)
  /// `let`, `var` or `NAME = …`: a variable's slot set, as a command of the `vars` store.
  indirect case assign(Assignment)
  /// `break` (`isBreak`) or `continue`: out of the innermost loop's body.
  case loopExit(isBreak: Bool, range: SourceRange)
  /// `return VALUE`: out of the macro's body, with a value (ReturningMacros.swift).
  indirect case returnValue(Return)
}

/// `return VALUE` in a macro's body.
struct Return: Sendable {
  var value: Expression
  var kind: ValueKind
  var range: SourceRange
}

/// `let NAME = VALUE`, `var NAME = VALUE`, `NAME = VALUE`: the value is evaluated, then set
/// in the variable's slot by a command of the ``VariableStore``, recorded as every command.
struct Assignment: Sendable {
  var slot: Int
  var value: Expression
  var kind: ValueKind
  /// `let` or `var` (nil: an assignment), as `export` writes it again.
  var declares: String?
  var range: SourceRange
}

extension Op {
  /// What an op holds, as the analyses of ops see it (``Op/forEachPart(_:)``).
  enum Part {
    /// A receiver command the op runs itself, where it is; `computesArguments`: some of its
    /// arguments are `( … )`, evaluated as it runs.
    case command(SourceRange, computesArguments: Bool)
    /// A macro call. The body it runs is the macro's (``Macro/body``): an analysis that
    /// follows calls reaches it through `call.macro`.
    case call(CallOp)
    /// A block of ops, in the order they run; `repeats`: it may run more than once.
    case block([Op], repeats: Bool)
    /// The op decides as it runs what runs in it: a condition (`if`, `while`, `assert`), a
    /// failure caught (`try`), a turn's number (`repeat … as`).
    case decision
  }

  /// Calls `visit` with each part of the op, in the order they run: the one walk over an
  /// op's children. The analyses of ops (a macro's depth and whether it runs commands, the
  /// commands that cannot be undone, the macros and decisions `export` follows) all go
  /// through it, so that a new case is decided here and in the interpreters that give each
  /// case its meaning (`Invoker.execute`, `FlatCode.emit`, `Exporter.text`,
  /// `WordNaming.rewrite`), and nowhere else. `OpWalkTests` holds every case to it.
  func forEachPart(_ visit: (Part) throws -> Void) rethrows {
    switch self {
    case .command(_, let range): try visit(.command(range, computesArguments: false))
    case .parameterizedCommand(let command):
      try command.arguments.forEachCall { try visit(.call($0)) }
      let computes = command.arguments.contains { if case .computed = $0 { true } else { false } }
      try visit(.command(command.range, computesArguments: computes))
    case .commands(let run): for range in run.ranges { try visit(.command(range, computesArguments: false)) }
    case .sequence(let ops): try visit(.block(ops, repeats: false))
    case .repeat(let count, let body, _):
      try count.forEachCall { try visit(.call($0)) }
      try visit(.block(body, repeats: !Self.runsAtMostOnce(count)))
    case .call(let call):
      try call.arguments.forEachCall { try visit(.call($0)) }
      try visit(.call(call))
    // Questions hold no command; an output's expressions may call macros that return values.
    case .show, .help: break
    case .echo(let echo): for part in echo.parts { try part.0.forEachCall { try visit(.call($0)) } }
    case .countedLoop(let loop):
      try loop.count.forEachCall { try visit(.call($0)) }
      try visit(.decision)
      try visit(.block(loop.body, repeats: !Self.runsAtMostOnce(loop.count)))
    case .conditional(let c):
      try c.condition.forEachCall { try visit(.call($0)) }
      try visit(.decision)
      try visit(.block(c.then, repeats: false))
      try visit(.block(c.otherwise, repeats: false))
    case .loop(let loop):
      try loop.condition.forEachCall { try visit(.call($0)) }
      try visit(.decision)
      try visit(.block(loop.body, repeats: true))
    case .attempt(let a):
      try visit(.decision)
      try visit(.block(a.body, repeats: false))
      if let otherwise = a.otherwise { try visit(.block(otherwise, repeats: false)) }
    case .assertion(let assertion):
      try assertion.condition.forEachCall { try visit(.call($0)) }
      try visit(.decision)
    case .loopExit: try visit(.decision)
    case .assign(let assignment):
      try assignment.value.forEachCall { try visit(.call($0)) }
      try visit(.command(assignment.range, computesArguments: true))
    case .returnValue(let value):
      try value.value.forEachCall { try visit(.call($0)) }
      try visit(.decision)
    }
  }

  /// Whether a loop of `count` turns runs its body at most once, known from its text.
  private static func runsAtMostOnce(_ count: Operand) -> Bool {
    if case .constant(.integer(let n)) = count { return n <= 1 }
    return false
  }
}

/// `if`: the branches as ops (an `else if` is an `otherwise` of one conditional). A class,
/// so that running one retains one reference, not each of its parts.
final class Conditional: Sendable {
  let condition: Expression
  let then: [Op]
  let otherwise: [Op]

  init(condition: Expression, then: [Op], otherwise: [Op]) {
    self.condition = condition
    self.then = then
    self.otherwise = otherwise
  }
}

/// `repeat COUNT as NAME`: the turn (from 1) is `frame[slot]` while the body runs.
struct CountedLoop: Sendable {
  var count: Operand
  var name: String
  var slot: Int
  var body: [Op]
  var range: SourceRange
}

/// `while`: the condition is tested before each turn.
struct Loop: Sendable {
  var condition: Expression
  var body: [Op]
  var range: SourceRange
}

/// `try { … } else { … }`.
struct Attempt: Sendable {
  var body: [Op]
  var otherwise: [Op]?
  /// For `else as NAME`, the frame slot that holds the failure's message in `otherwise`.
  var messageSlot: Int? = nil
  var range: SourceRange
}

/// `assert`: fails with `message` unless the condition holds.
struct Assertion: Sendable {
  var condition: Expression
  var message: String
  var range: SourceRange
}

/// `echo`: values joined by single spaces, as one line of output.
struct Echo: Sendable {
  var parts: [(Expression, ValueKind)]
  var range: SourceRange
  /// A statement that is an expression (one part, no `echo`): its value is told with its
  /// kind (``Output/value(_:text:)``).
  var isValue = false
}

/// A checked condition or integer expression, ready to evaluate: every name resolved,
/// every operand's kind known.
indirect enum Expression: Sendable {
  case constant(Value)
  /// A macro parameter, by slot.
  case parameter(Int)
  case query(MemberCall)
  /// A query without arguments (`shape.x`, `door.locked`): plain values, so evaluating one
  /// retains nothing for the call.
  case attribute(instance: Int32, query: Int32, range: SourceRange)
  case not(Expression)
  case and(Expression, Expression)
  case or(Expression, Expression)
  /// `==` `!=` `<` `<=` `>` `>=`.
  case comparison(Operator, Expression, Expression)
  /// `+ - * / %`: overflow and division by zero fail at `at`, the operator.
  case arithmetic(Operator, Expression, Expression, at: SourceRange)
  case negation(Expression, at: SourceRange)
  /// An integer expression as a decimal, where the other side of an operator is one.
  case decimal(Expression)
  /// `+ - * / %` of decimals: a result too large to be finite, and division by zero, fail
  /// at `at`.
  case decimalArithmetic(Operator, Expression, Expression, at: SourceRange)
  /// `<` `<=` `>` `>=` of decimals (`==` and `!=` compare answers, as for every kind).
  case decimalComparison(Operator, Expression, Expression)
  case decimalNegation(Expression)
  /// A string with `$NAME`s: its pieces' texts joined; `range` is the string's.
  case interpolation([Expression], range: SourceRange)
  /// A variable's value, by its slot in the ``VariableStore``; `range`: the `$NAME`.
  case variable(slot: Int, range: SourceRange)
  /// A value of `kind` as text (a variable's, in a string or an `echo`).
  case text(Expression, ValueKind)
  /// A macro parameter that is a word of `set`, as text (in a string or an `echo`).
  case wordText(slot: Int, WordSet)
  /// A call of a macro that returns a value (ReturningMacros.swift).
  case call(CallOp)
  /// `+` with a string on either side: each side's value as text (a word as the word, of
  /// the kind given), joined; `range` is the `+` expression's.
  case joined(Expression, ValueKind, Expression, ValueKind, range: SourceRange)
}

/// What the session does itself, at the top level only: its history, its queue, its files
/// and its definitions. The invoker never sees one.
enum Directive: Sendable {
  case undo(count: Int, range: SourceRange)
  case redo(count: Int, range: SourceRange)
  /// `goto`, `earlier`, `later`.
  case move(TreeMove, range: SourceRange)
  /// `history [N]`: the last N steps (nil: all).
  case history(last: Int?)
  /// A definition (`macro`, `use`): it took effect when checked. For `use`, the instance
  /// it made the default, which the session reports (``Session/reportsEffects``).
  case definition(usedInstance: String? = nil)
  /// `queue STATEMENT`: add the checked statement to the pending queue.
  indirect case queue(Op, range: SourceRange, isTransaction: Bool)
  case runQueue
  case listQueue
  case discardQueue
  /// `batch N` (run the queue whenever N statements are pending) or `batch off` (nil).
  case batch(size: Int?)
  /// `source "FILE"` as the checker leaves it; the session reads and checks the file at
  /// once, so that what follows sees its macros, and replaces this by `sourced`.
  case source(path: String, range: SourceRange)
  /// A sourced file's statements, each run as its own top-level statement.
  case sourced([CompiledStatement])
  /// `export "FILE"`; `export tree "FILE"` when `tree`.
  case export(path: String, range: SourceRange, tree: Bool)
}

/// A macro as the checker compiled it.
struct Macro: Sendable {
  var name: String
  var parameters: [String]
  var constraints: [Constraint]
  var body: [Op]
  var range: SourceRange
  /// Whether a call runs any receiver command.
  var runsCommands = true
  /// The command that cannot be undone that the body ends with, if any: a command after
  /// a call of the macro gets the warning for it.
  var irreversibleEnd: IrreversibleCommands.Entry?
  /// How many levels the invoker recurses through to run the body (see
  /// `Checker.maxNesting`): 1 for plain commands, more for blocks and calls.
  var depth = 0
  /// The kind of value its `return`s give (nil: it has none, and is called as a statement
  /// only).
  var returns: ValueKind?
  /// For a macro with receiver parameters (`macro shut d { $d.close }`), what a call needs
  /// to check it again for the instances it gives; nil for other macros.
  var template: MacroTemplate?
}

/// A macro with receiver parameters, kept as written: each call checks its body for the
/// instances it binds (once per distinct binding, cached in ``CheckerState``), since what
/// `$d.close` means depends on the type of `$d`.
struct MacroTemplate: Sendable {
  var tree: SyntaxTree
  var body: NodeRange
  /// For each parameter, the verbs and queries used on it if it is a receiver parameter.
  var members: [[ReceiverMember]?]
  /// The `use`d receiver and the macros in force where the macro was defined (the first
  /// `macrosBefore` of the state's): names in its body mean what they meant there.
  var usedInstance: Int?
  var macrosBefore: Int
  /// Whether the body had errors at the definition (which fails the input): calls then
  /// report nothing more.
  var hasErrors: Bool
}

/// A verb or query used on a receiver parameter, and where.
struct ReceiverMember: Sendable {
  var name: String
  var isQuery: Bool
  var range: SourceRange
}

/// What the checker knows a macro parameter must be, from the slots it is used in: any
/// value, a receiver, or a value of a kind. What a kind takes, and how it is described and
/// merged, is the kind's (``ValueKind``); this adds only the two that are not kinds.
enum Constraint: Sendable, Equatable {
  /// Not used in any slot yet: any argument is accepted.
  case any
  /// A receiver parameter: a call gives an instance's name.
  case receiver
  /// A value of the kind (a verb's parameter's, a query's, or an expression's).
  case kind(ValueKind)

  init(_ kind: ValueKind) { self = .kind(kind) }

  /// The value of `literal` in a slot of this kind, or nil if the slot does not take it:
  /// ``ValueKind/value(of:)`` decides for a kind (the checker's packed verb table only caches
  /// its answers); any slot takes the literal as written; a receiver's name is resolved by
  /// the checker, not here.
  @inline(__always) func value(of literal: Value) -> Value? {
    switch self {
    case .any: return literal
    case .kind(let kind): return kind.value(of: literal)
    case .receiver: return nil
    }
  }

  /// The kind, if the slot wants a value of one.
  var kind: ValueKind? {
    if case .kind(let kind) = self { kind } else { nil }
  }

  /// What a value must be, as a noun phrase: `an integer ≥ 1`, `a direction (up, down)`.
  var description: String {
    switch self {
    case .any: "anything"
    case .receiver: "a receiver"
    case .kind(let kind): kind.nounPhrase()
    }
  }

  /// Both constraints at once, or nil when no value could satisfy both.
  func merged(with other: Constraint) -> Constraint? {
    switch (self, other) {
    case (_, .any): self
    case (.any, _): other
    case (.receiver, .receiver): self
    case (.kind(let a), .kind(let b)): a.merged(with: b).map(Constraint.kind)
    case (.receiver, .kind), (.kind, .receiver): nil
    }
  }
}
