// The listening socket and its connections: one thread per connection, at most
// ``Listener/maxConnections`` at once (the excess is answered 503 and closed, never an exit
// for want of descriptors), each with TCP_NODELAY so that a reply and the state after it
// leave at once.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the server cannot listen, said as a user reads it.
struct ListenError: Error {
  let reason: String
}

/// A TCP listener on one address; ``start(_:)`` accepts on a thread of its own and hands
/// each connection's descriptor to the handler on a thread of its own.
final class Listener: @unchecked Sendable {
  /// The most connections served at once; more are answered 503 and closed.
  static let maxConnections = 256

  private let descriptor: Int32
  /// The port listened on (the one picked, for port 0).
  let port: Int
  private let active = NSLock()
  private var count = 0

  /// Binds and listens on `host` (an IPv4 or IPv6 address; `localhost` is 127.0.0.1) at
  /// `port`.
  init(host: String, port: Int) throws(ListenError) {
    let address = host == "localhost" ? "127.0.0.1" : host
    let isV6 = address.contains(":")
    let fd = socket(isV6 ? AF_INET6 : AF_INET, Self.streamType, 0)
    guard fd >= 0 else { throw ListenError(reason: Self.lastError()) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var bound: Int32
    if isV6 {
      var sin6 = sockaddr_in6()
      sin6.sin6_family = sa_family_t(AF_INET6)
      sin6.sin6_port = UInt16(port).bigEndian
      guard inet_pton(AF_INET6, address, &sin6.sin6_addr) == 1 else {
        close(fd)
        throw ListenError(reason: "not an IP address")
      }
      bound = withUnsafePointer(to: &sin6) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    } else {
      var sin = sockaddr_in()
      sin.sin_family = sa_family_t(AF_INET)
      sin.sin_port = UInt16(port).bigEndian
      guard inet_pton(AF_INET, address, &sin.sin_addr) == 1 else {
        close(fd)
        throw ListenError(reason: "not an IP address")
      }
      bound = withUnsafePointer(to: &sin) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    }
    guard bound == 0, listen(fd, 128) == 0 else {
      let reason = errno == EADDRINUSE ? "address already in use (try --port 0)" : Self.lastError()
      close(fd)
      throw ListenError(reason: reason)
    }
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    let picked = withUnsafePointer(to: &storage) { pointer -> UInt16 in
      isV6
        ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
        : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
    }
    descriptor = fd
    self.port = Int(UInt16(bigEndian: picked))
  }

  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
  #else
    private static let streamType = SOCK_STREAM
  #endif

  private static func lastError() -> String { String(cString: strerror(errno)) }

  /// Accepts connections until the process ends, each served by `handle` on a thread of its
  /// own; `handle` owns the descriptor and closes it.
  func start(_ handle: @escaping @Sendable (Int32) -> Void) {
    let thread = Thread { [self] in
      while true {
        let fd = accept(descriptor, nil, nil)
        if fd < 0 {
          // Out of descriptors (EMFILE) or a connection gone before it was taken: wait a
          // little and go on; the server never exits for it.
          if errno != EINTR { usleep(10_000) }
          continue
        }
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        let admitted = active.withLock {
          guard count < Self.maxConnections else { return false }
          count += 1
          return true
        }
        guard admitted else {
          Connection(fd).refuse(503, "too many connections: try again later\n")
          continue
        }
        let worker = Thread { [self] in
          handle(fd)
          active.withLock { count -= 1 }
        }
        worker.stackSize = 1 << 20
        worker.start()
      }
    }
    thread.start()
  }
}

/// One connection's descriptor, read with deadlines (a peer that sends nothing, or too
/// slowly, is dropped) and written whole.
final class Connection: @unchecked Sendable {
  let fd: Int32
  private let writeLock = NSLock()
  private var shut = false
  private var buffer: [UInt8] = []

