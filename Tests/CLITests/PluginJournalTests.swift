import Foundation
import Testing

/// A persistent plugin's state meets the journal (PLUGINS.md, "Journals and export"): a
/// resume takes every branch the live run took, a statement the journal cannot show
/// complete is in doubt and settled by asking the plugin (`applied`), a statement is not
/// done before its records line is kept (a full disk), and a plugin stopped by a fault is
/// said to keep what it did. The plugin is `Scripts/plugins/persistent/notes.py`, its notes
/// in a JSON file. (The SIGKILL loop is plugin_kill_test.py.)
@Suite("Plugin journal")
struct PluginJournalTests {
  static let notesScript = CLI.packageRoot.appendingPathComponent("Tests/CLITests/Scripts/plugins/persistent/notes.py")

  /// The notes plugin keeping its notes in `dir`/notes.json, with `options`.
  static func notes(_ dir: URL, _ options: String = "") -> [String] {
    ["--plugin", "python3 \(notesScript.path) \(dir.appendingPathComponent("notes.json").path) \(options)"]
  }

  /// The notes the plugin's file holds, in order.
  static func stored(_ dir: URL) throws -> [String] {
    let data = try Data(contentsOf: dir.appendingPathComponent("notes.json"))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return (object?["items"] as? [[String: Any]] ?? []).map { $0["text"] as? String ?? "?" }
  }

  /// The undos the plugin was sent of notes that were not there.
  static func phantoms(_ dir: URL) -> String {
    (try? String(contentsOf: dir.appendingPathComponent("notes.json.phantoms"), encoding: .utf8)) ?? ""
  }

  /// Resumes and undoes every step, showing the notes before and after each undo.
  static func unwind(_ journal: URL, _ dir: URL, steps: Int, _ options: String = "") throws -> CLI.Result {
    let input = "show notes\n" + String(repeating: "undo\nshow notes\n", count: steps)
    return try runSession(journal, input, notes(dir, options), in: dir)
  }

