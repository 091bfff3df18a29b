// HTTP/1.1 as the page needs it, over NIO's codec: a request head read within bounds (its
// size, 431 past ``HTTPRequest/maxHeadBytes``; its time, ``HeadTimer``), one Host, no
// bodies; and a response written in one flush.

import Foundation
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// A request's head: the method, the path and query, the headers (names lower-cased).
struct HTTPRequest: Sendable {
  /// The most bytes a request head may take (its line and headers): past them the answer is
  /// 431. NIO's decoder counts them as it parses, once.
  static let maxHeadBytes = 16 * 1024
  /// The most headers a request may carry (431 past them).
  static let maxHeaders = 100

  var method: String
  var path: String
  var query: [(name: String, value: String)]
  var headers: [(name: String, value: String)]

  /// The value of header `name` (lower-case), if it is there.
  func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

  /// Every value of header `name`.
  func headers(_ name: String) -> [String] { headers.filter { $0.name == name }.map(\.value) }

  /// The value of query item `name`, if any.
  func queryItem(_ name: String) -> String? { query.first { $0.name == name }?.value }

  /// Whether the connection may serve another request after this one.
  var keepsAlive: Bool { !(header("connection")?.lowercased().contains("close") ?? false) }

  /// The request NIO's decoder read, or which status refuses it.
  static func parse(_ head: HTTPRequestHead) -> Result<HTTPRequest, HTTPRefusal> {
    guard head.version.major == 1 else { return .failure(.bad("bad request line")) }
    let headers = head.headers.map { (name: $0.name.lowercased(), value: $0.value) }
    // RFC 9112 3.2: exactly one Host.
    guard headers.filter({ $0.name == "host" }).count == 1 else { return .failure(.bad("one Host header needed")) }
    if headers.contains(where: { $0.name == "transfer-encoding" })
      || headers.contains(where: { $0.name == "content-length" && $0.value != "0" })
    {
      return .failure(.bad("no request body is accepted"))
    }
    let pathPart = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var query: [(name: String, value: String)] = []
    if pathPart.count == 2 {
      for pair in pathPart[1].split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let decode = { (s: Substring) in
          String(s).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s)
        }
        query.append((decode(parts[0]), parts.count == 2 ? decode(parts[1]) : ""))
      }
    }
    let path = pathPart.first.map(String.init) ?? ""
    return .success(
      HTTPRequest(
        method: head.method.rawValue, path: path.removingPercentEncoding ?? path, query: query, headers: headers))
  }
}

/// Why a request head is refused before any route sees it.
enum HTTPRefusal: Error {
  case bad(String)
  case tooLarge

  var response: HTTPResponse {
    switch self {
    case .bad(let why): HTTPResponse(status: 400, text: "bad request: \(why)\n", closes: true)
    case .tooLarge: HTTPResponse(status: 431, text: "request header fields too large\n", closes: true)
    }
  }
}

/// A response: status, headers and body.
struct HTTPResponse: Sendable {
  var status: Int
  var headers: [(String, String)] = []
  var body: [UInt8] = []
  /// Whether the connection closes after it.
  var closes = false

  init(status: Int, headers: [(String, String)] = [], body: [UInt8] = [], closes: Bool = false) {
    self.status = status
    self.headers = headers
    self.body = body
    self.closes = closes
  }

  /// A plain-text response.
  init(status: Int, text: String, closes: Bool = false) {
    self.init(
      status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(text.utf8),
      closes: closes)
  }

  static let reasons: [Int: String] = [
    400: "Bad Request", 408: "Request Timeout", 431: "Request Header Fields Too Large", 503: "Service Unavailable",
  ]

  /// The bytes on the wire, for a refusal written below NIO's encoder (a connection over the
  /// cap, a head that timed out).
  var bytes: [UInt8] {
    var text = "HTTP/1.1 \(status) \(Self.reasons[status] ?? "Status")\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    text += "Content-Length: \(body.count)\r\n"
    if closes { text += "Connection: close\r\n" }
    return Array((text + "\r\n").utf8) + body
  }

}

/// Answers one connection's requests with the routes, after NIO's decoder: a head it could
/// not read is 400, one over the bounds 431; a request the routes upgrade never reaches it
/// (NIO's upgrader takes it).
final class HTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let routes: Routes
  private let timer: HeadTimer
  private var request: Result<HTTPRequest, HTTPRefusal>?
  private var isHead = false

  init(routes: Routes, timer: HeadTimer) {
    self.routes = routes
    self.timer = timer
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      timer.headArrived()
      isHead = head.method == .HEAD
      request = HTTPRequest.parse(head)
    case .body: break
    case .end:
      guard let request else { return }
      self.request = nil
      switch request {
      case .failure(let refusal): respond(refusal.response, context: context)
      case .success(let request):
        switch routes.answer(request) {
        case .response(var response):
          if !request.keepsAlive { response.closes = true }
          respond(response, context: context)
        case .upgrade:
          // The upgrader takes every upgrade the routes allow: this one lacked its headers.
          respond(
            HTTPResponse(status: 400, text: "bad request: not a WebSocket handshake\n", closes: true), context: context)
        }
      }
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // An upgrade the routes did not allow: the request comes next, and is answered (403, 400).
    if error is NIOWebSocketUpgradeError { return }
    guard let error = error as? HTTPParserError else { return context.close(promise: nil) }
    if case .headerOverflow = error { return respond(HTTPRefusal.tooLarge.response, context: context) }
    respond(HTTPRefusal.bad("\(error)").response, context: context)
  }

  /// Writes `response` in one flush; closes after it if it says so, else the next head's
  /// time starts.
  private func respond(_ response: HTTPResponse, context: ChannelHandlerContext) {
    var headers = HTTPHeaders(response.headers)
    headers.add(name: "Content-Length", value: String(response.body.count))
    if response.closes { headers.add(name: "Connection", value: "close") }
    let status = HTTPResponseStatus(statusCode: response.status)
    context.write(
      wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
    if !isHead, !response.body.isEmpty {
      context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
    }
    let channel = context.channel
    let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
    if response.closes {
      written.whenComplete { _ in channel.close(promise: nil) }
    } else {
      timer.restart()
    }
  }
}
