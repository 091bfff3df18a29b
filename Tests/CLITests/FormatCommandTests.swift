import Foundation
import Testing

/// `cmdscript fmt`: in place, `--check`, standard input, and its failures.
@Suite struct FormatCommandTests {
  private func folder(_ files: [String: String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cmdscript-fmt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, text) in files {
      try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return url
  }

  private func contents(_ dir: URL, _ name: String) throws -> String {
    try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
  }

  @Test func filesAreRewrittenInPlaceKeepingTheirMode() throws {
    let dir = try folder(["a.cmd": "#!/usr/bin/env cmdscript\nrepeat 2 {move up}\n", "b.cmd": "move up\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = dir.appendingPathComponent("a.cmd").path
    #expect(chmod(script, 0o755) == 0)
    let result = try CLI.run(["fmt", "a.cmd", "b.cmd"], in: dir)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "" && result.stderr == "", "\(result)")
    #expect(try contents(dir, "a.cmd") == "#!/usr/bin/env cmdscript\nrepeat 2 { move up }\n")
    #expect(try contents(dir, "b.cmd") == "move up\n")
    var info = stat()
    #expect(stat(script, &info) == 0 && info.st_mode & 0o777 == 0o755)
  }

  @Test func checkListsWhatWouldChangeAndChangesNothing() throws {
    let dir = try folder(["ugly.cmd": "move  up\n", "fine.cmd": "move up\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLI.run(["fmt", "--check", "ugly.cmd", "fine.cmd"], in: dir)
    #expect(result.status == 1, "\(result)")
    #expect(result.stdoutLines == ["ugly.cmd"], "\(result)")
    #expect(try contents(dir, "ugly.cmd") == "move  up\n")
    let clean = try CLI.run(["fmt", "--check", "fine.cmd"], in: dir)
    #expect(clean.status == 0 && clean.stdout == "", "\(clean)")
  }

  @Test func standardInputIsFormattedToStandardOutput() throws {
    let result = try CLI.run(["fmt", "-"], stdin: Array("if door.locked{door.unlock}\n\n\n# done\n".utf8))
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "if door.locked { door.unlock }\n\n# done\n", "\(result)")
  }

  @Test func withNoFileStandardInputIsFormatted() throws {
    let result = try CLI.run(["fmt"], stdin: Array("move  up;paint red\n".utf8))
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "move up; paint red\n", "\(result)")
  }

  @Test func diffShowsWhatWouldChangeAndChangesNothing() throws {
    let ugly = "# a square\nrepeat 4 {\nmove up\n}\n\n\n\nshow\n"
    let dir = try folder(["ugly.cmd": ugly, "fine.cmd": "show\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLI.run(["fmt", "--diff", "ugly.cmd", "fine.cmd"], in: dir)
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdoutLines == [
        "--- ugly.cmd", "+++ ugly.cmd (formatted)", "@@ -1,8 +1,6 @@", " # a square", " repeat 4 {", "-move up",
        "+  move up", " }", " ", "-", "-", " show",
      ], "\(result)")
    #expect(try contents(dir, "ugly.cmd") == ugly)
    let checked = try CLI.run(["fmt", "--check", "--diff", "ugly.cmd", "fine.cmd"], in: dir)
    #expect(checked.status == 1 && checked.stdout == result.stdout, "\(checked)")
    let clean = try CLI.run(["fmt", "--diff", "fine.cmd"], in: dir)
    #expect(clean.status == 0 && clean.stdout == "", "\(clean)")
  }

  @Test func aFileWithSyntaxErrorsIsLeftAsItIs() throws {
    let dir = try folder(["bad.cmd": "repeat 2 {  move up\n", "good.cmd": "move  up\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLI.run(["fmt", "bad.cmd", "good.cmd"], in: dir)
    #expect(result.status == 65, "\(result)")
    #expect(result.stderrLines.first == "bad.cmd:1:20: error: expected `}` to close `{` opened at 1:10", "\(result)")
    #expect(try contents(dir, "bad.cmd") == "repeat 2 {  move up\n")
    #expect(try contents(dir, "good.cmd") == "move up\n")
  }

  @Test func usageAndUnreadableFiles() throws {
    let both = try CLI.run(["fmt", "-", "a.cmd"])
    #expect(both.status == 64, "\(both)")
    let missing = try CLI.run(["fmt", "/nonexistent/x.cmd"])
    #expect(missing.status == 66, "\(missing)")
    #expect(
      missing.stderrLines == ["cmdscript: cannot read /nonexistent/x.cmd: No such file or directory"], "\(missing)")
  }

  @Test func aSessionJournalIsNeverFormatted() throws {
    try withJournal { journal in
      let made = try runSession(journal, "repeat 2 {move up}\nmove  left\n")
      #expect(made.status == 0, "\(made)")
      let before = try Data(contentsOf: journal)
      for arguments in [["fmt", journal.path], ["fmt", "--check", journal.path]] {
        let result = try CLI.run(arguments)
        #expect(result.status == 65, "\(result)")
        #expect(
          result.stderrLines == [
            "cmdscript: cannot format \(journal.path): it is a session journal (--session), whose checksums would no longer match"
          ], "\(result)")
        #expect(result.stdout == "", "\(result)")
      }
      let piped = try CLI.run(["fmt", "-"], stdin: Array(before))
      #expect(piped.status == 65 && piped.stdout == "", "\(piped)")
      #expect(try Data(contentsOf: journal) == before)
      let resumed = try runSession(journal, "show shape\n")
      #expect(resumed.stdoutLines == ["shape: at (-1, 2), blue"], "\(resumed)")
    }
  }
}
