import CommandScriptReceivers
import Foundation
import Testing

@testable import CommandScript

// Property tests: random programs over every built-in receiver (shape, door, board,
// vehicle, network), with blocks, repeats, transactions, macros with parameters, undo
// and redo, statements that fail at run time and a few that do not compile. For each:
// - a statement that fails (at run time, or to compile) changes no receiver, and neither
//   the undo nor the redo count;
// - a statement that succeeds adds at most one undo step;
// - undoing every step restores the initial states, and redoing them the final ones;
// - the same program on fresh receivers reaches the same states.
//
// The programs come from a seeded generator, so a failure is repeatable: it names the
// seed; CMDSCRIPT_PROPERTY_SEED=SEED (and CMDSCRIPT_PROPERTY_COUNT=N) run those again.

/// SplitMix64: small, fast, and the same on every platform and Swift version.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<n`.
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

  /// True `percent` times in 100.
  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Writes random CommandScript programs, one top-level statement at a time.
struct ProgramGenerator {
  var random: SplitMix64
  /// The macros defined so far: name and the kinds of their parameters.
  private var macros: [(name: String, parameters: [ParameterSlot])] = []
  /// The doors made with `new` so far, which commands and macro bodies then use.
  private var doors: [String] = []
  /// The top-level integer variables declared so far (`var vN`), and the `let` names.
  private var variables: [String] = []
  private var lets: [String] = []
  /// The macros with `return` defined so far (`rN`, each of one integer parameter).
  private var returning: [String] = []

  /// What a macro parameter stands for, and so which arguments a call may pass.
  enum ParameterSlot: CaseIterable {
    case direction, steps, colour, cell, count
    /// A receiver parameter: a door (`$d.open`), given as `door` or a door made with `new`.
    case door
  }

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  private static let directions = ["up", "down", "left", "right"]
  private static let colours = ["red", "green", "blue", "gray", "grey", "black"]

  private mutating func argument(for slot: ParameterSlot) -> String {
    switch slot {
    case .direction: return random.pick(Self.directions)
    case .steps: return String(1 + random.below(3))
    case .colour: return random.pick(Self.colours)
    // Up to 4, so that some cells are outside a 3×3 board.
    case .cell: return String(1 + random.below(4))
    case .count: return String(random.below(3))
    case .door: return doors.isEmpty || random.chance(40) ? "door" : random.pick(doors)
    }
  }

  /// A receiver command, bare or with its receiver named. Many can fail at run time: a
  /// locked door does not open, a taken cell cannot be placed on, an unsaved vehicle
  /// cannot be sent, and a shape moved by the largest integer overflows on the next move.
  private mutating func command() -> String {
    func named(_ receiver: String, _ verb: String) -> String {
      random.chance(50) ? "\(receiver).\(verb)" : verb
    }
    switch random.below(16) {
    case 0, 1, 2:
      let steps = random.chance(3) ? " 9223372036854775807" : random.chance(50) ? " \(1 + random.below(3))" : ""
      return named("shape", "move") + " " + random.pick(Self.directions) + steps
    case 3, 4: return named("shape", "paint") + " " + random.pick(Self.colours)
    case 5, 6, 7:
      let verb = random.pick(["open", "close", "lock", "unlock"])
      return doors.isEmpty || random.chance(50) ? named("door", verb) : "\(random.pick(doors)).\(verb)"
    case 8, 9, 10: return named("board", "place") + " \(argument(for: .cell)) \(argument(for: .cell))"
    case 11: return named("board", "reset") + random.pick(["", " 3", " 4"])
    case 12, 13: return named("vehicle", random.pick(["save", "send", "log", "backend up", "backend down"]))
    default:
      return random.chance(70) ? named("network", "request") + " \"https://example.org/\(random.below(10))\"" : "cancel"
    }
  }

