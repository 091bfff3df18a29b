import Foundation

/// A to-do list service on 127.0.0.1, a Python process the test starts: `GET /week`
/// answers two titles, a line each, anything else 404; every request's path is written
/// to its log.
final class ListServer {
  let port: Int
  private let process = Process()
  private let log = FileManager.default.temporaryDirectory.appendingPathComponent("list-server-\(UUID()).log")

  private static let script = #"""
    import http.server, sys, threading
    log = open(sys.argv[1], "a", buffering=1)
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args): pass
        def do_GET(self):
            log.write(self.path + "\n")
            body = b"plan\nship\n" if self.path == "/week" else b"no such list"
            self.send_response(200 if self.path == "/week" else 404)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
    server.serve_forever()
    """#

  init() throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", Self.script, log.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = Pipe()
    try process.run()
    var line = Data()
    while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
      line += byte
    }
    port = Int(String(decoding: line, as: UTF8.self)) ?? 0
  }

  deinit {
    process.terminate()
    try? FileManager.default.removeItem(at: log)
  }

  /// The address of list `name`.
  func url(_ name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

  /// The paths requested so far, in order.
  func requests() throws -> [String] {
    try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
  }
}
