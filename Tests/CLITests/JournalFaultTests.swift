import Foundation
import Testing

/// Faults made for real: every byte of a journal damaged in turn, a full disk (a small
/// tmpfs, as root), SIGKILL while a producer pipes statements in.
@Suite("Session journal faults")
struct JournalFaultTests {

  @Test("every byte of a journal damaged: never a silent change, never more cut than a torn last record")
  func damageSweep() throws {
    try withJournal { journal in
      let setup = try runSession(
        journal, "macro hop n {\n  move right $n\n}\nmove up; paint red\nhop 2\nundo\nredo\ndoor.lock\nundo\n",
        ["--history-limit", "9"])
      #expect(setup.status == 0, "\(setup)")
      let original = try Data(contentsOf: journal)
      let expected = try runSession(journal, "show\nhistory\n")
      // Resumes change nothing (they journal nothing new): the baseline is the original.
      #expect(try Data(contentsOf: journal) == original)
      let lastRecordStart = Self.lastRecordStart(Array(original))
      var silent: [String] = []
      var overCut: [String] = []
      var runs = 0
      for offset in 0..<original.count {
        for value: UInt8 in [0x00, 0x0A, 0x23, 0x7B, 0x22, 0x78, original[offset] ^ 0x01]
        where value != original[offset] {
          var damaged = original
          damaged[offset] = value
          try damaged.write(to: journal)
          let result = try runSession(journal, "show\nhistory\n")
          runs += 1
          let after = try Data(contentsOf: journal)
          let what = "byte \(offset) set to \(value): \(result)"
          if result.status == 0 {
            if result.stdout != expected.stdout && !result.stderr.contains("dropped") { silent.append(what) }
            // Only a torn last record may be cut off.
            if after != damaged && after.count < lastRecordStart { overCut.append(what) }
          } else {
            #expect(after == damaged, "a failed resume changed the file — \(what)")
            #expect(result.stdout == "", "a failed resume ran something — \(what)")
          }
        }
      }
      #expect(runs > 1000)
      #expect(silent.isEmpty, "\(silent.count) silent state changes, the first: \(silent.first ?? "")")
      #expect(overCut.isEmpty, "\(overCut.count) cuts beyond the last record, the first: \(overCut.first ?? "")")
    }
  }

  /// Where the last record starts: after the second-last `#~` line.
  private static func lastRecordStart(_ bytes: [UInt8]) -> Int {
    var marks: [Int] = []
    for i in bytes.indices
    where bytes[i] == 0x23 && (i == 0 || bytes[i - 1] == 10) && i + 1 < bytes.count
      && bytes[i + 1] == 0x7E
    {
      if let end = bytes[i...].firstIndex(of: 10) { marks.append(end + 1) }
    }
    return marks.count >= 2 ? marks[marks.count - 2] : 0
  }

