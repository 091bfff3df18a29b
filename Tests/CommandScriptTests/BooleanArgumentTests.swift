import CommandScript
import Testing

/// A receiver with a boolean parameter, with and without a default.
private final class Switch: Receiver {
  typealias Undo = Bool
  static let typeName = "switch"
  static let summary = "a switch"
  static let verbs: [Verb<Switch>] = [
    Verb("set", [Parameter("on", .boolean)], summary: "turn it on or off", restoring: \.isOn) { s, args in
      s.isOn = args.bool(0)
    },
    Verb("flip", [Parameter("twice", .boolean, default: .boolean(false))], summary: "flip it", restoring: \.isOn) {
      s, args in if !args.bool(0) { s.isOn.toggle() }
    },
  ]
  static let queries: [Query<Switch>] = [
    Query("on", .boolean, summary: "whether it is on") { s, _ in .boolean(s.isOn) }
  ]
  var isOn = false
  init() {}
  var state: StateValue { ["on": .bool(isOn)] }
}

@Suite struct BooleanArgumentTests {
  private func session() throws -> Session { try CommandScriptTests.session(of: Switch.self) }

  private func on(_ s: Session) -> StateValue? { s.state(of: "switch")?["on"] }

  @Test func trueAndFalseAreArgumentsOfABooleanParameter() throws {
    let s = try session()
    try s.run(SourceFile(name: "t", text: "set true"))
    #expect(on(s) == .bool(true))
    try s.run(SourceFile(name: "t", text: "set false; flip; flip true"))
    #expect(on(s) == .bool(true))
    try s.run(SourceFile(name: "t", text: "set (not switch.on)"))
    #expect(on(s) == .bool(false))
    try s.run(SourceFile(name: "t", text: "macro force v { set $v }\nforce true"))
    #expect(on(s) == .bool(true))
    try s.perform("set", on: "switch", "false")
    #expect(on(s) == .bool(false))
    try s.perform("set", on: "switch", true)
    #expect(on(s) == .bool(true))
    #expect(s.help("set").contains("on: boolean"))
    #expect(s.completions(of: "", after: "set ") == ["false", "true"])
    #expect(s.completions(of: "f", after: "flip ") == ["false"])
    #expect(s.help("flip").contains("default false"))
  }

  @Test func anythingElseIsALocatedError() throws {
    let s = try session()
    for (text, message) in [
      ("set yes", "`on` must be a boolean (true, false), not the word `yes`"),
      ("set 1", "`on` must be a boolean (true, false), not 1"),
      ("set \"true\"", "`on` must be a boolean (true, false), not a string"),
      ("set (1 + 1)", "`on` must be a boolean, not an integer"),
    ] {
      #expect(failure(of: text, on: s) == .compile([message]), "\(text)")
    }
  }

  @Test func aBooleanArgumentIsExportedAndReadBack() throws {
    let s = try session()
    try s.run(SourceFile(name: "t", text: "set true; flip"))
    let replayed = try session()
    for entry in s.history { try replayed.run(SourceFile(name: "h", text: entry.statement)) }
    #expect(s.history.map(\.statement) == ["set true", "flip"])
    #expect(on(replayed) == on(s))
  }
}
