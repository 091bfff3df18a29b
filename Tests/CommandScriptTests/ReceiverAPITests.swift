import CommandScript
import Testing

/// A receiver declared with the shortest forms of the API: `restoring:` verbs and a
/// word set taken from an enum with a name for help.
private final class Dial: Receiver {
  enum Mode: String, CaseIterable { case slow, fast }
  struct Setting: Sendable {
    var mode = Mode.slow
    var level = 0
  }
  typealias Undo = Setting
  static let typeName = "dial"
  static let summary = "a dial"
  static let verbs: [Verb<Dial>] = [
    Verb("mode", [Parameter("mode", .word(Mode.self, name: "speed"))], summary: "set the mode", restoring: \.setting) {
      dial, args in dial.setting.mode = args.word(0, as: Mode.self)
    },
    Verb("turn", [Parameter("by", .integer(1...10))], summary: "turn the dial", restoring: \.setting) {
      dial, args throws(CommandFailure) in
      guard dial.setting.level + args.int(0) <= 10 else { throw CommandFailure("the dial is at its end") }
      dial.setting.level += args.int(0)
    },
  ]
  var setting = Setting()
  init() {}
  var state: StateValue { ["mode": .string(setting.mode.rawValue), "level": .int(setting.level)] }
}

@Suite struct ReceiverAPITests {
  private func session() throws -> Session { try CommandScriptTests.session(of: Dial.self) }

  @Test func restoringVerbsUndoToThePreviousValue() throws {
    let s = try session()
    try s.run(SourceFile(name: "t", text: "mode fast; turn 4; turn 3"))
    #expect(s.state(of: "dial") == ["mode": .string("fast"), "level": .int(7)])
    try s.run(SourceFile(name: "t", text: "undo 2"))
    #expect(s.state(of: "dial") == ["mode": .string("fast"), "level": .int(0)])
    try s.run(SourceFile(name: "t", text: "undo; redo 2"))
    #expect(s.state(of: "dial") == ["mode": .string("fast"), "level": .int(4)])
  }

  @Test func aFailingRestoringVerbInABlockRollsBackTheWholeBlock() throws {
    let s = try session()
    #expect(throws: Session.RunError.self) { try s.run(SourceFile(name: "t", text: "{ mode fast; turn 8; turn 5 }")) }
    #expect(s.state(of: "dial") == ["mode": .string("slow"), "level": .int(0)])
    #expect(s.undoCount == 0)
  }

  @Test func aNamedWordSetNamesItsKindInDiagnostics() throws {
    let s = try session()
    do {
      try s.run(SourceFile(name: "t", text: "mode medium"))
      Issue.record("expected a compile error")
    } catch .compile(let errors) {
      #expect(errors.diagnostics.map(\.message) == ["`medium` is not a speed (slow, fast)"])
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}
