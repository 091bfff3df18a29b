import Foundation
import Testing

// The numbers at the ends of `Int` through the tool and its journal: every statement that
// takes a number run under `--session` and the session resumed, for each number; and
// journals that already hold such statements (as the tool of 2026-11-28 wrote them before
// it died on them) resume.

@Suite struct NumericEdgeCLITests {
  /// The statements of `NumericEdgeTests`, one entry a line, with `N` as `number`.
  private func script(_ number: String) -> String {
    let templates = [
      "move up; move right; undo; move down; undo; move left 2", "undo N", "redo N", "goto N", "earlier N",
      "later N", "earlier Ns", "later Ns", "earlier Nm", "later Nh", "history N", "batch N", "batch off",
      "repeat N { move up }", "move up N", "move down N", "move left N", "move right N", "board.place N N",
      "echo (N + N)", "echo (N * -1)", "echo (N / -1)", "echo (N % -1)", "echo (-N)", "echo (N * 1.5)",
      "macro m n { move up $n }", "m N", "later N", "earlier N", "goto 0", "later N",
    ]
    return templates.map { $0.replacingOccurrences(of: "N", with: number) }.joined(separator: "\n") + "\n"
  }

  private func isCrash(_ status: Int32) -> Bool { status >= 128 || status < 0 }

  @Test func everyNumericStatementUnderASessionRunsAndResumes() throws {
    for number in [Int.min, Int.min + 1, -1, 0, 1, Int.max - 1, Int.max].map(String.init) {
      try withFolder { dir in
        let journal = dir.appendingPathComponent("edge.cmdsession").path
        let first = try CLI.run(
          ["--session", journal, "--on-error", "continue", "--max-steps", "10000", "-"],
          stdin: Array(script(number).utf8), timeout: 300)
        #expect(!first.timedOut && !isCrash(first.status), "N = \(number): \(first)")
        let resumed = try CLI.run(
          ["--session", journal, "--max-steps", "10000", "-"], stdin: Array("history\n".utf8), timeout: 300)
        #expect(!resumed.timedOut && resumed.status == 0, "N = \(number), resumed: \(resumed)")
      }
    }
  }

  /// Journals that held a statement the tool died on: each resumes, ending where the
  /// clamped move goes.
  @Test(arguments: [
    (["move up", "later 9223372036854775807"], "later"),
    (["move up", "later 2562047788015215h"], "later by time"),
    (["#= time 1800000000", "move up", "#= time 5", "move up", "earlier 9223372036854775807s"], "clock backwards"),
    (["#= time 9223372036854775807", "move up", "earlier 1s"], "time at Int.max"),
  ])
  func journalsHoldingATrapResume(entries: [String], what: String) throws {
    try withFolder { dir in
      let url = dir.appendingPathComponent("held.cmdsession")
      try JournalFormat.file(entries).write(to: url, atomically: true, encoding: .utf8)
      let resumed = try CLI.run(["--session", url.path, "-"], stdin: Array("echo resumed\n".utf8), timeout: 300)
      #expect(resumed.status == 0, "\(what): \(resumed)")
      #expect(resumed.stdoutLines.last == "resumed", "\(what): \(resumed)")
    }
  }

  /// The journal exactly as the tool wrote it before it died (status 132) on its second
  /// statement.
  @Test func theJournalTodaysToolWroteResumes() throws {
    try withFolder { dir in
      let url = dir.appendingPathComponent("later.cmdsession")
      let written = """
        #~ cmdscript session 3 25387e04
        #= time 1795872211
        #~ bc8c50cc 19
        move up
        #~ afb504b5 8
        later 9223372036854775807
        #~ 6985cebf 26

        """
      try written.write(to: url, atomically: true, encoding: .utf8)
      let resumed = try CLI.run(["--session", url.path, "-"], stdin: Array("echo (shape.y)\n".utf8), timeout: 300)
      #expect(resumed.status == 0, "\(resumed)")
      #expect(resumed.stdoutLines.last == "1", "\(resumed)")
    }
  }

  @Test func laterByTheLargestCountGoesToTheNewestState() throws {
    let result = try CLI.run(command: "move up; undo; later 9223372036854775807; echo (shape.y)")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutLines.last == "1", "\(result)")
  }
}
