import Foundation
import Testing

/// A session journal's bytes, written independently of the tool: the first line with the
/// chain's salt, then each entry followed by `#~ CRC32C LENGTH`, the checksum taken over the
/// previous record's checksum (4 bytes, big-endian; the salt for the first) and the entry
/// (grammar.md, "Session journals").
enum JournalFormat {
  /// The salt of the journals the tests write.
  static let testSalt: UInt32 = 0x5A17_0001

  static func crc32c(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
    }
    return ~crc
  }

  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }

  /// A record of `entry` after the record whose checksum is `chain` (nil: version 2,
  /// unchained); and its checksum.
  static func record(_ entry: String, after chain: UInt32?) -> (text: String, crc: UInt32) {
    let body = entry.hasSuffix("\n") ? entry : entry + "\n"
    let previous = chain.map { c in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: c >> $0) } } ?? []
    let crc = crc32c(previous + Array(body.utf8))
    return (body + "#~ " + hex(crc) + " \(body.utf8.count)\n", crc)
  }

  /// The records of `entries`, chained from `salt`.
  static func records(_ entries: [String], salt: UInt32) -> [String] {
    var chain = salt
    return entries.map {
      let record = record($0, after: chain)
      chain = record.crc
      return record.text
    }
  }

  static func file(_ entries: [String], salt: UInt32 = testSalt) -> String {
    "#~ cmdscript session 3 \(hex(salt))\n" + records(entries, salt: salt).joined()
  }

  /// The journal of `entries` with the salt of the journal at `url` (written by the tool).
  static func file(_ entries: [String], like url: URL) throws -> String {
    file(entries, salt: try salt(of: url))
  }

  static func salt(of url: URL) throws -> UInt32 {
    let first = lines(try text(url)).first ?? ""
    #expect(first.hasPrefix("#~ cmdscript session 3 "), "\(first)")
    return UInt32(first.dropFirst("#~ cmdscript session 3 ".count), radix: 16) ?? 0
  }

  /// A journal of version 2: the same records, each checksum of its entry alone.
  static func version2File(_ entries: [String]) -> String {
    "#~ cmdscript session 2\n" + entries.map { record($0, after: nil).text }.joined()
  }

  /// The entries of a journal's text (its `#~` lines left out).
  static func entries(_ text: String) -> String {
    lines(text).filter { !$0.hasPrefix("#~") }.map { $0 + "\n" }.joined()
  }
}

/// Runs `body` with the path of a journal in a fresh folder (holding `content`, if given),
/// and removes the folder afterwards.
func withJournal(_ content: String? = nil, _ body: (URL) throws -> Void) throws {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cmdscript-journal-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: dir) }
  let journal = dir.appendingPathComponent("s.cmdsession")
  if let content { try Data(content.utf8).write(to: journal) }
  try body(journal)
}

func runSession(_ journal: URL, _ input: String, _ extra: [String] = [], in folder: URL? = nil) throws -> CLI.Result {
  try CLI.run(["--session", journal.path] + extra, stdin: Array(input.utf8), in: folder)
}

/// The text of the file at `url`; a journal's without its `#= time` records (which say
/// when, different at every run), its chain made again from its salt. A journal that does
/// not verify is left as it is.
func text(_ url: URL) throws -> String {
  let raw = String(decoding: try Data(contentsOf: url), as: UTF8.self)
  let header = "#~ cmdscript session 3 "
  guard raw.hasPrefix(header), raw.contains("\n#= time "), let firstBreak = raw.firstIndex(of: "\n"),
    let salt = UInt32(raw[raw.index(raw.startIndex, offsetBy: header.count)..<firstBreak], radix: 16)
  else { return raw }
  var entries: [String] = []
  var body = ""
  for line in raw[raw.index(after: firstBreak)...].split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
    if line.hasPrefix("#~ ") {
      entries.append(body)
      body = ""
    } else {
      body += line + "\n"
    }
  }
  guard body.isEmpty, JournalFormat.file(entries, salt: salt) == raw else { return raw }
  return JournalFormat.file(entries.filter { !$0.hasPrefix("#= time ") }, salt: salt)
}

