/// The kinds of token. Keywords are lexed as words; the parser recognises them.
enum TokenKind: UInt8, Equatable, Sendable {
  case word, integer, string, parameter
  case dot, semicolon, newline, leftBrace, rightBrace
  case endOfInput
  /// Bytes that form no token; the lexer also reports a problem for them.
  case invalid
}

/// One token: its kind, where it is, and for integers, strings and `$name` their value.
struct Token: Sendable {
  var kind: TokenKind
  var range: SourceRange
  /// The value of an integer token.
  var integer: Int = 0
  /// The unescaped text of a string token.
  var text: String = ""
}

/// The words the parser treats as statements of the language. Receivers, verbs and macros
/// may not take these names. Some are reserved for statements still to come, so that
/// adding them later cannot break a script.
enum Keyword: String, CaseIterable, Sendable {
  case undo, redo, history, show, use, help, `repeat`, macro, transaction
  // Reserved for the statements of later language versions.
  case queue, run, pending, discard, batch, new, export, source, record, end, macros
}

/// Turns UTF-8 bytes into tokens, one at a time, without allocating for anything but the
/// text of string tokens. Works on a buffer the caller keeps alive.
struct Lexer {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let source: Int
  private var position = 0
  private var line = 1
  private var lineStart = 0
  /// Whether the current line has non-ASCII bytes before `position`, in which case columns
  /// (which count Unicode scalars) must be counted instead of subtracted.
  private var lineHasNonASCII = false
  /// Problems found so far (invalid bytes, bad escapes, unterminated strings).
  private(set) var problems: [Problem] = []

