import Foundation
import Testing

/// How a run starts and stays: `-f FILE` in order with `-c`, `-i` after files or `-c`
/// (here with piped standard input, which it then runs; the REPL side is in
/// repl_test.py's `starting`), and no banner when standard input is not a terminal.
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
    #expect(result.stderrLines.first == "lib.cmd:3:1: error: door: the door is locked", "\(result)")
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

  /// A fresh folder with the files `-f` tests use.
  private func scripts() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cmdscript-f-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let files = [
      "defs.cmd": "macro zig n { move up $n; move right $n }\n", "show.cmd": "show shape\n",
      "bad.cmd": "paitn red\n",
    ]
    for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
    return dir
  }

  @Test("-f files and -c run in the order written, in one session")
  func filesInOrderWithCommand() throws {
    let dir = try scripts()
    defer { try? FileManager.default.removeItem(at: dir) }
    let cases: [([String], [String])] = [
      (["-f", "defs.cmd", "-c", "zig 2", "-f", "show.cmd"], ["shape: at (2, 2), blue"]),
      (["-f", "show.cmd", "-c", "move up", "-f", "show.cmd"], ["shape: at (0, 0), blue", "shape: at (0, 1), blue"]),
      (["-c", "move up", "-f", "show.cmd", "-f", "show.cmd"], ["shape: at (0, 1), blue", "shape: at (0, 1), blue"]),
      (["-f", "defs.cmd", "-f", "show.cmd"], ["shape: at (0, 0), blue"]),
      (
        ["-c", "move up", "-f", "show.cmd", "-c", "move right", "-c", "move right", "-f", "show.cmd"],
        ["shape: at (0, 1), blue", "shape: at (2, 1), blue"]
      ),
      (
        ["--on-error", "continue", "-f", "show.cmd", "--json", "-c", "move up", "-f", "show.cmd"],
        [
          #"{"receiver": "shape", "state": {"x": 0, "y": 0, "color": "blue"}, "view": {"path": [[0, 0]]}}"#,
          #"{"receiver": "shape", "state": {"x": 0, "y": 1, "color": "blue"}, "view": {"path": [[0, 0], [0, 1]]}}"#,
        ]
      ),
    ]
    for (arguments, expected) in cases {
      let result = try CLI.run(arguments, in: dir)
      #expect(result.status == 0, "\(arguments): \(result)")
      #expect(result.stdoutLines == expected, "\(arguments): \(result)")
      #expect(result.stderr == "", "\(arguments): \(result)")
    }
  }

  @Test("-f: every file and -c are checked before any runs; a file that cannot be read runs nothing")
  func filesCheckedWhole() throws {
    let dir = try scripts()
    defer { try? FileManager.default.removeItem(at: dir) }
    let bad = try CLI.run(["-f", "show.cmd", "-c", "show door", "-f", "bad.cmd"], in: dir)
    #expect(bad.status == 65, "\(bad)")
    #expect(bad.stdout == "", "\(bad)")
    #expect(bad.stderrLines.first == "bad.cmd:1:1: error: unknown command `paitn` (did you mean `paint`?)", "\(bad)")
    let missing = try CLI.run(["-f", "show.cmd", "-f", "nope.cmd"], in: dir)
    #expect(missing.status == 66, "\(missing)")
    #expect(missing.stdout == "", "\(missing)")
    let checked = try CLI.run(["--check", "-f", "defs.cmd", "-c", "zig 1"], in: dir)
    #expect(checked.status == 0 && checked.stdout == "", "\(checked)")
  }

  @Test("-f with `-`, or --session with --check, is a usage error")
  func filesMisused() throws {
    for arguments in [["-f", "show.cmd", "-"], ["--session", "/nonexistent/s", "--check", "-f", "show.cmd"]] {
      let result = try CLI.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result)")
    }
  }
}
