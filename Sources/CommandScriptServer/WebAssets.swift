// Written by scripts/embed-web-assets from the files in Web/: edit those, then run it.

/// The page's files, served from the binary.
enum WebAssets {
  /// One file: its content type and text.
  struct File: Sendable {
    let type: String
    let text: String
  }

  /// The files by path (`/app.js`).
  static let files: [String: File] = [
    "/app.css": appCSS,
    "/app.js": appJS,
    "/board.js": boardJS,
    "/connection.js": connectionJS,
    "/console.js": consoleJS,
    "/controls.js": controlsJS,
    "/history.js": historyJS,
    "/index.html": indexHTML,
  ]
}
