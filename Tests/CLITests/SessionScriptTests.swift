import Foundation
import Testing

/// `--session` with a script, `-c` or `-` and their arguments: the statements are journaled
/// with the arguments they ran with (`#= arguments`), so that a resume replays the same
/// script.
@Suite("Session journals of scripts with arguments")
struct SessionScriptTests {
  private let patrol = "repeat $1 { move up }\npaint $2\n"

  /// The journal's lines, without its `#~` check lines and `#= time` records.
  private func journalLines(_ journal: URL) throws -> [String] {
    lines(try text(journal)).filter { !$0.hasPrefix("#~") && !$0.hasPrefix("#= time ") }
  }

  @Test("--session J script.cmd 2 red: journaled with its arguments, and resumed the same")
  func scriptWithArguments() throws {
    try withJournal { journal in
      let folder = journal.deletingLastPathComponent()
      try Data(patrol.utf8).write(to: folder.appendingPathComponent("patrol.cmd"))
      let run = try CLI.run(["--session", journal.path, "patrol.cmd", "2", "red"], in: folder)
      #expect(run.status == 0 && run.stderr == "", "\(run)")
      #expect(try journalLines(journal) == ["#= arguments =2 =red", "repeat $1 { move up }", "paint $2"])
      // Piped statements after it have no arguments: the journal says so before them.
      let resumed = try runSession(journal, "show shape\nmove left\n")
      #expect(resumed.stdoutLines == ["shape: at (0, 2), red"], "\(resumed)")
      #expect(resumed.stderr == "", "a pipe resumes silently: \(resumed)")
      #expect(
        try journalLines(journal) == [
          "#= arguments =2 =red", "repeat $1 { move up }", "paint $2", "#= arguments", "move left",
        ])
      let again = try runSession(journal, "show shape\nundo 2\nshow shape\n")
      #expect(again.stdoutLines == ["shape: at (-1, 2), red", "shape: at (0, 2), blue"], "\(again)")
    }
  }

  @Test("--session J - 2 red < script: the same, from standard input")
  func standardInputWithArguments() throws {
    try withJournal { journal in
      let run = try CLI.run(["--session", journal.path, "-", "2", "red"], stdin: Array(patrol.utf8))
      #expect(run.status == 0 && run.stderr == "", "\(run)")
      #expect(try journalLines(journal) == ["#= arguments =2 =red", "repeat $1 { move up }", "paint $2"])
      let resumed = try runSession(journal, "show shape\n")
      #expect(resumed.stdoutLines == ["shape: at (0, 2), red"], "\(resumed)")
    }
  }

  @Test("--session J -c TEXT ARG: arguments with spaces, `%` and line breaks are journaled exactly")
  func commandLineWithArguments() throws {
    try withJournal { journal in
      let odd = "a b%c\nd"
      let run = try CLI.run(["--session", journal.path, "-c", "network.request $1", odd])
      #expect(run.status == 0 && run.stderr == "", "\(run)")
      #expect(try journalLines(journal) == ["#= arguments =a%20b%25c%0Ad", "network.request $1"])
      let resumed = try runSession(journal, "show network\n")
      #expect(resumed.status == 0, "\(resumed)")
      let direct = try CLI.run(["-c", "network.request $1; show network", odd])
      #expect(resumed.stdoutLines == direct.stdoutLines && !direct.stdoutLines.isEmpty, "\(resumed)\n\(direct)")
    }
  }

  @Test("a script whose arguments do not fit journals nothing and leaves no journal")
  func refusedScriptLeavesNoJournal() throws {
    try withJournal { journal in
      let folder = journal.deletingLastPathComponent()
      try Data(patrol.utf8).write(to: folder.appendingPathComponent("patrol.cmd"))
      let run = try CLI.run(["--session", journal.path, "patrol.cmd", "2", "red", "extra"], in: folder)
      #expect(run.status == 65, "\(run)")
      #expect(!FileManager.default.fileExists(atPath: journal.path))
    }
  }
}
