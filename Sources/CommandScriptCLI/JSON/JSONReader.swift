import CommandScript

/// Reads JSON text (RFC 8259) into a ``StateValue``, for the editor server's messages.
///
/// The binary links no Foundation (its start-up is measured against Lua's and Tcl's), and
/// `StateValue` already writes JSON, so the reader is this small one. Numbers that are not
/// integers, which the protocol's messages the server reads never carry, are kept as their
/// text in a string. Nesting is limited, so that no message can exhaust the stack.
struct JSONReader {
  struct Failure: Error {
    var reason: String
  }

  private let bytes: [UInt8]
  private var i = 0
  private var depth = 0
  private var decimals = false
  static let maxDepth = 512

  /// The value `bytes` hold, which must be all of them (blanks around it aside).
  /// `decimals`: numbers that are not integers are read as `.double` (a plugin's messages
  /// carry them) rather than kept as text.
  static func parse(_ bytes: [UInt8], decimals: Bool = false) throws(Failure) -> StateValue {
    var reader = JSONReader(bytes: bytes)
    reader.decimals = decimals
    let value = try reader.value()
    reader.skipBlanks()
    guard reader.i == bytes.count else { throw Failure(reason: "text after the value at byte \(reader.i)") }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private mutating func skipBlanks() {
    while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
  }

  private mutating func expect(_ literal: String, _ value: StateValue) throws(Failure) -> StateValue {
    let utf8 = Array(literal.utf8)
    guard bytes.count - i >= utf8.count, Array(bytes[i..<i + utf8.count]) == utf8 else {
      throw Failure(reason: "unexpected text at byte \(i)")
    }
    i += utf8.count
    return value
  }

  private mutating func value() throws(Failure) -> StateValue {
    skipBlanks()
    guard i < bytes.count else { throw Failure(reason: "unexpected end of the text") }
    switch bytes[i] {
    case UInt8(ascii: "{"): return try container(closing: UInt8(ascii: "}"))
    case UInt8(ascii: "["): return try container(closing: UInt8(ascii: "]"))
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try expect("true", .bool(true))
    case UInt8(ascii: "f"): return try expect("false", .bool(false))
    case UInt8(ascii: "n"): return try expect("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw Failure(reason: "unexpected byte at \(i)")
    }
  }

  /// An object or an array, whose opening bracket is at `i`.
  private mutating func container(closing: UInt8) throws(Failure) -> StateValue {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maxDepth else { throw Failure(reason: "nested more than \(Self.maxDepth) deep") }
    i += 1
    var members: [StateValue.Member] = []
    var items: [StateValue] = []
    skipBlanks()
    if i < bytes.count, bytes[i] == closing {
      i += 1
      return closing == UInt8(ascii: "}") ? .object([]) : .array([])
    }
    while true {
      if closing == UInt8(ascii: "}") {
        skipBlanks()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
          throw Failure(reason: "expected a key at byte \(i)")
        }
        let key = try string()
        skipBlanks()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw Failure(reason: "expected `:` at byte \(i)") }
        i += 1
        members.append(StateValue.Member(key, try value()))
      } else {
        items.append(try value())
      }
      skipBlanks()
      guard i < bytes.count else { throw Failure(reason: "unexpected end of the text") }
      if bytes[i] == closing {
        i += 1
        return closing == UInt8(ascii: "}") ? .object(members) : .array(items)
      }
      guard bytes[i] == UInt8(ascii: ",") else { throw Failure(reason: "expected `,` at byte \(i)") }
      i += 1
    }
  }

  /// A string, whose opening quote is at `i`. Built as UTF-8 bytes and decoded once:
  /// appending to a string's scalars a piece at a time copied the whole string each time.
  private mutating func string() throws(Failure) -> String {
    i += 1
    var out: [UInt8] = []
    var run = i
    while i < bytes.count {
      switch bytes[i] {
      case UInt8(ascii: "\""):
        out += bytes[run..<i]
        i += 1
        return String(decoding: out, as: UTF8.self)
      case UInt8(ascii: "\\"):
        out += bytes[run..<i]
        guard i + 1 < bytes.count else { throw Failure(reason: "unexpected end of the text") }
        let escaped = bytes[i + 1]
        i += 2
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
        case UInt8(ascii: "b"): out.append(8)
        case UInt8(ascii: "f"): out.append(12)
        case UInt8(ascii: "n"): out.append(10)
        case UInt8(ascii: "r"): out.append(13)
        case UInt8(ascii: "t"): out.append(9)
        case UInt8(ascii: "u"):
          var code = try hex4()
          // A surrogate pair makes one scalar; a lone surrogate becomes U+FFFD.
          if (0xD800..<0xDC00).contains(code), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
            bytes[i + 1] == UInt8(ascii: "u")
          {
            i += 2
            let low = try hex4()
            code = (0xDC00..<0xE000).contains(low) ? 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
          }
          out += Array(String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8)
        default: throw Failure(reason: "unknown escape at byte \(i - 1)")
        }
        run = i
      case 0..<0x20:
        throw Failure(reason: "control character in a string at byte \(i)")
      default:
        i += 1
      }
    }
    throw Failure(reason: "unterminated string")
  }

  private mutating func hex4() throws(Failure) -> UInt32 {
    guard bytes.count - i >= 4, let code = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else {
      throw Failure(reason: "bad \\u escape at byte \(i)")
    }
    i += 4
    return code
  }

  private mutating func number() throws(Failure) -> StateValue {
    let start = i
    if bytes[i] == UInt8(ascii: "-") { i += 1 }
    while i < bytes.count, "0123456789.eE+-".utf8.contains(bytes[i]) { i += 1 }
    let text = String(decoding: bytes[start..<i], as: UTF8.self)
    if let n = Int(text) { return .int(n) }
    guard text.utf8.contains(where: { (48...57).contains($0) }) else {
      throw Failure(reason: "bad number at byte \(start)")
    }
    guard decimals else { return .string(text) }
    guard let x = Double(text), x.isFinite else { throw Failure(reason: "bad number at byte \(start)") }
    return .double(x)
  }
}
