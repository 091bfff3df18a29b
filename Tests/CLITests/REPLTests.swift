import Foundation
import Testing

/// Where `python3` is on the PATH, if anywhere.
private let python3: URL? = {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for folder in path.split(separator: ":") {
    let url = URL(fileURLWithPath: String(folder)).appendingPathComponent("python3")
    if FileManager.default.isExecutableFile(atPath: url.path) { return url }
  }
  return nil
}()

/// The REPL in a real pseudo-terminal, driven by `repl_test.py` with pexpect: the prompt,
/// a statement and its output, the continuation prompt while a `{` is open, errors that
/// do not end the session (and a failed statement rolled back), Ctrl-D exiting with 0.
@Suite("REPL")
struct REPLTests {
  @Test(
    "the REPL in a pseudo-terminal (repl_test.py)",
    .enabled(if: python3 != nil, "python3 is not installed: the REPL test needs python3 with pexpect"))
  func repl() throws {
    let script = CLI.packageRoot.appendingPathComponent("Tests/CLITests/repl_test.py")
    let process = Process()
    process.executableURL = python3!
    process.arguments = [script.path, CLI.binary.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    if process.terminationStatus == 2 {
      Issue.record("pexpect is missing (pip install pexpect):\n\(text)")
    } else {
      #expect(process.terminationStatus == 0, "repl_test.py failed:\n\(text)")
    }
  }
}
