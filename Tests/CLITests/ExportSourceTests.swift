import Foundation
import Testing

/// `export` and `source`, run as a user would, with real files.
@Suite("export and source") struct ExportSourceTests {
  private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cmdscript-export-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func anExportedHistoryReachesTheSameStateOnFreshReceivers() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = """
      macro zig n { move up $n; move right $n }
      zig 2
      use door
      macro zig n { move left $n }
      zig 1
      new door back
      back.lock
      repeat 2 { open; close; paint teal }
      transaction { board.place 2 2; network.request "https://example.org/a" }
      undo
      redo
      paint red
      undo
      export "\(dir.path)/out.cmd"
      show
      """
    let first = try CLI.run(command: script, ["--json"])
    #expect(first.status == 0, "\(first)")
    try "show\n".write(to: dir.appendingPathComponent("show.cmd"), atomically: true, encoding: .utf8)
    let replay = try CLI.run(["--json", "-f", "\(dir.path)/out.cmd", "\(dir.path)/show.cmd"])
    #expect(replay.status == 0, "\(replay)")
    #expect(replay.stdoutLines == first.stdoutLines)
    let exported = try String(contentsOf: dir.appendingPathComponent("out.cmd"), encoding: .utf8)
    // Receivers written out in full, and each macro version under a name of its own.
    #expect(exported.contains("macro zig n { shape.move up $n; shape.move right $n }"))
    #expect(exported.contains("macro zig_2 n { shape.move left $n }"))
    #expect(!exported.contains("paint red"), "an undone step is not exported")
  }

  @Test func aMacroThatUsesAnInstanceMadeWithNewIsExportedAfterTheNew() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let script = """
      new door back
      macro m { back.lock }
      macro twice { m; back.unlock; m }
      move up
      twice
      new door side
      macro n { side.lock; twice }
      n
      export "\(dir.path)/out.cmd"
      """
    let first = try CLI.run(command: script + "\nshow")
    #expect(first.status == 0, "\(first)")
    try "show\n".write(to: dir.appendingPathComponent("show.cmd"), atomically: true, encoding: .utf8)
    let replay = try CLI.run(["-f", "\(dir.path)/out.cmd", "\(dir.path)/show.cmd"])
    let exported = (try? String(contentsOf: dir.appendingPathComponent("out.cmd"), encoding: .utf8)) ?? ""
    #expect(replay.status == 0, "\(replay)\n\(exported)")
    #expect(replay.stdoutLines == first.stdoutLines, "\(exported)")
    #expect(
      exported.split(separator: "\n").dropFirst() == [
        "new door back", "shape.move up", "macro m { back.lock }", "macro twice { m; back.unlock; m }", "twice",
        "new door side", "macro n { side.lock; twice }", "n",
      ])
  }

  @Test func aNameTakenAgainAfterItsNewWasUndoneIsExportedAndJournaledOnce() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let journal = dir.appendingPathComponent("s.cmdsession").path
    let input = "new door b\nb.lock\nundo 2\nnew shape b\nb.move up\nexport \"\(dir.path)/out.cmd\"\n"
    let first = try CLI.run(["--session", journal], stdin: Array(input.utf8))
    #expect(first.status == 0, "\(first)")
    let exported = try String(contentsOf: dir.appendingPathComponent("out.cmd"), encoding: .utf8)
    #expect(exported.split(separator: "\n").dropFirst() == ["new shape b", "b.move up"])
    // The journal replays the first `new`, its undo and the second, to the same state and
    // the same tree (the undone branch keeps steps 1 and 2).
    let resumed = try CLI.run(["--session", journal], stdin: Array("show b\nhistory\n".utf8))
    #expect(resumed.status == 0, "\(resumed)")
    #expect(
      resumed.stdoutLines == [
        "b (shape): at (0, 1), blue", "1  new door b   (undone)", "2  b.lock   (undone)", "3  new shape b   (after 0)",
        "4  b.move up",
      ], "\(resumed)")
    try "show b\n".write(to: dir.appendingPathComponent("show.cmd"), atomically: true, encoding: .utf8)
    let replayed = try CLI.run(["-f", "\(dir.path)/out.cmd", "\(dir.path)/show.cmd"])
    #expect(replayed.stdoutLines == ["b (shape): at (0, 1), blue"], "\(replayed)")
  }

  @Test func exportRefusesWhenTheHistoryLimitDroppedSteps() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLI.run(
      command: "move up; move up; move up; export \"\(dir.path)/out.cmd\"", ["--history-limit", "2"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stderrLines.first?.contains("cannot export: the history limit dropped 1 undo step, so") == true)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.cmd").path))
    let two = try CLI.run(
      command: "move up; move up; move up; move up; export \"\(dir.path)/out.cmd\"", ["--history-limit", "2"])
    #expect(two.stderrLines.first?.contains("cannot export: the history limit dropped 2 undo steps, so") == true)
  }

  @Test func exportToAPlaceThatCannotBeWrittenFailsAndWritesNothing() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let target = dir.appendingPathComponent("missing/out.cmd").path
    let result = try CLI.run(command: "move up; export \"\(target)\"; move up")
    #expect(result.status == 1, "\(result)")
    #expect(result.stderrLines.first?.contains("cannot write `\(target)`: No such file or directory") == true)
    #expect((try FileManager.default.contentsOfDirectory(atPath: dir.path)).isEmpty, "no temporary file is left")
  }

  @Test func exportToAFullDiskFailsAndLeavesTheEarlierFileIntact() throws {
    // A 64 KiB file system, filled up: needs root and tmpfs (as in CI); skipped elsewhere.
    let dir = try temporaryDirectory()
    defer {
      _ = CLI.system(["umount", dir.path])
      try? FileManager.default.removeItem(at: dir)
    }
    guard CLI.system(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir.path]) else { return }
    let target = dir.appendingPathComponent("out.cmd").path
    #expect(try CLI.run(command: "move up; export \"\(target)\"").status == 0)
    let earlier = try String(contentsOfFile: target, encoding: .utf8)
    _ = CLI.system(["dd", "if=/dev/zero", "of=\(dir.path)/filler", "bs=4096", "count=64"])
    let result = try CLI.run(command: "repeat 3 { move up }; new door back; export \"\(target)\"")
    #expect(result.status == 1, "\(result)")
    #expect(result.stderrLines.first?.contains("No space left on device; nothing was written") == true, "\(result)")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == earlier)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["filler", "out.cmd"])
  }

  @Test func aRelativeSourceIsFoundBesideTheSourcingFile() throws {
    // Run from the package root: `shapes.cmdinc` is beside the script, not here.
    let result = try CLI.run(["Tests/CLITests/Scripts/source/source-macros.cmd"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutLines.first == "shape: at (3, 3), blue")
  }

  /// As bash and python find a script's own folder: a script run through a symbolic link
  /// sources relative names from beside the file the link points to.
  @Test func aLinkedScriptSourcesFromBesideItsFile() throws {
    try withFolder { dir in
      let real = dir.appendingPathComponent("real")
      let elsewhere = dir.appendingPathComponent("elsewhere")
      for folder in [real, elsewhere] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      }
      try "source \"lib.cmd\"\nshow shape\n".write(
        to: real.appendingPathComponent("main.cmd"), atomically: true, encoding: .utf8)
      try "move up 7\n".write(to: real.appendingPathComponent("lib.cmd"), atomically: true, encoding: .utf8)
      // A decoy beside the link: sourced from there, the shape would move left.
      try "move left 7\n".write(to: elsewhere.appendingPathComponent("lib.cmd"), atomically: true, encoding: .utf8)
      #expect(symlink("../real/main.cmd", elsewhere.appendingPathComponent("link.cmd").path) == 0)
      for (path, folder) in [
        ("elsewhere/link.cmd", dir), ("link.cmd", elsewhere), ("\(elsewhere.path)/link.cmd", real),
      ] {
        let result = try CLI.run([path], in: folder)
        #expect(result.status == 0, "\(path): \(result)")
        #expect(result.stdoutLines == ["shape: at (0, 7), blue"], "\(path): \(result)")
      }
      // Through a linked folder too.
      #expect(symlink("real", dir.appendingPathComponent("linked").path) == 0)
      let throughFolder = try CLI.run(["linked/main.cmd"], in: dir)
      #expect(throughFolder.stdoutLines == ["shape: at (0, 7), blue"], "\(throughFolder)")
    }
  }
}
