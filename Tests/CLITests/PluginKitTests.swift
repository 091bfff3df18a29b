import Foundation
import Testing

/// The plugin kit (plugins/python/cmdscript_plugin.py, plugins/node/cmdscript-plugin.js):
/// plugins on it pass `plugin check`, `plugin new` writes one that does, `execute`'s
/// `step` and `mode` reach the plugin and `applied` answers, a debug line goes to standard
/// error; `--plugin-trace` writes every message both ways.
@Suite("Plugin kit")
struct PluginKitTests {
  static let kit = CLI.packageRoot.appendingPathComponent("Tests/CLITests/Scripts/plugins/kit")
  static let notes = "node \(PluginTests.examples.appendingPathComponent("notes.js").path)"

  @Test(
    "plugins on the kit pass `plugin check`",
    arguments: [
      PluginTests.lamp, notes, "python3 \(kit.appendingPathComponent("steps.py").path)",
      "node \(kit.appendingPathComponent("steps.js").path)", "python3 \(kit.appendingPathComponent("table.py").path)",
    ])
  func kitPluginsPassTheCheck(_ command: String) throws {
    try inFolder { dir in
      let result = try CLI.run(["plugin", "check", "--calls", "300", command], in: dir, timeout: 120)
      #expect(result.status == 0 && result.stdout.hasSuffix("300 random calls, no violations\n"), "\(result)")
    }
  }

  @Test("`plugin new NAME --python|--node` writes a plugin that passes `plugin check` and runs")
  func newPluginsPassTheCheck() throws {
    for (flag, command) in [("--python", "python3 gizmo.py"), ("--node", "node gizmo.js")] {
      try inFolder { dir in
        let made = try CLI.run(["plugin", "new", "gizmo", flag], in: dir)
        #expect(made.status == 0, "\(made)")
        let check = try CLI.run(["plugin", "check", command], in: dir, timeout: 120)
        #expect(check.status == 0 && check.stdout.hasSuffix("200 random calls, no violations\n"), "\(check)")
        let run = try CLI.run(
          ["--plugin", command, "--plugin-trace", "trace.log", "-c", "gizmo.add 5; gizmo.add 7; undo; show gizmo"],
          in: dir)
        #expect(run.stdoutLines == ["gizmo: value=5"], "\(run)")
        // The kit passes a verb's conditions on: `clear` cannot work while the number is 0.
        let help = try CLI.run(["--plugin", command, "-c", "help gizmo.clear"], in: dir)
        #expect(help.stdoutLines.last == "    unavailable while zero: it is 0 already", "\(help)")
        let trace = try String(contentsOf: dir.appendingPathComponent("trace.log"), encoding: .utf8)
        let lines = trace.split(separator: "\n")
        // Each message sent is answered, and initialize, execute, undo, state and shutdown
        // are among them.
        #expect(lines.filter { $0.contains(" → ") }.count == lines.filter { $0.contains(" ← ") }.count, "\(trace)")
        for method in ["initialize", "execute", "undo", "state", "shutdown"] {
          #expect(trace.contains("\"method\": \"\(method)\""), "\(method)\n\(trace)")
        }
        #expect(
          lines.first?.contains(" → \(command) {\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"initialize\"") == true)
        #expect(lines.dropFirst().first?.contains(" ← \(command) {\"jsonrpc\"") == true, "\(trace)")
        #expect(lines.allSatisfy { $0.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z [→←] .*/) != nil })
        let again = try CLI.run(["plugin", "new", "gizmo", flag], in: dir)
        #expect(again.status == 1 && again.stderr.contains("exists already"), "\(again)")
      }
    }
  }

  @Test(
    "the modules hand the plugin `execute`'s step and mode, and answer `applied`", arguments: ["steps.py", "steps.js"])
  func stepModeAndApplied(_ file: String) throws {
    let requests = [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"execute","params":{"instance":"log","verb":"mark","arguments":["a"],"step":"7","mode":"redo"}}"#,
      #"{"jsonrpc":"2.0","id":3,"method":"applied","params":{"step":"7"}}"#,
      #"{"jsonrpc":"2.0","id":4,"method":"applied","params":{"step":"8"}}"#,
      #"{"jsonrpc":"2.0","id":5,"method":"state","params":{"instance":"log"}}"#,
    ]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [file.hasSuffix(".py") ? "python3" : "node", Self.kit.appendingPathComponent(file).path]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data((requests.joined(separator: "\n") + "\n").utf8))
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let results: [[String: Any]] = text.split(separator: "\n").compactMap { line in
      let message = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return message?["result"] as? [String: Any]
    }
    #expect(results.count == 5, "\(text)")
    guard results.count == 5 else { return }
    #expect(results[0]["applied"] as? Bool == true && results[0]["persistent"] as? Bool == true, "\(text)")
    #expect(results[2]["applied"] as? Bool == true, "\(text)")
    #expect(results[3]["applied"] as? Bool == false, "\(text)")
    let state = results[4]["state"] as? [String: Any]
    #expect(state?["marks"] as? [[String]] == [["a", "7", "redo"]], "\(text)")
  }

  @Test("`plugin new` writes the kit as it is in plugins/ (the EmbedFiles build plugin builds them in)")
  func embeddedKitIsTheFile() throws {
    try inFolder { dir in
      #expect(try CLI.run(["plugin", "new", "a", "--python"], in: dir).status == 0)
      #expect(try CLI.run(["plugin", "new", "b", "--node"], in: dir).status == 0)
      for file in ["python/cmdscript_plugin.py", "node/cmdscript-plugin.js"] {
        let name = String(file.split(separator: "/").last!)
        let written = try Data(contentsOf: dir.appendingPathComponent(name))
        let source = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("plugins/\(file)"))
        #expect(written == source, "\(file) differs from the kit `plugin new` wrote")
      }
    }
  }
}
