import Foundation
import Testing

/// `--on-error`, `--max-steps` and `--history-limit`, run as a user would.
@Suite("error policy and limits") struct ErrorPolicyTests {
  let script = "move up; door.lock; door.open; move right; show shape"

  private func diagnostics(_ result: CLI.Result) -> [String] { result.stderrLines.filter { !$0.hasPrefix("    ") } }

  @Test func stopEndsTheRunAtTheFirstFailure() throws {
    let result = try CLI.run(command: script, ["--on-error", "stop"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(diagnostics(result) == ["<command line>:1:21: error: door: the door is locked"])
  }

  @Test func continueGoesOnAndFailsAtTheEnd() throws {
    let result = try CLI.run(command: script, ["--on-error", "continue"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdoutLines == ["shape: at (1, 1), blue"])
  }

  @Test func continueOnStandardInputToo() throws {
    let result = try CLI.run(
      ["--on-error", "continue"], stdin: Array("door.lock\ndoor.open\nmove up\nshow shape\n".utf8))
    #expect(result.status == 1, "\(result)")
    #expect(result.stdoutLines == ["shape: at (0, 1), blue"])
    #expect(diagnostics(result) == ["<stdin>:2:1: error: door: the door is locked"])
  }

  @Test func rollbackUndoesEverythingTheRunDid() throws {
    // A journal shows what the run left behind: resuming it must find the initial state.
    let journal = FileManager.default.temporaryDirectory.appendingPathComponent("policy-\(UUID()).cmd").path
    defer { try? FileManager.default.removeItem(atPath: journal) }
    let run = try CLI.run(
      ["--on-error", "rollback", "--session", journal], stdin: Array("move up\ndoor.lock\ndoor.open\nmove right\n".utf8)
    )
    #expect(run.status == 1, "\(run)")
    let resumed = try CLI.run(["--session", journal], stdin: Array("show shape\nshow door\nhistory\n".utf8))
    #expect(resumed.status == 0, "\(resumed)")
    #expect(
      resumed.stdoutLines == [
        "shape: at (0, 0), blue", "door: closed, unlocked", "1  move up   (undone)", "2  door.lock   (undone)",
      ])
  }

  @Test func anUnknownPolicyIsAUsageError() throws {
    let result = try CLI.run(command: "move up", ["--on-error", "sometimes"])
    #expect(result.status == 64, "\(result)")
  }

  /// Each command and each loop turn is a step: `repeat 5 { move up }` takes 10.
  @Test func maxStepsStopsTheStatementThatWouldExceedIt() throws {
    let result = try CLI.run(command: "repeat 5 { move up }; repeat 5 { move up }; show shape", ["--max-steps", "12"])
    #expect(result.status == 1, "\(result)")
    #expect(diagnostics(result) == ["<command line>:1:23: error: the step limit was reached"])
    let continued = try CLI.run(
      command: "repeat 5 { move up }; repeat 5 { move up }; show shape",
      ["--max-steps", "12", "--on-error", "continue"])
    #expect(continued.stdoutLines == ["shape: at (0, 5), blue"])
  }

  @Test func historyLimitKeepsTheNewestSteps() throws {
    let result = try CLI.run(
      command: "move up; move up; move up; undo 3; show shape; history", ["--history-limit", "2"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutLines == ["shape: at (0, 1), blue", "2  move up   (undone)", "3  move up   (undone)"])
    #expect(diagnostics(result) == ["<command line>:1:28: warning: only 2 of 3 steps could be undone"])
  }
}
