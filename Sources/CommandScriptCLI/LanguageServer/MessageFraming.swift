import CommandScript

#if canImport(Glibc)
  import Glibc
#endif

// The protocol's framing on a descriptor: `Content-Length: N` headers, a blank line, then
// N bytes of JSON.

/// Reads messages, framed, from a descriptor, resynchronising after a frame whose
/// Content-Length is wrong: the body is the JSON value the bytes hold (which ends where its
/// outermost brace closes), and bytes that cannot be JSON end it, so that a length a few
/// bytes off costs at most that message, never the ones after it. Every byte is looked at
/// a bounded number of times, and a header line is at most ``maxHeaderLine`` bytes.
struct MessageReader {
  let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  /// No message is larger: a bad header cannot make the server allocate without bound.
  static let maxLength = 64 << 20
  /// No header line is longer (the protocol's two headers take about 60 bytes); a longer
  /// one is skipped to its line break without being kept.
  static let maxHeaderLine = 1024

  init(descriptor: Int32) { self.descriptor = descriptor }

  /// The next message's body, or nil at the end of the input.
  mutating func next() -> [UInt8]? {
    while true {
      var length: Int?
      // Headers, up to the blank line.
      while true {
        guard let line = readLine() else { return nil }
        if line.isEmpty { break }
        if let value = Self.contentLength(in: line) { length = value }
      }
      guard let length, length >= 0, length <= Self.maxLength else { continue }
      return body(length)
    }
  }

  /// The value of a `Content-Length:` header (any case) in `line`, after anything before
  /// it: the rest of a body whose length was given too small.
  private static func contentLength(in line: ArraySlice<UInt8>) -> Int? {
    let name = Array("content-length:".utf8)
    guard line.count >= name.count else { return nil }
    for at in line.startIndex...(line.endIndex - name.count) {
      guard (0..<name.count).allSatisfy({ line[at + $0] | 0x20 == name[$0] || line[at + $0] == name[$0] }) else {
        continue
      }
      let digits = line[(at + name.count)...].drop { $0 == 32 || $0 == 9 }
      guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 &- 48 < 10 }) else { return nil }
      return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
    }
    return nil
  }

  /// A header line without its CRLF (or LF); a line longer than ``maxHeaderLine`` comes
  /// back empty of its bytes except a `Content-Length` header at its end, which is what
  /// resynchronises the stream.
  private mutating func readLine() -> ArraySlice<UInt8>? {
    var scanned = start
    while true {
      if let newline = buffer[scanned...].firstIndex(of: 10) {
        var end = newline
        if end > start, buffer[end - 1] == 13 { end -= 1 }
        defer { start = newline + 1 }
        return buffer[start..<end]
      }
      if buffer.count - start > Self.maxHeaderLine {
        // Keep only the tail, where a header may be starting.
        start = buffer.count - 64
      }
      // Where to look for the line break once more is read (which may move the buffer).
      let looked = buffer.count - start
      guard readMore() else { return nil }
      scanned = start + looked
    }
  }

  /// The body that follows a header of `length`: the JSON value that starts there, which
  /// normally ends after exactly `length` bytes.
  private mutating func body(_ length: Int) -> [UInt8]? {
    var extent = JSONExtent()
    var end = start
    while true {
      while end < buffer.count {
        switch extent.take(buffer[end]) {
        case .inside:
          end += 1
          // Not an object or an array, or larger than any message may be: the length is
          // all there is to go by.
          if extent.isUnknown || end - start > Self.maxLength { return fixed(length) }
        case .closed:
          return taken(upTo: end + 1)
        case .invalid:
          // Bytes that cannot be part of JSON (the next frame's header after a length too
          // small): the body ends here, and the header reader starts from them.
          return taken(upTo: max(end, start + 1))
        }
      }
      let looked = end - start
      guard readMore() else {
        // The input ended inside the value: what there is.
        return looked > 0 ? taken(upTo: start + looked) : nil
      }
      end = start + looked
    }
  }

  /// Exactly `length` bytes, as the header says.
  private mutating func fixed(_ length: Int) -> [UInt8]? {
    while buffer.count - start < length { guard readMore() else { return nil } }
    return taken(upTo: start + length)
  }

  private mutating func taken(upTo end: Int) -> [UInt8] {
    defer { start = end }
    return Array(buffer[start..<end])
  }

  private mutating func readMore() -> Bool {
    // Bytes before `start` are dropped once they are half the buffer, so that each byte is
    // moved a bounded number of times.
    if start > 0, start >= buffer.count / 2 {
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

/// Where a JSON object or array ends, byte by byte, without parsing it: the depth of its
/// brackets outside strings, and whether each byte can be JSON at all.
struct JSONExtent {
  enum Step {
    /// The value goes on.
    case inside
    /// This byte closes the outermost bracket.
    case closed
    /// This byte cannot be JSON here.
    case invalid
  }

  private var depth = 0
  private var inString = false
  private var escaped = false
  /// Whether the value does not start with `{` or `[`.
  private(set) var isUnknown = false

  mutating func take(_ byte: UInt8) -> Step {
    if inString {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
      }
      return .inside
    }
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      depth += 1
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      guard depth > 0 else { return .invalid }
      depth -= 1
      if depth == 0 { return .closed }
    case 32, 9, 10, 13:
      break
    default:
      if depth == 0 {
        isUnknown = true
        return .inside
      }
      if byte == UInt8(ascii: "\"") {
        inString = true
      } else if !Self.bare.contains(byte) {
        return .invalid
      }
    }
    return .inside
  }

  /// What may stand outside strings inside a value: separators, numbers, `true`, `false`,
  /// `null`.
  private static let bare: Set<UInt8> = Set(",:-+.0123456789eEtrufalsn".utf8)
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
