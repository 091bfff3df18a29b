// Whether an entry read line by line is complete: the REPL's and piped stdin's continuation.

import Synchronization

extension Parser {
  /// Whether `text` ends inside a block or a string, or awaits a block, with no error
  /// certain yet, so that a line-by-line reader (the REPL, piped stdin) should read more
  /// before compiling it.
  static func needsMoreInput(_ bytes: [UInt8]) -> Bool {
    var scanner = EntryScanner()
    scanner.read(bytes)
    return scanner.needsMoreInput
  }
}

/// Says whether input read so far ends inside a `{` block or a string, or in a statement
/// that is complete but for its block (`repeat 2`, `macro m n`, `if door.locked`, `} else`:
/// the `{` may come on the next line), and no error is certain yet, from the lexer's
/// tokens, each line lexed once: a line-by-line reader (piped stdin, the REPL) feeds it each line as it arrives
/// and compiles the entry once it is complete, in time linear in the entry's length
/// however many lines it has.
///
/// ```swift
/// var scanner = EntryScanner()
/// scanner.read(line)
/// if !scanner.needsMoreInput { compile(entry); scanner.reset() }
/// ```
///
/// Strings, comments and words are the `Lexer`'s: a `{` or `"` in a comment or a string,
/// or a `#` in a string, is what the parser will take it for. A line that begins inside a
/// string that an earlier line opened is lexed on from inside it
/// (`Lexer.resumeString()`). The statements that await a block come from their
/// declarations (`hasBlock`), so a new one needs nothing here. Each `read` is taken to end
/// at a line's end (a word is not split between two).
///
/// An entry is complete as soon as an error in it is certain, whatever is still open, so
/// that the prompt reports it at once: a problem of the lexer's (`if x > 2:`, whose `:` is
/// no token), a statement awaiting its block that goes on with anything but `{` (the
/// parser skips only line breaks before it), a `;` or `}` where a block should open, a `}`
/// that closes nothing, or a header line that the parser refuses even with a block after
/// it (`if x > 2 then`, `repeat`). A line break ends a statement even inside parentheses
/// or after an operator, so neither keeps an entry open.
///
/// A scanner keeps the symbol table it lexes with from one read to the next, and across
/// ``reset()``, so that a stream of short lines does not pay for a table, or a global
/// look-up, per line. (Sendable all the same: a scanner lexes with its table only while
/// no copy of the scanner shares it, and makes its own otherwise.)
package struct EntryScanner: @unchecked Sendable {
  private var depth = 0
  private var inString = false
  /// Whether a line read ended a statement that awaits its block (`repeat 2`).
  private var awaitingBlock = false
  /// The statement being read in the innermost open block, as far as awaiting a block goes.
  private var statement = Statement.fresh
  /// How the tokens of that statement on the line read so far end, as far as `else` goes.
  private var tail = Tail.none
  /// Whether an error in the entry is certain: it is complete, whatever is open.
  private(set) var errorIsCertain = false
  /// Whether anything has been read: a byte-order mark is skipped only at the start.
  private var hasRead = false
  /// Where the header being read (`if x > 2`, its block not yet open) starts in the
  /// current read; its bytes from earlier reads (a string across lines) in `headerBytes`.
  private var headerStart = 0
  private var headerBytes: [UInt8] = []

  private enum Statement {
    /// No token yet.
    case fresh
    /// It begins with the keyword of a statement that has a block, not yet opened.
    case header
    /// Any other; or none to look at (its block opened, or it awaits one from an earlier line).
    case other, none
  }

  private enum Tail { case none, `else`, elseAs, elseAsName }

  /// The symbol table it lexes with; nil until the first read.
  private var symbols: ScannerSymbols?
  private let keywords = Keywords.shared

  /// A scanner that has read nothing.
  package init() {}

  /// Makes this a scanner that has read nothing, as a new one, keeping its symbol table
  /// (unless it has grown large): the way to start each entry of a stream.
  package mutating func reset() {
    (depth, inString, awaitingBlock, statement, tail) = (0, false, false, .fresh, .none)
    (errorIsCertain, hasRead, headerStart) = (false, false, 0)
    headerBytes.removeAll(keepingCapacity: headerBytes.count < 256)
    if let held = symbols, held.table.names.count > ScanningSymbols.maxKept { symbols = nil }
  }

  /// Whether the input read so far ends inside a block or a string, or awaits a block, and
  /// no error in it is certain yet.
  package var needsMoreInput: Bool { !errorIsCertain && (inString || depth > 0 || awaitingBlock) }

  /// The keywords it looks for, by symbol (keywords are the first symbols of every
  /// table): read once a scanner, so that a line or a token costs no look-up of a global.
  private struct Keywords {
    /// Bit `i`: whether keyword symbol `i`'s statement always has a block.
    let blockHeaders: UInt64
    let elseSymbol: SymbolTable.ID
    let asSymbol: SymbolTable.ID
    let ifSymbol: SymbolTable.ID

    static let shared = Keywords(
      blockHeaders: Keyword.ordered.enumerated().reduce(0) {
        $0 | ($1.element.declaration.hasBlock ? 1 << $1.offset : 0)
      },
      elseSymbol: SymbolTable.ID(Keyword.ordered.firstIndex(of: .else)!),
      asSymbol: SymbolTable.ID(Keyword.ordered.firstIndex(of: .as)!),
      ifSymbol: SymbolTable.ID(Keyword.ordered.firstIndex(of: .if)!))

    func isBlockHeader(_ symbol: SymbolTable.ID) -> Bool {
      symbol >= 0 && symbol < 64 && blockHeaders >> symbol & 1 != 0
    }
  }

  /// Reads more of the entry: a line, or the lines that have come.
  package mutating func read(_ bytes: [UInt8]) {
    // Not generic, so that a caller in another module reaches the loop without a call
    // through `withContiguousStorageIfAvailable`'s thunks (130 instructions a line).
    bytes.withUnsafeBufferPointer { read(buffer: $0) }
  }

  /// Reads more of the entry: a line, or the lines that have come.
  package mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) { read(buffer: bytes) }

  /// Reads more of the entry: a line, or the lines that have come.
  package mutating func read(_ bytes: some Sequence<UInt8>) {
    // The loop over contiguous bytes, compiled once here: the generic loop is not
    // specialised for callers in other modules, and cost 4,000 instructions a line there.
    if bytes.withContiguousStorageIfAvailable({ read(buffer: $0) }) != nil { return }
    let copy = Array(bytes)
    copy.withUnsafeBufferPointer { read(buffer: $0) }
  }

  /// The symbol table to lex with: its own, unless a copy of this scanner shares it.
  private mutating func ownSymbols() -> SymbolTable {
    if !isKnownUniquelyReferenced(&symbols) { symbols = ScannerSymbols() }
    return symbols.unsafelyUnwrapped.table
  }

  private mutating func read(buffer: UnsafeBufferPointer<UInt8>) {
    if errorIsCertain { return }
    var lexer = Lexer(buffer, source: 0, symbols: ownSymbols(), atStartOfText: !hasRead)
    hasRead = true
    headerStart = 0
    defer {
      // The lexer's problems are certain, but for the string still open at the end.
      if lexer.problemCount > (inString ? 1 : 0) { errorIsCertain = true }
      // A header still being read goes on in the next read (its string goes on there).
      if inString, statement == .header, !errorIsCertain {
        headerBytes += UnsafeBufferPointer(rebasing: buffer[headerStart...])
      }
    }
    let keywords = keywords
    if inString {
      lexer.resumeString()
      if lexer.token.isUnterminatedString { return }
      inString = false
      see(lexer.token, keywords)
    }
    while !errorIsCertain {
      lexer.advance()
      let token = lexer.token
      if awaitingBlock, token.kind != .leftBrace, token.kind != .newline, token.kind != .endOfInput {
        // The parser skips only line breaks before the block.
        errorIsCertain = true
        return
      }
      switch token.kind {
      case .endOfInput:
        // A read that ends without a line break ends a line all the same.
        if buffer.last != 10 { endLine(at: buffer.count, of: buffer) }
        return
      case .invalid where token.isUnterminatedString:
        inString = true
        return
      case .leftBrace:
        (awaitingBlock, statement, tail) = (false, .fresh, .none)
        depth += 1
      case .rightBrace:
        // A `}` where a block should open, or that closes nothing.
        if depth == 0 || statement == .header { errorIsCertain = true }
        depth -= 1
        (statement, tail) = (.none, .none)
      case .semicolon:
        if statement == .header { errorIsCertain = true }
        (statement, tail) = (.fresh, .none)
      case .newline:
        endLine(at: token.range.start, of: buffer)
        // The usual end of a read: no need to ask the lexer for the end of the input.
        if token.range.end == buffer.count { return }
      default:
        see(token, keywords)
      }
    }
  }

  /// A token of the statement being read (not `{`, `}`, `;` or a line break).
  private mutating func see(_ token: Token, _ keywords: Keywords) {
    let symbol = token.kind == .word ? token.symbol : -1
    if statement == .fresh || (tail == .else && symbol == keywords.ifSymbol) {
      // `else if` begins a header of its own.
      statement = keywords.isBlockHeader(symbol) ? .header : .other
      if statement == .header { (headerStart, headerBytes) = (token.range.start, []) }
    }
    switch (tail, symbol) {
    case (_, keywords.elseSymbol): tail = .else
    case (.else, keywords.asSymbol): tail = .elseAs
    case (.elseAs, _) where symbol >= 0: tail = .elseAsName
    default: tail = .none
    }
  }

  /// At the end of a line (at `end` in `buffer`): its last statement awaits its block if it
  /// begins with a block statement's keyword and has not opened it, or if the line ends
  /// with `else` (or `else as NAME`); unless the parser refuses that header even with a
  /// block after it, when the error is certain.
  private mutating func endLine(at end: Int, of buffer: UnsafeBufferPointer<UInt8>) {
    if statement == .header {
      var header = headerBytes
      if headerStart < end { header += UnsafeBufferPointer(rebasing: buffer[headerStart..<end]) }
      if !Self.parsesWithABlock(header, symbols: ownSymbols()) {
        errorIsCertain = true
        return
      }
    }
    if tail == .else || tail == .elseAsName || statement == .header { awaitingBlock = true }
    (statement, tail) = (awaitingBlock ? .none : .fresh, .none)
  }

  /// Whether `header` (`if x > 2`) parses without a problem with a block on the next line.
  private static func parsesWithABlock(_ header: [UInt8], symbols: SymbolTable) -> Bool {
    Parser.parse(header + Array("\n{}".utf8), symbols: symbols) { parser in
      _ = parser.nextStatement()
      return parser.allProblems.isEmpty
    }
  }
}

