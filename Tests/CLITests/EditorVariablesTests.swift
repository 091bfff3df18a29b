import Foundation
import Testing

/// Neovim, as the reference client, asks `cmdscript lsp` about variables: completion after
/// `$` in a block (the names in scope, with how each is bound and its kind), hover and
/// definition on a `$NAME`, and the checker's variable errors as diagnostics.
@Suite struct EditorVariablesTests {
  @Test(
    "Neovim: completion, hover and definition of variables, and their errors, from cmdscript lsp",
    .enabled(if: EditorSetUpTests.neovim != nil || ProcessInfo.processInfo.environment["CI"] != nil))
  func neovimVariables() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cmdscript-nvim-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createSymbolicLink(
      at: dir.appendingPathComponent("cmdscript"), withDestinationURL: CLI.binary)
    let script = dir.appendingPathComponent("t.cmd")
    try "let limit = 3\nrepeat 2 as i {\n  var step = 1.5\n  move up $\n  echo ($step)\n}\nlimit = 4\n".write(
      to: script, atomically: true, encoding: .utf8)
    let output = dir.appendingPathComponent("out.txt")
    let setUp = CLI.packageRoot.appendingPathComponent("editors/neovim/commandscript.lua").path
    let check = CLI.packageRoot.appendingPathComponent("Tests/CLITests/Editors/neovim_variables_check.lua").path
    let process = Process()
    process.executableURL = EditorSetUpTests.neovim ?? URL(fileURLWithPath: "/usr/bin/nvim")
    process.arguments = [
      "--headless", "-u", "NONE", "-c", "filetype on", "-c", "luafile \(setUp)", "-c", "luafile \(check)",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = dir.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["NVIM_CHECK_SCRIPT"] = script.path
    environment["NVIM_CHECK_OUTPUT"] = output.path
    environment["HOME"] = dir.path
    process.environment = environment
    process.currentDirectoryURL = dir
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
    // The checker's variable error, beside the syntax error of the `$` being typed.
    #expect(
      lines.contains(
        "diagnostic 6:0 `limit` is bound by `let` and cannot be assigned: declare it with `var` to change it (did you mean `var limit = …`?)"
      ), "\(lines)")
    #expect(
      lines.filter { !$0.hasPrefix("diagnostic") } == [
        "completion $i (the turn of `repeat … as`)", "completion $limit (let, an integer)",
        "completion $step (var, a decimal)", "hover $step: var, a decimal, bound on line 3", "definition 2:6",
      ])
  }
}
