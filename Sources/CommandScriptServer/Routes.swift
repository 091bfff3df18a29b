// What the server answers: the page and its files, and the WebSocket, each only behind the
// gate (the token, Host and Origin); anything else is 403 or 404, and nothing runs.

import FlyingFox
import Foundation
import Synchronization

/// The server's one handler: checks every request at the ``Gate`` before routing it.
final class Routes: HTTPHandler, @unchecked Sendable {
  /// The pages' connections.
  let sockets: PageSocket
  private let gate = Mutex<Gate?>(nil)

  init(host: SessionHost) { sockets = PageSocket(host: host) }

  /// Starts answering, with the token and port known (refused until then).
  func open(with gate: Gate) { self.gate.withLock { $0 = gate } }

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let gate = gate.withLock({ $0 }) else { return Self.plain(.serviceUnavailable, "starting") }
    let isSocket = request.path == "/socket"
    if let refusal = gate.refusal(of: request, needsOrigin: isSocket) {
      return Self.plain(.forbidden, "forbidden: \(refusal)\n")
    }
    guard request.method == .GET || request.method == .HEAD else {
      return Self.plain(.methodNotAllowed, "method not allowed\n")
    }
    if isSocket {
      let handler = SizeLimit(inner: MessageFrameWSHandler(handler: sockets), limit: PageSocket.maxMessageBytes)
      return try await WebSocketHTTPHandler(handler: handler).handleRequest(request)
    }
    guard let asset = WebAssets.files[request.path == "/" ? "/index.html" : request.path] else {
      return Self.plain(.notFound, "not found\n")
    }
    var headers: HTTPHeaders = [
      .contentType: asset.type,
      HTTPHeader("Cache-Control"): "no-store",
      HTTPHeader("X-Content-Type-Options"): "nosniff",
      HTTPHeader("X-Frame-Options"): "DENY",
      HTTPHeader("Content-Security-Policy"):
        "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'",
      HTTPHeader("Referrer-Policy"): "no-referrer",
    ]
    // The token from the address becomes a cookie, so that the page's files and socket
    // carry it without it being written into them.
    if request.query.contains(where: { $0.name == "token" }) {
      headers.addValue("\(gate.cookieName)=\(gate.token); Path=/; HttpOnly; SameSite=Strict", for: .setCookie)
    }
    return HTTPResponse(statusCode: .ok, headers: headers, body: Data(asset.text.utf8))
  }

  private static func plain(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
    HTTPResponse(statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"], body: Data(text.utf8))
  }
}

/// Closes a WebSocket with 1009 (message too big) as soon as a message's frames exceed
/// `limit` bytes, before the frames are put together.
struct SizeLimit: WSHandler {
  let inner: any WSHandler
  let limit: Int

  func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
    let limit = limit
    let limited = AsyncThrowingStream<WSFrame, any Error> { continuation in
      let task = Task {
        var size = 0
        do {
          for try await frame in client {
            let isData = frame.opcode == .text || frame.opcode == .binary || frame.opcode == .continuation
            size = frame.opcode == .continuation ? size + frame.payload.count : frame.payload.count
            if isData, size > limit {
              // 1009, as a close frame from the client: the inner handler answers it and ends.
              continuation.yield(WSFrame(fin: true, opcode: .close, mask: nil, payload: Data([0x03, 0xF1])))
              break
            }
            continuation.yield(frame)
          }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
    return try await inner.makeFrames(for: limited)
  }
}
