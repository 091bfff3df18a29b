import CommandScriptReceivers
import Testing

@testable import CommandScript

// Shared by the unit tests: small receivers that prove a new receiver type plugs in
// through the public API alone, and helpers that turn stage results into comparable values.

/// A counter with an undoable verb, a verb declared not undoable, and a verb that fails.
final class TestCounter: Receiver {
  typealias Undo = Int

  static let typeName = "counter"
  static let summary = "a counter for tests"
  static let verbs: [Verb<TestCounter>] = [
    Verb("bump", [Parameter("by", .integer(-100...100), default: .integer(1))], summary: "add to the count") {
      counter, args in
      counter.count += args.int(0)
      return args.int(0)
    } undo: { counter, _, by in
      counter.count -= by
    },
    Verb(notUndoable: "log", [Parameter("text", .string)], summary: "append a line to the log") { counter, args in
      counter.log.append(args.string(0))
    },
    Verb("fail", summary: "always fails") { _, _ throws(CommandFailure) in
      throw CommandFailure("the counter fails on purpose")
    } undo: { _, _, _ in
    },
    Verb("check", summary: "add 10 unless the log says stop") { counter, _ throws(CommandFailure) in
      guard !counter.log.contains("stop") else { throw CommandFailure("the log says stop") }
      counter.count += 10
      return 10
    } undo: { counter, _, added in
      counter.count -= added
    },
  ]

  var count = 0
  var log: [String] = []

  init() {}

  var state: StateValue { ["count": .int(count), "log": .array(log.map { .string($0) })] }
}

/// A second type with an `open` verb, so that a bare `open` is ambiguous next to `door`.
final class TestGate: Receiver {
  static let typeName = "gate"
  static let summary = "a gate for tests"
  static let verbs: [Verb<TestGate>] = [
    Verb("open", summary: "open the gate") { gate, _ in
      gate.isOpen = true
    } undo: { gate, _, _ in
      gate.isOpen = false
    }
  ]

  var isOpen = false

  init() {}

  var state: StateValue { ["open": .bool(isOpen)] }
}

/// The first built-in receivers plus the test receivers (shape, door, board, counter, gate).
/// Not all of `.builtins`: the vehicle's `log` would make the counter's bare `log`, which
/// the unit tests use throughout, ambiguous.
func testRegistry(gate: Bool = true) -> ReceiverRegistry {
  var registry = ReceiverRegistry()
  try! registry.register(Shape.self)
  try! registry.register(Door.self)
  try! registry.register(Board.self)
  try! registry.register(TestCounter.self)
  if gate { try! registry.register(TestGate.self) }
  return registry
}

/// A session whose registry holds `types`, in order, and nothing else: the set-up of a
/// test of a receiver of its own.
func session(of types: any Receiver.Type...) throws -> Session {
  var registry = ReceiverRegistry()
  for type in types { try registry.register(type) }
  return Session(registry: registry)
}

/// A stage's problem, and the line and column of its start as diagnostics give them.
@dynamicMemberLookup
struct PlacedProblem {
  var problem: Problem
  var line: Int
  var column: Int

  subscript<T>(dynamicMember keyPath: KeyPath<Problem, T>) -> T { problem[keyPath: keyPath] }
}

extension Lexer {
  /// `problem` with its place in this lexer's text.
  mutating func placed(_ problem: Problem) -> PlacedProblem {
    let (line, column) = place(of: problem.range.start)
    return PlacedProblem(problem: problem, line: line, column: column)
  }
}

/// `line:column: message` of a stage's problem.
func summary(_ problem: PlacedProblem) -> String {
  "\(problem.line):\(problem.column): \(problem.message)"
}

/// `line:column: message` of a diagnostic (and ` [did you mean x]` when it suggests).
func summary(_ diagnostic: Diagnostic) -> String {
  var text = "\(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.message)"
  if let suggestion = diagnostic.suggestion { text += " [did you mean \(suggestion)]" }
  return text
}

/// A token with the text of a string token (which the lexer keeps apart), and the line
/// and column of its start.
struct LexedToken {
  var kind: TokenKind
  var range: SourceRange
  var integer: Int
  var text: String
  var line: Int
  var column: Int
}

/// Every token of `bytes` up to and including the end of input, and the lexer's problems.
func lexAll(_ bytes: [UInt8], firstLine: Int = 1) -> (tokens: [LexedToken], problems: [PlacedProblem]) {
  bytes.withUnsafeBufferPointer { buffer in
    var lexer = Lexer(buffer, source: 0, firstLine: firstLine, symbols: SymbolTable())
    var tokens: [LexedToken] = []
    repeat {
      let t = lexer.next()
      tokens.append(
        LexedToken(
          kind: t.kind, range: t.range, integer: t.integer, text: t.kind == .string ? lexer.stringText : "",
          line: 0, column: 0))
    } while tokens.last!.kind != .endOfInput
    for i in tokens.indices { (tokens[i].line, tokens[i].column) = lexer.place(of: tokens[i].range.start) }
    return (tokens, lexer.problems.map { lexer.placed($0) })
  }
}

