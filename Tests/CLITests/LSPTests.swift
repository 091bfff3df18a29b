import Foundation
import Testing

/// `cmdscript lsp` driven by a real protocol client, pytest-lsp (`lsp_test.py`): the
/// requests it offers, diagnostics equal to `--check`'s for every golden script with
/// compile errors, positions in UTF-16 units, and bad input answered by the protocol. And
/// the TextMate grammar on every golden script (`grammar_test.py`, textmate-grammar-python).
@Suite("Editor server")
struct LSPTests {
  /// Whether python3 has the test clients here (CI installs them).
  static let hasClient: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import pytest_lsp, textmate_grammar"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  @Test(
    "the editor server under a protocol client (lsp_test.py)",
    .enabled(if: hasClient || ProcessInfo.processInfo.environment["CI"] != nil, "pytest-lsp is not installed"))
  func server() throws {
    try pytest("lsp_test.py")
  }

  @Test(
    "the TextMate grammar scopes every golden script's strings and comments as the language does (grammar_test.py)",
    .enabled(
      if: hasClient || ProcessInfo.processInfo.environment["CI"] != nil, "textmate-grammar-python is not installed"))
  func grammar() throws {
    try pytest("grammar_test.py")
  }

  private func pytest(_ file: String) throws {
    let (status, text) = try CLI.python(
      [
        "-m", "pytest", "-q", "-p", "no:cacheprovider",
        CLI.packageRoot.appendingPathComponent("Tests/CLITests/\(file)").path,
      ],
      environment: ["CMDSCRIPT": CLI.binary.path])
    #expect(status == 0, "\(text)")
    #expect(text.contains(" passed"), "\(text)")
  }
}
