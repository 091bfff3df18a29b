import Foundation
import Testing

/// A device, FIFO or directory given as a script, a session or to `source` is a clear
/// error, never a crash, a hang or an unbounded read; a script that is a pipe is read to
/// its end.
@Suite("Files that are not files")
struct NotAFileTests {
  @Test(arguments: ["/dev/full", "/dev/zero", "fifo", "folder"])
  func aSessionThatIsNotAFileIsRefused(path: String) throws {
    try withFolder { dir in
      #expect(mkfifo(dir.appendingPathComponent("fifo").path, 0o600) == 0)
      try FileManager.default.createDirectory(
        at: dir.appendingPathComponent("folder"), withIntermediateDirectories: true)
      let result = try CLI.run(["--session", path], stdin: Array("move up\n".utf8), in: dir)
      #expect(!result.timedOut)
      #expect(result.status == 66, "\(result)")
      #expect(result.stderrLines.count == 1, "\(result)")
      #expect(result.stderr.hasPrefix("cmdscript: cannot open the session \(path): "), "\(result)")
    }
  }

  @Test(arguments: [
    ("/dev/zero", "it is a device, not a regular file"), ("/dev/full", "it is a device, not a regular file"),
    ("folder", "Is a directory"),
  ])
  func aScriptThatIsNotAFileIsRefused(path: String, reason: String) throws {
    try withFolder { dir in
      try FileManager.default.createDirectory(
        at: dir.appendingPathComponent("folder"), withIntermediateDirectories: true)
      let result = try CLI.run([path], in: dir)
      #expect(result.status == 66, "\(result)")
      #expect(result.stderrLines == ["cmdscript: cannot read \(path): \(reason)"], "\(result)")
    }
  }

  /// A FIFO whose writer was started first and writes and closes at once, as soon as the
  /// tool opens the FIFO: every byte arrives, and the run ends. (The FIFO was once opened,
  /// closed and opened again, which lost such a writer's bytes about two times in three and
  /// then waited for ever.)
  @Test func aFIFOScriptFromAFastWriterLosesNothing() throws {
    try withFolder { dir in
      let path = dir.appendingPathComponent("fifo").path
      #expect(mkfifo(path, 0o600) == 0)
      for attempt in 1...20 {
        let writer = Thread {
          let fd = open(path, O_WRONLY)
          let text: StaticString = "echo \"ran\"\n"
          _ = write(fd, text.utf8Start, text.utf8CodeUnitCount)
          close(fd)
        }
        writer.start()
        // The writer is waiting in `open` for a reader before the tool starts.
        usleep(5000)
        let result = try CLI.run([path])
        if result.timedOut {
          // Let a writer still waiting go.
          close(open(path, O_RDONLY | O_NONBLOCK))
        }
        #expect(result.status == 0 && result.stdout == "ran\n", "attempt \(attempt): \(result)")
        guard result.stdout == "ran\n" else { break }
      }
    }
  }

  /// A script operand that is a pipe is read to its end, as bash reads `bash <(...)`.
  @Test func aScriptFromProcessSubstitutionRuns() throws {
    let result = try CLI.shell("\"$CMDSCRIPT\" -f <(printf 'move up\\nshow shape\\n') <(echo 'move left; show shape')")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutLines == ["shape: at (0, 1), blue", "shape: at (-1, 1), blue"], "\(result)")
  }

  /// `source` of a device, FIFO or directory is a located compile error, at once.
  @Test func sourceOfWhatIsNotAFileIsALocatedError() throws {
    try withFolder { dir in
      #expect(mkfifo(dir.appendingPathComponent("fifo").path, 0o600) == 0)
      try FileManager.default.createDirectory(
        at: dir.appendingPathComponent("folder"), withIntermediateDirectories: true)
      let run = try CLI.run(
        ["-c", "move up\nsource \"/dev/zero\"\nsource \"fifo\"\nsource \"folder\""], in: dir)
      #expect(!run.timedOut)
      #expect(run.status == 65, "\(run)")
      let errors = run.stderrLines.filter { $0.contains("error:") }
      #expect(
        errors == [
          "<command line>:2:1: error: cannot read `/dev/zero`: it is a device, not a regular file",
          "<command line>:3:1: error: cannot read `fifo`: it is a FIFO, not a regular file",
          "<command line>:4:1: error: cannot read `folder`: Is a directory",
        ], "\(run)")
    }
  }
}