func lexAll(_ text: String) -> (tokens: [LexedToken], problems: [PlacedProblem]) { lexAll(Array(text.utf8)) }

/// Every statement of `text` and every problem (the lexer's and the parser's).
/// Names are numbered in `symbols`: give the checker's, to check what was parsed.
func parseAll(_ text: String, symbols: SymbolTable = SymbolTable()) -> (
  statements: [ParsedStatement], problems: [PlacedProblem]
) {
  parseAll(Array(text.utf8), symbols: symbols)
}

func parseAll(_ bytes: [UInt8], symbols: SymbolTable = SymbolTable()) -> (
  statements: [ParsedStatement], problems: [PlacedProblem]
) {
  bytes.withUnsafeBufferPointer { buffer in
    var parser = Parser(Lexer(buffer, source: 0, symbols: symbols))
    var statements: [ParsedStatement] = []
    while let statement = parser.nextStatement() { statements.append(statement) }
    return (statements, parser.allProblems.map { parser.lexer.placed($0) })
  }
}

/// The line and column of the byte at `offset` of `text`, as diagnostics give them.
func place(of offset: Int, in text: String) -> String {
  Array(text.utf8).withUnsafeBufferPointer { buffer in
    var lexer = Lexer(buffer, source: 0, symbols: SymbolTable())
    return lexer.placeText(of: SourceRange(source: 0, start: offset, end: offset))
  }
}

/// A session that collects its outputs and warnings.
final class Recorder {
  let session: Session
  var outputs: [Output] = []
  var warnings: [Diagnostic] = []

  init(_ registry: ReceiverRegistry = testRegistry()) {
    session = Session(registry: registry)
    session.onOutput = { [unowned self] in self.outputs.append($0) }
    session.onDiagnostic = { [unowned self] in self.warnings.append($0) }
  }

  /// Runs `text`, which must succeed.
  func run(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    do {
      try session.run(SourceFile(name: "t", text: text))
    } catch {
      Issue.record("`\(text)` failed: \(error)", sourceLocation: sourceLocation)
    }
  }

  /// Compiles `text`, which must fail, and returns its errors.
  func compileErrors(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
    do {
      _ = try session.compile(SourceFile(name: "t", text: text))
    } catch {
      return error.diagnostics
    }
    Issue.record("`\(text)` compiled", sourceLocation: sourceLocation)
    return []
  }

  /// Runs `text`, which must compile and then fail at run time, and returns the failure.
  func runtimeError(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Diagnostic? {
    do {
      try session.run(SourceFile(name: "t", text: text))
    } catch {
      if case .runtime(let diagnostic) = error { return diagnostic }
      Issue.record("`\(text)` did not compile: \(error)", sourceLocation: sourceLocation)
      return nil
    }
    Issue.record("`\(text)` did not fail", sourceLocation: sourceLocation)
    return nil
  }

  func state(_ receiver: String) -> StateValue? { session.state(of: receiver) }

  /// The shape's `x`, `y` and colour.
  var shape: (x: Int, y: Int, colour: String) {
    let s = session.state(of: "shape")!
    guard case .int(let x)? = s["x"], case .int(let y)? = s["y"], case .string(let c)? = s["color"] else {
      fatalError("unexpected shape state \(s)")
    }
    return (x, y, c)
  }

  /// Every receiver's state, for comparing whole sessions.
  var allStates: [StateValue] { session.receiverNames.map { session.state(of: $0)! } }
}

/// Each receiver's state as `name: JSON`, as the property tests compare them: without the
/// vehicle's audit log (`log` is declared not undoable, so undo and rollback leave its
/// lines, and redo adds them again).
/// The names `comparableStates` gives the states of, in order.
func comparableNames(of session: Session) -> [String] { ["vars"] + session.receiverNames }

func comparableStates(of session: Session) -> [String] {
  // The variables are state like a receiver's.
  ["vars: \(session.state(of: "vars")?.json ?? "none")"]
    + session.receiverNames.map { name in
      var state = session.state(of: name)!
      if name == "vehicle", case .object(let members) = state {
        state = .object(members.filter { $0.key != "log" })
      }
      return "\(name): \(state.json)"
    }
}

/// How a statement failed: its compile errors' messages, or its run-time failure's.
enum Failed: Equatable {
  case compile([String])
  case runtime(String)
}

/// How `text` fails on `session`, or nil if it ran.
func failure(of text: String, on session: Session) -> Failed? {
  do {
    try session.run(SourceFile(name: "t", text: text))
    return nil
  } catch {
    switch error {
    case .compile(let errors): return .compile(errors.diagnostics.map(\.message))
    case .runtime(let diagnostic): return .runtime(diagnostic.message)
    }
  }
}