  init(_ bytes: UnsafeBufferPointer<UInt8>, source: Int, firstLine: Int = 1) {
    self.bytes = bytes
    self.source = source
    self.line = firstLine
    // A byte-order mark is not text.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      position = 3
      lineStart = 3
    }
  }

  static func isWordStart(_ b: UInt8) -> Bool {
    (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || b == 95
  }

  static func isWordContinue(_ b: UInt8) -> Bool {
    isWordStart(b) || isDigit(b)
  }

  static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

  /// The text of `range` (a word or a parameter name) as a `String`.
  func text(of range: SourceRange) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range.start..<range.end]), as: UTF8.self)
  }

  /// Whether the bytes of `range` spell `word`, without making a `String`.
  func matches(_ range: SourceRange, _ word: StaticString) -> Bool {
    let count = range.end - range.start
    guard count == word.utf8CodeUnitCount else { return false }
    let w = word.utf8Start
    for i in 0..<count where bytes[range.start + i] != w[i] { return false }
    return true
  }

  private func column(at offset: Int) -> Int {
    if !lineHasNonASCII { return offset - lineStart + 1 }
    var n = 1
    for i in lineStart..<offset where bytes[i] & 0xC0 != 0x80 { n += 1 }
    return n
  }

  private func range(from start: Int, line startLine: Int, column: Int) -> SourceRange {
    SourceRange(source: source, start: start, end: position, line: startLine, column: column)
  }

  private mutating func newLine(at offset: Int) {
    line += 1
    lineStart = offset + 1
    lineHasNonASCII = false
  }

  /// The next token; `.endOfInput` forever once the input is exhausted.
  mutating func next() -> Token {
    skipBlanksAndComments()
    let start = position
    let startColumn = column(at: start)
    let startLine = line
    guard position < bytes.count else {
      return Token(kind: .endOfInput, range: range(from: start, line: startLine, column: startColumn))
    }
    let b = bytes[position]
    position += 1
    func token(_ kind: TokenKind) -> Token {
      Token(kind: kind, range: range(from: start, line: startLine, column: startColumn))
    }
    switch b {
    case 10:
      let t = token(.newline)
      newLine(at: start)
      return t
    case UInt8(ascii: ";"): return token(.semicolon)
    case UInt8(ascii: "."): return token(.dot)
    case UInt8(ascii: "{"): return token(.leftBrace)
    case UInt8(ascii: "}"): return token(.rightBrace)
    case UInt8(ascii: "\""): return lexString(start: start, line: startLine, column: startColumn)
    case UInt8(ascii: "$"):
      guard position < bytes.count, Self.isWordStart(bytes[position]) else {
        problems.append(
          Problem(
            "`$` must be followed by a parameter name",
            at: range(from: start, line: startLine, column: startColumn)))
        return token(.invalid)
      }
      while position < bytes.count, Self.isWordContinue(bytes[position]) { position += 1 }
      return token(.parameter)
    case _ where Self.isWordStart(b):
      while position < bytes.count, Self.isWordContinue(bytes[position]) { position += 1 }
      return token(.word)
    case _ where Self.isDigit(b) || (b == UInt8(ascii: "-") && position < bytes.count && Self.isDigit(bytes[position])):
      return lexInteger(start: start, line: startLine, column: startColumn)
    default:
      return lexInvalid(start: start, line: startLine, column: startColumn)
    }
  }

  private mutating func skipBlanksAndComments() {
    while position < bytes.count {
      switch bytes[position] {
      case 32, 9, 13: position += 1
      case UInt8(ascii: "#"):
        while position < bytes.count, bytes[position] != 10 {
          if bytes[position] >= 0x80 { lineHasNonASCII = true }
          position += 1
        }
      default: return
      }
    }
  }

  private mutating func lexInteger(start: Int, line startLine: Int, column: Int) -> Token {
    let negative = bytes[start] == UInt8(ascii: "-")
    position = negative ? start + 1 : start
    var value = 0
    var overflow = false
    while position < bytes.count, Self.isDigit(bytes[position]) {
      let digit = Int(bytes[position] - 48)
      let (times10, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
      overflow = overflow || o1 || o2
      value = sum
      position += 1
    }
    let r = range(from: start, line: startLine, column: column)
    if position < bytes.count, Self.isWordStart(bytes[position]) {
      while position < bytes.count, Self.isWordContinue(bytes[position]) { position += 1 }
      let whole = range(from: start, line: startLine, column: column)
      problems.append(Problem("a word cannot start with a digit: `\(text(of: whole))`", at: whole))
      return Token(kind: .invalid, range: whole)
    }
    if overflow {
      problems.append(Problem("integer `\(text(of: r))` is too large", at: r))
      return Token(kind: .invalid, range: r)
    }
    return Token(kind: .integer, range: r, integer: value)
  }

  private mutating func lexString(start: Int, line startLine: Int, column: Int) -> Token {
    var text = [UInt8]()
    while position < bytes.count {
      let b = bytes[position]
      switch b {
      case UInt8(ascii: "\""):
        position += 1
        let r = range(from: start, line: startLine, column: column)
        guard let valid = String(validating: text, as: UTF8.self) else {
          problems.append(Problem("string is not valid UTF-8", at: r))
          return Token(kind: .invalid, range: r)
        }
        return Token(kind: .string, range: r, text: valid)
      case UInt8(ascii: "\\"):
        let escapeStart = position
        position += 1
        let escaped: UInt8? =
          position < bytes.count
          ? [UInt8(ascii: "\""): 34, UInt8(ascii: "\\"): 92, UInt8(ascii: "n"): 10, UInt8(ascii: "t"): 9][
            bytes[position]] : nil
        if let escaped {
          text.append(escaped)
          position += 1
        } else {
          let escapeColumn = self.column(at: escapeStart)
          let escapeLine = line
          if position < bytes.count {
            // Skip the whole character after the backslash, counting a line break.
            let lead = bytes[position]
            if lead == 10 { newLine(at: position) }
            if lead >= 0x80 { lineHasNonASCII = true }
            position += 1
            while lead >= 0xC0, position < bytes.count, bytes[position] & 0xC0 == 0x80 { position += 1 }
          }
          problems.append(
            Problem(
              "unknown escape in string (use \\\", \\\\, \\n or \\t)",
              at: SourceRange(
                source: source, start: escapeStart, end: position, line: escapeLine, column: escapeColumn)))
        }
      case 0:
        position += 1
        problems.append(
          Problem(
            "NUL byte in string",
            at: SourceRange(
              source: source, start: position - 1, end: position, line: line, column: self.column(at: position - 1))))
      case 13 where position + 1 < bytes.count && bytes[position + 1] == 10:
        // A CRLF line break in a string is a line break, as in a file with LF ones.
        position += 1
      case 10:
        text.append(b)
        position += 1
        newLine(at: position - 1)
      default:
        if b >= 0x80 { lineHasNonASCII = true }
        text.append(b)
        position += 1
      }
    }
    let r = range(from: start, line: startLine, column: column)
    var problem = Problem(
      "unterminated string",
      at: SourceRange(source: source, start: start, end: start + 1, line: startLine, column: column))
    problem.notes.append(("the string starts here and runs to the end of the input", nil))
    problems.append(problem)
    return Token(kind: .invalid, range: r)
  }

  /// A byte that starts no token: report it (whole UTF-8 sequences at once) and move on.
  private mutating func lexInvalid(start: Int, line startLine: Int, column: Int) -> Token {
    let b = bytes[start]
    let message: String
    if b == 0 {
      message = "NUL byte in the source"
    } else if b < 0x80 {
      let shown =
        b < 0x20 || b == 0x7F ? "byte 0x" + String(b, radix: 16, uppercase: true) : "`\(Character(Unicode.Scalar(b)))`"
      message = "unexpected character \(shown)"
    } else {
      lineHasNonASCII = true
      let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
      let end = start + length
      if end <= bytes.count, length > 1,
        let s = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      {
        position = end
        message = "unexpected character `\(s)`"
      } else {
        message = "invalid UTF-8 byte 0x" + String(b, radix: 16, uppercase: true)
      }
    }
    let r = range(from: start, line: startLine, column: column)
    problems.append(Problem(message, at: r))
    return Token(kind: .invalid, range: r)
  }
}
