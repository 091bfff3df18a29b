// `cmdscript fmt`: a script in one canonical layout. It rewrites only the space between
// tokens (every token is kept as written, comments too), so it cannot change what a
// script means.

/// Lays scripts out canonically: blocks indented by two spaces, one space between words
/// and around operators and braces, none around `.` or inside `( )`, no blank line more
/// than one, `;` and line breaks where the author put them, comments kept (a trailing one
/// as far from its line as written), and one line break at the end.
package enum ScriptFormatter {
  /// `file` laid out canonically. Throws the syntax errors of a script that does not parse:
  /// only a script whose structure is known can be laid out.
  package static func format(_ file: SourceFile) throws(CompileErrors) -> String {
    var sources = SourceTable()
    let id = sources.add(file)
    let symbols = SymbolTable()
    let problems = Parser.parse(file.bytes, source: id, firstLine: file.firstLine, symbols: symbols) { parser in
      while parser.nextRoot() != nil {}
      return parser.allProblems
    }
    guard problems.isEmpty else { throw CompileErrors(diagnostics: problems.map { $0.diagnostic(in: sources) }) }
    return file.bytes.withUnsafeBufferPointer { buffer in
      var layout = Layout(bytes: buffer)
      var lexer = Lexer(buffer, source: id, firstLine: file.firstLine, symbols: symbols)
      while true {
        let token = lexer.next()
        layout.add(token)
        if token.kind == .endOfInput { break }
      }
      return layout.text
    }
  }

  /// The output as it is built, a token at a time.
  private struct Layout {
    let bytes: UnsafeBufferPointer<UInt8>
    var out: [UInt8] = []
    /// Open `{` and `(` around the current line.
    var depth = 0
    /// The previous token, if any on the current line.
    var previous: TokenKind?
    /// The kind of the token before `previous` when `previous` is `-`: whether that is a
    /// binary operator.
    var minusIsBinary = false
    /// Whether the previous token is a word of the language that no operand ends with
    /// (`return`, `if`): a `-` after it is a sign.
    var previousIsKeyword = false
    /// Line breaks seen since the last token: a blank line is kept, a second one dropped.
    var pendingBreaks = 0
    /// Where the previous token ended in the input.
    var end = 0

    var text: String { String(decoding: out, as: UTF8.self) }

    mutating func add(_ token: Token) {
      let start = token.range.start
      // The comment between the previous token and this one, if any: at most one, since
      // a comment runs to its line's end and a line break is a token.
      comment(between: end, and: token.kind == .endOfInput ? bytes.count : start)
      switch token.kind {
      case .newline:
        pendingBreaks += 1
        previous = nil
      case .endOfInput:
        if !out.isEmpty { out.append(UInt8(ascii: "\n")) }
      default:
        if token.kind == .rightBrace || token.kind == .rightParen { depth = max(0, depth - 1) }
        if previous == nil {
          startLine()
        } else if spaced(after: previous!, before: token.kind) {
          out.append(UInt8(ascii: " "))
        }
        out += bytes[start..<token.range.end]
        if token.kind == .leftBrace || token.kind == .leftParen { depth += 1 }
        if token.kind == .minus { minusIsBinary = !previousIsKeyword && (previous.map(Self.endsOperand) ?? false) }
        previousIsKeyword =
          token.kind == .word
          && Keyword(rawValue: String(decoding: bytes[start..<token.range.end], as: UTF8.self)).map {
            $0 != .true && $0 != .false
          } == true
        previous = token.kind
      }
      end = token.range.end
    }

    /// Begins a line: the line breaks before it (one blank line at most, none at the top),
    /// then the indentation.
    mutating func startLine() {
      if !out.isEmpty { out += Array(repeating: UInt8(ascii: "\n"), count: min(max(pendingBreaks, 1), 2)) }
      pendingBreaks = 0
      out += Array(repeating: UInt8(ascii: " "), count: 2 * depth)
    }

    /// The comment in `from..<to`, if any: after a token on the same line, as far from it
    /// as written; on a line of its own, indented as the line would be.
    mutating func comment(between from: Int, and to: Int) {
      guard let comment = Lexer.comment(in: bytes, from: from, to: to) else { return }
      if previous != nil {
        // The space between the token and its comment, as written (at least one).
        var gap = comment.lowerBound
        while gap > from, bytes[gap - 1] == 32 || bytes[gap - 1] == 9 { gap -= 1 }
        out += Array(repeating: UInt8(ascii: " "), count: max(1, comment.lowerBound - gap))
      } else {
        startLine()
      }
      out += bytes[comment]
      // The comment's own line break is the newline token that follows.
      previous = nil
    }

    /// Whether a space goes between a token of kind `left` and one of kind `right`.
    func spaced(after left: TokenKind, before right: TokenKind) -> Bool {
      switch (left, right) {
      case (.dot, _), (_, .dot), (.leftParen, _), (_, .rightParen), (_, .semicolon): return false
      case (.minus, let next):
        // `-x` stays together, but `- 3` must not become the integer `-3`, nor `- 1.5` the
        // decimal `-1.5`.
        return minusIsBinary || next == .integer || next == .decimal
      default: return true
      }
    }

    /// Whether a token of this kind can end an operand, so that a `-` after it subtracts.
    static func endsOperand(_ kind: TokenKind) -> Bool {
      switch kind {
      case .word, .integer, .decimal, .string, .parameter, .rightParen: return true
      default: return false
      }
    }
  }
}
