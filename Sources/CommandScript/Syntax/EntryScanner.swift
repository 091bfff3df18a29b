// Whether an entry read line by line is complete: the REPL's and piped stdin's continuation.

extension Parser {
  /// Whether `text` ends inside a block or a string, so that a line-by-line reader (the
  /// REPL, piped stdin) should read more before compiling it.
  static func needsMoreInput(_ bytes: [UInt8]) -> Bool {
    var scanner = EntryScanner()
    scanner.read(bytes)
    return scanner.needsMoreInput
  }
}

/// Says whether input read so far ends inside a `{` block or a string, or in a statement
/// that is complete but for its block (`repeat 2`, `macro m n`, `if door.locked`, `} else`:
/// the `{` may come on the next line), reading each byte
/// once: a line-by-line reader (piped stdin, the REPL) feeds it each line as it arrives
/// and compiles the entry once it is complete, in time linear in the entry's length
/// however many lines it has.
///
/// ```swift
/// var scanner = EntryScanner()
/// scanner.read(line)
/// if !scanner.needsMoreInput { compile(entry); scanner = EntryScanner() }
/// ```
///
/// It follows the lexer's rules for strings (`"` to the next `"` not escaped by `\`) and
/// comments (`#` to the end of the line), byte by byte rather than through the `Lexer`, which
/// reads a whole entry: a line-by-line reader resumes inside a string that spans lines. The
/// statements that await a block come from their declarations (`hasBlock`), so a new one
/// needs nothing here.
public struct EntryScanner: Sendable {
  private var depth = 0
  private var inString = false
  private var inComment = false
  private var escaped = false
  /// Whether the last line read ended a statement that awaits its block (`repeat 2`).
  private var awaitingBlock = false

  /// A scanner that has read nothing.
  public init() {}

  /// Whether the input read so far ends inside a block or a string, or awaits a block.
  public var needsMoreInput: Bool { inString || depth > 0 || awaitingBlock }

  /// The statements whose block may open on a later line: those that always have one.
  private static let blockHeaders = Keyword.allCases.filter(\.declaration.hasBlock).map { Array($0.rawValue.utf8) }
  /// Which bytes begin one of `blockHeaders`: most lines are told apart by their first byte.
  private static let blockHeaderStarts: [Bool] = (0...255).map { b in blockHeaders.contains { $0.first == b } }
  private static let elseWord = Array(Keyword.else.rawValue.utf8)

  /// Reads more of the entry.
  public mutating func read(_ bytes: some Sequence<UInt8>) {
    // The loop over contiguous bytes, compiled once here: the generic loop is not
    // specialised for callers in other modules, and cost 4,000 instructions a line there.
    if bytes.withContiguousStorageIfAvailable({ read(buffer: $0) }) != nil { return }
    let copy = Array(bytes)
    copy.withUnsafeBufferPointer { read(buffer: $0) }
  }

  private mutating func read(buffer: UnsafeBufferPointer<UInt8>) {
    // Where the last top-level statement of the line begins (-1: on an earlier line, or
    // its block has opened), and where a top-level comment begins (-1: none): looked at
    // only at the end of a line, so a byte costs no more than before.
    var statement = awaitingBlock ? -1 : 0
    var comment = -1
    for i in buffer.indices {
      let b = buffer[i]
      if inComment {
        guard b == 10 else { continue }
        inComment = false
      } else if inString {
        if escaped {
          escaped = false
        } else if b == UInt8(ascii: "\\") {
          escaped = true
        } else if b == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch b {
      case UInt8(ascii: "#"):
        inComment = true
        if depth == 0 { comment = i }
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"):
        if depth == 0 { (awaitingBlock, statement) = (false, -1) }
        depth += 1
      case UInt8(ascii: "}"): depth -= 1
      case UInt8(ascii: ";"):
        if depth == 0 { (awaitingBlock, statement) = (false, i + 1) }
      case 10:
        guard depth == 0 else { break }
        endLine(buffer, statement: statement, end: comment >= 0 ? comment : i)
        (statement, comment) = (awaitingBlock ? -1 : i + 1, -1)
      default: break
      }
    }
    if depth == 0, !inString, buffer.last != 10 {
      endLine(buffer, statement: statement, end: comment >= 0 ? comment : buffer.count)
    }
  }

  /// At the end of a top-level line: whether its last statement awaits its block, because
  /// it begins with a block statement's keyword and has not opened it, or ends with `else`
  /// (or `else as NAME`). Most lines are told apart by a byte.
  private mutating func endLine(_ line: UnsafeBufferPointer<UInt8>, statement: Int, end: Int) {
    var last = end
    while last > 0, Self.isBlank(line[last - 1]) { last -= 1 }
    if Self.endsWithElse(line, at: last) || Self.endsWithElseAs(line, at: last) {
      awaitingBlock = true
      return
    }
    guard statement >= 0 else { return }
    var start = statement
    while start < end, Self.isBlank(line[start]) { start += 1 }
    guard start + 1 < end, Self.blockHeaderStarts[Int(line[start])] else { return }
    var stop = start
    while stop < end, Lexer.isWordContinue(line[stop]) { stop += 1 }
    if Self.blockHeaders.contains(where: { Self.word(line, start, stop, is: $0) }) { awaitingBlock = true }
  }

  /// Whether the word `else` ends at `last`.
  private static func endsWithElse(_ line: UnsafeBufferPointer<UInt8>, at last: Int) -> Bool {
    last >= 4 && line[last - 1] == UInt8(ascii: "e") && word(line, last - 4, last, is: elseWord)
      && (last == 4 || !Lexer.isWordContinue(line[last - 5]))
  }

  /// Whether `else as NAME` ends at `last` (`try { … } else as e`, its block to come).
  private static func endsWithElseAs(_ line: UnsafeBufferPointer<UInt8>, at last: Int) -> Bool {
    var i = last
    while i > 0, Lexer.isWordContinue(line[i - 1]) { i -= 1 }
    guard i < last, i >= 2, isBlank(line[i - 1]) else { return false }
    while i > 0, isBlank(line[i - 1]) { i -= 1 }
    guard i >= 2, line[i - 1] == UInt8(ascii: "s"), line[i - 2] == UInt8(ascii: "a"),
      i == 2 || isBlank(line[i - 3])
    else { return false }
    i -= 2
    while i > 0, isBlank(line[i - 1]) { i -= 1 }
    return endsWithElse(line, at: i)
  }

  private static func word(_ line: UnsafeBufferPointer<UInt8>, _ start: Int, _ stop: Int, is word: [UInt8]) -> Bool {
    guard stop - start == word.count else { return false }
    for i in 0..<word.count where line[start + i] != word[i] { return false }
    return true
  }

  private static func isBlank(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 13 || b == 10 }
}
