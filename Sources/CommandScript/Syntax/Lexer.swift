// The first stage: UTF-8 bytes to tokens, and the keywords that name the statements.

/// The kinds of token. Keywords are lexed as words; the parser recognises them.
enum TokenKind: UInt8, Equatable, Sendable {
  case word, integer, decimal, string, parameter
  /// A length of time, digits and a unit: `30s`, `5m`, `1h` (`earlier`, `later`); its
  /// `integer` is the length in seconds.
  case duration
  case dot, semicolon, newline, leftBrace, rightBrace
  /// `(` and `)`, around an expression.
  case leftParen, rightParen
  /// The operators of conditions and expressions.
  case equal, notEqual, less, lessEqual, greater, greaterEqual, plus, minus, star, slash, percent
  /// A lone `=`: `let x = 1`, `x = $x + 1`.
  case assign
  case endOfInput
  /// Bytes that form no token; the lexer also reports a problem for them.
  case invalid
}

/// One token: its kind, where it is, and for numbers, strings and `$name` their value.
struct Token: Sendable {
  // The kind is stored last, so that no padding sits between it and the range: the lexer
  // writes, and the parser copies, a token in fewer moves.
  var range: SourceRange
  /// The name of a word or parameter token (without the `$`), in the lexer's symbol table.
  var symbol: SymbolTable.ID = -1
  /// The value of an integer token; of a decimal token, its bits (``decimal``), so that a
  /// token stays as small as the parser's hot loop copies it.
  var integer: Int = 0
  var kind: TokenKind

  /// The value of a decimal token.
  var decimal: Double { Double(bitPattern: UInt64(UInt(bitPattern: integer))) }

  /// The `integer` of the invalid token of a string that runs to the end of the input: a
  /// reader of partial text (``EntryScanner``, ``CursorContext``) is then inside it.
  static let unterminatedString = 1

  /// Whether this is a string that runs to the end of the input, unclosed.
  var isUnterminatedString: Bool { kind == .invalid && integer == Self.unterminatedString }

  init(kind: TokenKind, range: SourceRange, integer: Int = 0, symbol: SymbolTable.ID = -1) {
    self.range = range
    self.symbol = symbol
    self.integer = integer
    self.kind = kind
  }
}

/// The words the parser treats as statements of the language. Receivers, verbs and macros
/// may not take these names. `record`, `end` and `macros` are statements of the REPL (the
/// command line handles them), reserved here so that no script can define them.
enum Keyword: String, CaseIterable, Sendable {
  case undo, redo, history, show, use, help, `repeat`, macro, transaction
  case queue, run, pending, discard, batch, new, export, source, record, end, macros
  case `if`, `while`, `try`, assert, echo
  case goto, earlier, later
  case `let`, `var`, `break`, `continue`, `return`
  /// Words of the statements above, and of conditions: never a statement of their own.
  case `else`, `as`, and, or, not, `true`, `false`
}

/// Turns UTF-8 bytes into tokens, one at a time, without allocating for anything but the
/// text of string tokens. Works on a buffer the caller keeps alive.
///
/// Whatever the bytes, it takes time linear in their number: a run of bytes that start no
/// token is one problem, and it records at most `maxProblems` problems. Tokens' ranges are
/// offsets alone: lines and columns are computed only where a message needs one
/// (``place(of:)``), or later from the source (``SourceTable/location(of:)``).
struct Lexer {
  /// The longest word or parameter name, in bytes. A longer one is an error, so that no
  /// name, and no message that quotes one, is megabytes long.
  static let maxWordLength = 256
  /// How many problems one input records at most; the parser stops there.
  static let maxProblems = 1000

  // Internal rather than private for the lexer's literals (LiteralLexing.swift) alone.
  let bytes: UnsafeBufferPointer<UInt8>
  let source: Int
  var position = 0
  /// The line number of the first line, for ``place(of:)``.
  private let firstLine: Int
  /// The end of the last token before the latest line break that ended a line with a token
  /// (0: none yet). The end of the input is placed there, so that an error at the end
  /// points after what was written, not at an empty line after it. (32 bits beside the
  /// `Bool`s: a larger lexer makes the parser's frames larger in a debug build, where 256
  /// nested blocks must fit the stack.)
  private var lastContentEnd: Int32 = 0
  /// Whether the end of the input has been reached (or the lexer stopped): `token` is then
  /// the end of the input for good.
  private var hasEnded = false
  /// Whether a byte-order mark at the start is skipped.
  private let skipsByteOrderMark: Bool
  /// Where lines start, made the first time a message needs a line and column.
  private var lineIndex: LineIndex?
  /// Problems found so far (invalid bytes, bad escapes, unterminated strings).
  private(set) var problems: [Problem] = [] {
    didSet { problemCount = problems.count }
  }
  /// `problems.count`, kept beside the lexer's other fields, so that the parser reads it
  /// after each token in one load.
  private(set) var problemCount = 0
  /// Where the names of word and parameter tokens are numbered.
  let symbols: SymbolTable
  /// The unescaped text of the last string token. (Kept here rather than in the token,
  /// so that tokens are plain values that cost nothing to copy.)
  var stringText = ""
  /// The most bytes a string literal may hold (`Session.Limits.string`, which `--safe` sets):
  /// a longer one is an error here, before anything runs, and its text is never kept.
  var maxStringBytes = Int.max

