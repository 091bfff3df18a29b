import CommandScriptReceivers
import Testing

@testable import CommandScript

/// When a verb cannot work (``Availability``): declared beside the verb, by a Swift
/// receiver or as data, checked at registration, and answered for a receiver now.
@Suite struct AvailabilityTests {
  private func session() -> Session { Session(registry: .builtins) }

  private func run(_ session: Session, _ text: String) throws {
    try session.run(SourceFile(name: "t", text: text))
  }

  private func unavailable(_ session: Session, _ receiver: String) -> [String] {
    session.unavailableVerbs(of: receiver).map { "\($0.verb): \($0.reason)" }
  }

  @Test func theDoorsVerbsDeclareWhenTheyCannotWork() throws {
    let door = try #require(ReceiverRegistry.builtins.types.first { $0.name == "door" })
    let open = try #require(door.verbs.first { $0.name == "open" })
    #expect(
      open.availability == [
        Availability(query: "locked", answer: true, reason: "the door is locked"),
        Availability(query: "open", answer: true, reason: "the door is already open"),
      ])
    let unlock = try #require(door.verbs.first { $0.name == "unlock" })
    #expect(unlock.availability == [Availability(query: "locked", answer: false, reason: "the door is not locked")])
    #expect(unlock.availability[0].description == "while not locked")
  }

  @Test func theDoorSaysWhichVerbsCannotWorkAsItsStateChanges() throws {
    let s = session()
    #expect(unavailable(s, "door") == ["close: the door is already closed", "unlock: the door is not locked"])
    try run(s, "door.lock")
    #expect(
      unavailable(s, "door") == [
        "open: the door is locked", "close: the door is already closed", "lock: the door is already locked",
      ])
    #expect(s.unavailability(of: "open", on: "door") == "the door is locked")
    try run(s, "door.unlock; door.open")
    #expect(
      unavailable(s, "door") == [
        "open: the door is already open", "lock: the door is open", "unlock: the door is not locked",
      ])
    #expect(s.unavailability(of: "close", on: "door") == nil)
    // Undo and a move through the tree change it back, as any change does.
    try run(s, "undo")
    #expect(unavailable(s, "door") == ["close: the door is already closed", "unlock: the door is not locked"])
    try run(s, "goto 1")
    #expect(s.unavailability(of: "open", on: "door") == "the door is locked")
  }

  @Test func theBoardTakesNoMoveOnceTheGameIsOver() throws {
    let s = session()
    #expect(unavailable(s, "board").isEmpty)
    try run(s, "place 1 1; place 2 1; place 1 2; place 2 2; place 1 3")
    #expect(try s.ask("board", "over") == .boolean(true))
    #expect(unavailable(s, "board") == ["place: the game is over"])
    try run(s, "reset")
    #expect(unavailable(s, "board").isEmpty)
  }

  @Test func aReceiverWithoutConditionsOrThatIsNotThereHasNone() throws {
    let s = session()
    #expect(unavailable(s, "shape").isEmpty)
    #expect(unavailable(s, "nobody").isEmpty)
    try run(s, "new door back; back.lock")
    #expect(s.unavailability(of: "open", on: "back") == "the door is locked")
    #expect(s.unavailability(of: "open", on: "door") == nil)
  }

  /// The law the built-in declarations keep: while a condition holds, the verb fails or
  /// changes nothing (so that the page, disabling it, takes nothing away).
  @Test func whileAConditionHoldsTheVerbFailsOrChangesNothing() throws {
    let arguments = ["place": " 1 1", "backend": " up"]
    let setUps = [
      "", "door.lock", "door.open", "place 1 1; place 2 1; place 1 2; place 2 2; place 1 3",
      "vehicle.save", "vehicle.save; vehicle.send", "vehicle.save; vehicle.send; vehicle.backend down",
    ]
    var tried = 0
    for setUp in setUps {
      for receiver in ["door", "board", "vehicle"] {
        let s = session()
        if !setUp.isEmpty { try run(s, setUp) }
        for (verb, _) in s.unavailableVerbs(of: receiver) {
          let before = s.state(of: receiver)
          let failed = (try? run(s, "\(receiver).\(verb)\(arguments[verb] ?? "")")) == nil
          #expect(failed || s.state(of: receiver) == before, "\(receiver).\(verb) after `\(setUp)`")
          tried += 1
        }
      }
    }
    #expect(tried >= 15)
  }

  @Test func theBuiltInConditionsAreValid() throws {
    try ReceiverRegistry.builtins.validateQueries()
  }

  @Test func aConditionMustNameABooleanQueryWithoutArguments() {
    // A Swift receiver's, when its queries are checked (they are read lazily)...
    var registry = ReceiverRegistry()
    try? registry.register(DarkLamp.self)
    #expect(throws: RegistrationError("`lamp.dim` is unavailable while dark, but `lamp` has no query `dark`")) {
      try registry.validateQueries()
    }
    // ... and a declared type's, when it registers.
    func problem(_ condition: Availability) -> RegistrationError? {
      var verb = VerbDeclaration("dim", summary: "")
      verb.availability = [condition]
      let lamp = ReceiverDeclaration(
        name: "lamp", summary: "", verbs: [verb],
        queries: [
          QueryDeclaration("lit", [], .boolean, summary: ""), QueryDeclaration("level", [], .integer, summary: ""),
          QueryDeclaration("bright", [Parameter("at", .integer(0...9))], .boolean, summary: ""),
          QueryDeclaration("dazzling", [Parameter("at", .integer(0...9), default: .integer(1))], .boolean, summary: ""),
        ])
      var registry = ReceiverRegistry()
      do throws(RegistrationError) { try registry.register(declared: lamp) { _ in Unanswering() } } catch {
        return error
      }
      return nil
    }
    #expect(problem(Availability(query: "lit", answer: false, reason: "the lamp is off")) == nil)
    #expect(problem(Availability(query: "dazzling", answer: true, reason: "too bright")) == nil)
    #expect(
      problem(Availability(query: "level", answer: true, reason: "r"))
        == RegistrationError("`lamp.dim` is unavailable while level, but `lamp.level` is not a boolean query"))
    #expect(
      problem(Availability(query: "bright", answer: false, reason: "r"))
        == RegistrationError("`lamp.dim` is unavailable while not bright, but `lamp.bright` needs arguments"))
    #expect(
      problem(Availability(query: "lit", answer: true, reason: ""))
        == RegistrationError("`lamp.dim` is unavailable while lit, without a reason"))
  }

  @Test func aQueryWithDefaultsIsAskedWithThem() throws {
    var registry = ReceiverRegistry()
    try registry.register(DarkLamp.self)
    let s = Session(registry: registry)
    // `dazzling [at]` answers whether `at` is 7: its default is.
    #expect(s.unavailability(of: "on", on: "lamp") == "too bright")
  }

  /// A type declared as data (a plugin's) declares the same, checked when it registers.
  @Test func aDeclaredTypeDeclaresItAndIsAskedThroughItsReceiver() throws {
    final class Switch: DeclaredReceiver {
      var on = false
      var askedFails = false
      func execute(_ verb: Int, _ arguments: Arguments) throws(CommandFailure) -> StateValue {
        defer { on = verb == 0 }
        return .bool(on)
      }
      func undo(_ verb: Int, _ arguments: Arguments, record: StateValue) {
        if case .bool(let b) = record { on = b }
      }
      func ask(_ query: Int, _ arguments: Arguments) throws(CommandFailure) -> Answer {
        if askedFails { throw CommandFailure("the switch is gone") }
        return .boolean(on)
      }
      var state: StateValue { ["on": .bool(on)] }
    }
    let declaration = ReceiverDeclaration(
      name: "switch", summary: "a switch",
      verbs: [
        VerbDeclaration("on", summary: "").unavailable(when: "lit", "it is already on"),
        VerbDeclaration("off", summary: "").unavailable(unless: "lit", "it is already off"),
      ],
      queries: [QueryDeclaration("lit", [], .boolean, summary: "")])
    var registry = ReceiverRegistry.builtins
    let made = Switch()
    try registry.register(declared: declaration) { _ in made }
    let s = Session(registry: registry)
    #expect(unavailable(s, "switch") == ["off: it is already off"])
    try run(s, "switch.on")
    #expect(unavailable(s, "switch") == ["on: it is already on"])
    #expect(s.help("switch").contains("    unavailable while lit: it is already on"))
    // A query that fails holds no condition: the verb stays offered.
    made.askedFails = true
    #expect(unavailable(s, "switch").isEmpty)

    var wrong = ReceiverRegistry()
    let bad = ReceiverDeclaration(
      name: "switch", summary: "", verbs: [VerbDeclaration("on", summary: "").unavailable(when: "lt", "on")])
    #expect(throws: RegistrationError("`switch.on` is unavailable while lt, but `switch` has no query `lt`")) {
      try wrong.register(declared: bad) { _ in Switch() }
    }
  }
}