  @Test("damage stops the resume at its line; --salvage-session keeps what precedes it")
  func salvage() throws {
    let content = JournalFormat.file(["move up", "paint red", "move left"])
    let damaged = content.replacingOccurrences(of: "paint red", with: "paint rex")
    try withJournal(damaged) { journal in
      let refused = try runSession(journal, "move down\nshow shape\n")
      #expect(refused.status == 65, "\(refused)")
      #expect(refused.stdout == "", "\(refused)")
      #expect(refused.stderr.contains("s.cmdsession:4: damaged record: its checksum does not match"), "\(refused)")
      #expect(refused.stderr.contains("--salvage-session NEWFILE copies the 1 entries before line 4"), "\(refused)")
      #expect(try text(journal) == damaged)

      let kept = journal.deletingLastPathComponent().appendingPathComponent("kept.cmdsession")
      let salvaged = try runSession(journal, "", ["--salvage-session", kept.path])
      #expect(salvaged.status == 0, "\(salvaged)")
      #expect(
        salvaged.stderr.contains(
          "kept 1 entries of \(journal.path) in \(kept.path); left out line 4 on (its checksum does not match)"),
        "\(salvaged)")
      #expect(try text(kept) == JournalFormat.file(["move up"]))
      #expect(try text(journal) == damaged)
      // Never over an existing file.
      let again = try runSession(journal, "", ["--salvage-session", kept.path])
      #expect(again.status == 66, "\(again)")
      let resumed = try runSession(kept, "show shape\n")
      #expect(resumed.stdoutLines == ["shape: at (0, 1), blue"], "\(resumed)")
    }
  }

  @Test("a full disk: the statement that cannot be journaled fails, the run ends with 74, the journal stays whole")
  func fullDisk() throws {
    // A 16 KiB file system: needs root and tmpfs (as in CI); skipped elsewhere.
    try withJournal { scratch in
      let dir = scratch.deletingLastPathComponent().appendingPathComponent("tmpfs")
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      defer { _ = CLI.system(["umount", dir.path]) }
      guard CLI.system(["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", dir.path]) else { return }
      let journal = dir.appendingPathComponent("s.cmdsession")
      let input = String(repeating: "move up\nshow shape\n", count: 2000)
      let full = try runSession(journal, input, ["--on-error", "continue"])
      #expect(full.status == 74, "\(full)")
      #expect(full.stderr.contains("error: not run: the session cannot keep it: No space left on device"), "\(full)")
      let acknowledged = full.stdoutLines.count
      #expect(acknowledged > 100 && acknowledged < 2000, "\(acknowledged)")
      #expect(full.stdoutLines.last == "shape: at (0, \(acknowledged)), blue")

      // Space comes back: the journal holds exactly what was acknowledged, and goes on.
      let copy = scratch.deletingLastPathComponent().appendingPathComponent("copy.cmdsession")
      try FileManager.default.copyItem(at: journal, to: copy)
      let resumed = try runSession(copy, "show shape\nmove up\nshow shape\n")
      #expect(resumed.status == 0, "\(resumed)")
      #expect(resumed.stderr == "", "\(resumed)")
      #expect(
        resumed.stdoutLines == ["shape: at (0, \(acknowledged)), blue", "shape: at (0, \(acknowledged + 1)), blue"],
        "\(resumed)")

      // On the full disk again: the first statement fails, nothing is half-written.
      let before = try Data(contentsOf: journal)
      let again = try runSession(journal, "move up\nshow shape\n")
      #expect(again.status == 74, "\(again)")
      #expect(again.stdout == "", "\(again)")
      #expect(try Data(contentsOf: journal) == before)
    }
  }

  @Test("the kill loop: SIGKILL while statements are piped in; a resume has all that was acknowledged")
  func killLoop() throws {
    try withJournal { journal in
      let folder = journal.deletingLastPathComponent()
      var expected = 0
      for round in 0..<12 {
        let out = folder.appendingPathComponent("out-\(round)")
        let script = """
          yes 'move up; show shape' | "$0" --session "$1" > "$2" 2>/dev/null &
          pid=$!
          sleep 0.\(2 + round % 5)
          kill -9 $pid
          wait $pid 2>/dev/null
          exit 0
          """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, CLI.binary.path, journal.path, out.path]
        try process.run()
        process.waitUntilExit()
        // The last complete line shown is the last statement acknowledged.
        let shown = lines(try text(out)).filter { $0.hasPrefix("shape: at (0, ") && $0.hasSuffix("), blue") }
        let acknowledged = shown.last.map { Int($0.dropFirst(14).prefix { $0.isNumber })! } ?? expected
        let resumed = try runSession(journal, "show shape\n")
        #expect(resumed.status == 0, "round \(round): \(resumed)")
        let y = resumed.stdoutLines.first.map { Int($0.dropFirst(14).prefix { $0.isNumber }) ?? -1 } ?? -1
        // Nothing acknowledged is lost. Each statement is journaled before it runs, and the
        // entries that had arrived run together with their output shown at the end, so at
        // most one batch of statements not yet acknowledged is there too.
        #expect(
          y >= acknowledged && y <= acknowledged + 1024,
          "round \(round): acknowledged \(acknowledged), resumed \(y)")
        #expect(!resumed.stderr.contains("damaged"), "round \(round): \(resumed)")
        expected = y
      }
      #expect(expected > 12, "only \(expected) statements in all")
    }
  }
}
