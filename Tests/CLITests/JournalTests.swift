import Foundation
import Testing

/// `--session FILE` on piped standard input: the journal holds exactly the statements that
/// took effect, replaying it restores the session, a cut-off last entry is dropped, and a
/// journal in use is refused. (The REPL side, with SIGKILL, is in repl_test.py.)
@Suite("Session journal")
struct JournalTests {
  /// Runs `body` with the path of a journal in a fresh folder (holding `content`, if
  /// given), and removes the folder afterwards.
  private func withJournal(_ content: String? = nil, _ body: (URL) throws -> Void) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cmdscript-journal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let journal = dir.appendingPathComponent("s.cmdsession")
    if let content { try Data(content.utf8).write(to: journal) }
    try body(journal)
  }

  private func run(_ journal: URL, _ input: String) throws -> CLI.Result {
    try CLI.run(["--session", journal.path], stdin: Array(input.utf8))
  }

  private func text(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
  }

  @Test("the journal holds what took effect: undo, redo and definitions, not questions or failures")
  func journalContent() throws {
    try withJournal { journal in
      let first = try run(
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
        try text(journal) == """
          macro hop n {
            move right $n
          }
          move up
          paint red
          hop 2
          undo

          """, "\(first)")

      // Resumed: the undone `hop 2` is on the redo stack, the macro is defined.
      let second = try run(journal, "show shape\nredo\nshow shape\nhistory\nhop 1\n")
      #expect(second.status == 0, "\(second)")
      #expect(
        second.stdoutLines == [
          "shape: at (0, 1), red", "shape: at (2, 1), red", "1  move up", "2  paint red", "3  hop 2",
        ], "\(second)")
      #expect(second.stderr == "", "\(second)")
      #expect(try text(journal).hasSuffix("hop 2\nundo\nredo\nhop 1\n"), "\(second)")

      // A third run sees all of it.
      let third = try run(journal, "show shape\n")
      #expect(third.stdoutLines == ["shape: at (3, 1), red"], "\(third)")
    }
  }

  @Test("replay is quiet: no output from the statements replayed")
  func quietReplay() throws {
    try withJournal("move up\nundo\nundo\nredo 3\n") { journal in
      let result = try run(journal, "show shape\n")
      #expect(result.stdoutLines == ["shape: at (0, 1), blue"], "\(result)")
      #expect(result.stderr == "", "\(result)")
    }
  }

  @Test(
    "a last entry cut off mid-write is dropped (and cut off the file); everything before it replays",
    arguments: ["move rig", "repeat 2 {\n  move up\n", "move right", "paint \"re"])
  func truncatedEntry(_ tail: String) throws {
    try withJournal { journal in
      let complete = "move up\nrepeat 2 {\n  move left\n}\n"
      try Data((complete + tail).utf8).write(to: journal)
      let result = try run(journal, "show shape\nmove down\n")
      #expect(result.status == 0, "\(result)")
      #expect(result.stdoutLines == ["shape: at (-2, 1), blue"], "\(result)")
      #expect(
        result.stderrLines == [
          "cmdscript: session \(journal.path): dropped an incomplete last entry (\(tail.utf8.count) bytes)"
        ], "\(result)")
      #expect(try text(journal) == complete + "move down\n", "\(result)")
    }
  }

  @Test("an entry that no longer compiles is reported, and the rest replays")
  func brokenEntry() throws {
    try withJournal("move up\npaitn red\nmove up\n") { journal in
      let result = try run(journal, "show shape\n")
      #expect(result.stdoutLines == ["shape: at (0, 2), blue"], "\(result)")
      #expect(
        result.stderrLines.first?.hasSuffix("s.cmdsession:2:1: error: unknown command `paitn` (did you mean `paint`?)")
          == true, "\(result)")
    }
  }

  @Test("a journal in use by another cmdscript is refused with status 66")
  func locked() throws {
    try withJournal { journal in
      let holder = try Interactive(["--session", journal.path])
      holder.send("move up\nshow shape\n")
      #expect(holder.waitFor("shape: at (0, 1)"))
      let refused = try run(journal, "move up\n")
      #expect(refused.status == 66, "\(refused)")
      #expect(
        refused.stderr.contains("cannot open the session \(journal.path): another cmdscript is using it"), "\(refused)")
      #expect(holder.finish() == 0)
      // Released at exit: usable again.
      let again = try run(journal, "show shape\n")
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