/// `--session FILE` on piped standard input: the journal holds exactly the statements that
/// took effect, replaying it restores the session, a cut-off last entry is dropped, and a
/// journal in use is refused. (The REPL side, with SIGKILL, is in repl_test.py; damage,
/// a full disk and the kill loop in JournalFaultTests.)
@Suite("Session journal")
struct JournalTests {
  @Test("the journal holds what took effect: undo, redo and definitions, not questions or failures")
  func journalContent() throws {
    try withJournal { journal in
      let first = try runSession(
        journal,
        """
        macro hop n {
          move right $n
        }
        move up; show shape; paint red # a comment
        hop 2; undo
        transaction { door.lock; door.open }
        redo
        use board; history; help door
        """)
      // The transaction fails at run time and is rolled back; a stream stops there (status
      // 1), so the entries after it did not run.
      #expect(first.status == 1, "\(first)")
      #expect(
        try text(journal)
          == JournalFormat.file(
            ["macro hop n {\n  move right $n\n}", "move up", "paint red", "hop 2", "undo"], like: journal),
        "\(first)")

      // Resumed: the undone `hop 2` is on the redo stack, the macro is defined.
      let second = try runSession(journal, "show shape\nredo\nshow shape\nhistory\nhop 1\n")
      #expect(second.status == 0, "\(second)")
      #expect(
        second.stdoutLines == [
          "shape: at (0, 1), red", "shape: at (2, 1), red", "1  move up", "2  paint red", "3  hop 2",
        ], "\(second)")
      #expect(second.stderr == "", "\(second)")
      #expect(JournalFormat.entries(try text(journal)).hasSuffix("hop 2\nundo\nredo\nhop 1\n"), "\(second)")

