import Foundation
import Testing

// `cmdscript mcp`'s command line: its help, a usage error, and the protocol alone on
// standard output. The protocol itself is tested with the MCP SDK's client in
// Tests/MCPTests/mcp_test.py (run by .ci/run).
@Suite struct MCPCommandTests {
  @Test func helpAndUsage() throws {
    for arguments in [["mcp", "--help"], ["help", "mcp"]] {
      let help = try CLI.run(arguments)
      #expect(help.status == 0, "\(help)")
      #expect(help.stdout.contains("USAGE: cmdscript mcp"), "\(help)")
      #expect(help.stdout.contains("Model Context Protocol") && help.stdout.contains("--allow-files"), "\(help)")
    }
    let usage = try CLI.run(["mcp", "--port", "3"])
    #expect(usage.status == 64, "\(usage)")
  }

  /// What a FILE prints goes to standard error; standard output has the answers only, and
  /// the end of the input ends the server with status 0.
  @Test func onlyProtocolMessagesOnStandardOutput() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "move up\nshow shape\necho \"hello\"\n".write(
      to: folder.appendingPathComponent("start.cmd"), atomically: true, encoding: .utf8)
    let input = """
      {"jsonrpc": "2.0", "id": 1, "method": "ping"}
      {"jsonrpc": "2.0", "method": "notifications/initialized"}
      not json
      {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "show", "arguments": {"receivers": ["shape"]}}}

      """
    let result = try CLI.run(["mcp", "start.cmd"], stdin: Array(input.utf8), in: folder)
    #expect(result.status == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 3, "\(result)")
    #expect(lines.allSatisfy { $0.hasPrefix("{\"jsonrpc\": \"2.0\"") }, "\(result)")
    #expect(lines[1].contains("-32700"), "\(result)")
    #expect(lines[2].contains("\\\"y\\\": 1"), "\(result)")
    #expect(result.stderr.contains("hello"), "\(result)")
  }
}
