import Foundation
import Testing

/// Faults made for real: every byte of a journal damaged in turn, a full disk (a small
/// tmpfs, as root), SIGKILL while a producer pipes statements in.
@Suite("Session journal faults")
struct JournalFaultTests {

  @Test("every byte of a journal damaged: never a silent change, never an acknowledged record dropped")
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
      var silent: [String] = []
      var dropped: [String] = []
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
            // Every record is whole and acknowledged: none may be dropped, as torn or otherwise.
            if result.stdout != expected.stdout { silent.append(what) }
            if result.stderr.contains("dropped") || after.count < damaged.count { dropped.append(what) }
          } else {
            #expect(after == damaged, "a failed resume changed the file — \(what)")
            #expect(result.stdout == "", "a failed resume ran something — \(what)")
          }
        }
      }
      #expect(runs > 1000)
      #expect(silent.isEmpty, "\(silent.count) silent state changes, the first: \(silent.first ?? "")")
      #expect(dropped.isEmpty, "\(dropped.count) acknowledged records dropped, the first: \(dropped.first ?? "")")
    }
  }

  /// The records of a journal's bytes (each an entry and its check line), after its first line.
  private static func records(_ bytes: [UInt8]) -> (header: [UInt8], records: [[UInt8]]) {
    let headerEnd = bytes.firstIndex(of: 10)! + 1
    var records: [[UInt8]] = []
    var start = headerEnd
    var i = headerEnd
    while i < bytes.count {
      let end = bytes[i...].firstIndex(of: 10)!
      if bytes[i] == 0x23, bytes[i + 1] == 0x7E {
        records.append(Array(bytes[start...end]))
        start = end + 1
      }
      i = end + 1
    }
    return (Array(bytes[..<headerEnd]), records)
  }

  @Test("whole records duplicated, swapped, deleted or taken from another journal: the resume refuses, the file stays")
  func recordSweep() throws {
    try withJournal { journal in
      // Statements that commute would hide a swap from the state; these do not, and some
      // repeat, so that a duplicate is a record equal to its neighbour.
      let input = "move up\nmove up\npaint red\nmove left\nundo\nmove right 2\npaint green\nmove up\nredo\ndoor.lock\n"
      let setup = try runSession(journal, input, ["--on-error", "continue"])
      #expect(setup.stderr.contains("nothing to redo"), "\(setup)")
      let original = Array(try Data(contentsOf: journal))
      let (header, records) = Self.records(original)
      // Ten statements, and the `#= time` records before them.
      #expect(records.count >= 11)
      // The same entries (their `#= time` records included) chained from another salt.
      let other = JournalFormat.file(
        records.map { JournalFormat.entries(String(decoding: $0, as: UTF8.self)) }, salt: JournalFormat.testSalt)
      let foreign = Self.records(Array(other.utf8)).records
      #expect(
        foreign.map { JournalFormat.entries(String(decoding: $0, as: UTF8.self)) }
          == records.map {
            JournalFormat.entries(String(decoding: $0, as: UTF8.self))
          })
      var variants: [(String, [[UInt8]])] = []
      for i in records.indices {
        var duplicated = records
        duplicated.insert(records[i], at: i + 1)
        variants.append(("record \(i + 1) duplicated", duplicated))
        variants.append(("record \(i + 1) repeated at the end", records + [records[i]]))
        // The last one deleted is the journal cut short by a record: see the README.
        if i < records.count - 1 {
          var deleted = records
          deleted.remove(at: i)
          variants.append(("record \(i + 1) deleted", deleted))
          var swapped = records
          swapped.swapAt(i, i + 1)
          variants.append(("records \(i + 1) and \(i + 2) swapped", swapped))
        }
        var spliced = records
        spliced[i] = foreign[i]
        variants.append(("record \(i + 1) taken from another journal of the same statements", spliced))
      }
      for (what, variant) in variants {
        let bytes = Data(header + variant.joined())
        try bytes.write(to: journal)
        let result = try runSession(journal, "show\n")
        #expect(result.status == 65, "\(what): \(result)")
        #expect(result.stdout == "", "\(what): \(result)")
        #expect(result.stderr.contains("damaged record"), "\(what): \(result)")
        #expect(try Data(contentsOf: journal) == bytes, "\(what): the file was changed")
      }
      #expect(variants.count == records.count * 3 + (records.count - 1) * 2)
    }
  }

  @Test(
    "the last record's line endings damaged: refused as damage, never dropped as torn; one cut off is given back",
    arguments: [
      ("check line's end replaced", -1, "x"), ("entry's end replaced", -15, "x"), ("check line's # replaced", -14, "x"),
    ])
  func lastLineEnding(_ what: String, _ offset: Int, _ value: String) throws {
    let content = JournalFormat.file(["move up", "paint red"])
    var damaged = Array(content.utf8)
    damaged[damaged.count + offset] = UInt8(ascii: Character(value).unicodeScalars.first!)
    try withJournal(String(decoding: damaged, as: UTF8.self)) { journal in
      let result = try runSession(journal, "show shape\n")
      #expect(result.status == 65, "\(what): \(result)")
      #expect(result.stderr.contains("s.cmdsession:4: damaged record"), "\(what): \(result)")
      #expect(Array(try Data(contentsOf: journal)) == damaged, "\(what)")
    }
  }

  @Test("a last record whose final line break is cut off is kept, and the line break given back")
  func lastLineBreakCutOff() throws {
    let content = JournalFormat.file(["move up", "paint red"])
    try withJournal(String(content.dropLast())) { journal in
      let result = try runSession(journal, "show shape\nmove left\n")
      #expect(result.status == 0, "\(result)")
      #expect(result.stdoutLines == ["shape: at (0, 1), red"], "\(result)")
      #expect(result.stderr == "", "\(result)")
      #expect(try text(journal) == JournalFormat.file(["move up", "paint red", "move left"]))
    }
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
          "kept 1 entries of \(journal.path) in \(kept.path); left out line 4 on (its checksum does not match: it, or a record before it, was changed, moved or removed)"
        ),
        "\(salvaged)")
      #expect(try text(kept) == JournalFormat.file(["move up"], like: kept))
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

  @Test("salvaging onto a full disk: status 74 (the output could not be written), and no partial copy is left")
  func salvageOntoAFullDisk() throws {
    // A 16 KiB file system: needs root and tmpfs (as in CI); skipped elsewhere.
    try withJournal(JournalFormat.file(Array(repeating: "move up", count: 2000))) { journal in
      let dir = journal.deletingLastPathComponent().appendingPathComponent("tmpfs")
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      defer { _ = CLI.system(["umount", dir.path]) }
      guard CLI.system(["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", dir.path]) else { return }
      let kept = dir.appendingPathComponent("kept.cmdsession")
      let result = try runSession(journal, "", ["--salvage-session", kept.path])
      #expect(result.status == 74, "\(result)")
      #expect(
        result.stderr.contains("cannot write \(kept.path): No space left on device; it was removed"), "\(result)")
      #expect(!FileManager.default.fileExists(atPath: kept.path))
    }
  }

  @Test("no answer is written before the journal holds its statement durably (a power cut loses nothing answered)")
  func syncBeforeAnswer() throws {
    // The order of the system calls, as strace sees them (CI installs strace): every write
    // to standard output or error must come after the sync of every journal write before it.
    try withJournal { journal in
      let trace = journal.deletingLastPathComponent().appendingPathComponent("trace")
      let input = String(repeating: "move up; show shape\npaint red\nundo\n", count: 3000) + "door.lock\ndoor.open\n"
      let result = try CLI.run(
        [
          "-f", "-e", "trace=openat,write,fdatasync,fsync", "-o", trace.path, CLI.binary.path, "--session",
          journal.path,
        ],
        stdin: Array(input.utf8), executable: URL(fileURLWithPath: "/usr/bin/strace"))
      #expect(result.status == 1, "\(result)")
      #expect(result.stderr.contains("the door is locked"), "\(result)")
      var journalDescriptor: String?
      var unsynced = false
      var answers = 0
      var early: [String] = []
      let traced = try text(trace)
      for line in lines(traced) {
        // `PID  call(arguments) = result`, the PID padded to a width.
        guard let open = line.firstIndex(of: "(") else { continue }
        let call = line[..<open].split(separator: " ").last ?? ""
        let argument: String? = String(line[line.index(after: open)...].prefix { $0 != "," && $0 != ")" })
        switch call {
        case "openat" where line.contains("\"\(journal.path)\""):
          journalDescriptor = line.split(separator: "=").last.map { $0.trimmingCharacters(in: .whitespaces) }
        case "write" where argument == journalDescriptor: unsynced = true
        case "fdatasync" where argument == journalDescriptor, "fsync" where argument == journalDescriptor:
          unsynced = false
        case "write" where argument == "1" || argument == "2":
          answers += 1
          if unsynced { early.append(line) }
        default: break
        }
      }
      #expect(journalDescriptor != nil, "the journal was not opened: \(traced.prefix(2000))")
      #expect(answers > 3, "only \(answers) writes of output")
      #expect(
        early.isEmpty,
        "\(early.count) of \(answers) answers written before their statements were durable: \(early.prefix(3))")
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
