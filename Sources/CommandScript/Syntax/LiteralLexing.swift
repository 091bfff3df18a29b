// The lexer's literals: integers, decimals and strings with their escapes.

extension Lexer {
  /// An integer, or (by `lexNumberSlowly`) a decimal, a too-large integer or digits run into
  /// a word. The common case, up to 18 digits followed by no `.` and no letter, stays small
  /// enough to be inlined into `advance`.
  @inline(__always) mutating func lexInteger(start: Int) -> Token {
    let negative = bytes[start] == UInt8(ascii: "-")
    let digitsStart = negative ? start + 1 : start
    position = digitsStart
    var value = 0
    while position < bytes.count, Self.isDigit(bytes[position]) {
      value = value &* 10 &+ Int(bytes[position] &- 48)
      position += 1
    }
    let next = position < bytes.count ? bytes[position] : 0
    guard position - digitsStart <= 18, next != UInt8(ascii: "."), !Self.isWordStart(next) else {
      return lexNumberSlowly(start: start, digitsStart: digitsStart)
    }
    // Less than 10^18: no overflow.
    return Token(
      kind: .integer, range: range(from: start), integer: negative ? -value : value)
  }

  /// The number from `start` whose digits `lexInteger` read, when they are not a plain
  /// integer of at most 18 digits: a decimal, an integer of more digits, or digits that run
  /// into a word.
  @inline(never) mutating func lexNumberSlowly(start: Int, digitsStart: Int)
    -> Token
  {
    if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "."), Self.isDigit(bytes[position + 1]) {
      return lexDecimal(start: start)
    }
    let negative = digitsStart > start
    var value = 0
    var overflow = false
    for i in digitsStart..<position {
      let digit = Int(bytes[i] - 48)
      let (times10, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
      overflow = overflow || o1 || o2
      value = sum
    }
    let r = range(from: start)
    if !negative, !overflow, let duration = lexDuration(value, start: start) {
      return duration
    }
    if position < bytes.count, Self.isWordStart(bytes[position]) {
      while position < bytes.count, Self.isWordContinue(bytes[position]) { position += 1 }
      let whole = range(from: start)
      report("a word cannot start with a digit: `\(shortText(of: whole))`", at: whole)
      return Token(kind: .invalid, range: whole)
    }
    if overflow {
      report("integer `\(shortText(of: r))` is too large", at: r)
      return Token(kind: .invalid, range: r)
    }
    return Token(kind: .integer, range: r, integer: value)
  }

  /// Digits and a unit of time, `s`, `m` or `h`, when `position` is at the unit and no
  /// other letter follows it.
  private mutating func lexDuration(_ value: Int, start: Int) -> Token? {
    guard position < bytes.count else { return nil }
    let seconds: Int
    switch bytes[position] {
    case UInt8(ascii: "s"): seconds = 1
    case UInt8(ascii: "m"): seconds = 60
    case UInt8(ascii: "h"): seconds = 3600
    default: return nil
    }
    guard position + 1 >= bytes.count || !Self.isWordContinue(bytes[position + 1]) else { return nil }
    let (total, overflow) = value.multipliedReportingOverflow(by: seconds)
    guard !overflow else { return nil }
    position += 1
    return Token(kind: .duration, range: range(from: start), integer: total)
  }

