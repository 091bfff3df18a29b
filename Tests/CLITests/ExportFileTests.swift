import Foundation
import Testing

/// How `export` writes its file: never onto the session's own journal, never through a
/// link planted at its temporary name, through a link that is the target, never onto a
/// device, keeping the target's permission bits, and leaving no temporary file when a
/// signal ends the process.
@Suite("export's file")
struct ExportFileTests {
  private func mode(_ url: URL) -> mode_t {
    var info = stat()
    return lstat(url.path, &info) == 0 ? info.st_mode & 0o7777 : 0
  }

  private func isLink(_ url: URL) -> Bool {
    var info = stat()
    return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }

  /// Exported onto, the journal was replaced: later entries went to the unlinked file, a
  /// second `--session` was admitted and the mode became 0644.
  @Test func theLiveJournalIsRefused() throws {
    try withFolder { dir in
      #expect(symlink("j", dir.appendingPathComponent("alias").path) == 0)
      // The first session is still running (its input stays open until `done` exists) when
      // the second starts, once the first has journaled its last statement, however slowly
      // (each wait ends after two minutes, a guard against a hang).
      let result = try CLI.shell(
        """
        { printf 'move up\\nexport "j"\\nexport "alias"\\nmove left\\n'; \
          for i in $(seq 2400); do [ -e done ] && break; sleep 0.05; done; } \
          | "$CMDSCRIPT" --session j --on-error continue 2>first.txt &
        for i in $(seq 2400); do grep -q 'move left' j 2>/dev/null && break; sleep 0.05; done
        "$CMDSCRIPT" --session j < /dev/null
        echo "second: $?"
        touch done
        wait
        cat first.txt
        """, in: dir)
      let journal = dir.appendingPathComponent("j")
      #expect(
        result.stdoutLines.prefix(1) == ["second: 66"],
        "the lock survives: a second session is refused\n\(result)")
      #expect(result.stderr.contains("another cmdscript is using it"), "\(result)")
      #expect(
        result.stdoutLines.filter { $0.contains("error:") } == [
          "<stdin>:2:1: error: cannot write `j`: it is held open by this session (its journal); nothing was written",
          "<stdin>:3:1: error: cannot write `alias`: it is held open by this session (its journal); nothing was written",
        ], "\(result)")
      #expect(JournalFormat.entries(try text(journal)) == "move up\nmove left\n")
      #expect(mode(journal) == 0o600)
    }
  }

  /// The temporary file used to be `FILE.tmp-PID`: a link planted there made export write
  /// its target. The shell's `exec` keeps its PID, so the old name is known beforehand.
  @Test func aLinkPlantedAtTheTemporaryNameIsNotFollowed() throws {
    try withFolder { dir in
      try Data("keep\n".utf8).write(to: dir.appendingPathComponent("victim"))
      let result = try CLI.shell(
        #"sh -c 'ln -s victim out.cmd.tmp-$$; exec "$0" -c "move up; export \"out.cmd\""' "$CMDSCRIPT""#, in: dir)
      #expect(result.status == 0, "\(result)")
      #expect(try text(dir.appendingPathComponent("victim")) == "keep\n")
      #expect(try text(dir.appendingPathComponent("out.cmd")).hasSuffix("shape.move up\n"))
    }
  }

  @Test func aLinkedTargetIsWrittenThroughAndStaysALink() throws {
    try withFolder { dir in
      try FileManager.default.createDirectory(at: dir.appendingPathComponent("real"), withIntermediateDirectories: true)
      try Data("old\n".utf8).write(to: dir.appendingPathComponent("real/a.cmd"))
      #expect(symlink("real/a.cmd", dir.appendingPathComponent("link.cmd").path) == 0)
      #expect(symlink("real/new.cmd", dir.appendingPathComponent("dangling.cmd").path) == 0)
      let result = try CLI.run(["-c", "move up; export \"link.cmd\"; export \"dangling.cmd\""], in: dir)
      #expect(result.status == 0, "\(result)")
      #expect(isLink(dir.appendingPathComponent("link.cmd")))
      #expect(isLink(dir.appendingPathComponent("dangling.cmd")))
      #expect(try text(dir.appendingPathComponent("real/a.cmd")).hasSuffix("shape.move up\n"))
      #expect(try text(dir.appendingPathComponent("real/new.cmd")).hasSuffix("shape.move up\n"))
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["dangling.cmd", "link.cmd", "real"])
    }
  }

  /// A FIFO, a folder, and (as root, as in CI) a device made in the test's folder.
  @Test func aTargetThatIsNotAFileIsRefused() throws {
    try withFolder { dir in
      #expect(mkfifo(dir.appendingPathComponent("fifo").path, 0o600) == 0)
      try FileManager.default.createDirectory(
        at: dir.appendingPathComponent("folder"), withIntermediateDirectories: true)
      var targets = [("fifo", "it is a FIFO, not a regular file"), ("folder", "Is a directory")]
      // The same device as /dev/null.
      if getuid() == 0, mknod(dir.appendingPathComponent("null").path, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 {
        targets.append(("null", "it is a device, not a regular file"))
      }
      for (name, reason) in targets {
        let result = try CLI.run(["-c", "move up; export \"\(name)\""], in: dir)
        #expect(result.status == 1, "\(result)")
        #expect(
          result.stderrLines.first
            == "<command line>:1:10: error: cannot write `\(name)`: \(reason); nothing was written",
          "\(result)")
      }
      var info = stat()
      #expect(lstat(dir.appendingPathComponent("fifo").path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
      let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
      #expect(left == targets.map(\.0).sorted())
    }
  }

  @Test(arguments: [0o600, 0o640, 0o664] as [mode_t])
  func anExistingTargetKeepsItsPermissionBits(mode: mode_t) throws {
    try withFolder { dir in
      let target = dir.appendingPathComponent("out.cmd")
      try Data("old\n".utf8).write(to: target)
      #expect(chmod(target.path, mode) == 0)
      let result = try CLI.run(["-c", "move up; export \"out.cmd\""], in: dir)
      #expect(result.status == 0, "\(result)")
      #expect(self.mode(target) == mode)
      #expect(try text(target).hasSuffix("shape.move up\n"))
    }
  }

  /// SIGTERM or SIGINT sent as soon as the temporary file appears (a 1.6 MB export, twice
  /// per run): the export completes or is abandoned, and no temporary file is left.
  @Test func aSignalDuringExportLeavesNoTemporaryFile() throws {
    try withFolder { dir in
      let line = "request \"" + String(repeating: "x", count: 4000) + "\"\n"
      let target = dir.appendingPathComponent("out.cmd").path
      let script = String(repeating: line, count: 400) + "export \"\(target)\"\nexport \"\(target)\"\n"
      try Data(script.utf8).write(to: dir.appendingPathComponent("big.cmd"))
      var signalled = 0
      for signal in [SIGTERM, SIGINT, SIGTERM, SIGINT, SIGTERM, SIGINT] {
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
        let pid = try #require(
          CLI.spawnAsFromAShell(
            [CLI.binary.path, dir.appendingPathComponent("big.cmd").path], defaultSignals: [SIGINT, SIGTERM]))
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(30)
        while waitpid(pid, &status, WNOHANG) == 0 {
          let now = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
          if now.subtracting(before).contains(where: { $0.contains(".tmp-") }) || Date() > deadline {
            kill(pid, signal)
            signalled += 1
            waitpid(pid, &status, 0)
            break
          }
        }
      }
      #expect(signalled > 0, "the temporary file was never seen")
      let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
      #expect(left.isEmpty, "\(signalled) signals left \(left)")
    }
  }

  /// Runs the tool as the unprivileged user `nobody` (the tests run as root, who may write
  /// anything), in `dir`.
  private func asNobody(_ arguments: [String], in dir: URL) throws -> CLI.Result {
    try CLI.run(
      ["--reuid=nobody", "--regid=nogroup", "--clear-groups", CLI.binary.path] + arguments, in: dir,
      executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
  }

  private func owner(_ url: URL) -> (uid_t, gid_t, mode_t) {
    var info = stat()
    return lstat(url.path, &info) == 0 ? (info.st_uid, info.st_gid, info.st_mode & 0o7777) : (0, 0, 0)
  }

  /// In a folder anyone may write (no sticky bit), renaming over a file needs no
  /// permission on the file: `fmt` and `export` replaced root's read-only file, and it
  /// became nobody's. As `cp` does, they now write only what the user may write, and keep
  /// its owner and group.
  @Test(arguments: ["fmt", "export"])
  func aFileTheUserMayNotWriteIsNotReplaced(_ how: String) throws {
    guard geteuid() == 0 else { return }  // (needs root to make the files)
    try withFolder { dir in
      #expect(chmod(dir.path, 0o777) == 0)
      let nobody = getpwnam("nobody").pointee
      let nogroup = getgrnam("nogroup").pointee
      let run = { (name: String) throws -> CLI.Result in
        how == "fmt"
          ? try self.asNobody(["fmt", name], in: dir)
          : try self.asNobody(["-c", "move up; export \"\(name)\""], in: dir)
      }
      // Root's, read-only for others: refused, unchanged, still root's.
      let theirs = dir.appendingPathComponent("theirs.cmd")
      try "move  up\n".write(to: theirs, atomically: false, encoding: .utf8)
      #expect(chmod(theirs.path, 0o644) == 0)
      let refused = try run("theirs.cmd")
      #expect(refused.status == (how == "fmt" ? 74 : 1), "\(refused)")
      #expect(refused.stderr.contains("Permission denied"), "\(refused)")
      #expect(try String(contentsOf: theirs, encoding: .utf8) == "move  up\n")
      #expect(owner(theirs) == (0, 0, 0o644))
      // Root's, writable by nobody's group: written would make it nobody's; refused too.
      let shared = dir.appendingPathComponent("shared.cmd")
      try "move  up\n".write(to: shared, atomically: false, encoding: .utf8)
      #expect(chown(shared.path, 0, nogroup.gr_gid) == 0 && chmod(shared.path, 0o664) == 0)
      let sharedRun = try run("shared.cmd")
      #expect(sharedRun.status == (how == "fmt" ? 74 : 1), "\(sharedRun)")
      #expect(sharedRun.stderr.contains("it belongs to another user or group"), "\(sharedRun)")
      #expect(try String(contentsOf: shared, encoding: .utf8) == "move  up\n")
      #expect(owner(shared) == (0, nogroup.gr_gid, 0o664))
      // Nobody's own: replaced, still nobody's, with its mode.
      let own = dir.appendingPathComponent("own.cmd")
      try "move  up\n".write(to: own, atomically: false, encoding: .utf8)
      #expect(chown(own.path, nobody.pw_uid, nogroup.gr_gid) == 0 && chmod(own.path, 0o640) == 0)
      let written = try run("own.cmd")
      #expect(written.status == 0, "\(written)")
      #expect(try String(contentsOf: own, encoding: .utf8) != "move  up\n")
      #expect(owner(own) == (nobody.pw_uid, nogroup.gr_gid, 0o640))
      // No temporary file is left behind.
      let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
      #expect(left.isEmpty, "\(left)")
    }
  }
}
