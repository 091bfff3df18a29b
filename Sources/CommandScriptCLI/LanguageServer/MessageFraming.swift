import CommandScript

#if canImport(Glibc)
  import Glibc
#endif

// The protocol's framing on a descriptor: `Content-Length: N` headers, a blank line, then
// N bytes of JSON.

/// Reads messages, framed, from a descriptor.
struct MessageReader {
  let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  /// No message is larger: a bad header cannot make the server allocate without bound.
  static let maxLength = 64 << 20

  init(descriptor: Int32) { self.descriptor = descriptor }

  /// The next message's body, or nil at the end of the input.
  mutating func next() -> [UInt8]? {
    while true {
      var length: Int?
      // Headers, up to the blank line.
      while true {
        guard let line = readLine() else { return nil }
        if line.isEmpty { break }
        let text = String(decoding: line, as: UTF8.self)
        if text.lowercased().hasPrefix("content-length:") {
          length = Int(String(text.dropFirst("content-length:".count).filter { $0 != " " && $0 != "\t" }))
        }
      }
      guard let length, length >= 0, length <= Self.maxLength else { continue }
      guard fill(length) else { return nil }
      defer { start += length }
      return Array(buffer[start..<start + length])
    }
  }

  /// A header line without its CRLF (or LF).
  private mutating func readLine() -> [UInt8]? {
    while true {
      if let newline = buffer[start...].firstIndex(of: 10) {
        var end = newline
        if end > start, buffer[end - 1] == 13 { end -= 1 }
        defer { start = newline + 1 }
        return Array(buffer[start..<end])
      }
      guard readMore() else { return nil }
    }
  }

  private mutating func fill(_ count: Int) -> Bool {
    while buffer.count - start < count { guard readMore() else { return false } }
    return true
  }

  private mutating func readMore() -> Bool {
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return false }
      buffer += chunk[..<n]
      return true
    }
  }
}

/// Writes messages, framed, to a descriptor.
struct MessageWriter {
  let descriptor: Int32

  /// Writes `body` with its header.
  func send(_ body: [UInt8]) {
    let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    _ = frame.withUnsafeBytes { FileIO.writeAll(descriptor, $0) }
  }
}