  /// A decimal literal from `start`, whose integer part is read (`position` is at the
  /// `.`): digits `.` digits, and an exponent (`e` or `E`, a sign, digits) if one follows.
  mutating func lexDecimal(start: Int) -> Token {
    position += 1
    while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      var digits = position + 1
      if digits < bytes.count, bytes[digits] == UInt8(ascii: "+") || bytes[digits] == UInt8(ascii: "-") {
        digits += 1
      }
      if digits < bytes.count, Self.isDigit(bytes[digits]) {
        position = digits
        while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
      }
    }
    if position < bytes.count, Self.isWordContinue(bytes[position]) {
      while position < bytes.count, Self.isWordContinue(bytes[position]) { position += 1 }
      let whole = range(from: start)
      report("`\(shortText(of: whole))` is not a number", at: whole)
      return Token(kind: .invalid, range: whole)
    }
    let r = range(from: start)
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      report("decimal `\(shortText(of: r))` is too large", at: r)
      return Token(kind: .invalid, range: r)
    }
    return Token(kind: .decimal, range: r, integer: Int(bitPattern: UInt(value.bitPattern)))
  }

  mutating func lexString(start: Int) -> Token {
    var text = [UInt8]()
    while position < bytes.count {
      let b = bytes[position]
      switch b {
      case UInt8(ascii: "\""):
        position += 1
        let r = range(from: start)
        guard let valid = String(validating: text, as: UTF8.self) else {
          report("string is not valid UTF-8", at: r)
          return Token(kind: .invalid, range: r)
        }
        stringText = valid
        return Token(kind: .string, range: r)
      case UInt8(ascii: "\\"):
        let escapeStart = position
        position += 1
        var escaped: UInt8?
        if position < bytes.count {
          switch bytes[position] {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"): escaped = bytes[position]
          case UInt8(ascii: "n"): escaped = 10
          case UInt8(ascii: "t"): escaped = 9
          case UInt8(ascii: "r"): escaped = 13
          case UInt8(ascii: "$"): escaped = UInt8(ascii: "$")
          case UInt8(ascii: "u"):
            lexScalarEscape(from: escapeStart, into: &text)
            continue
          default: break
          }
        }
        if let escaped {
          // A dollar sign that is not a `$NAME` is kept as `$$` (see ``ScriptString``).
          if escaped == UInt8(ascii: "$") { text.append(escaped) }
          text.append(escaped)
          position += 1
        } else {
          if position < bytes.count {
            // Skip the whole character after the backslash.
            let lead = bytes[position]
            position += 1
            while lead >= 0xC0, position < bytes.count, bytes[position] & 0xC0 == 0x80 { position += 1 }
          }
          report(
            "unknown escape in string (use \\\", \\\\, \\n, \\t, \\r, \\$ or \\u{HEX})",
            at: SourceRange(source: source, start: escapeStart, end: position))
        }
      case 0:
        report("NUL byte in string", at: byteRange(at: position))
        position += 1
      case 13 where position + 1 < bytes.count && bytes[position + 1] == 10:
        // A CRLF line break in a string is a line break, as in a file with LF ones.
        position += 1
      case 10:
        text.append(b)
        position += 1
      case UInt8(ascii: "$"):
        // `$NAME` and `${NAME}` stay as written; any other `$` is a literal one, kept as `$$`.
        if position + 1 < bytes.count,
          bytes[position + 1] == UInt8(ascii: "{") || bytes[position + 1] == UInt8(ascii: "(")
        {
          lexBracedDollar(into: &text)
          continue
        }
        if !(position + 1 < bytes.count && Self.isParameterStart(bytes[position + 1])) { text.append(b) }
        text.append(b)
        position += 1
      default:
        text.append(b)
        position += 1
        if text.count > maxStringBytes { return skipOverlongString(start: start) }
      }
    }
    let r = range(from: start)
    var problem = Problem(
      "unterminated string",
      at: SourceRange(source: source, start: start, end: start + 1))
    problem.notes.append(("the string starts here and runs to the end of the input", nil))
    report(problem)
    return Token(kind: .invalid, range: r, integer: Token.unterminatedString)
  }

  /// The rest of a string literal that passed `maxStringBytes`, skipped to its closing
  /// quote (or the end of the input) without keeping its text: reported, as an invalid token.
  @inline(never) private mutating func skipOverlongString(start: Int) -> Token {
    while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
      if bytes[position] == UInt8(ascii: "\\") { position += 1 }
      position += 1
    }
    let closed = position < bytes.count
    if closed { position += 1 }
    let r = range(from: start)
    report(
      "string literal is longer than \(maxStringBytes) bytes, the most a string may have here",
      at: SourceRange(source: source, start: start, end: start + 1))
    return Token(kind: .invalid, range: r, integer: closed ? 0 : Token.unterminatedString)
  }

  /// `${NAME}` or `$(` in a string, at the `$`. `${NAME}` is kept as written (a parameter
  /// that text may follow: `"${i}th"`); `$(` is reported, since a string holds no
  /// expression, and so is a `${` without a name and `}`. Out of line: it is rare.
  @inline(never) private mutating func lexBracedDollar(into text: inout [UInt8]) {
    let start = position
    let bracket = bytes[position + 1]
    var end = position + 2
    while end < bytes.count, Self.isWordContinue(bytes[end]) { end += 1 }
    if bracket == UInt8(ascii: "{"), end > position + 2, Self.isParameterStart(bytes[position + 2]),
      end < bytes.count, bytes[end] == UInt8(ascii: "}")
    {
      text += bytes[start...end]
      position = end + 1
      return
    }
    // Reported, and kept as the literal text it is not (`$$` is a dollar sign).
    position += 2
    report(
      bracket == UInt8(ascii: "(")
        ? "a string holds no expression: write it outside, `echo \"x is\" (shape.x)`, or join with `+`: `(\"x=\" + shape.x)`"
        : "`${` must be followed by a parameter name and `}`, as in `\"${i}th\"` (`\\$` writes a dollar sign)",
      at: SourceRange(source: source, start: start, end: position))
    text += [UInt8(ascii: "$"), UInt8(ascii: "$"), bracket]
  }

  /// `\u{HEX}` at `start` (`position` is at the `u`): one to six hex digits naming a
  /// Unicode scalar value, NUL included, appended to `text` as UTF-8. Anything else is
  /// reported, and the escape is skipped up to its `}` on the same line.
  @inline(never) mutating func lexScalarEscape(from start: Int, into text: inout [UInt8]) {
    position += 1
    var value: UInt32 = 0
    var digits = 0
    var valid = position < bytes.count && bytes[position] == UInt8(ascii: "{")
    if valid {
      position += 1
      while position < bytes.count, let digit = hexValue(bytes[position]), digits < 6 {
        value = value << 4 | UInt32(digit)
        digits += 1
        position += 1
      }
      valid = digits > 0 && position < bytes.count && bytes[position] == UInt8(ascii: "}")
    }
    if valid, let scalar = Unicode.Scalar(value) {
      position += 1
      // A dollar sign is kept as `$$`, as a `\$` is (see ``ScriptString``).
      if scalar == "$" { text.append(UInt8(ascii: "$")) }
      UTF8.encode(scalar) { text.append($0) }
      return
    }
    while position < bytes.count, bytes[position] != UInt8(ascii: "}"), bytes[position] != 10,
      bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\")
    {
      position += 1
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1 }
    report(
      valid
        ? "`\\u{\(String(value, radix: 16, uppercase: true))}` is not a Unicode scalar value"
        : "expected `\\u{HEX}` with one to six hex digits",
      at: SourceRange(source: source, start: start, end: position))
  }

  func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