  /// A statement that may stand in a block: a command, a macro call, or a block, repeat or
  /// transaction around more of them.
  private mutating func inner(depth: Int) -> String {
    let choice = random.below(depth >= 3 ? 7 : 24)
    switch choice {
    case 0..<5: return command()
    case 5, 6:
      guard let macro = macros.isEmpty ? nil : random.pick(macros) else { return command() }
      return ([macro.name] + macro.parameters.map { argument(for: $0) }).joined(separator: " ")
    case 7: return "{ " + body(depth: depth + 1) + " }"
    case 8: return "repeat \(random.below(4)) { " + body(depth: depth + 1) + " }"
    case 9: return "transaction { " + body(depth: depth + 1) + " }"
    // Language version 2: decisions, loops, try, assert, expressions.
    case 10:
      let otherwise = random.chance(50) ? " else { " + body(depth: depth + 1) + " }" : ""
      return "if \(condition()) { " + body(depth: depth + 1) + " }" + otherwise
    case 11:
      let otherwise = random.chance(60) ? " else { " + body(depth: depth + 1) + " }" : ""
      return "try { " + body(depth: depth + 1) + " }" + otherwise
    case 12: return "assert \(condition())" + (random.chance(30) ? " \"checked\"" : "")
    case 13:
      // Ends within a few turns: each moves right, nothing else in the body moves the shape,
      // and a shape moved far left (by the largest integer) does not start.
      let others = (0..<random.below(3)).map { _ in steadyCommand() }
      return "while shape.x < \(random.below(5)) and shape.x > -5 { "
        + (["shape.move right"] + others).joined(separator: "; ") + " }"
    case 14:
      return "repeat \(random.below(4)) as i { move \(random.pick(Self.directions)) $i; " + inner(depth: depth + 1)
        + " }"
    case 15: return "move \(random.pick(Self.directions)) (\(integerExpression()))"
    case 16: return "board.place (board.moves % 4 + 1) \(argument(for: .cell))"
    // Variables, `break` and `continue`.
    case 18, 19:
      guard !variables.isEmpty else { return command() }
      let v = random.pick(variables)
      return random.chance(50) ? "\(v) = $\(v) + 1" : "\(v) = (\(variableExpression()))"
    case 20:
      let exit = random.chance(50) ? "break" : "continue"
      return "repeat \(random.below(4)) as i { " + inner(depth: depth + 1) + "; if \(condition()) { \(exit) }; "
        + inner(depth: depth + 1) + " }"
    case 21:
      let local = "t\(depth)"
      return "{ var \(local) = \(variableExpression()); \(local) = $\(local) * 2; move right ($\(local) % 3 + 1) }"
    // Macros that return values, called inside expressions and as statements.
    case 22, 23:
      guard !returning.isEmpty else { return command() }
      let call = "\(random.pick(returning)) " + random.pick(["1", "shape.x", "(board.moves - 1)"])
      switch random.below(5) {
      case 0: return "move right (\(call) % 3 + 1)"
      case 1: return "if \(call) > 2 { " + body(depth: depth + 1) + " } else { " + command() + " }"
      // As a statement, its arguments are a command's: a query in parentheses.
      case 2:
        return variables.isEmpty
          ? call.replacingOccurrences(of: "shape.x", with: "(shape.x)") : "\(random.pick(variables)) = \(call) + 1"
      case 3: return "assert \(call) != 7"
      default: return "echo (\(call)) (\(call) == 2)"
      }
    default: return "echo \"x\" (\(integerExpression())) (\(condition()))"
    }
  }

  /// A command that does not move the shape.
  private mutating func steadyCommand() -> String {
    random.pick([
      "paint \(random.pick(Self.colours))", "door.lock", "door.unlock", "door.open", "vehicle.save", "vehicle.log",
      "request \"https://example.org/w\"",
    ])
  }

  /// A condition over the built-in queries: may be true or false as the program goes.
  private mutating func condition() -> String {
    let simple = [
      "shape.x < \(random.below(4))", "shape.y >= 0", "door.locked", "not door.open", "board.winner == none",
      "board.free \(argument(for: .cell)) \(argument(for: .cell))", "shape.colour == red", "vehicle.saved",
      "(shape.x + shape.y) % 2 == 0", "network.waiting > 1", "board.next == X", "vehicle.backend == up",
    ]
    switch random.below(4) {
    case 0: return random.pick(simple) + " and " + random.pick(simple)
    case 1: return random.pick(simple) + " or not " + random.pick(simple)
    default: return random.pick(simple)
    }
  }

  /// An integer expression that may be out of a parameter's range (a run-time error).
  private mutating func integerExpression() -> String {
    random.pick([
      "shape.x % 3 + 1", "board.moves + 1", "shape.y - shape.x", "10 / (shape.x - 1)", "network.waiting * 2",
      "-shape.x",
    ])
  }

  /// An integer expression over the variables and the queries.
  private mutating func variableExpression() -> String {
    let names = variables + lets
    guard !names.isEmpty, random.chance(70) else { return integerExpression() }
    return "$\(random.pick(names)) \(random.pick(["+", "-", "*"])) " + random.pick(["1", "shape.x", "board.moves"])
  }

  private mutating func body(depth: Int) -> String {
    (0..<1 + random.below(3)).map { _ in inner(depth: depth) }.joined(separator: random.chance(50) ? "; " : "\n")
  }

