import CommandScript
import Testing

/// A gearbox with a word parameter and a word query, both from one enum.
private final class Gearbox: Receiver {
  enum Speed: String, CaseIterable { case slow, fast, reverse }
  static let typeName = "gear"
  static let summary = "a gearbox"
  static let verbs: [Verb<Gearbox>] = [
    Verb("set", [Parameter("speed", .word(Speed.self))], summary: "set the speed", restoring: \.saved) { gear, args in
      gear.speed = args.word(0, as: Speed.self)
    },
    Verb("label", [Parameter("text", .string)], summary: "label it", restoring: \.saved) { gear, args in
      gear.label = args.string(0)
    },
  ]
  static let queries: [Query<Gearbox>] = [
    Query("speed", .word(Speed.self), summary: "the speed") { gear, _ in .word(gear.speed) }
  ]
  typealias Undo = Saved
  struct Saved { var speed: Speed, label: String }
  var speed = Speed.slow
  var label = ""
  init() {}
  var state: StateValue { ["speed": .string(speed.rawValue), "label": .string(label)] }
}

extension Gearbox {
  var saved: Saved {
    get { Saved(speed: speed, label: label) }
    set { (speed, label) = (newValue.speed, newValue.label) }
  }
}

/// One enum of values (`Value`): a query's answer and a host call's argument are the same
/// value, `Answer` and `CallArgument` its other names.
@Suite struct ValueTests {
  private func session() throws -> Session {
    var registry = ReceiverRegistry.builtins
    try registry.register(Gearbox.self)
    return Session(registry: registry)
  }

  @Test func aCallWritesAWordByItsIndexOrItsTextAndAStringAsAString() throws {
    let s = try session()
    var committed: [String] = []
    s.onCommit = { committed.append($0) }
    try s.perform("set", on: "gear", .word(Gearbox.Speed.fast))
    try s.perform("set", on: "gear", .word(2))
    try s.perform("set", on: "gear", "slow")
    try s.perform("set", on: "gear", .text("fast"))
    try s.perform("label", on: "gear", .string("fast"))
    try s.perform("label", on: "gear", "two words")
    #expect(
      committed == [
        "gear.set fast", "gear.set reverse", "gear.set slow", "gear.set fast", "gear.label \"fast\"",
        "gear.label \"two words\"",
      ])
    // An index past the set is written as the number, which the checker refuses.
    do {
      try s.perform("set", on: "gear", .word(7))
      Issue.record("a word index past the set ran")
    } catch {
      guard case .compile(let errors) = error else { return #expect(Bool(false), "\(error)") }
      #expect(errors.diagnostics.count == 1)
    }
    #expect(committed.count == 6)
  }

  @Test func aQuerysAnswerIsACallsArgumentAsItIs() throws {
    let s = try session()
    try s.perform("set", on: "gear", "reverse")
    let answer: Answer = try s.ask("gear", "speed")
    #expect(answer == .word(Gearbox.Speed.reverse) && answer == Value.word(2))
    try s.perform("set", on: "gear", "slow")
    let argument: CallArgument = answer
    try s.perform("set", on: "gear", argument)
    #expect(s.receiver("gear", as: Gearbox.self)?.speed == .reverse)
  }

  @Test func literalsWriteValues() {
    let values: [Value] = [3, 2.5, true, "up"]
    #expect(values == [.integer(3), .decimal(2.5), .boolean(true), .string("up")])
    #expect(Value.text("up") == .string("up"))
  }
}
