import Testing

@testable import CommandScript

/// A dimmer and a fan: both have `set`, with an integer level and a word speed, so that a
/// macro's receiver parameter means a different check for each.
private final class Dimmer: Receiver {
  typealias Undo = Int
  static let typeName = "dimmer"
  static let summary = "a dimmer"
  static let verbs: [Verb<Dimmer>] = [
    Verb("set", [Parameter("level", .integer(0...100))], summary: "set the level", restoring: \.level) {
      dimmer, args in dimmer.level = args.int(0)
    }
  ]
  var level = 0
  init() {}
  var state: StateValue { ["level": .int(level)] }
}

private final class Fan: Receiver {
  enum Speed: String, CaseIterable { case low, high }
  typealias Undo = Speed
  static let typeName = "fan"
  static let summary = "a fan"
  static let verbs: [Verb<Fan>] = [
    Verb("set", [Parameter("speed", .word(Speed.self, name: "speed"))], summary: "set the speed", restoring: \.speed) {
      fan, args in fan.speed = args.word(0, as: Speed.self)
    }
  ]
  var speed = Speed.low
  init() {}
  var state: StateValue { ["speed": .string(speed.rawValue)] }
}

/// Receiver parameters (`macro to d v { $d.set $v }`): each call checks the body for the
/// instances it gives, so the same macro takes a level for a dimmer and a speed for a fan.
@Suite struct ReceiverParameterTests {
  private func session() throws -> Session { try CommandScriptTests.session(of: Dimmer.self, Fan.self) }

  private func errors(_ session: Session, _ text: String) -> [String] {
    do {
      try session.run(SourceFile(name: "t", text: text))
      return []
    } catch .compile(let errors) {
      return errors.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
    } catch {
      return ["run-time: \(error)"]
    }
  }

  @Test func aParameterTakesTheKindOfTheVerbOfTheInstanceGiven() throws {
    let s = try session()
    try s.run(SourceFile(name: "t", text: "macro to d v { $d.set $v }\nto fan high\nto dimmer 40"))
    #expect(s.state(of: "fan") == ["speed": .string("high")])
    #expect(s.state(of: "dimmer") == ["level": .int(40)])
    #expect(errors(s, "to fan 40") == ["1:8: `$v` must be a speed (low, high), not 40"])
    #expect(errors(s, "to dimmer 101") == ["1:11: `$v` must be an integer from 0 to 100, not 101"])
    // Nothing ran of the failed inputs.
    #expect(s.state(of: "dimmer") == ["level": .int(40)])
  }

  @Test func aBodyThatDoesNotCheckForTheInstanceGivenIsAnErrorAtTheCall() throws {
    let s = try session()
    try s.run(SourceFile(name: "t", text: "macro half d { $d.set 50 }\nhalf dimmer"))
    #expect(
      errors(s, "half fan") == [
        "1:1: macro `half` does not check with `$d` as `fan`: `speed` must be a speed (low, high), not 50"
      ])
  }

  @Test func eachBindingIsCheckedOnceHoweverOftenItIsCalled() throws {
    let s = try session()
    let calls = Array(repeating: "to fan high; to fan low; to dimmer 3", count: 2_000).joined(separator: "\n")
    try s.run(SourceFile(name: "t", text: "macro to d v { $d.set $v }\n" + calls))
    #expect(s.state(of: "fan") == ["speed": .string("low")])
    #expect(s.undoCount == 6_000)
    // The definition's own check serves the dimmer; the fan's is made at its first call.
    #expect(s.checkerState.specializations.count == 2)
    #expect(s.checkerState.macros.count == 3)
  }
}
