import Foundation
import Testing

/// The README's Neovim set-up, for real: headless Neovim with
/// `editors/neovim/commandscript.lua` opens a script, gets `cmdscript lsp`'s diagnostics
/// and formats the buffer through it (Debian's Neovim 0.7 takes the `start_client` path).
@Suite struct EditorSetUpTests {
  static let neovim: URL? = ["/usr/bin/nvim", "/usr/local/bin/nvim"].map(URL.init(fileURLWithPath:)).first {
    FileManager.default.isExecutableFile(atPath: $0.path)
  }

  @Test(
    "Neovim with editors/neovim/commandscript.lua: diagnostics and formatting from cmdscript lsp",
    .enabled(if: neovim != nil || ProcessInfo.processInfo.environment["CI"] != nil, "Neovim is not installed"))
  func neovimSetUp() throws {
    let lines = try Self.runNeovim(
      script: "move up\npaitn red\nrepeat 2 {move up}\n", check: "Tests/CLITests/Editors/neovim_check.lua")
    #expect(
      lines == [
        "filetype=commandscript", "diagnostic 1:0 unknown command `paitn` (did you mean `paint`?)", "line move up",
        "line paitn red", "line repeat 2 { move up }",
      ])
  }

  /// Runs headless Neovim with the README's set-up on a script of `script` (`cmdscript`
  /// on the PATH, as the README asks) and the Lua file `check` (from the package root),
  /// which writes what it saw a line each: those lines.
  static func runNeovim(script text: String, check: String) throws -> [String] {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cmdscript-nvim-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createSymbolicLink(
      at: dir.appendingPathComponent("cmdscript"), withDestinationURL: CLI.binary)
    let script = dir.appendingPathComponent("t.cmd")
    try text.write(to: script, atomically: true, encoding: .utf8)
    let output = dir.appendingPathComponent("out.txt")
    let setUp = CLI.packageRoot.appendingPathComponent("editors/neovim/commandscript.lua").path
    let checkPath = CLI.packageRoot.appendingPathComponent(check).path
    let process = Process()
    process.executableURL = neovim ?? URL(fileURLWithPath: "/usr/bin/nvim")
    process.arguments = [
      "--headless", "-u", "NONE", "-c", "filetype on", "-c", "luafile \(setUp)", "-c", "luafile \(checkPath)",
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
    return try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
  }
}
