import Foundation
import Testing

/// When `--session FILE` makes its file: only with its first record (a run that journals
/// nothing leaves no file that a later resume would take for an empty session), and never
/// through a symbolic link to a file that does not exist.
@Suite("Session journal creation")
struct SessionCreationTests {
  @Test("a run that journals nothing (a compile error, a usage error) leaves no journal behind")
  func nothingJournaledNoFile() throws {
    try withJournal { journal in
      let failed = try runSession(journal, "paitn red\n")
      #expect(failed.status == 65, "\(failed)")
      #expect(!FileManager.default.fileExists(atPath: journal.path), "an empty journal was left behind")
      let shown = try runSession(journal, "show shape\n")
      #expect(shown.status == 0, "\(shown)")
      #expect(!FileManager.default.fileExists(atPath: journal.path), "`show` changes nothing: no journal")
      let moved = try runSession(journal, "move up\n")
      #expect(moved.status == 0, "\(moved)")
      #expect(try JournalFormat.entries(text(journal)) == "move up\n")
      let resumed = try runSession(journal, "show shape\n")
      #expect(resumed.stdoutLines == ["shape: at (0, 1), blue"], "\(resumed)")
    }
  }

  @Test("a session in a folder that does not exist is refused at once, as before")
  func missingFolder() throws {
    try withJournal { journal in
      let inside = journal.deletingLastPathComponent().appendingPathComponent("nowhere/s.cmdsession")
      let result = try runSession(inside, "move up\n")
      #expect(result.status == 66, "\(result)")
      #expect(
        result.stderrLines == ["cmdscript: cannot open the session \(inside.path): No such file or directory"],
        "\(result)")
    }
  }

  @Test("a symbolic link to a file that does not exist is refused, and its target not created")
  func danglingSymbolicLink() throws {
    try withJournal { journal in
      let folder = journal.deletingLastPathComponent()
      let target = folder.appendingPathComponent("target.cmdsession")
      #expect(symlink(target.path, journal.path) == 0)
      let result = try runSession(journal, "move up\n")
      #expect(result.status == 66, "\(result)")
      #expect(
        result.stderrLines == [
          "cmdscript: cannot open the session \(journal.path): it is a symbolic link to a file that does not exist"
        ], "\(result)")
      #expect(!FileManager.default.fileExists(atPath: target.path), "the link's target was created")
    }
  }

  @Test("a symbolic link to an existing journal is followed, as before")
  func symbolicLinkToAJournal() throws {
    try withJournal { journal in
      let folder = journal.deletingLastPathComponent()
      #expect(try runSession(journal, "move up\n").status == 0)
      let link = folder.appendingPathComponent("link.cmdsession")
      #expect(symlink(journal.path, link.path) == 0)
      let result = try runSession(link, "move left\nshow shape\n")
      #expect(result.stdoutLines == ["shape: at (-1, 1), blue"], "\(result)")
      #expect(try JournalFormat.entries(text(journal)) == "move up\nmove left\n")
    }
  }
}
