import CommandScriptReceivers
import Testing

@testable import CommandScript

/// Receivers' queries: declared beside the verbs, answered without changing state.
@Suite struct QueryTests {
  private func session() -> Session { Session(registry: .builtins) }

  private func run(_ session: Session, _ text: String) throws {
    try session.run(SourceFile(name: "t", text: text))
  }

  @Test func theShapeAnswersItsPositionAndColour() throws {
    let s = session()
    try run(s, "move right 3; move down 2; paint red")
    #expect(try s.ask("shape", "x") == .integer(3))
    #expect(try s.ask("shape", "y") == .integer(-2))
    let red = Shape.colours.index(of: "red")!
    #expect(try s.ask("shape", "colour") == .word(red))
    #expect(try s.ask("shape", "color") == .word(red))
  }

  @Test func theDoorAnswersWhetherItIsOpenAndLocked() throws {
    let s = session()
    #expect(try s.ask("door", "open") == .boolean(false))
    #expect(try s.ask("door", "locked") == .boolean(false))
    try run(s, "door.lock")
    #expect(try s.ask("door", "locked") == .boolean(true))
    try run(s, "door.unlock; door.open")
    #expect(try s.ask("door", "open") == .boolean(true))
  }

  @Test func theBoardAnswersCellsMovesTheNextPlayerAndTheWinner() throws {
    let s = session()
    #expect(try s.ask("board", "size") == .integer(3))
    #expect(try s.ask("board", "next") == .word(0))  // X
    #expect(try s.ask("board", "winner") == .word(0))  // none
    try run(s, "place 1 1; place 2 1; place 1 2; place 2 2")
    #expect(try s.ask("board", "moves") == .integer(4))
    #expect(try s.ask("board", "cell", [.integer(1), .integer(1)]) == .word(1))  // X
    #expect(try s.ask("board", "cell", [.integer(2), .integer(2)]) == .word(2))  // O
    #expect(try s.ask("board", "cell", [.integer(3), .integer(3)]) == .word(0))  // empty
    #expect(try s.ask("board", "free", [.integer(3), .integer(3)]) == .boolean(true))
    #expect(try s.ask("board", "free", [.integer(1), .integer(1)]) == .boolean(false))
    try run(s, "place 1 3")
    #expect(try s.ask("board", "winner") == .word(1))  // X
    // Once the game is over no cell is free.
    #expect(try s.ask("board", "free", [.integer(3), .integer(3)]) == .boolean(false))
  }

