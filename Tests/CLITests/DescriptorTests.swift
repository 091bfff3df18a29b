import Foundation
import Testing

/// What the tool does with its standard descriptors: a closed one never becomes the
/// journal, and output that cannot be written is reported once, with status 74.
@Suite("Standard descriptors and write errors")
struct DescriptorTests {
  // MARK: Closed standard descriptors

  /// With standard input closed, the journal opened next must not be read as the input:
  /// it would run again and be journaled twice.
  @Test func closedStandardInputIsNotTheJournal() throws {
    try withFolder { dir in
      let journal = dir.appendingPathComponent("j")
      let entries = JournalFormat.file(Array(repeating: "move up", count: 200))
      try Data(entries.utf8).write(to: journal)
      let result = try CLI.shell("\"$CMDSCRIPT\" --session j <&-", in: dir)
      #expect(result.status == 0, "\(result)")
      #expect(try text(journal) == entries, "the journal is unchanged")
      let shown = try CLI.run(["--session", journal.path], stdin: Array("show shape\n".utf8))
      #expect(shown.stdoutLines == ["shape: at (0, 200), blue"], "\(shown)")
    }
  }

  /// With standard output closed, `show` must not write into the journal; writing fails
  /// and is reported.
  @Test func closedStandardOutputIsNotTheJournal() throws {
    try withFolder { dir in
      let journal = dir.appendingPathComponent("j")
      let result = try CLI.shell(
        "\"$CMDSCRIPT\" --session j >&-", stdin: Array("move up\nshow shape\nmove left\n".utf8), in: dir)
      #expect(result.status == 74, "\(result)")
      #expect(result.stderrLines == ["cmdscript: write error: Bad file descriptor"], "\(result)")
      #expect(JournalFormat.entries(try text(journal)) == "move up\nmove left\n")
    }
  }

  /// With standard error closed, diagnostics must not be written into the journal.
  @Test func closedStandardErrorIsNotTheJournal() throws {
    try withFolder { dir in
      let journal = dir.appendingPathComponent("j")
      let result = try CLI.shell(
        "\"$CMDSCRIPT\" --session j --on-error continue 2>&-",
        stdin: Array("door.lock\ndoor.open\nmove left\n".utf8), in: dir)
      #expect(result.status == 1, "\(result)")
      #expect(JournalFormat.entries(try text(journal)) == "door.lock\nmove left\n")
    }
  }

  // MARK: Output write errors

  @Test(arguments: [
    ["-c", "show shape"], ["--json", "-c", "show shape"], ["-"],
  ])
  func aFullOutputIsReportedOnceWithStatus74(arguments: [String]) throws {
    let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
    let result = try CLI.shell(
      "\"$CMDSCRIPT\" \(quoted) > /dev/full", stdin: Array("show shape\nmove up\nshow shape\n".utf8))
    #expect(result.status == 74, "\(result)")
    #expect(result.stderrLines == ["cmdscript: write error: No space left on device"], "\(result)")
  }

  @Test func aClosedOutputIsReportedWithStatus74() throws {
    let result = try CLI.shell("\"$CMDSCRIPT\" -c 'show shape' >&-")
    #expect(result.status == 74, "\(result)")
    #expect(result.stderrLines == ["cmdscript: write error: Bad file descriptor"], "\(result)")
  }

  @Test func nothingWrittenIsNoWriteError() throws {
    let result = try CLI.shell("\"$CMDSCRIPT\" -c 'move up' > /dev/full")
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
  }

  /// A closed pipe is not a write error: where SIGPIPE is ignored (as here: the tests
  /// ignore it, and children inherit that), the output is dropped quietly.
  @Test func aClosedPipeStaysQuiet() throws {
    let result = try CLI.shell(
      "\"$CMDSCRIPT\" -c 'repeat 100000 { show shape }' | head -1; echo \"${PIPESTATUS[0]}\"")
    #expect(result.stdoutLines == ["shape: at (0, 0), blue", "0"], "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
  }
}