  /// `macro mN params { body }`: its parameters are used in commands of their kind.
  private mutating func macroDefinition() -> String {
    let name = "m\(macros.count)"
    var parameters: [ParameterSlot] = []
    var uses: [String] = []
    for _ in 0..<random.below(3) {
      let slot = random.pick(ParameterSlot.allCases)
      let p = "$p\(parameters.count)"
      parameters.append(slot)
      switch slot {
      case .direction: uses.append("move \(p) \(argument(for: .steps))")
      case .steps: uses.append("shape.move \(random.pick(Self.directions)) \(p)")
      case .colour: uses.append("paint \(p)")
      case .cell: uses.append("board.place \(p) \(argument(for: .cell))")
      case .count: uses.append("repeat \(p) { " + inner(depth: 2) + " }")
      case .door:
        let verb = random.pick(["open", "close", "lock", "unlock"])
        uses.append(
          random.chance(50) ? "\(p).\(verb)" : "if \(p).locked { \(p).unlock } else { \(p).\(verb) }")
      }
    }
    uses += (0..<random.below(3)).map { _ in inner(depth: 2) }
    let names = parameters.indices.map { "p\($0)" }
    macros.append((name, parameters))
    return (["macro", name] + names).joined(separator: " ") + " { " + uses.joined(separator: "; ") + " }"
  }

  /// `macro rN p0 { … return VALUE }`: commands, a `return` that a decision or a loop's
  /// turn may take, and one that ends every other path.
  private mutating func returningMacroDefinition() -> String {
    let name = "r\(returning.count)"
    var body = (0..<random.below(3)).map { _ in inner(depth: 2) }
    body.append(
      random.chance(50)
        ? "repeat 3 as i { \(inner(depth: 3)); if \(condition()) { return ($p0 + $i) } }"
        : "if \(condition()) { \(inner(depth: 3)); return ($p0 * 2) }")
    body.append(random.chance(50) ? "return ($p0 + shape.x)" : "if shape.x > 0 { return 1 } else { return $p0 - 1 }")
    returning.append(name)
    return "macro \(name) p0 { " + body.joined(separator: "; ") + " }"
  }

  /// A statement that does not compile (a misspelt verb, an argument out of range, ...).
  private mutating func invalid() -> String {
    random.pick([
      "move sideways", "paitn red", "door.open 3", "board.place 0 1", "undo 0", "repeat -1 { move up }",
      "shape.fly", "{ move up; use shape }", "vehicle.backend sideways", "network.request",
      "m\(macros.count + 5)",
    ])
  }

  /// One top-level statement, and whether it must fail to compile.
  mutating func statement() -> (text: String, compiles: Bool) {
    switch random.below(20) {
    case 0, 1: return (macroDefinition(), true)
    case 2: return ("undo" + (random.chance(50) ? "" : " \(1 + random.below(3))"), true)
    case 3: return ("redo" + (random.chance(50) ? "" : " \(1 + random.below(3))"), true)
    case 4: return (invalid(), false)
    case 5:
      doors.append("d\(doors.count)")
      return ("new door \(doors.last!)", true)
    case 6:
      // A macro with `return` may give the first value, running commands as it does.
      let expression =
        !returning.isEmpty && random.chance(30) ? "\(random.pick(returning)) 1" : variableExpression()
      if random.chance(30) {
        lets.append("l\(lets.count)")
        return ("let \(lets.last!) = \(expression)", true)
      }
      variables.append("v\(variables.count)")
      return ("var \(variables.last!) = \(expression)", true)
    case 7: return (returningMacroDefinition(), true)
    default: return (inner(depth: 0), true)
    }
  }
}

/// What the properties compare: each receiver's state, without the vehicle's audit-log
/// count (`log` is declared not undoable: undo and rollback leave its lines, and redo
/// adds them again), and the undo and redo counts.
private struct Snapshot: Equatable, CustomStringConvertible {
  var states: [String]
  var undoCount: Int
  var redoCount: Int

  init(_ session: Session) {
    states = comparableStates(of: session)
    undoCount = session.undoCount
    redoCount = session.redoCount
  }

  var description: String { states.joined(separator: "; ") + " (undo \(undoCount), redo \(redoCount))" }
}

@Suite struct PropertyTests {
  static let seed: UInt64 = {
    let text = ProcessInfo.processInfo.environment["CMDSCRIPT_PROPERTY_SEED"] ?? "0x5EED"
    let value = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    precondition(value != nil, "CMDSCRIPT_PROPERTY_SEED must be a number, decimal or 0x hexadecimal")
    return value!
  }()

  static let count = ProcessInfo.processInfo.environment["CMDSCRIPT_PROPERTY_COUNT"].flatMap { Int($0) } ?? 1000