  init(_ fd: Int32) {
    self.fd = fd
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    // A peer that stops reading blocks a write at most this long.
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Answers `status` with `text` and closes: for a connection refused before any request.
  func refuse(_ status: Int, _ text: String) {
    _ = write(HTTPResponse(status: status, text: text, closes: true).bytes)
    close(fd)
  }

  /// Whether bytes can be read before `deadline` (false: timed out or hung up).
  private func readable(before deadline: DispatchTime) -> Bool {
    while true {
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline.uptimeNanoseconds else { return false }
      let left = Int32(min((deadline.uptimeNanoseconds - now) / 1_000_000 + 1, 60_000))
      var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&entry, 1, left)
      if ready > 0 { return true }
      if ready < 0, errno != EINTR { return false }
    }
  }

  /// Up to 64 KiB more bytes, appended to the buffer; false at the end, on an error, or
  /// past `deadline`.
  private func fill(before deadline: DispatchTime) -> Bool { fillOrSay(before: deadline) == .bytes }

  private func fillOrSay(before deadline: DispatchTime) -> Wait {
    guard readable(before: deadline) else { return .timedOut }
    var chunk = [UInt8](repeating: 0, count: 65536)
    let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 65536, 0) }
    guard n > 0 else { return .closed }
    buffer.append(contentsOf: chunk[..<n])
    return .bytes
  }

  /// What waiting for bytes came to.
  enum Wait {
    case bytes
    case timedOut
    case closed
  }

  /// The bytes up to and including the first `\r\n\r\n`, at most `limit` of them, read
  /// before `deadline`; `.tooLarge` past the limit. Scanned once: each read only looks at
  /// the bytes it added (and the three before them).
  func readHead(limit: Int, before deadline: DispatchTime) -> HeadRead {
    var scanned = 0
    while true {
      let end = buffer.count
      var i = max(0, scanned - 3)
      while i + 3 < end {
        if buffer[i] == 13, buffer[i + 1] == 10, buffer[i + 2] == 13, buffer[i + 3] == 10 {
          let head = Array(buffer[..<(i + 4)])
          buffer.removeFirst(i + 4)
          return head.count > limit ? .tooLarge : .head(head)
        }
        i += 1
      }
      scanned = end
      if end > limit { return .tooLarge }
      guard fill(before: deadline) else { return end == 0 ? .closed : .timedOut }
    }
  }

  enum HeadRead {
    case head([UInt8])
    case tooLarge
    case timedOut
    case closed
  }

  /// Exactly `count` bytes, read before `deadline`; nil at the end or past it.
  func read(_ count: Int, before deadline: DispatchTime) -> [UInt8]? {
    while buffer.count < count {
      guard fill(before: deadline) else { return nil }
    }
    defer { buffer.removeFirst(count) }
    return Array(buffer[..<count])
  }

  /// Whether some bytes arrive within `seconds` (already buffered count), or the peer left.
  func waitForBytes(seconds: Double) -> Wait {
    buffer.isEmpty ? fillOrSay(before: .now() + seconds) : .bytes
  }

  /// Writes `bytes` whole, from any thread; false if the connection failed or was shut.
  @discardableResult
  func write(_ bytes: [UInt8]) -> Bool {
    writeLock.withLock {
      guard !shut else { return false }
      var sent = 0
      while sent < bytes.count {
        let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
        if n < 0, errno == EINTR { continue }
        guard n > 0 else {
          shut = true
          shutdown(fd, Int32(SHUT_RDWR))
          return false
        }
        sent += n
      }
      return true
    }
  }

  /// Stops both directions: the reading thread wakes and ends, writes fail from now on.
  func shutDown() {
    writeLock.withLock {
      shut = true
      shutdown(fd, Int32(SHUT_RDWR))
    }
  }

  /// Closes the descriptor; only the thread that reads it calls this, once, at its end,
  /// and no write runs after (they see `shut`).
  func finish() {
    writeLock.withLock {
      shut = true
      close(fd)
    }
  }
}
