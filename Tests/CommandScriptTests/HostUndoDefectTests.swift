import CommandScript
import CommandScriptObservation
import CommandScriptReceivers
import Testing

/// A text whose records are splices, and a verb declared not undoable that replaces it
/// (loading a file, say).
final class SplicedText: Receiver {
  typealias Undo = Splice<String>
  static let typeName = "text"
  static let summary = "a text for tests"
  static let verbs: [Verb<SplicedText>] = [
    Verb("insert", .string("text"), summary: "append text", restoring: \.text) { $0.text += $1 },
    Verb(notUndoable: "load", [Parameter("text", .string)], summary: "replace the text") { text, args in
      text.text = args.string(0)
    },
  ]
  var text = ""
  init() {}
  var state: StateValue { .string(text) }
}

/// Defects an app found in the host API's undo: the model and the saved mark, the group's
/// error type, moves that cannot be made, records spoilt by a verb declared not undoable,
/// the words for an integer of any size.
@Suite struct HostUndoDefectTests {
  @Test func theModelNoticesTheSessionsOwnSavedMark() throws {
    let s = Session(registry: .builtins)
    let model = SessionModel(session: s)
    try s.perform("move", on: "shape", "up")
    #expect(!model.isAtSavedState)
    s.markSaved()
    #expect(model.isAtSavedState && model.historyTree.saved == 1)
  }

  @Test func aGroupThrowsTheSessionsRunError() {
    let s = Session(registry: .builtins)
    do {
      try s.group("Paste") { calls in calls.perform("fly", on: "shape") }
      Issue.record("the group ran")
    } catch {
      // Typed: `error` is a `Session.RunError`, as `perform`'s is.
      guard case .compile(let errors) = error else { return #expect(Bool(false)) }
      #expect(errors.diagnostics.first?.message.contains("fly") == true)
    }
  }

  private func counterSession() -> Session {
    var registry = ReceiverRegistry.builtins
    try! registry.register(TestCounter.self)
    let s = Session(registry: registry)
    s.onDiagnostic = { _ in }
    return s
  }

  @Test func aMoveThatCannotBeMadeThrowsHavingChangedNothing() throws {
    let s = counterSession()
    try s.run(SourceFile(name: "t", text: "bump 1; { bump 5; check; counter.log stop }; undo 2"))
    // The log stayed (`log` is not undoable), so redoing step 2 fails at `check`.
    #expect(s.state(of: "counter")?["count"] == .int(0))
    var changes = 0
    let observation = s.observeChanges { _ in changes += 1 }
    for later in [false, true] {
      do throws(Session.RunError) {
        if later { try s.later(2) } else { try s.goto(2) }
        Issue.record("the move did not throw")
      } catch {
        guard case .runtime(let diagnostic) = error else { return #expect(Bool(false)) }
        #expect(diagnostic.message.hasSuffix("counter: the log says stop; nothing was moved"), "\(diagnostic.message)")
      }
      #expect(s.state(of: "counter")?["count"] == .int(0) && s.undoCount == 0 && s.redoCount == 2)
      #expect(s.historyTree.current == 0)
    }
    #expect(changes == 0)
    withExtendedLifetime(observation) {}
  }

  @Test func aRecordSpoiltByAVerbNotUndoableNamesThatVerb() throws {
    var registry = ReceiverRegistry()
    try registry.register(SplicedText.self)
    let s = Session(registry: registry)
    try s.perform("insert", on: "text", "abc")
    try s.perform("load", on: "text", "a longer text")
    do {
      try s.undo()
      Issue.record("the undo did not throw")
    } catch {
      guard case .runtime(let diagnostic) = error else { return #expect(Bool(false)) }
      #expect(
        diagnostic.message.contains("`text.load`, declared not undoable, changed it since"), "\(diagnostic.message)")
    }
    #expect(s.state(of: "text") == .string("a longer text"))
  }

  @Test func anIntegerOfAnySizeIsAnInteger() throws {
    final class Dial: Receiver {
      typealias Undo = Int
      static let typeName = "dial"
      static let summary = "a dial"
      static let verbs: [Verb<Dial>] = [
        Verb("turn", .integer("by"), summary: "turn by", restoring: \.angle) { $0.angle += $1 }
      ]
      var angle = 0
      init() {}
      var state: StateValue { .int(angle) }
    }
    var registry = ReceiverRegistry()
    try registry.register(Dial.self)
    let s = Session(registry: registry)
    do {
      try s.run(SourceFile(name: "t", text: "dial.turn left"))
      Issue.record("it compiled")
    } catch {
      guard case .compile(let errors) = error else { return #expect(Bool(false)) }
      #expect(errors.diagnostics.first?.message == "`by` must be an integer, not the word `left`", "\(errors)")
    }
    #expect(ParameterKind.integer(Int.min...Int.max).description == "integer")
  }
}
