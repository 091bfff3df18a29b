import Foundation
import Testing

// `--safe` bounds string literals at 1 MiB: a longer one is a located error before
// anything runs, from a file and from a pipe alike. (A 128 MB literal ran in 980 MB; a
// 1 GB one on standard input aborted.) Here 2 MiB, enough to pass the bound.
@Suite struct SafeStringLiteralTests {
  private let script = "move up\necho \"" + String(repeating: "a", count: 2 << 20) + "\"\nshow shape\n"

  @Test func aFileWithALiteralOverTheBoundRunsNothing() throws {
    try withFolder { dir in
      let url = dir.appendingPathComponent("long.cmd")
      try script.write(to: url, atomically: true, encoding: .utf8)
      let result = try CLI.run(["--safe", url.path], timeout: 300)
      #expect(result.status == 65, "\(result.status)")
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderrLines.first?.hasSuffix(
          "long.cmd:2:6: error: string literal is longer than 1048576 bytes, the most a string may have here") == true,
        "\(result.stderrLines.first ?? "")")
    }
  }

  @Test func aPipeWithALiteralOverTheBoundRunsNothingOfIt() throws {
    for arguments in [["--safe", "-"], ["--safe", "--check", "-"]] {
      let result = try CLI.run(arguments, stdin: Array(script.utf8), timeout: 300)
      #expect(result.status == 65, "\(arguments): \(result.status)")
      #expect(
        result.stderrLines.first
          == "<stdin>:2:6: error: string literal is longer than 1048576 bytes, the most a string may have here",
        "\(result.stderrLines.first ?? "")")
    }
  }
}