      // A third run sees all of it.
      let third = try runSession(journal, "show shape\n")
      #expect(third.stdoutLines == ["shape: at (3, 1), red"], "\(third)")
    }
  }

  @Test("replay is quiet: no output from the statements replayed")
  func quietReplay() throws {
    try withJournal(JournalFormat.file(["move up", "undo", "undo", "redo 3"])) { journal in
      let result = try runSession(journal, "show shape\n")
      #expect(result.stdoutLines == ["shape: at (0, 1), blue"], "\(result)")
      #expect(result.stderr == "", "\(result)")
    }
  }

  @Test(
    "a last record cut off mid-write is dropped (and cut off the file); everything before it replays",
    arguments: ["move rig", "repeat 2 {\n  move up\n", "move right\n", "move right\n#~ 1234", "paint \"re"])
  func truncatedEntry(_ tail: String) throws {
    let entries = ["move up", "repeat 2 {\n  move left\n}"]
    let complete = JournalFormat.file(entries)
    try withJournal(complete + tail) { journal in
      let result = try runSession(journal, "show shape\nmove down\n")
      #expect(result.status == 0, "\(result)")
      #expect(result.stdoutLines == ["shape: at (-2, 1), blue"], "\(result)")
      #expect(
        result.stderrLines == [
          "cmdscript: session \(journal.path): dropped an incomplete last entry (\(tail.utf8.count) bytes)"
        ], "\(result)")
      #expect(try text(journal) == JournalFormat.file(entries + ["move down"]), "\(result)")
    }
  }

  @Test("an entry that no longer replays stops the resume: nothing runs, nothing is journaled, status 65")
  func brokenEntry() throws {
    let content = JournalFormat.file(["move up", "paitn red", "move up"])
    try withJournal(content) { journal in
      let result = try runSession(journal, "move left\nshow shape\n")
      #expect(result.status == 65, "\(result)")
      #expect(result.stdout == "", "\(result)")
      #expect(
        result.stderrLines.first?.hasSuffix("s.cmdsession:4:1: error: unknown command `paitn` (did you mean `paint`?)")
          == true, "\(result)")
      #expect(result.stderr.contains("s.cmdsession:4: this entry no longer replays"), "\(result)")
      #expect(try text(journal) == content)
    }
  }

  @Test("a last entry that fails when replayed was cut short by the process's end: dropped with a warning")
  func lastEntryFailing() throws {
    // Journaled before it ran; the process died before it was rolled back and withdrawn.
    let content = JournalFormat.file(["move up", "door.lock", "door.open"])
    try withJournal(content) { journal in
      let result = try runSession(journal, "show door\n")
      #expect(result.status == 0, "\(result)")
      #expect(result.stdoutLines == ["door: closed, locked"], "\(result)")
      #expect(result.stderr.contains(":6: dropped the last entry, which fails when replayed"), "\(result)")
      #expect(try text(journal) == JournalFormat.file(["move up", "door.lock"]))
    }
  }

  @Test("`source` is journaled as the statements that ran: replay never reads the file (issue 12)")
  func sourceJournaledAsItsStatements() throws {
    try withJournal { journal in
      let sub = journal.deletingLastPathComponent().appendingPathComponent("sub")
      try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
      let sourced = sub.appendingPathComponent("e.cmd")
      try "move up 7\nmacro twice { move left 2 }\n".write(to: sourced, atomically: true, encoding: .utf8)
      let first = try runSession(journal, "move left\nsource \"e.cmd\"\nmove right 3\n", in: sub)
      #expect(first.status == 0, "\(first)")
      try FileManager.default.removeItem(at: sourced)
      let second = try runSession(journal, "show shape\ntwice\nshow shape\n", in: sub)
      #expect(second.status == 0, "\(second)")
      #expect(second.stdoutLines == ["shape: at (2, 7), blue", "shape: at (0, 7), blue"], "\(second)")
      #expect(!(try text(journal)).contains("source"))
    }
  }

  @Test(
    "a failure inside a sourced file follows --on-error, and the journal replays to the live state",
    arguments: ["stop", "continue", "rollback"])
  func failureInsideSource(_ policy: String) throws {
    try withJournal { journal in
      let sourced = journal.deletingLastPathComponent().appendingPathComponent("f.cmd")
      try "move up\ndoor.lock\ndoor.open\nmove right\nmacro hop { move up 5 }\n".write(
        to: sourced, atomically: true, encoding: .utf8)
      let first = try runSession(
        journal, "move left\nsource \"\(sourced.path)\"\nshow shape\nhistory\n", ["--on-error", policy])
      #expect(first.status == 1, "\(first)")
      let live: [String]
      switch policy {
      // Each sourced statement is its own top-level statement: `continue` rolls back the
      // failing one and runs the rest of the file.
      case "continue": live = ["shape: at (0, 1), blue", "1  move left", "2  move up", "3  door.lock", "4  move right"]
      default: live = []
      }
      #expect(first.stdoutLines == live, "\(first)")
      if policy != "continue" {
        #expect(first.stderr.contains("stopped: 2 of its 5 statements did not run"), "\(first)")
      }
      let expected: (shape: String, history: [String]) =
        switch policy {
        case "stop": ("shape: at (-1, 1), blue", ["1  move left", "2  move up", "3  door.lock"])
        case "continue": ("shape: at (0, 1), blue", ["1  move left", "2  move up", "3  door.lock", "4  move right"])
        default:
          (
            "shape: at (0, 0), blue",
            ["1  move left   (undone)", "2  move up   (undone)", "3  door.lock   (undone)"]
          )
        }
      // The macro defined after the failure is in force too (it took effect when checked).
      let resumed = try runSession(journal, "show shape\nhistory\nhop\nshow shape\n")
      #expect(resumed.status == 0, "\(resumed)")
      #expect(resumed.stdoutLines.first == expected.shape, "\(resumed)")
      #expect(Array(resumed.stdoutLines.dropFirst().prefix(expected.history.count)) == expected.history, "\(resumed)")
      #expect(resumed.stdoutLines.count == expected.history.count + 2, "\(resumed)")
    }
  }

  @Test("a queued statement that failed in the journal's replay does not fail the run that resumes it")
  func queuedFailureInTheJournal() throws {
    try withJournal { journal in
      let first = try runSession(journal, "queue move up\nqueue transaction { door.lock; door.open }\nrun\n")
      // The queue run itself fails the run that ran it.
      #expect(first.status == 1, "\(first)")
      #expect(JournalFormat.entries(try text(journal)).contains("run\n"), "\(first)")
      let resumed = try runSession(journal, "show shape\n")
      #expect(resumed.status == 0, "\(resumed)")
      #expect(resumed.stdoutLines == ["shape: at (0, 1), blue"], "\(resumed)")
      #expect(resumed.stderr == "", "\(resumed)")
      // A queued statement that fails in this run still fails it.
      let again = try runSession(journal, "queue transaction { door.lock; door.open }\nrun\n")
      #expect(again.status == 1, "\(again)")
    }
  }

  @Test("--history-limit is journaled and in force again on resume")
  func historyLimitJournaled() throws {
    try withJournal { journal in
      let first = try runSession(journal, "move up\nmove up\nmove up\nmove up\n", ["--history-limit", "2"])
      #expect(first.status == 0, "\(first)")
      #expect(try text(journal).contains("#= history-limit 2\n"))
      let second = try runSession(journal, "undo 4\nshow shape\n")
      #expect(second.stdoutLines == ["shape: at (0, 2), blue"], "\(second)")
      #expect(second.stderr.contains("only 2 of 4 steps could be undone"), "\(second)")
      // A different limit on the command line goes in force, journaled, after the replay.
      let third = try runSession(journal, "move up\nmove up\nmove up\nundo 9\nshow shape\n", ["--history-limit", "3"])
      #expect(third.stdoutLines == ["shape: at (0, 2), blue"], "\(third)")
      let fourth = try runSession(journal, "redo 9\nshow shape\n")
      #expect(fourth.stdoutLines == ["shape: at (0, 5), blue"], "\(fourth)")
    }
  }

  @Test("--max-steps limits the run, not the replay")
  func maxStepsNotOnReplay() throws {
    try withJournal(JournalFormat.file(["repeat 10 { move up }", "move left"])) { journal in
      let result = try runSession(journal, "show shape\nundo\nshow shape\n", ["--max-steps", "3"])
      #expect(result.status == 0, "\(result)")
      #expect(result.stdoutLines == ["shape: at (-1, 10), blue", "shape: at (0, 10), blue"], "\(result)")
      #expect(result.stderr == "", "\(result)")
    }
  }

  @Test("a journal in use by another cmdscript is refused with status 66")
  func locked() throws {
    try withJournal { journal in
      let holder = try Interactive(["--session", journal.path])
      holder.send("move up\nshow shape\n")
      #expect(holder.waitFor("shape: at (0, 1)"))
      let refused = try runSession(journal, "move up\n")
      #expect(refused.status == 66, "\(refused)")
      #expect(
        refused.stderr.contains("cannot open the session \(journal.path): another cmdscript is using it"), "\(refused)")
      #expect(holder.finish() == 0)
      // Released at exit: usable again.
      let again = try runSession(journal, "show shape\n")
      #expect(again.stdoutLines == ["shape: at (0, 1), blue"], "\(again)")
    }
  }

  @Test("a journal that cannot be created: status 66")
  func unwritable() throws {
    let result = try CLI.run(["--session", "/nonexistent/folder/s.cmdsession"], stdin: Array("show\n".utf8))
    #expect(result.status == 66, "\(result)")
    #expect(result.stderr.contains("cannot open the session /nonexistent/folder/s.cmdsession"), "\(result)")
  }
}
