import Foundation
import Testing

/// How a run starts and stays: `-i` after files or `-c` (here with piped standard input,
/// which it then runs; the REPL side is in repl_test.py's `starting`), and no banner when
/// standard input is not a terminal.
@Suite("Starting")
struct StartingTests {
  @Test("-i -c: the text runs, then piped standard input runs in the state it made")
  func interactiveAfterCommand() throws {
    let result = try CLI.run(["-i", "-c", "macro hop { move up }; hop"], stdin: Array("hop\nshow shape\n".utf8))
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutLines == ["shape: at (0, 2), blue"], "\(result)")
    #expect(result.stderr == "", "\(result)")
  }

  @Test("-i FILE: a failure in the file does not stop standard input from running; the status says it failed")
  func interactiveAfterFile() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cmdscript-i-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data("paint red\ndoor.lock\ndoor.open\n".utf8).write(to: dir.appendingPathComponent("lib.cmd"))
    let result = try CLI.run(["-i", "lib.cmd"], stdin: Array("show shape\n".utf8), in: dir)
    #expect(result.stdoutLines == ["shape: at (0, 0), red"], "\(result)")
    #expect(result.stderrLines.first == "lib.cmd:3:1: error: the door is locked", "\(result)")
    #expect(result.status == 1, "\(result)")
  }

  @Test("-i with --check or `-` is a usage error")
  func interactiveMisused() throws {
    for arguments in [["-i", "--check", "-c", "show"], ["-i", "-"]] {
      let result = try CLI.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result)")
      #expect(result.stderr.contains("-i goes with files or -c"), "\(arguments): \(result)")
    }
  }

  @Test("piped standard input prints no banner, with or without -q")
  func noBannerOnAPipe() throws {
    for arguments in [[], ["-q"]] {
      let result = try CLI.run(arguments, stdin: Array("show door\n".utf8))
      #expect(result.status == 0, "\(arguments): \(result)")
      #expect(result.stdout == "door: closed, unlocked\n", "\(arguments): \(result)")
    }
  }
}
