import CommandScript
import CommandScriptReceivers
import Foundation
import Testing

/// A receiver whose `trip` verb asks the session to stop, as Ctrl-C would from a signal
/// handler in the middle of a long statement.
private final class Tripwire: Receiver {
  typealias Undo = Void
  nonisolated(unsafe) static var interruption: Interruption?
  static let typeName = "tripwire"
  static let summary = "requests an interruption"
  static let verbs: [Verb<Tripwire>] = [
    Verb("trip", summary: "request a stop") { _, _ in
      interruption?.request()
    } undo: { _, _, _ in
    }
  ]
  init() {}
  var state: StateValue { [:] }
}

@Suite(.serialized) struct InterruptionTests {
  private func session() throws -> Session {
    var registry = ReceiverRegistry.builtins
    try registry.register(Tripwire.self)
    let session = Session(registry: registry)
    Tripwire.interruption = session.interruption
    return session
  }

  @Test func anInterruptedStatementIsRolledBackAndReported() throws {
    let s = try session()
    do {
      try s.run(SourceFile(name: "t", text: "repeat 1000 { move up; trip }"))
      Issue.record("expected the statement to be interrupted")
    } catch .runtime(let diagnostic) {
      #expect(diagnostic.message == "interrupted")
      // Caught at the loop's next turn, before its next command.
      #expect(diagnostic.location.column == 1)
    } catch {
      Issue.record("unexpected \(error)")
    }
    #expect(s.state(of: "shape")?["y"] == .int(0))
    #expect(s.undoCount == 0)
  }

  @Test func theNextStatementRunsNormally() throws {
    let s = try session()
    _ = try? s.run(SourceFile(name: "t", text: "{ trip; move up }"))
    try s.run(SourceFile(name: "t", text: "move up 2"))
    #expect(s.state(of: "shape")?["y"] == .int(2))
  }

  @Test func committedStatementsAreReportedAsWritten() throws {
    let s = try session()
    var committed: [String] = []
    s.onCommit = { committed.append($0) }
    try s.run(SourceFile(name: "t", text: "macro z n { move up $n }\nz 2; show; undo\nredo;  door.lock"))
    _ = try? s.run(SourceFile(name: "t", text: "door.open"))
    #expect(committed == ["macro z n { move up $n }", "z 2", "undo", "redo", "door.lock"])
  }

  @Test func aLoopThatRunsNoCommandCanBeInterrupted() throws {
    // Ctrl-C must stop a loop whose body runs no receiver command too (here 10^6 turns;
    // with larger counts it would run for hours), and a loop of `show`s.
    let s = try session()
    for text in ["{ trip; repeat 1000 { repeat 1000 { } } }", "{ trip; repeat 1000 { repeat 100 { show door } } }"] {
      #expect(throws: Session.RunError.self, "\(text)") { try s.run(SourceFile(name: "t", text: text)) }
    }
  }

  @Test func macroCallsThatRunNoCommandCanBeInterrupted() throws {
    // Six macros, each calling the one before ten times: 10^6 calls and no command (with
    // ten more levels, 10^16). The invoker checks the flag at each call too.
    var text = "macro m0 { }\n"
    for i in 1...6 {
      text += "macro m\(i) { " + Array(repeating: "m\(i - 1)", count: 10).joined(separator: "; ") + " }\n"
    }
    let s = try session()
    try s.run(SourceFile(name: "t", text: text))
    #expect(throws: Session.RunError.self) { try s.run(SourceFile(name: "t", text: "{ trip; m6 }")) }
  }

  @Test func anInterruptionStopsASourcedFileAtTheNextStatementAndSaysWhatDidNotRun() throws {
    // Ctrl-C while `source` runs (here: `trip` asks for it, then ends): the next statement
    // does not start; the definitions after it are in force (they took effect when
    // checked), so the journal gets them; the `source` says what it did not run.
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("interrupted-\(UUID()).cmd").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "move up\ntrip\nmove up\nmacro q { move left }\nmove up\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let s = try session()
    var committed: [String] = []
    var warnings: [String] = []
    s.onCommit = { committed.append($0) }
    s.onDiagnostic = { warnings.append($0.message) }
    #expect(throws: Session.RunError.self) { try s.run(SourceFile(name: "t", text: "source \"\(path)\"; move down")) }
    #expect(s.state(of: "shape")?["y"] == .int(1))
    #expect(committed == ["move up", "trip", "macro q { move left }"])
    #expect(warnings == ["`source \"\(path)\"` stopped: 3 of its 5 statements did not run"])
    s.interruption.clear()
    try s.run(SourceFile(name: "t", text: "q"))
    #expect(s.state(of: "shape")?["x"] == .int(-1))
  }

  @Test func underContinueAFailureInASourcedFileIsRolledBackAndTheRestRuns() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("continue-\(UUID()).cmd").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "move up\ndoor.lock\ndoor.open\nmove up\n".write(toFile: path, atomically: true, encoding: .utf8)
    let s = try session()
    var failures: [String] = []
    let program = try s.compile(SourceFile(name: "t", text: "source \"\(path)\"\nmove left"))
    let failed = s.execute(program) { failure in
      failures.append(failure.message)
      return true
    }
    #expect(failed == 1)
    #expect(failures == ["door: the door is locked"])
    #expect(s.state(of: "shape")?["y"] == .int(2))
    #expect(s.state(of: "shape")?["x"] == .int(-1))
    #expect(s.undoCount == 4)
  }
}
