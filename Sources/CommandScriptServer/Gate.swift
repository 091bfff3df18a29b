// Who may talk to the server: a request must carry the start's token (in the address or
// the cookie set from it) and name this server in Host (and Origin, when a browser sends
// one), so that another site open in the same browser can neither drive the session (CSRF)
// nor reach it under a name of its own (DNS rebinding).

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The checks every HTTP request and WebSocket upgrade passes before anything runs.
struct Gate: Sendable {
  /// The secret printed in the address: 32 random bytes, hex.
  let token: String
  /// The `host:port` values a request may name in `Host`: 127.0.0.1, localhost and [::1]
  /// on the port, and the `--host` address.
  let authorities: Set<String>

  /// The cookie the page's first request sets, named after the port so that two servers
  /// on one machine keep their own.
  let cookieName: String

  init(token: String, host: String, port: Int) {
    self.token = token
    var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
    names.insert(host.contains(":") ? "[\(host)]" : host)
    // Listening on every interface: a page is opened at one of this machine's addresses.
    if host == "0.0.0.0" || host == "::" {
      for address in Self.interfaceAddresses(ipv6: host == "::") {
        names.insert(address.contains(":") ? "[\(address)]" : address)
      }
    }
    authorities = Set(names.map { "\($0):\(port)" })
    cookieName = "cmdscript_token_\(port)"
  }

  /// This machine's addresses, from its interfaces (IPv4, and IPv6 if `ipv6`).
  static func interfaceAddresses(ipv6: Bool) -> [String] {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return [] }
    defer { freeifaddrs(list) }
    var addresses: [String] = []
    for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
      guard let address = entry.pointee.ifa_addr else { continue }
      let family = Int32(address.pointee.sa_family)
      guard family == AF_INET || (ipv6 && family == AF_INET6) else { continue }
      var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
      let bytes: UnsafeRawPointer =
        family == AF_INET
        ? UnsafeRawPointer(address).advanced(by: MemoryLayout<sockaddr_in>.offset(of: \.sin_addr)!)
        : UnsafeRawPointer(address).advanced(by: MemoryLayout<sockaddr_in6>.offset(of: \.sin6_addr)!)
      guard inet_ntop(family, bytes, &text, socklen_t(text.count)) != nil else { continue }
      let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      // A link-local IPv6 address needs its zone, which a Host header cannot carry.
      if !name.hasPrefix("fe80") { addresses.append(name) }
    }
    return addresses
  }

  /// A new token from the system's random source.
  static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in
      let byte = UInt8.random(in: 0...255, using: &generator)
      let hex = String(byte, radix: 16)
      return hex.count == 1 ? "0" + hex : hex
    }.joined()
  }

  /// Why `request` is refused, or nil if it may go on. `needsOrigin`: a WebSocket upgrade,
  /// which browsers always send with an Origin.
  func refusal(of request: HTTPRequest, needsOrigin: Bool) -> String? {
    guard let host = request.header("host"), authorities.contains(host.lowercased()) else {
      return "unknown Host"
    }
    if let origin = request.header("origin") {
      guard origin.lowercased().hasPrefix("http://"), authorities.contains(String(origin.lowercased().dropFirst(7)))
      else { return "cross-origin request" }
    } else if needsOrigin {
      return "no Origin"
    }
    guard let given = presentedToken(of: request), Self.same(given, token) else { return "no valid token" }
    return nil
  }

  /// The token in the query (`?token=`) or else in the cookie.
  func presentedToken(of request: HTTPRequest) -> String? {
    if let token = request.queryItem("token") { return token }
    for header in request.headers("cookie") {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName { return String(parts[1]) }
      }
    }
    return nil
  }

  /// Compares in time that does not depend on where the strings differ.
  static func same(_ a: String, _ b: String) -> Bool {
    let (x, y) = (Array(a.utf8), Array(b.utf8))
    guard x.count == y.count else { return false }
    return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
