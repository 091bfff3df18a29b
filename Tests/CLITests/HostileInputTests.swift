import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Input nobody checked, run through the built `cmdscript`: each case ends with a located
/// diagnostic and exit status 65 (or, where the input is valid, a correct run), with
/// bounded output, in bounded time, and never with a crash.
@Suite("Hostile input")
struct HostileInputTests {
  /// A fresh folder with `name` holding `bytes`; removed by the caller.
  private func folder(_ name: String, _ bytes: [UInt8]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cmdscript-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try Data(bytes).write(to: url.appendingPathComponent(name))
    return url
  }

  /// Runs `cmdscript extra... input.cmd` on `bytes`.
  private func run(_ bytes: [UInt8], _ extra: [String] = []) throws -> CLI.Result {
    let dir = try folder("input.cmd", bytes)
    defer { try? FileManager.default.removeItem(at: dir) }
    return try CLI.run(extra + ["input.cmd"], in: dir)
  }

  /// The diagnostic header lines of stderr (without source lines and carets), without the
  /// file name.
  private func diagnostics(_ result: CLI.Result) -> [String] {
    result.stderrLines.filter { !$0.hasPrefix("    ") }.map {
      $0.hasPrefix("input.cmd:") ? String($0.dropFirst("input.cmd:".count)) : $0
    }
  }