/// A scanner's symbol table, taken from the spare (``ScanningSymbols``) when the scanner
/// first reads, and given back when the last copy of the scanner is dropped.
private final class ScannerSymbols {
  let table = ScanningSymbols.take()
  deinit { ScanningSymbols.giveBack(table) }
}

/// The symbol table an `EntryScanner` lexes with, kept from one scanner to the next rather
/// than made for each (a new table numbers every keyword: more than lexing a line costs),
/// and dropped once it has grown large, so that a long stream of distinct words cannot
/// make it grow without bound.
private enum ScanningSymbols {
  private struct Spare: @unchecked Sendable {
    // Only ever used by the one reader that took it out.
    var table: SymbolTable?
  }
  private static let spare = Mutex(Spare())
  static let maxKept = 4096

  static func take() -> SymbolTable {
    spare.withLock { spare in
      defer { spare.table = nil }
      return Spare(table: spare.table)
    }.table ?? SymbolTable()
  }

  static func giveBack(_ table: SymbolTable) {
    guard table.names.count <= maxKept else { return }
    let returned = Spare(table: table)
    spare.withLock { $0 = returned }
  }
}

extension EntryScanner {
  /// Where the first statement of `line` ends, as the lexer reads the line (a `;` or `#` in
  /// a string is the string's): the byte offset just past its last token, and that of the
  /// `;` that ends it, or nil where a comment or the line's end does. For the REPL's own
  /// statements, which end at a `;` (`macros; show`) or a comment, as any statement does.
  package static func firstStatement(of line: [UInt8]) -> (end: Int, semicolon: Int?) {
    line.withUnsafeBufferPointer { buffer in
      let symbols = ScanningSymbols.take()
      defer { ScanningSymbols.giveBack(symbols) }
      var lexer = Lexer(buffer, source: 0, symbols: symbols)
      var end = 0
      while true {
        lexer.advance()
        let token = lexer.token
        switch token.kind {
        case .semicolon: return (end, token.range.start)
        case .endOfInput, .newline: return (end, nil)
        default: end = token.range.end
        }
      }
    }
  }
}