  @Test(
    "a resume takes the branch the live run took: the query's answer is journaled, the records stay on their commands")
  func resumeTakesTheSameBranch() throws {
    try inFolder { dir in
      let journal = dir.appendingPathComponent("s.cmdsession")
      let live = try runSession(
        journal, "notes.add \"a\"\nif notes.count < 2 { notes.add \"b\" }\nnotes.add \"c\"\n", Self.notes(dir), in: dir)
      #expect(live.status == 0, "\(live)")
      #expect(try Self.stored(dir) == ["a", "b", "c"])
      // Today's state would answer 3 and skip the `if`'s `notes.add "b"`.
      let resumed = try Self.unwind(journal, dir, steps: 3)
      #expect(resumed.status == 0, "\(resumed)")
      #expect(
        resumed.stdoutLines == ["notes: items=a,b,c", "notes: items=a,b", "notes: items=a", "notes: items="],
        "\(resumed)")
      #expect(try Self.stored(dir) == [])
      #expect(Self.phantoms(dir) == "")
    }
  }

  @Test("`execute` carries the statement's step id (the same on every resume) and why it runs: live, redo, replay")
  func executeCarriesStepAndMode() throws {
    try inFolder { dir in
      let journal = dir.appendingPathComponent("s.cmdsession")
      let log = dir.appendingPathComponent("log")
      let options = "--log \(log.path)"
      let live = try runSession(
        journal, "notes.add \"a\"\nnotes.add \"b\"\nundo\nredo\n", Self.notes(dir, options), in: dir)
      #expect(live.status == 0, "\(live)")
      let calls = try text(log).split(separator: "\n").map {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String] ?? []
      }
      #expect(calls.map { $0.last } == ["live", "live", "redo"], "\(calls)")
      let steps = calls.map { $0.first ?? "" }
      #expect(Set(steps).count == 3 && !steps.contains(""), "\(calls)")
      // Each is its statement's: the journal's salt and the statement's offset in it.
      let salt = try text(journal).split(separator: "\n")[0].split(separator: " ").last.map(String.init) ?? ""
      #expect(steps.allSatisfy { $0.hasPrefix(salt + "-") }, "\(steps) \(salt)")
    }
  }

  /// A session of `notes.add "a"` and `notes.add "b"` whose journal lost the records line
  /// of the second (the processes ended before it was written); the plugin's file holds b
  /// when `applied`, not when it never got that far.
  static func inDoubt(_ dir: URL, applied: Bool) throws -> URL {
    let journal = dir.appendingPathComponent("s.cmdsession")
    let first = try runSession(journal, "notes.add \"a\"\n", Self.notes(dir), in: dir)
    #expect(first.status == 0, "\(first)")
    let before = try Data(contentsOf: dir.appendingPathComponent("notes.json"))
    let size = try Data(contentsOf: journal).count
    let second = try runSession(journal, "notes.add \"b\"\n", Self.notes(dir), in: dir)
    #expect(second.status == 0, "\(second)")
    // Cut the journal after the statement's record, before its records line.
    var bytes = try Data(contentsOf: journal)
    let rest = bytes[size...]
    let line = try #require(rest.range(of: Data("#% plugin-records".utf8)))
    bytes = bytes[..<line.lowerBound]
    try bytes.write(to: journal)
    if !applied { try before.write(to: dir.appendingPathComponent("notes.json")) }
    return journal
  }

  @Test(
    "a statement in doubt that the plugin applied is kept, its records asked again (mode replay), and undone rightly")
  func inDoubtApplied() throws {
    try inFolder { dir in
      let journal = try Self.inDoubt(dir, applied: true)
      let resumed = try Self.unwind(journal, dir, steps: 2, "--log \(dir.appendingPathComponent("log").path)")
      #expect(resumed.status == 0, "\(resumed)")
      #expect(resumed.stderr.contains("plugin `notes` applied it: kept"), "\(resumed)")
      #expect(
        resumed.stdoutLines == ["notes: items=a,b", "notes: items=a", "notes: items="], "\(resumed)")
      #expect(try text(dir.appendingPathComponent("log")).hasSuffix("\"replay\"]\n"))
      #expect(Self.phantoms(dir) == "")
    }
  }

  @Test("a statement in doubt that the plugin never applied is left out: never done with a null record, never undone")
  func inDoubtNotApplied() throws {
    try inFolder { dir in
      let journal = try Self.inDoubt(dir, applied: false)
      let resumed = try runSession(journal, "show notes\nnotes.add \"c\"\n", Self.notes(dir), in: dir)
      #expect(resumed.stderr.contains("plugin `notes` never applied it: left out"), "\(resumed)")
      #expect(resumed.stdoutLines == ["notes: items=a"], "\(resumed)")
      #expect(try !text(journal).contains("notes.add \"b\""))
      // What runs after the resume is journaled with its records again.
      let again = try Self.unwind(journal, dir, steps: 2)
      #expect(again.stdoutLines == ["notes: items=a,c", "notes: items=a", "notes: items="], "\(again)")
      #expect(Self.phantoms(dir) == "", "an undo of what was never done")
    }
  }

  @Test("a statement in doubt whose plugin cannot say (no `applied`) is reported and left out")
  func inDoubtCannotSay() throws {
    try inFolder { dir in
      let journal = try Self.inDoubt(dir, applied: false)
      let resumed = try Self.unwind(journal, dir, steps: 2, "--no-applied")
      #expect(resumed.stderr.contains("cannot say whether it applied it"), "\(resumed)")
      #expect(resumed.stdoutLines == ["notes: items=a", "notes: items=", "notes: items="], "\(resumed)")
      #expect(Self.phantoms(dir) == "")
    }
  }

  @Test(
    "a plugin stopped by --plugin-timeout: the statement says what it was not rolled back in, and the journal keeps it")
  func timeoutSaysWhatWasKept() throws {
    try inFolder { dir in
      let journal = dir.appendingPathComponent("s.cmdsession")
      let live = try runSession(
        journal, "{ notes.add \"a\"; notes.add \"hang\" }\n", Self.notes(dir) + ["--plugin-timeout", "2"], in: dir)
      #expect(live.status != 0, "\(live)")
      #expect(live.stderr.contains("not rolled back"), "\(live)")
      #expect(live.stderr.contains("`notes.add`"), "\(live)")
      // What the report says it kept is what the plugin's file holds.
      #expect(try Self.stored(dir) == ["a", "hang"])
      let resumed = try runSession(journal, "show notes\n", Self.notes(dir), in: dir)
      #expect(resumed.stderr.contains("notes.add"), "the resume says what is still in effect: \(resumed)")
    }
  }

  @Test(
    "a full disk between a statement and its records line: the statement is not done, and the plugin is sent its undo")
  func fullDiskBeforeTheRecordsLine() throws {
    try inFolder { dir in
      // A 16 KiB file system: needs root and tmpfs (as in CI); skipped elsewhere.
      let small = dir.appendingPathComponent("tmpfs")
      try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
      guard CLI.system(["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", small.path]) else { return }
      defer { _ = CLI.system(["umount", small.path]) }
      let journal = small.appendingPathComponent("s.cmdsession")
      let plugin = Self.notes(dir, "--fill \(small.path)")
      let live = try runSession(
        journal, "notes.add \"a\"\nnotes.add \"fill\"\necho \"acknowledged\"\n", plugin, in: dir)
      #expect(live.status != 0, "\(live)")
      #expect(!live.stdout.contains("acknowledged"), "\(live)")
      #expect(live.stderr.contains("cannot keep"), "\(live)")
      // Rolled back in the plugin too (its undo freed the file system).
      #expect(try Self.stored(dir) == ["a"])
      let resumed = try Self.unwind(journal, dir, steps: 1)
      #expect(resumed.stdoutLines == ["notes: items=a", "notes: items="], "\(resumed)")
      #expect(Self.phantoms(dir) == "")
    }
  }

  @Test(
    "SIGKILL of cmdscript and its persistent plugin together: nothing acknowledged lost, no phantom step, the history the plugin's file"
  )
  func killBothTogether() throws {
    // 20 rounds here (each well under a few seconds on a debug build); the script takes
    // --rounds for longer runs (200 when the issue was closed).
    let script = CLI.packageRoot.appendingPathComponent("Tests/CLITests/plugin_kill_test.py")
    let (status, output) = try CLI.python([script.path, CLI.binary.path, "--rounds", "20"])
    #expect(status == 0, "plugin_kill_test.py failed:\n\(output)")
    #expect(output.contains("0 lost, 0 phantom steps, 0 rounds whose history differed"), "\(output)")
  }

  @Test(
    "the journal names its plugins (`#= plugin`); a resume without one says which --plugin to pass, and runs nothing")
  func resumeWithoutThePluginSaysWhichToPass() throws {
    try inFolder { dir in
      let journal = dir.appendingPathComponent("s.cmdsession")
      let live = try runSession(journal, "notes.add \"a\"\n", Self.notes(dir), in: dir)
      #expect(live.status == 0, "\(live)")
      let command = try #require(Self.notes(dir).last)
      #expect(try text(journal).contains("#= plugin notes \(command)\n"))
      let before = try text(journal)
      let bare = try runSession(journal, "show notes\n", [], in: dir)
      #expect(bare.status == 65, "\(bare)")
      #expect(bare.stderr.contains("uses plugin `notes`, not started in this run"), "\(bare)")
      #expect(bare.stderr.contains("--plugin '\(command)'"), "\(bare)")
      #expect(!bare.stderr.contains("unknown receiver"), "\(bare)")
      #expect(try text(journal) == before)
      // Named once, however often it is resumed.
      let again = try runSession(journal, "show notes\n", Self.notes(dir), in: dir)
      #expect(again.stdoutLines == ["notes: items=a"], "\(again)")
      #expect(try text(journal).components(separatedBy: "#= plugin ").count == 2)
    }
  }

  @Test("an `undo` in doubt is kept as done, and the resume says the plugin could not be asked")
  func undoInDoubt() throws {
    try inFolder { dir in
      let journal = dir.appendingPathComponent("s.cmdsession")
      let first = try runSession(journal, "notes.add \"a\"\n", Self.notes(dir), in: dir)
      #expect(first.status == 0, "\(first)")
      let size = try Data(contentsOf: journal).count
      let second = try runSession(journal, "undo\n", Self.notes(dir), in: dir)
      #expect(second.status == 0, "\(second)")
      var bytes = try Data(contentsOf: journal)
      let line = try #require(bytes[size...].range(of: Data("#% plugin-records".utf8)))
      bytes = bytes[..<line.lowerBound]
      try bytes.write(to: journal)
      let resumed = try runSession(journal, "show notes\nredo\nshow notes\n", Self.notes(dir), in: dir)
      #expect(resumed.stderr.contains("kept as done"), "\(resumed)")
      #expect(resumed.stdoutLines == ["notes: items=", "notes: items=a"], "\(resumed)")
      #expect(Self.phantoms(dir) == "")
    }
  }

  @Test("a statement in doubt that the plugin applied and that asks it a question: the resume refuses, and says why")
  func inDoubtWithAQuestionIsRefused() throws {
    try inFolder { dir in
      let journal = dir.appendingPathComponent("s.cmdsession")
      _ = try runSession(journal, "notes.add \"a\"\n", Self.notes(dir), in: dir)
      let size = try Data(contentsOf: journal).count
      _ = try runSession(journal, "if notes.count > 0 { notes.add \"b\" }\n", Self.notes(dir), in: dir)
      var bytes = try Data(contentsOf: journal)
      let line = try #require(bytes[size...].range(of: Data("#% plugin-records".utf8)))
      bytes = bytes[..<line.lowerBound]
      try bytes.write(to: journal)
      let resumed = try runSession(journal, "show notes\n", Self.notes(dir), in: dir)
      #expect(resumed.status == 65, "\(resumed)")
      #expect(resumed.stderr.contains("whose answer then cannot be known again. Resume refused"), "\(resumed)")
      #expect(resumed.stdout.isEmpty, "\(resumed)")
      #expect(try Data(contentsOf: journal) == bytes, "the file is unchanged")
    }
  }
}