  /// Runs `statements` on a fresh session, checking each statement's properties; returns
  /// the session and the numbers of statements that failed at run time and to compile.
  private func run(
    _ statements: [(text: String, compiles: Bool)], context: String
  ) -> (session: Session, failed: Int, rejected: Int) {
    let session = Session(registry: .builtins)
    var failed = 0
    var rejected = 0
    var changes: [Change] = []
    session.onChange = { changes.append($0) }
    for (i, statement) in statements.enumerated() {
      let before = Snapshot(session)
      let statesBefore = Dictionary(
        uniqueKeysWithValues: zip(comparableNames(of: session), comparableStates(of: session)))
      changes.removeAll()
      let where_ = "statement \(i + 1) `\(statement.text)` of \(context)"
      let program: Program
      do {
        program = try session.compile(SourceFile(name: "random", text: statement.text))
      } catch {
        #expect(!statement.compiles, "did not compile: \(error.diagnostics) — \(where_)")
        #expect(Snapshot(session) == before, "a statement that does not compile changed something — \(where_)")
        rejected += 1
        continue
      }
      #expect(statement.compiles, "compiled but should not — \(where_)")
      do {
        try session.execute(program)
        let after = Snapshot(session)
        // One change per step done, undone or redone; none for anything else.
        let steps = after.undoCount - before.undoCount
        let expected: (count: Int, kind: Change.Kind)
        if statement.text.hasPrefix("undo") {
          expected = (-steps, .undone)
        } else if statement.text.hasPrefix("redo") {
          expected = (steps, .redone)
        } else {
          #expect(steps == 0 || steps == 1, "one statement made \(steps) undo steps — \(where_)")
          // A statement that ran only commands that cannot be undone (the vehicle's `log`)
          // took effect but is no step.
          let onlyLogged = steps == 0 && changes.map(\.receivers) == [["vehicle"]]
          expected = (onlyLogged ? 1 : steps, .done)
        }
        #expect(changes.count == expected.count, "\(changes.count) changes for \(expected.count) steps — \(where_)")
        #expect(changes.allSatisfy { $0.kind == expected.kind && !$0.receivers.isEmpty }, "\(changes) — \(where_)")
        // Every receiver whose state changed is named by a change (but for a log line a
        // rolled-back, not undoable `log` leaves: see comparableStates).
        let named = Set(changes.flatMap(\.receivers))
        for (name, state) in zip(comparableNames(of: session), comparableStates(of: session))
        where statesBefore[name] != state {
          #expect(named.contains(name), "`\(name)` changed unannounced (\(changes)) — \(where_)")
        }
      } catch {
        failed += 1
        let after = Snapshot(session)
        #expect(after == before, "failed (\(error)) and changed something:\n\(before)\n\(after)\n— \(where_)")
        #expect(changes.isEmpty, "failed and announced \(changes) — \(where_)")
      }
    }
    return (session, failed, rejected)
  }

  @Test func randomProgramsUndoRedoAndFailAtomically() {
    var seeds = SplitMix64(seed: Self.seed)
    var failures = 0
    var rejections = 0
    var steps = 0
    for n in 0..<Self.count {
      var generator = ProgramGenerator(seed: seeds.next())
      let statements = (0..<1 + generator.random.below(12)).map { _ in generator.statement() }
      let context =
        "program \(n) of seed 0x\(String(Self.seed, radix: 16)) (CMDSCRIPT_PROPERTY_SEED repeats it):\n"
        + statements.map(\.text).joined(separator: "\n")
      let initial = Snapshot(Session(registry: .builtins)).states
      let (session, failed, rejected) = run(statements, context: context)
      failures += failed
      rejections += rejected
      let final = Snapshot(session).states
      let count = session.undoCount
      steps += count
      if count > 0 {
        #expect(throws: Never.self) { try session.run(SourceFile(name: "undo", text: "undo \(count)")) }
        #expect(Snapshot(session).states == initial, "undoing every step — \(context)")
        #expect(throws: Never.self) { try session.run(SourceFile(name: "redo", text: "redo \(count)")) }
        #expect(Snapshot(session).states == final, "redoing every step — \(context)")
      }
      if n % 10 == 0 {
        #expect(Snapshot(run(statements, context: context).session).states == final, "determinism — \(context)")
      }
    }
    // The generator makes every kind of case, not just the easy ones.
    #expect(failures > Self.count / 10, "only \(failures) statements failed at run time")
    #expect(rejections > Self.count / 10, "only \(rejections) statements did not compile")
    #expect(steps > Self.count, "only \(steps) undo steps in all")
  }
}