  /// Exit 65, at most `Session.maxErrors` errors each located on a line and column, output
  /// of bounded size, and no sign of a crash.
  private func expectRejected(
    _ result: CLI.Result, firstError: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(!result.timedOut, "\(result.description.prefix(2000))", sourceLocation: sourceLocation)
    #expect(result.status == 65, "\(result.description.prefix(2000))", sourceLocation: sourceLocation)
    #expect(result.stdout == "", sourceLocation: sourceLocation)
    let headers = diagnostics(result)
    #expect(headers.first == firstError, "\(headers.prefix(3))", sourceLocation: sourceLocation)
    let errors = headers.filter { $0.contains(": error: ") }
    #expect(errors.count <= 100, sourceLocation: sourceLocation)
    #expect(
      errors.allSatisfy { $0.wholeMatch(of: /(input\.cmd:|<stdin>:)?\d+:\d+: error: .+/) != nil },
      "\(errors.prefix(3))", sourceLocation: sourceLocation)
    // 100 diagnostics, each with a header and a source line shortened to 160 characters.
    #expect(result.stderr.utf8.count < 100 * 1000, sourceLocation: sourceLocation)
    for sign in ["Fatal error", "Stack dump", "stack trace", "Segmentation fault", "Illegal instruction"] {
      #expect(!result.stderr.contains(sign), sourceLocation: sourceLocation)
    }
  }

  /// A megabyte of bytes that look random, the same every run (a 64-bit LCG's high bytes),
  /// without `excluded` ones, repeated `times`.
  private func garbage(megabytes times: Int = 1, excluding excluded: Set<UInt8> = []) -> [UInt8] {
    var x: UInt64 = 0x5EED
    var bytes: [UInt8] = []
    bytes.reserveCapacity(times << 20)
    while bytes.count < 1 << 20 {
      x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let b = UInt8(truncatingIfNeeded: x >> 56)
      if !excluded.contains(b) { bytes.append(b) }
    }
    for _ in 1..<times { bytes.append(contentsOf: bytes[0..<1 << 20]) }
    return bytes
  }

  /// The size of the huge lines: 100 MB on the release binary (CI runs these tests again
  /// on it), 4 MB on a debug build, which needs 35 s alone for 100 MB.
  private static let hugeLine = CLI.heavy(100 << 20, debug: 4 << 20)

  // MARK: Bytes that are not text

  /// 16 MiB of output take a debug build 19 s on a loaded machine: this runs on the release
  /// binary only; SessionTests checks the same bound, set small, on every build.
  @Test(
    "--safe: output that grows each turn stops at 16 MiB, with a located error",
    .enabled(if: CLI.isOptimized, "a heavy input: run on the release binary (CMDSCRIPT_BINARY)"))
  func safeOutputIsBounded() throws {
    // Each turn prints one more pending request than the last: quadratic output, about
    // 10^13 bytes within the step budget. `echo` counts too.
    let script = """
      repeat 100000 as i { network.request "https://example.org/a-rather-long-path/$i"; show network }
      echo "never"
      """
    let result = try run(Array(script.utf8), ["--safe"])
    #expect(result.status == 1)
    #expect(
      diagnostics(result) == [
        "1:1: error: the output would pass 16777216 bytes, the most the statements may print here"
      ])
    #expect(result.stdout.utf8.count <= 16 << 20)
    #expect(result.stdout.utf8.count > 15 << 20)
    #expect(!result.stdout.contains("never"))
  }

  @Test("invalid UTF-8 in code, a comment and a string is located")
  func invalidUTF8() throws {
    let bytes =
      Array("move up\npaint ".utf8) + [0xFF, 0xFE] + Array(" red\n# caf".utf8) + [0xC3]
      + Array("\nnetwork.request \"a".utf8) + [0xE2, 0x82] + Array("\"\n".utf8)
    let result = try run(bytes)
    expectRejected(result, firstError: "2:7: error: invalid UTF-8 byte 0xFF (and 1 more byte that starts no token)")
    #expect(
      diagnostics(result) == [
        "2:7: error: invalid UTF-8 byte 0xFF (and 1 more byte that starts no token)",
        "3:6: error: invalid UTF-8 byte 0xC3 in a comment",
        "4:17: error: string is not valid UTF-8",
      ])
  }

  @Test("NUL bytes in code, a comment and a string are located")
  func nulBytes() throws {
    let bytes =
      Array("move".utf8) + [0, 0] + Array(" up\n# a".utf8) + [0] + Array("\nnetwork.request \"a".utf8) + [0]
      + Array("\"\n".utf8)
    let result = try run(bytes)
    expectRejected(result, firstError: "1:5: error: NUL byte in the source (and 1 more byte that starts no token)")
    #expect(
      diagnostics(result).dropFirst() == ["2:4: error: NUL byte in a comment", "3:19: error: NUL byte in string"])
  }

  @Test("a megabyte of binary garbage: at most 100 located errors, and how many there were")
  func binaryGarbage() throws {
    let bytes = garbage()
    let result = try run(bytes)
    #expect(result.status == 65)
    expectRejected(result, firstError: diagnostics(result).first ?? "")
    #expect(diagnostics(result).last?.hasPrefix("note: ") == true)
    #expect(diagnostics(result).last?.hasSuffix(" errors in all; only the first 100 are shown") == true)
  }

  // MARK: Long lines

  @Test("a 100 MB line of garbage (4 MB on a debug build): located errors (JSON diagnostics)")
  func garbageLineJSON() throws {
    // No line break, and no `#`, which would make the rest of the line a comment.
    let result = try run(garbage(megabytes: Self.hugeLine >> 20, excluding: [10, 35]), ["--json"])
    #expect(result.status == 65)
    #expect(!result.timedOut)
    let lines = result.stderrLines
    #expect(lines.count == 100)
    #expect(lines.allSatisfy { $0.hasPrefix(#"{"file": "input.cmd", "line": 1, "column": "#) })
    #expect(lines.last?.contains(" errors in all; only the first 100 are shown") == true)
    #expect(result.stderr.utf8.count < 100 * 1000)
  }

  @Test("a 10 MB line of garbage (2 MB on a debug build): the source excerpts under 100 errors")
  func garbageLineText() throws {
    // The excerpt under each diagnostic is read from the line's start to the window
    // around the column only, never the whole line.
    let result = try run(garbage(megabytes: CLI.heavy(10, debug: 2), excluding: [10, 35]))
    expectRejected(result, firstError: diagnostics(result).first ?? "")
  }

  @Test("a 100 MB line of one word, repeated (4 MB on a debug build): a command with too many arguments")
  func repeatedWordLine() throws {
    let result = try run(Array(String(repeating: "move ", count: Self.hugeLine / 5).utf8))
    expectRejected(result, firstError: "1:1286: error: a command can have at most 256 arguments")
    #expect(diagnostics(result).count == 1)
  }

  @Test("a 100 MB word (4 MB on a debug build): a name too long")
  func hugeWord() throws {
    let result = try run([UInt8](repeating: UInt8(ascii: "a"), count: Self.hugeLine))
    expectRejected(
      result, firstError: "1:1: error: a name can have at most 256 characters, this one has \(Self.hugeLine)")
  }

  // MARK: The end of the input

  @Test("an unterminated string or block at the end of a file or of standard input")
  func unterminatedAtEnd() throws {
    expectRejected(try run(Array("move up\npaint \"red".utf8)), firstError: "2:7: error: unterminated string")
    expectRejected(
      try run(Array("move up\nrepeat 2 { move up".utf8)),
      firstError: "2:19: error: expected `}` to close `{` opened at 2:10")
    let string = try CLI.run([], stdin: Array("move up\nnetwork.request \"a\\".utf8))
    expectRejected(string, firstError: "<stdin>:2:17: error: unterminated string")
    let block = try CLI.run([], stdin: Array("{ move up\n".utf8))
    expectRejected(block, firstError: "<stdin>:1:10: error: expected `}` to close `{` opened at 1:1")
  }

  // MARK: Nesting

  @Test("100,000 nested `{`: a located error, not a stack overflow")
  func deepNesting() throws {
    let result = try run([UInt8](repeating: UInt8(ascii: "{"), count: 100_000))
    expectRejected(result, firstError: "1:257: error: blocks are nested more than 256 deep")
    let withContent = try run(Array((String(repeating: "repeat 2 {\n", count: 100_000) + "move up").utf8))
    expectRejected(withContent, firstError: "257:10: error: blocks are nested more than 256 deep")
  }

  /// `macro m0 { move up }`, then `macro mN { mN-1 }` up to `m(count - 1)`, then a call
  /// of the last: one line each.
  private static func macroChain(_ count: Int) -> [UInt8] {
    var text = "macro m0 { move up }\n"
    for i in 1..<count { text += "macro m\(i) { m\(i - 1) }\n" }
    return Array((text + "m\(count - 1); show shape\n").utf8)
  }

  @Test("a chain of 100,000 macros each calling the previous one: one located error, for --check and a run alike")
  func deepMacroChain() throws {
    let chain = Self.macroChain(100_000)
    let error =
      "1000:14: error: calls nest too deep: this call to `m998` reaches 1001 levels of blocks and macro calls, more than the 1000 a run allows"
    for extra in [["--check"], []] {
      let result = try run(chain, extra)
      expectRejected(result, firstError: error)
      #expect(diagnostics(result).count == 1, "\(diagnostics(result).prefix(3))")
    }
    // Piped, the chain is checked a line at a time: the same error, after the rest ran.
    let piped = try CLI.run([], stdin: chain)
    expectRejected(piped, firstError: "<stdin>:" + error)
  }

  @Test("a chain of 999 macros runs: the deepest that the nesting limit allows")
  func macroChainAtTheLimit() throws {
    let result = try run(Self.macroChain(999))
    #expect(result.status == 0, "\(result.description.prefix(2000))")
    #expect(result.stdoutLines == ["shape: at (0, 1), blue"])
    // Called in a block, one level more, it is refused where it is written.
    let deeper = try run(Self.macroChain(999) + Array("{ m997 }\n{ m998 }\n".utf8))
    expectRejected(
      deeper,
      firstError:
        "1002:3: error: calls nest too deep: this call to `m998` reaches 1001 levels of blocks and macro calls, more than the 1000 a run allows"
    )
  }

  @Test("a block of 100,000 lines on standard input is read in linear time")
  func longBlockOnStandardInput() throws {
    // The stream reader feeds each line to an `EntryScanner` once, instead of asking
    // about the whole pending entry after every line (quadratic: minutes, past the hang
    // guard). A debug build takes 1.6 s alone.
    let text = "{\n" + String(repeating: "move up\n", count: 100_000) + "}\nshow shape\n"
    let result = try CLI.run([], stdin: Array(text.utf8))
    #expect(!result.timedOut)
    #expect(result.stdoutLines == ["shape: at (0, 100000), blue"])
  }

  @Test("ten macros, each calling the next ten times, check at once")
  func macroFanOut() throws {
    var text = "macro m0 { move up }\n"
    for i in 1..<10 {
      text += "macro m\(i) { " + Array(repeating: "m\(i - 1)", count: 10).joined(separator: "; ") + " }\n"
    }
    text += "m9\n"
    let result = try run(Array(text.utf8), ["--check"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
  }

  // MARK: Accepted

  @Test("a byte-order mark and CRLF line ends are accepted")
  func byteOrderMarkAndCRLF() throws {
    let bytes = [0xEF, 0xBB, 0xBF] + Array("move up\r\nrepeat 2 {\r\n  paint red\r\n}\r\nshow shape\r\n".utf8)
    let result = try run(bytes)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutLines == ["shape: at (0, 1), red"])
    #expect(result.stderr == "")
  }

  // MARK: Output faults

  /// Runs `script` with bash, with SIGPIPE's default action as in a terminal (this test
  /// process ignores it, and ignored signals stay ignored across exec); returns what
  /// bash printed.
  private func bash(_ script: String, in dir: URL) throws -> String {
    let output = dir.appendingPathComponent("bash-output").path
    let arguments = ["/bin/bash", "-c", "cd \"$1\" && \(script)", "bash", dir.path, CLI.binary.path]
    let pid = try #require(CLI.spawnAsFromAShell(arguments, defaultSignals: [SIGPIPE], output: output))
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return try String(contentsOfFile: output, encoding: .utf8)
  }

  @Test("a closed standard output (`cmdscript big.cmd | head -1`) ends the run quietly")
  func closedStandardOutput() throws {
    let dir = try folder("big.cmd", Array("repeat 20000 { show shape }\nshow door\n".utf8))
    defer { try? FileManager.default.removeItem(at: dir) }
    // As from a shell: SIGPIPE ends cmdscript, status 141 (128 + SIGPIPE), with no message.
    let pipe = #""$2" big.cmd 2>err.txt | head -1; echo "status ${PIPESTATUS[0]}"; cat err.txt"#
    #expect(try bash(pipe, in: dir) == "shape: at (0, 0), blue\nstatus 141\n")
    // With SIGPIPE ignored, writes fail instead; the run goes on without output and ends
    // with status 0, again with no message.
    #expect(try bash("trap '' PIPE; " + pipe, in: dir) == "shape: at (0, 0), blue\nstatus 0\n")
  }
}
