// HTTP/1.1 as the page needs it: a request head read within bounds (its size, 431 past
// ``HTTPRequest/maxHeadBytes``; its time, from the connection's first byte), GET and HEAD
// only, no bodies; and a response written in one piece.

import Foundation

/// A request's head: the method, the path and query, the headers (names lower-cased).
struct HTTPRequest: Sendable {
  /// The most bytes a request head may take: past them the answer is 431.
  static let maxHeadBytes = 16 * 1024
  /// The most headers a request may carry.
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

  /// Parses `head` (the bytes up to the blank line), or says which status refuses it.
  static func parse(_ head: [UInt8]) -> Result<HTTPRequest, HTTPRefusal> {
    guard let text = String(validating: head, as: UTF8.self) else { return .failure(.bad("not UTF-8")) }
    let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
    let start = lines[0].split(separator: " ", omittingEmptySubsequences: false)
    guard start.count == 3, start[2].hasPrefix("HTTP/1.") else { return .failure(.bad("bad request line")) }
    var headers: [(name: String, value: String)] = []
    for line in lines.dropFirst() where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
        !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
      else { return .failure(.bad("bad header line")) }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers.append((name, value))
    }
    guard headers.count <= maxHeaders else { return .failure(.tooLarge) }
    // RFC 9112 3.2: exactly one Host.
    guard headers.filter({ $0.name == "host" }).count == 1 else { return .failure(.bad("one Host header needed")) }
    if headers.contains(where: { $0.name == "transfer-encoding" })
      || headers.contains(where: { $0.name == "content-length" && $0.value != "0" })
    {
      return .failure(.bad("no request body is accepted"))
    }
    let target = start[1]
    let pathPart = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
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
    return .success(
      HTTPRequest(
        method: String(start[0]), path: String(pathPart[0]).removingPercentEncoding ?? String(pathPart[0]),
        query: query, headers: headers))
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

/// A response: status, headers and body, written as one buffer.
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
    101: "Switching Protocols", 200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 408: "Request Timeout", 431: "Request Header Fields Too Large",
    503: "Service Unavailable",
  ]

  /// The bytes on the wire; `head`: without the body (a HEAD request).
  func bytes(head: Bool = false) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(Self.reasons[status] ?? "Status")\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    if status != 101 {
      text += "Content-Length: \(body.count)\r\n"
      if closes { text += "Connection: close\r\n" }
    }
    text += "\r\n"
    return Array(text.utf8) + (head ? [] : body)
  }

  var bytes: [UInt8] { bytes() }
}

/// Serves one connection: requests in turn until it closes, times out, or is upgraded to a
/// WebSocket (then ``WebSocket`` runs on the same thread until it ends).
enum HTTPConnectionLoop {
  /// How long a connection may take to send a whole request head, from its first request or
  /// the end of the previous response: idle and slow connections are dropped after it.
  static let headSeconds = 10.0

  static func serve(_ fd: Int32, routes: Routes) {
    let connection = Connection(fd)
    defer { connection.finish() }
    while true {
      switch connection.readHead(limit: HTTPRequest.maxHeadBytes, before: .now() + headSeconds) {
      case .closed: return
      case .timedOut:
        connection.write(HTTPResponse(status: 408, text: "request timeout\n", closes: true).bytes)
        return
      case .tooLarge:
        connection.write(HTTPRefusal.tooLarge.response.bytes)
        return
      case .head(let head):
        switch HTTPRequest.parse(head) {
        case .failure(let refusal):
          connection.write(refusal.response.bytes)
          return
        case .success(let request):
          switch routes.answer(request) {
          case .response(var response):
            if !request.keepsAlive { response.closes = true }
            guard connection.write(response.bytes(head: request.method == "HEAD")), !response.closes else { return }
          case .upgrade(let response, let handler):
            guard connection.write(response.bytes) else { return }
            WebSocket(connection).run(handler)
            return
          }
        }
      }
    }
  }
}
