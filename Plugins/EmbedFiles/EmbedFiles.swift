// Builds files of the repository into the targets that ship them, as Swift string literals
// generated at build time (by the `embed-files` tool, into the plugin's work folder), so that
// git holds each file once:
// - CommandScriptServer: the page, every file of its `Web/` folder, as `WebAssets.pageFiles`;
// - CommandScriptCLI: the plugin kit, `plugins/python/cmdscript_plugin.py` and
//   `plugins/node/cmdscript-plugin.js`, as `PluginKit.python` and `PluginKit.node`.
import Foundation
import PackagePlugin

@main
struct EmbedFiles: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let files: [(member: String, file: URL)]
    let type: String
    var table: [String] = []
    switch target.name {
    case "CommandScriptServer":
      type = "WebAssets"
      table = ["--table", "pageFiles"]
      let web = context.package.directoryURL.appending(path: "Sources/CommandScriptServer/Web")
      files = try Self.names(in: web).filter { WebAsset.endings.contains(($0 as NSString).pathExtension) }.map {
        (WebAsset.member(naming: $0), web.appending(path: $0))
      }
    case "CommandScriptCLI":
      type = "PluginKit"
      let kit = context.package.directoryURL.appending(path: "plugins")
      files = [
        ("python", kit.appending(path: "python/cmdscript_plugin.py")),
        ("node", kit.appending(path: "node/cmdscript-plugin.js")),
      ]
    default:
      return []
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "\(type)+Embedded.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.map(\.file.lastPathComponent).joined(separator: ", ")) in \(target.name)",
        executable: try context.tool(named: "embed-files").url,
        arguments: [output.path(percentEncoded: false), type] + table
          + files.map { "\($0.member)=\($0.file.path(percentEncoded: false))" },
        inputFiles: files.map(\.file),
        outputFiles: [output])
    ]
  }

  /// The names of the files in `folder`, sorted (so that the source generated is the same
  /// on every machine).
  static func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))
      .filter { !$0.hasPrefix(".") }.sorted()
  }
}

/// The page's files: which are served, and the name each is given in Swift.
enum WebAsset {
  /// The endings of the files served (WebAssets.swift gives each its content type).
  static let endings: Set<String> = ["html", "css", "js", "svg"]

  /// `app.js` → `appJS`, `index.html` → `indexHTML`.
  static func member(naming name: String) -> String {
    let parts = name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    return parts[0]
      + parts.dropFirst().map { endings.contains($0) ? $0.uppercased() : $0.capitalized }.joined()
  }
}