  /// `atStartOfText`: whether a byte-order mark is skipped (not on an entry's later line).
  init(
    _ bytes: UnsafeBufferPointer<UInt8>, source: Int, firstLine: Int = 1, symbols: SymbolTable,
    atStartOfText: Bool = true
  ) {
    self.bytes = bytes
    self.source = source
    self.symbols = symbols
    self.firstLine = firstLine
    self.skipsByteOrderMark = atStartOfText
    // A byte-order mark is not text.
    if atStartOfText, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
  }

  /// `text` as a string literal this lexer reads back as `text` (so canonical text and
  /// exported scripts re-parse).
  static func stringLiteral(_ text: String) -> String { ScriptString.literal(text) }

  /// Whether `text` is one word token: a name a script can write bare.
  static func isWord(_ text: some StringProtocol) -> Bool {
    guard let first = text.utf8.first, isWordStart(first) else { return false }
    return text.utf8.allSatisfy(isWordContinue)
  }

  /// Per byte value: 1 if it starts a word (a letter, either case, or `_`), 2 if it
  /// continues one (those and digits). A literal, so that it is static data.
  private static let wordBytes: [UInt8] = [
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0,
    0, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 0, 0, 0, 3,
    0, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  ]

  @inline(__always) static func isWordStart(_ b: UInt8) -> Bool {
    wordBytes.withUnsafeBufferPointer { $0[Int(b)] & 1 != 0 }
  }

  @inline(__always) static func isWordContinue(_ b: UInt8) -> Bool {
    wordBytes.withUnsafeBufferPointer { $0[Int(b)] & 2 != 0 }
  }

  static func isDigit(_ b: UInt8) -> Bool { b &- 48 < 10 }

  /// Whether `b` after a `$` makes a parameter: a macro parameter's name (`$n`), or a
  /// script argument's number (`$1`).
  @inline(__always) static func isParameterStart(_ b: UInt8) -> Bool { isWordStart(b) || isDigit(b) }

  /// Of 8 bytes packed into a `UInt64`, the ones that are `\n`, NUL or not ASCII, as the high
  /// bit of each byte; bytes after the first such byte may be marked whatever they are.
  @inline(__always) static func lineBreakNULOrNonASCIIBytes(_ x: UInt64) -> UInt64 {
    let high: UInt64 = 0x8080_8080_8080_8080
    let ones: UInt64 = 0x0101_0101_0101_0101
    func zeroBytes(_ y: UInt64) -> UInt64 { (y &- ones) & ~y & high }
    return zeroBytes(x) | zeroBytes(x ^ 0x0A &* ones) | x & high
  }

  /// The 8 bytes from `offset` (which must be at most `bytes.count - 8`), the first in the
  /// lowest 8 bits.
  @inline(__always) private func load8(at offset: Int) -> UInt64 {
    UInt64(
      littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(as: UInt64.self))
  }

