import Foundation
import Testing

/// What `--session` accepts as its file: a journal of this version or of version 2 (then
/// rewritten), never a file that is no journal (an ordinary script is refused untouched;
/// a journal of cmdscript 0.1 is converted only by `--salvage-session`); and what a
/// journal keeps of a statement that failed but left something in effect.
@Suite("Session journal files")
struct JournalFileTests {
  /// The bytes and permission bits of the file at `url`.
  private func snapshot(_ url: URL) throws -> (Data, Int) {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (try Data(contentsOf: url), (attributes[.posixPermissions] as? Int) ?? -1)
  }

  @Test(
    "an ordinary script given as the session is refused untouched: nothing runs, nothing is written",
    arguments: [[], ["--safe"]])
  func ordinaryScriptRefused(_ extra: [String]) throws {
    try withJournal { journal in
      let folder = journal.deletingLastPathComponent()
      let script = folder.appendingPathComponent("tidy.cmd")
      try "move up\nexport \"out.cmd\"\nsource \"lib.cmd\"\n".write(to: script, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: script.path)
      let before = try snapshot(script)
      let result = try runSession(script, "show shape\n", extra, in: folder)
      #expect(result.status == 65, "\(result)")
      #expect(result.stdout == "", "\(result)")
      #expect(
        result.stderr.contains(
          "session \(script.path): it is not a session journal (its first line is not `#~ cmdscript session 3 …`); nothing was run and the file is unchanged"
        ), "\(result)")
      #expect(result.stderr.contains("--salvage-session NEWFILE copies its entries"), "\(result)")
      let after = try snapshot(script)
      #expect(after.0 == before.0 && after.1 == before.1, "the script was changed: \(after)")
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.cmd").path))
    }
  }

  @Test("a journal of cmdscript 0.1 (no checksums) is converted by --salvage-session, and the copy resumes")
  func version1Salvaged() throws {
    try withJournal("macro hop n {\n  move right $n\n}\nmove up\nhop 2\nundo\nmove do") { journal in
      let refused = try runSession(journal, "show shape\n")
      #expect(refused.status == 65, "\(refused)")
      let kept = journal.deletingLastPathComponent().appendingPathComponent("kept.cmdsession")
      let salvaged = try runSession(journal, "", ["--salvage-session", kept.path])
      #expect(salvaged.status == 0, "\(salvaged)")
      #expect(
        salvaged.stderr.contains(
          "kept 4 entries of \(journal.path) in \(kept.path); read as a journal in the first format, without checksums; left out an incomplete last entry (7 bytes)"
        ), "\(salvaged)")
      #expect(
        try text(kept)
          == JournalFormat.file(["macro hop n {\n  move right $n\n}", "move up", "hop 2", "undo"], like: kept))
      let resumed = try runSession(kept, "show shape\nredo\nshow shape\n")
      #expect(resumed.status == 0, "\(resumed)")
      #expect(resumed.stdoutLines == ["shape: at (0, 1), blue", "shape: at (2, 1), blue"], "\(resumed)")
      #expect(resumed.stderr == "", "\(resumed)")
    }
  }

  @Test("a journal of version 2 resumes, and is rewritten as version 3 with its permissions")
  func version2Resumes() throws {
    let entries = ["#= history-limit 5", "move up", "paint red", "undo"]
    try withJournal(JournalFormat.version2File(entries)) { journal in
      try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: journal.path)
      let result = try runSession(journal, "show shape\nmove left\n")
      #expect(result.status == 0, "\(result)")
      #expect(result.stdoutLines == ["shape: at (0, 1), blue"], "\(result)")
      #expect(result.stderr.contains("written by version 2 of the format: rewritten as version 3"), "\(result)")
      #expect(try text(journal) == JournalFormat.file(entries + ["move left"], like: journal))
      #expect(try snapshot(journal).1 == 0o640)
      let again = try runSession(journal, "undo\nshow shape\n")
      #expect(again.stdoutLines == ["shape: at (0, 1), blue"], "\(again)")
      #expect(again.stderr == "", "\(again)")
    }
  }

  @Test("a journal of a later version is refused untouched")
  func laterVersionRefused() throws {
    let content = "#~ cmdscript session 4 00000000\nmove up\n#~ 00000000 8\n"
    try withJournal(content) { journal in
      let result = try runSession(journal, "show shape\n")
      #expect(result.status == 65, "\(result)")
      #expect(result.stderr.contains("written by a later version (session 4)"), "\(result)")
      #expect(try text(journal) == content)
    }
  }

  @Test("a statement that failed but left a log line in effect is journaled as failed: the resume has the line")
  func failedStatementKept() throws {
    try withJournal { journal in
      let live = try runSession(
        journal, "move up\ntransaction { vehicle.log; door.lock; door.open }\nshow vehicle\nshow door\nshow shape\n",
        ["--on-error", "continue"])
      #expect(live.status == 1, "\(live)")
      let resumed = try runSession(journal, "show vehicle\nshow door\nshow shape\nhistory\n")
      #expect(resumed.status == 0, "\(resumed)")
      #expect(resumed.stderr == "", "\(resumed)")
      #expect(Array(resumed.stdoutLines.prefix(live.stdoutLines.count)) == live.stdoutLines, "\(live)\n\(resumed)")
      #expect(resumed.stdoutLines.last == "1  move up", "\(resumed)")
      #expect(
        try text(journal)
          == JournalFormat.file(
            ["move up", "#= failed\ntransaction { vehicle.log; door.lock; door.open }"], like: journal))
    }
  }

  @Test("a failed statement that no longer fails when replayed stops the resume")
  func failedStatementThatSucceeds() throws {
    let content = JournalFormat.file(["#= failed\nvehicle.log", "move up"])
    try withJournal(content) { journal in
      let result = try runSession(journal, "show shape\n")
      #expect(result.status == 65, "\(result)")
      #expect(result.stdout == "", "\(result)")
      #expect(result.stderr.contains(":3: this entry failed when it ran, but not when replayed"), "\(result)")
      #expect(try text(journal) == content)
    }
  }

  @Test(
    "a statement stopped by the step limit, which a replay would not stop, is kept as what it left: the resume says so")
  func stoppedStatementReported() throws {
    try withJournal { journal in
      let live = try runSession(journal, "repeat 10 { vehicle.log }\nshow vehicle\n", ["--max-steps", "4"])
      #expect(live.status == 1, "\(live)")
      let resumed = try runSession(journal, "show shape\n")
      #expect(resumed.status == 0, "\(resumed)")
      #expect(
        resumed.stderr.contains(
          "warning: session \(journal.path):4: a statement stopped from outside (interrupted, at the step limit, or its plugin stopped by a fault) left `vehicle.log` in effect, which the resume cannot do again"
        ), "\(resumed)")
    }
  }

  @Test("a call kept whole that was not answered (`#= begin` with no `#= commit`) is dropped whole at the resume")
  func unfinishedCallDropped() throws {
    let answered = ["move up", "#= begin", "move left", "move left", "#= commit"]
    let content = JournalFormat.file(answered + ["#= begin", "paint red", "move down"])
    try withJournal(content) { journal in
      let result = try runSession(journal, "show shape\nmove right\n")
      #expect(result.status == 0, "\(result)")
      #expect(result.stdoutLines == ["shape: at (-2, 1), blue"], "\(result)")
      #expect(
        result.stderr.contains(
          "session \(journal.path):12: dropped a call that was not answered (the process ended while it ran): 3 entries from this line"
        ), "\(result)")
      // Cut off the file, the chain goes on from the last answered call.
      #expect(try text(journal) == JournalFormat.file(answered + ["move right"], like: journal))
      let again = try runSession(journal, "show shape\nhistory\n")
      #expect(again.stderr == "", "\(again)")
      #expect(again.stdoutLines.first == "shape: at (-1, 1), blue", "\(again)")
    }
  }
}
