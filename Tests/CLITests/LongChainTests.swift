import Foundation
import Testing

/// Long flat chains — `1 + 1 + …`, `- - … 1`, `and`/`or` chains, `else if` chains,
/// `queue queue …` — at the sizes that once overflowed the stack: each is one located
/// "nested more than 256 deep" error, never a crash, in a run, `--check`, `fmt`, the editor
/// server and a `--session` (whose journal then resumes).
@Suite struct LongChainTests {
  /// Each chain, at the size once seen to crash, and the error it gets.
  static let chains: [(name: String, text: String, error: String)] = [
    (
      "sum", "echo (" + Array(repeating: "1", count: 9040).joined(separator: " + ") + ")\n",
      "1:1029: error: an expression is nested more than 256 deep (each operator of a chain is a level)"
    ),
    (
      "negations", "echo (" + String(repeating: "- ", count: 9000) + "1)\n",
      "1:517: error: an expression is nested more than 256 deep (each operator of a chain is a level)"
    ),
    (
      "and", "if " + Array(repeating: "true", count: 10000).joined(separator: " and ") + " { echo 1 }\n",
      "1:2304: error: an expression is nested more than 256 deep (each operator of a chain is a level)"
    ),
    (
      "or", "assert " + Array(repeating: "false", count: 10000).joined(separator: " or ") + "\n",
      "1:2309: error: an expression is nested more than 256 deep (each operator of a chain is a level)"
    ),
    (
      "else-if",
      "if false { echo 1 }" + String(repeating: " else if false { echo 1 }", count: 5000) + "\n",
      "1:6401: error: `else if`s are nested more than 256 deep"
    ),
    (
      "queue", String(repeating: "queue ", count: 8000) + "move up\n",
      "1:1543: error: `queue`s are nested more than 256 deep"
    ),
  ]

  /// The diagnostic lines of standard error (not the source excerpts), without the file name.
  private func errors(_ result: CLI.Result, file: String) -> [String] {
    result.stderrLines.filter { $0.hasPrefix(file + ":") }.map { String($0.dropFirst(file.count + 1)) }
  }

  @Test(arguments: chains.map(\.name))
  func runCheckAndFmtReportTheChain(name: String) throws {
    let chain = Self.chains.first { $0.name == name }!
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chain-\(name)-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = "chain.cmd"
    try Data(chain.text.utf8).write(to: folder.appendingPathComponent(file))
    for arguments in [[file], ["--check", file], ["fmt", file]] {
      let result = try CLI.run(arguments, in: folder)
      #expect(result.status == 65, "\(arguments): \(result)")
      #expect(errors(result, file: file) == [chain.error], "\(arguments)")
    }
    // fmt leaves a file with syntax errors as it is.
    #expect(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) == chain.text)
    // A session refuses the entry before it is journaled, so the journal resumes.
    let session = folder.appendingPathComponent("s.cmdsession").path
    let live = try CLI.run(["--session", session], stdin: Array(("move up\n" + chain.text).utf8))
    #expect(errors(live, file: "<stdin>") == [chain.error.replacingOccurrences(of: "1:", with: "2:", count: 1)])
    let resumed = try CLI.run(["--session", session], stdin: Array("show shape\n".utf8))
    #expect(resumed.status == 0, "\(resumed)")
    #expect(resumed.stdoutLines == ["shape: at (0, 1), blue"])
  }

  /// The editor server publishes the errors of a document of every chain and goes on
  /// answering.
  @Test func editorServerReportsEveryChain() throws {
    let text = Self.chains.map(\.text).joined()
    func frame(_ json: String) -> [UInt8] { Array("Content-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8) }
    let escaped = text.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    let messages = [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
      #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/chains.cmd","languageId":"cmdscript","version":1,"text":""#
        + escaped + #""}}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#,
      #"{"jsonrpc":"2.0","method":"exit"}"#,
    ]
    let result = try CLI.run(["lsp"], stdin: messages.flatMap(frame))
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.components(separatedBy: "nested more than 256 deep").count - 1 == Self.chains.count)
    #expect(result.stdout.contains(#""id":2"#) || result.stdout.contains(#""id": 2"#))
  }
}

extension String {
  /// `self` with the first `count` occurrences of `target` replaced.
  fileprivate func replacingOccurrences(of target: String, with replacement: String, count: Int) -> String {
    guard count > 0, let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}