  @Test func aCellOutsideTheBoardIsAFailureAndNotFree() throws {
    let s = session()
    #expect(throws: CommandFailure("cell 4 1 is outside the 3×3 board")) {
      try s.ask("board", "cell", [.integer(4), .integer(1)])
    }
    #expect(try s.ask("board", "free", [.integer(4), .integer(1)]) == .boolean(false))
  }

  @Test func theVehicleAndTheNetworkAnswerTheirRecords() throws {
    let s = session()
    #expect(try s.ask("vehicle", "saved") == .boolean(false))
    try run(s, "vehicle.save; vehicle.log; vehicle.backend down")
    #expect(try s.ask("vehicle", "saved") == .boolean(true))
    #expect(try s.ask("vehicle", "sent") == .boolean(false))
    #expect(try s.ask("vehicle", "backend") == .word(1))  // down
    #expect(try s.ask("vehicle", "logs") == .integer(1))
    try run(s, "request \"a\"; request \"b\"")
    #expect(try s.ask("network", "waiting") == .integer(2))
    try run(s, "cancel; request \"c\"")
    #expect(try s.ask("network", "waiting") == .integer(1))
    #expect(try s.ask("network", "cancelled") == .integer(2))
  }

  @Test func askingChangesNothing() throws {
    let s = session()
    try run(s, "place 2 2; move up")
    let before = s.receiverNames.map { s.state(of: $0) }
    for type in ["shape", "door", "board", "vehicle", "network"] {
      _ = try? s.ask(type, "x")
    }
    _ = try s.ask("board", "cell", [.integer(2), .integer(2)])
    #expect(s.receiverNames.map { s.state(of: $0) } == before)
    #expect(s.undoCount == 2)
  }

  @Test func aWrongQueryOrArgumentIsRefusedByName() {
    let s = session()
    #expect(throws: CommandFailure("`door` has no query `shut`")) { try s.ask("door", "shut") }
    #expect(throws: CommandFailure("no receiver named `gate`")) { try s.ask("gate", "open") }
    #expect(throws: CommandFailure("`board.cell` takes cell <row> <col>")) { try s.ask("board", "cell") }
    #expect(throws: CommandFailure("`row` of `board.cell` must be an integer from 1 to 9")) {
      try s.ask("board", "cell", [.integer(0), .integer(1)])
    }
  }

  @Test func registrationRefusesAQueryDeclaredTwiceOrNamedLikeAKeyword() {
    final class Twice: Receiver {
      static let typeName = "twice"
      static let summary = ""
      static let verbs: [Verb<Twice>] = []
      static let queries: [Query<Twice>] = [
        Query("on", .boolean, summary: "") { _, _ in .boolean(true) },
        Query("on", .boolean, summary: "") { _, _ in .boolean(false) },
      ]
      init() {}
      var state: StateValue { [:] }
    }
    final class Reserved: Receiver {
      static let typeName = "reserved"
      static let summary = ""
      static let verbs: [Verb<Reserved>] = []
      static let queries: [Query<Reserved>] = [Query("repeat", .integer, summary: "") { _, _ in .integer(0) }]
      init() {}
      var state: StateValue { [:] }
    }
    var twice = ReceiverRegistry()
    try? twice.register(Twice.self)
    #expect(throws: RegistrationError("`twice` declares query `on` twice")) { try twice.validateQueries() }
    var reserved = ReceiverRegistry()
    try? reserved.register(Reserved.self)
    #expect(throws: RegistrationError("query `repeat` of `reserved` is a reserved word of the language")) {
      try reserved.validateQueries()
    }
  }

  @Test func theBuiltInQueriesAreValid() throws {
    try ReceiverRegistry.builtins.validateQueries()
  }

  @Test func helpListsEachReceiversQueries() {
    let s = session()
    #expect(s.help("door").contains("  locked                      whether it is locked: boolean"))
    #expect(s.help("board").contains("  cell <row> <col>            what a cell holds: empty|X|O"))
  }

  @Test func aQueryTakesAStringArgumentAsHelpShowsIt() throws {
    var registry = ReceiverRegistry()
    try registry.register(Shopping.self)
    let s = Session(registry: registry)
    var lines: [String] = []
    s.onOutput = {
      switch $0 {
      case .echo(let line), .value(_, text: let line): lines.append(line)
      default: break
      }
    }
    #expect(s.help("list").contains("has <item>"))
    try run(s, #"add "milk"; if list.has "milk" { echo "got it" }; while not list.has "eggs" { add "eggs" }"#)
    try run(s, #"list.has "bread"; echo (list.has "eggs"); assert (list.has "milk") "milk is on the list""#)
    #expect(lines == ["got it", "false", "true"])
    // In `assert`, a string after the condition is its message: the argument needs parentheses.
    #expect(
      failure(of: #"assert list.has "bread""#, on: s) == .compile(["`list.has` takes 1 argument (usage: has <item>)"]))
  }
}

/// A shopping list with a query that takes a string, as an app's to-do list has.
private final class Shopping: Receiver {
  typealias Undo = Int
  static let typeName = "list"
  static let summary = "a shopping list"
  static let verbs: [Verb<Shopping>] = [
    Verb("add", [Parameter("item", .string)], summary: "add an item") { list, args in
      list.items.append(args.string(0))
      return 0
    } undo: { list, _, _ in
      list.items.removeLast()
    }
  ]
  static let queries: [Query<Shopping>] = [
    Query("has", [Parameter("item", .string)], .boolean, summary: "whether the item is on it") { list, args in
      .boolean(list.items.contains(args.string(0)))
    }
  ]
  var items: [String] = []
  init() {}
  var state: StateValue { ["items": .array(items.map { .string($0) })] }
}