  /// The text of `range` (a word or a parameter name) as a `String`.
  func text(of range: SourceRange) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range.start..<range.end]), as: UTF8.self)
  }

  /// The text of `range` for a message: at most its first 32 bytes, then `…`.
  func shortText(of range: SourceRange) -> String {
    guard range.end - range.start > 40 else { return text(of: range) }
    var end = range.start + 32
    while end > range.start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
    return text(of: SourceRange(source: source, start: range.start, end: end)) + "…"
  }

  /// The line and column (Unicode scalars from 1) of the byte at `offset`, as diagnostics
  /// give them: for a message that names a place (`opened at 3:5`) and for readers of
  /// partial text. The first call indexes the lines; each is then cheap.
  mutating func place(of offset: Int) -> (line: Int, column: Int) {
    if lineIndex == nil {
      lineIndex = LineIndex(bytes, firstLine: firstLine, skipsByteOrderMark: skipsByteOrderMark)
    }
    return lineIndex.unsafelyUnwrapped.place(of: offset, in: bytes)
  }

  /// `line:column` of the start of `range`, for a message that names a place.
  mutating func placeText(of range: SourceRange) -> String {
    let (line, column) = place(of: range.start)
    return "\(line):\(column)"
  }

  /// Records a problem, unless `maxProblems` are recorded already.
  mutating func report(_ message: String, at range: SourceRange) {
    report(Problem(message, at: range))
  }

  /// Records `problem`, unless `maxProblems` are recorded already.
  mutating func report(_ problem: Problem) {
    guard problems.count < Self.maxProblems else { return }
    problems.append(problem)
  }

  /// The range of one byte at `offset`.
  func byteRange(at offset: Int) -> SourceRange {
    SourceRange(source: source, start: offset, end: offset + 1)
  }

  /// The range from `start` to the current position.
  @inline(__always) func range(from start: Int) -> SourceRange {
    SourceRange(source: Int32(truncatingIfNeeded: source), start: start, end: position)
  }

  /// The token `advance()` read last.
  private(set) var token = Token(kind: .endOfInput, range: SourceRange(source: 0, start: 0, end: 0))

  /// Reads the next token into `token`; `.endOfInput` forever once the input is exhausted.
  /// (The parser reads tokens here, where they are made, rather than copying each.)
  mutating func advance() { token = scan() }

  /// `advance()` inlined into its caller: for the parser's loop between top-level
  /// statements, which reads each separator and the first word after it, where the call's
  /// entry and exit cost about as much as lexing a short word.
  @inline(__always) mutating func advanceInlined() { token = scan() }

  /// Makes `token` the end of the input, where it is, and every later token the same: a
  /// parser that stops early reads no further.
  mutating func stop() {
    token = Token(kind: .endOfInput, range: token.range)
    position = bytes.count
    hasEnded = true
  }

  /// Reads into `token` the rest of a string whose `"` came before these bytes (a line
  /// read after one that ended inside the string): to its closing `"`, or, unclosed, to
  /// the end (``Token/isUnterminatedString``). For readers of partial text, one line at a
  /// time; `advance()` goes on after it.
  mutating func resumeString() {
    token = lexString(start: position)
  }

  /// The next token; `.endOfInput` forever once the input is exhausted.
  mutating func next() -> Token {
    advance()
    return token
  }

  @inline(__always) private mutating func scan() -> Token {
    skipBlanksAndComments()
    let start = position
    guard position < bytes.count else { return endOfInput() }
    let b = bytes[position]
    position &+= 1  // at most bytes.count
    func token(_ kind: TokenKind) -> Token {
      Token(kind: kind, range: range(from: start))
    }
    // Words first: most tokens are words.
    if Self.isWordStart(b) { return lexWord(.word, start: start) }
    switch b {
    case 10:
      // `self.token` is still the token before this line break.
      if self.token.kind != .newline { lastContentEnd = Int32(truncatingIfNeeded: self.token.range.end) }
      return token(.newline)
    case UInt8(ascii: ";"): return token(.semicolon)
    case UInt8(ascii: "."): return token(.dot)
    case UInt8(ascii: "{"): return token(.leftBrace)
    case UInt8(ascii: "}"): return token(.rightBrace)
    case UInt8(ascii: "\""): return lexString(start: start)
    case UInt8(ascii: "("): return token(.leftParen)
    case UInt8(ascii: ")"): return token(.rightParen)
    case UInt8(ascii: "+"): return token(.plus)
    case UInt8(ascii: "*"): return token(.star)
    case UInt8(ascii: "/"): return token(.slash)
    case UInt8(ascii: "%"): return token(.percent)
    case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"):
      let followedByEqual = position < bytes.count && bytes[position] == UInt8(ascii: "=")
      if followedByEqual { position &+= 1 }
      switch (b, followedByEqual) {
      case (UInt8(ascii: "="), true): return token(.equal)
      case (UInt8(ascii: "!"), true): return token(.notEqual)
      case (UInt8(ascii: "<"), _): return token(followedByEqual ? .lessEqual : .less)
      case (UInt8(ascii: ">"), _): return token(followedByEqual ? .greaterEqual : .greater)
      case (UInt8(ascii: "="), false): return token(.assign)
      default:
        // A lone `!`.
        return lexInvalid(start: start)
      }
    case UInt8(ascii: "$") where position < bytes.count && Self.isParameterStart(bytes[position]):
      return lexParameter(start: start)
    case _ where Self.isDigit(b) || (b == UInt8(ascii: "-") && position < bytes.count && Self.isDigit(bytes[position])):
      return lexInteger(start: start)
    case UInt8(ascii: "-"): return token(.minus)
    default:
      return lexInvalid(start: start)
    }
  }

  /// A parameter, `$` and a word, whose `$` has been read.
  @inline(never) private mutating func lexParameter(start: Int) -> Token {
    lexWord(.parameter, start: start)
  }

  /// A word, or a parameter (`$` and a word), whose first byte has been read.
  @inline(__always) private mutating func lexWord(_ kind: TokenKind, start: Int) -> Token {
    let nameStart = kind == .parameter ? start &+ 1 : start
    // The first 8 bytes are the symbol table's key for a short name.
    var key: UInt64
    var end: Int
    let shortEnd = nameStart &+ SymbolTable.maxShortLength  // no overflow: nameStart < bytes.count
    if shortEnd <= bytes.count {
      // The name runs to the first byte that does not continue a word, at most 8 bytes on:
      // a table look-up a byte, as most names are a few bytes long. Its first byte starts
      // a word (`scan` has seen it), and `end` stays below `shortEnd <= bytes.count`.
      end = nameStart &+ 1
      while end < shortEnd, Self.isWordContinue(bytes[end]) { end &+= 1 }
      // The 8 bytes from the name's start, loaded at once, cut to its 1 to 8 bytes.
      let length = UInt64(truncatingIfNeeded: end &- nameStart)
      key = load8(at: nameStart) & (UInt64.max &>> (64 &- 8 &* length))
    } else {
      key = UInt64(bytes[nameStart])
      var shift: UInt64 = 8
      end = nameStart + 1
      while end < bytes.count {
        let b = bytes[end]
        guard Self.isWordContinue(b) else { break }
        key |= UInt64(b) &<< shift
        shift &+= 8
        end += 1
      }
    }
    // A name that fills the first 8 bytes is rare: said so, the compiler tests that alone
    // for every word, rather than folding the next test into it (3 instructions more).
    if _slowPath(end == shortEnd), end < bytes.count, Self.isWordContinue(bytes[end]) {
      // A long name.
      end += 1
      while end < bytes.count, Self.isWordContinue(bytes[end]) { end += 1 }
      position = end
      let r = range(from: start)
      let length = position - nameStart
      guard length <= Self.maxWordLength else {
        report("a name can have at most \(Self.maxWordLength) characters, this one has \(length)", at: r)
        return Token(kind: .invalid, range: r)
      }
      return Token(
        kind: kind, range: r, symbol: symbols.intern(UnsafeBufferPointer(rebasing: bytes[nameStart..<position])))
    }
    position = end
    let r = range(from: start)
    let symbol = symbols.intern(short: key, in: bytes, from: nameStart, to: position)
    return Token(kind: kind, range: r, symbol: symbol)
  }

  /// The end of the input, placed just after the last token (blanks, comments and line
  /// breaks after it are not where anything is missing). Out of line: once per input.
  @inline(never) private mutating func endOfInput() -> Token {
    if hasEnded {
      // Asked again: the same place.
      return token
    }
    hasEnded = true
    switch token.kind {
    case .newline where lastContentEnd > 0:
      let lastContentEnd = Int(lastContentEnd)
      return Token(kind: .endOfInput, range: SourceRange(source: source, start: lastContentEnd, end: lastContentEnd))
    case .newline, .endOfInput:
      // Nothing but blanks, comments and line breaks.
      return Token(kind: .endOfInput, range: range(from: position))
    default:
      // The last token is on the current line.
      let end = token.range.end
      return Token(kind: .endOfInput, range: SourceRange(source: source, start: end, end: end))
    }
  }

  /// Whether the byte at `offset` starts no token, so that `lexInvalid` takes it into the
  /// run it reports.
  private func startsNoToken(_ offset: Int) -> Bool {
    let b = bytes[offset]
    switch b {
    case 9, 10, 13, 32, UInt8(ascii: "#"), UInt8(ascii: ";"), UInt8(ascii: "."), UInt8(ascii: "{"),
      UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"),
      UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"),
      UInt8(ascii: "-"):
      return false
    case UInt8(ascii: "$"): return !(offset + 1 < bytes.count && Self.isParameterStart(bytes[offset + 1]))
    case UInt8(ascii: "="): return false
    case UInt8(ascii: "!"):
      return !(offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "="))
    default: return !Self.isWordContinue(b)
    }
  }

  /// The length of the valid UTF-8 sequence of two to four bytes at `offset`, or nil.
  private func sequenceLength(at offset: Int) -> Int? {
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    let length: Int
    switch bytes[offset] {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, high) = (3, 0x9F)
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, high) = (4, 0x8F)
    default: return nil
    }
    guard offset + length <= bytes.count, bytes[offset + 1] >= low, bytes[offset + 1] <= high else { return nil }
    for i in offset + 2..<offset + length where bytes[i] & 0xC0 != 0x80 { return nil }
    return length
  }

  /// The comment between two tokens at `start` and `end` (the bytes between them are
  /// blanks and at most one comment, since a line break is a token), from its `#` to the
  /// end of its line without trailing spaces or carriage return: for the formatter and the
  /// editor server, which keep comments the parser skips.
  static func comment(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Range<Int>? {
    guard let hash = (start..<end).first(where: { bytes[$0] == UInt8(ascii: "#") }) else { return nil }
    var stop = hash
    while stop < end, bytes[stop] != 10 { stop += 1 }
    while stop > hash, bytes[stop - 1] == 13 || bytes[stop - 1] == 32 { stop -= 1 }
    return hash..<stop
  }

  /// A comment, from its `#` to the end of the line. It must be UTF-8 without NUL bytes
  /// like the rest of the source; the first byte that is not is reported.
  private mutating func skipComment() {
    var reported = false
    while position < bytes.count, bytes[position] != 10 {
      if position + 8 <= bytes.count {
        // ASCII bytes but `\n` and NUL, 8 at a time, up to the first other byte.
        let stops = Self.lineBreakNULOrNonASCIIBytes(load8(at: position))
        if stops == 0 {
          position += 8
          continue
        }
        let ahead = stops.trailingZeroBitCount >> 3
        if ahead > 0 {
          position += ahead
          continue
        }
      }
      let b = bytes[position]
      guard b >= 0x80 || b == 0 else {
        position += 1
        continue
      }
      if b != 0, let length = sequenceLength(at: position) {
        position += length
        continue
      }
      if !reported {
        reported = true
        let r = byteRange(at: position)
        report(b == 0 ? "NUL byte in a comment" : "invalid UTF-8 byte 0x\(hex(b)) in a comment", at: r)
      }
      position += 1
    }
  }

  @inline(__always) private mutating func skipBlanksAndComments() {
    while position < bytes.count {
      let b = bytes[position]
      // Spaces first, then every byte that starts a token but `\n` and `"`, at once.
      if b == 32 {
        position &+= 1
        continue
      }
      if b > UInt8(ascii: "#") { return }
      switch b {
      case 9, 13: position &+= 1
      case UInt8(ascii: "#"): skipComment()
      default: return
      }
    }
  }

  /// A byte that starts no token, and the bytes after it that start none either: one
  /// problem, named after the first character, so that a megabyte of binary garbage does not
  /// make a million problems.
  private mutating func lexInvalid(start: Int) -> Token {
    let b = bytes[start]
    var message: String {
      if b == 0 { return "NUL byte in the source" }
      if b == UInt8(ascii: "$") { return "`$` must be followed by a parameter name" }
      if b < 0x80 {
        return "unexpected character "
          + (b < 0x20 || b == 0x7F ? "byte 0x" + hex(b) : "`\(Character(Unicode.Scalar(b)))`")
      }
      guard let length = sequenceLength(at: start) else { return "invalid UTF-8 byte 0x" + hex(b) }
      let character = SourceRange(source: source, start: start, end: start + length)
      return "unexpected character `\(text(of: character))`"
    }
    var first = 1
    if b >= 0x80 { first = sequenceLength(at: start) ?? 1 }
    position = start + first
    while position < bytes.count, startsNoToken(position) {
      position += bytes[position] >= 0x80 ? sequenceLength(at: position) ?? 1 : 1
    }
    let more = position - start - first
    let r = range(from: start)
    if let hint = otherLanguageHint(from: start) {
      report("unexpected `\(text(of: r))`: \(hint)", at: r)
      return Token(kind: .invalid, range: r)
    }
    let rest = more == 1 ? "1 more byte that starts" : "\(more) more bytes that start"
    report(more == 0 ? message : "\(message) (and \(rest) no token)", at: r)
    return Token(kind: .invalid, range: r)
  }
}

/// `b` in hexadecimal, upper case.
private func hex(_ b: UInt8) -> String { String(b, radix: 16, uppercase: true) }
