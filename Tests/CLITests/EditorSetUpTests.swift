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
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cmdscript-nvim-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    // `cmdscript` on the PATH, as the README asks.
    try FileManager.default.createSymbolicLink(
      at: dir.appendingPathComponent("cmdscript"), withDestinationURL: CLI.binary)
    let script = dir.appendingPathComponent("t.cmd")
    try "move up\npaitn red\nrepeat 2 {move up}\n".write(to: script, atomically: true, encoding: .utf8)
    let output = dir.appendingPathComponent("out.txt")
    let root = CLI.packageRoot.appendingPathComponent("editors/neovim/commandscript.lua").path
    let check = CLI.packageRoot.appendingPathComponent("Tests/CLITests/Editors/neovim_check.lua").path
    let process = Process()
    process.executableURL = Self.neovim ?? URL(fileURLWithPath: "/usr/bin/nvim")
    process.arguments = [
      "--headless", "-u", "NONE", "-c", "filetype on", "-c", "luafile \(root)", "-c", "luafile \(check)",
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
    #expect(
      lines == [
        "filetype=commandscript", "diagnostic 1:0 unknown command `paitn` (did you mean `paint`?)", "line move up",
        "line paitn red", "line repeat 2 { move up }",
      ])
  }
}
