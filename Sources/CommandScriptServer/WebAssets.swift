/// The page's files, served from the binary: the files of `Web/`, whose texts the EmbedFiles
/// build plugin (Plugins/EmbedFiles) writes into the build as ``pageFiles``, so that git
/// holds each file once and `serve` needs nothing beside the binary (no network, no npm).
enum WebAssets {
  /// One file: its content type and text.
  struct File: Sendable {
    let type: String
    let text: String
  }

  /// The files by path (`/app.js`).
  static let files: [String: File] = Dictionary(
    uniqueKeysWithValues: pageFiles.map { name, text in ("/" + name, File(type: contentType(of: name), text: text)) })

  /// The content type of the file `name`, by its ending (the plugin embeds these endings).
  static func contentType(of name: String) -> String {
    switch name.split(separator: ".").last {
    case "html": "text/html; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "js": "text/javascript; charset=utf-8"
    case "svg": "image/svg+xml"
    default: "application/octet-stream"
    }
  }
}
