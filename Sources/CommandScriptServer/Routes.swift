// What the server answers: the page and its files, and the WebSocket, each only behind the
// gate (the token, Host and Origin); anything else is 403 or 404, and nothing runs.

import Foundation
import Synchronization

/// What a request gets: a response, or the WebSocket (NIO's upgrader answers the handshake).
enum RouteAnswer {
  case response(HTTPResponse)
  case upgrade(any WebSocketHandler)
}

/// The server's one handler: checks every request at the ``Gate`` before routing it.
final class Routes: Sendable {
  /// The pages' connections.
  let sockets: PageSocket
  private let gate = Mutex<Gate?>(nil)

  init(host: SessionHost) { sockets = PageSocket(host: host) }

  /// Starts answering, with the token and port known (refused until then).
  func open(with gate: Gate) { self.gate.withLock { $0 = gate } }

  func answer(_ request: HTTPRequest) -> RouteAnswer {
    guard let gate = gate.withLock({ $0 }) else { return .response(Self.plain(503, "starting\n")) }
    let isSocket = request.path == "/socket"
    if let refusal = gate.refusal(of: request, needsOrigin: isSocket) {
      return .response(Self.plain(403, "forbidden: \(refusal)\n"))
    }
    guard request.method == "GET" || request.method == "HEAD" else {
      return .response(Self.plain(405, "method not allowed\n", closes: true))
    }
    if isSocket { return Self.handshake(request, handler: sockets) }
    guard let asset = WebAssets.files[request.path == "/" ? "/index.html" : request.path] else {
      return .response(Self.plain(404, "not found\n"))
    }
    var headers = [
      ("Content-Type", asset.type),
      ("Cache-Control", "no-store"),
      ("X-Content-Type-Options", "nosniff"),
      ("X-Frame-Options", "DENY"),
      (
        "Content-Security-Policy",
        "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'"
      ),
      ("Referrer-Policy", "no-referrer"),
    ]
    // The token from the address becomes a cookie, so that the page's files and socket
    // carry it without it being written into them.
    if request.queryItem("token") != nil {
      headers.append(("Set-Cookie", "\(gate.cookieName)=\(gate.token); Path=/; HttpOnly; SameSite=Strict"))
    }
    return .response(HTTPResponse(status: 200, headers: headers, body: Array(asset.text.utf8)))
  }

  /// RFC 6455 4.2: the upgrade's headers checked (the accept key is NIO's upgrader's).
  private static func handshake(_ request: HTTPRequest, handler: any WebSocketHandler) -> RouteAnswer {
    guard request.method == "GET", request.header("upgrade")?.lowercased() == "websocket",
      let connection = request.header("connection")?.lowercased(),
      connection.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "upgrade" }),
      request.header("sec-websocket-version") == "13",
      let key = request.header("sec-websocket-key"), Data(base64Encoded: key)?.count == 16
    else { return .response(plain(400, "bad request: not a WebSocket handshake\n", closes: true)) }
    return .upgrade(handler)
  }

  private static func plain(_ status: Int, _ text: String, closes: Bool = false) -> HTTPResponse {
    HTTPResponse(status: status, text: text, closes: closes)
  }
}