/// A lamp whose `dim` names a query it has not.
private final class DarkLamp: Receiver {
  typealias Undo = Bool
  static let typeName = "lamp"
  static let summary = ""
  static let verbs: [Verb<DarkLamp>] = [
    Verb("on", summary: "", restoring: \.on) { lamp, _ in lamp.on = true }.unavailable(when: "dazzling", "too bright"),
    Verb("dim", summary: "", restoring: \.on) { _, _ in }.unavailable(when: "dark", "the lamp is dark"),
  ]
  static let queries: [Query<DarkLamp>] = [
    Query("dazzling", [Parameter("at", .integer(0...9), default: .integer(7))], .boolean, summary: "") { _, args in
      .boolean(args.int(0) == 7)
    }
  ]
  var on = false
  init() {}
  var state: StateValue { ["on": .bool(on)] }
}

/// A declared receiver that is never asked anything.
private final class Unanswering: DeclaredReceiver {
  func execute(_ verb: Int, _ arguments: Arguments) throws(CommandFailure) -> StateValue { .null }
  func undo(_ verb: Int, _ arguments: Arguments, record: StateValue) {}
  func ask(_ query: Int, _ arguments: Arguments) throws(CommandFailure) -> Answer { .boolean(false) }
  var state: StateValue { [:] }
}
