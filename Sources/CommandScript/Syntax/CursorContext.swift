// What the lexer says about the text before a cursor: completion's, the REPL's and the
// language server's questions of partial text.

/// Where a cursor stands in an entry or a document being typed, from the lexer's tokens of
/// the text before it: whether it is in a string or a comment, how deeply blocks are open,
/// the word being typed, the statement it is in and the command and argument slot there.
/// Tab completion, the REPL's file names and the editor server ask it rather than scanning
/// bytes, so a `{`, `;` or `"` in a comment or a string is what the parser takes it for.
package struct CursorContext: Sendable {
  /// A token of the statement at the cursor, as completion tells them apart.
  enum Piece: Equatable {
    case word(String)
    case dot
    /// An integer, a string or a `$parameter`.
    case otherArgument
    case invalid
    case openParenthesis, closeParenthesis
    /// `==`, `+` and the other operators that are not words.
    case `operator`

    var isArgument: Bool {
      switch self {
      case .word, .otherArgument, .openParenthesis, .closeParenthesis, .operator: return true
      case .dot, .invalid: return false
      }
    }
  }

  /// What the statement at the cursor holds where a statement takes a file
  /// (`source "file"`, `export "file"`).
  package enum FileArgument: Equatable, Sendable {
    /// The path typed so far (nothing yet, a word, or a string opened and not closed), and
    /// whether it opened a string.
    case typing(path: String, quoted: Bool)
    /// A string closed, or more than one word: the path is written.
    case written
  }

  /// A name that `$NAME` stands for at the cursor, as the text before it binds it.
  package struct BoundName: Equatable, Sendable {
    /// How it is bound: `let`, `var`, a macro's parameter, a `repeat … as` turn, an
    /// `else as` failure's message.
    package enum Binding: String, Sendable { case `let`, `var`, parameter, turn, message }
    package var name: String
    package var binding: Binding
    /// Where the name is written where it is bound (from 1; columns in Unicode scalars).
    package var line: Int
    package var column: Int
  }

  /// The tokens of the statement the cursor is in, before it.
  private(set) var statement: [Piece] = []
  /// Where each of `statement`'s words starts: its byte offset (made a line and a column
  /// only for the few words that bind a name).
  private var positions: [Int] = []
  /// For each open `{`, the parameters of the macro whose body it is in (none outside macros).
  private var open: [[String]] = []
  /// The names bound at the top level and in each open block, in the order bound: a
  /// block's go with its `}`.
  private var scopes: [[BoundName]] = [[]]
  /// How many blocks were open with the `{` of the macro body the cursor is in (nil: none).
  private var macroBodyDepth: Int?

  /// Whether the text ends inside a string.
  package private(set) var inString = false
  /// Whether the text ends inside a `#` comment.
  package private(set) var inComment = false
  /// The word being typed: the last token's letters, digits, `_` and `$` when it ends at
  /// the cursor; empty after a blank or punctuation, and in a string or a comment.
  package private(set) var word = ""
  /// Where the statement takes a file, what is written there.
  package private(set) var fileArgument: FileArgument?
  /// How many arguments of the statement stand before the cursor, by ``command``; a
  /// parenthesised expression is one.
  private var argumentCount = 0
  /// Whether the last token ends at the cursor.
  private var touchesLastToken = false

  /// Whether the text ends inside a string or a comment, where nothing is completed.
  package var endsInStringOrComment: Bool { inString || inComment }
  /// How many blocks are open at the cursor.
  package var depth: Int { open.count }
  /// The parameters of the macro whose body the cursor is in (and `repeat … as` turns,
  /// `else as` messages in theirs), without `$`.
  package var macroParameters: [String] { open.last ?? [] }
  /// The names `$NAME` may stand for at the cursor, as the text before it binds them, in
  /// the order bound, an inner one hiding an outer one of the same name: `let` and `var`
  /// of the top level and of each open block, after their statement; a macro's
  /// parameters, a `repeat … as` turn and an `else as` message in their blocks.
  package var boundNames: [BoundName] {
    var seen = Set<String>()
    return scopes.joined().reversed().filter { seen.insert($0.name).inserted }.reversed()
  }
  /// Whether the cursor is in a macro's body, where `return` may stand.
  package var isInMacroBody: Bool { macroBodyDepth != nil }

  /// The command that the statement at the cursor starts with (`paint`, `door.lock`, a
  /// macro, a keyword), and how many arguments stand between it and the cursor, the word
  /// being typed not counted: the slot that signature help shows. Nil at the start of a
  /// statement, and in a string or a comment.
  package var command: (name: String, argument: Int)? {
    guard !endsInStringOrComment, case .word(let first) = statement.first else { return nil }
    if statement.count >= 3, statement[1] == .dot, case .word(let member) = statement[2] {
      return (first + "." + member, max(0, argumentCount - 2 - (touchesLastToken ? 1 : 0)))
    }
    return (first, max(0, argumentCount - (touchesLastToken ? 1 : 0)))
  }

  /// The context at the end of `text`, the text before the cursor (of the entry, or of
  /// the whole document).
  package init(before text: some StringProtocol) {
    var text = String(text)
    self = text.withUTF8 { CursorContext(scanning: $0) }
  }

  init(scanning bytes: UnsafeBufferPointer<UInt8>) {
    var lexer = Lexer(bytes, source: 0, symbols: SymbolTable())
    var end = 0
    var parentheses = 0
    var fileStatement = false
    /// In a statement that takes a file, where the first token after its keyword starts.
    var fileArgumentStart: Int?
    while true {
      lexer.advance()
      let token = lexer.token
      defer { end = token.range.end }
      let startsArgument = parentheses == 0
      switch token.kind {
      case .endOfInput:
        // A line break is a token, so a `#` after the last token starts a comment that
        // runs to the end.
        inComment = bytes[end..<bytes.count].contains(UInt8(ascii: "#"))
        touchesLastToken = end == bytes.count && end > 0
        if inComment || !touchesLastToken { word = "" }
        if fileStatement, !inComment { fileArgument = Self.fileArgument(bytes, from: fileArgumentStart) }
        if fileStatement, fileArgumentStart == nil, touchesLastToken { fileArgument = nil }
        return
      case .invalid where token.isUnterminatedString:
        inString = true
        word = ""
        if fileStatement {
          fileArgument = Self.fileArgument(bytes, from: fileArgumentStart ?? token.range.start)
        }
        return
      case .semicolon, .newline:
        bindDeclaredName(&lexer)
        startStatement()
        (parentheses, fileStatement, fileArgumentStart) = (0, false, nil)
        continue
      case .leftBrace:
        var parameters = macroParameters
        var bound: [BoundName] = []
        if statement.first == .word(Keyword.macro.rawValue) {
          parameters = statement.dropFirst(2).compactMap { if case .word(let w) = $0 { w } else { nil } }
          bound = parameters.indices.map { bind(parameters[$0], .parameter, at: 2 + $0, &lexer) }
          if macroBodyDepth == nil { macroBodyDepth = open.count + 1 }
        } else if let named = statement.firstIndex(of: .word(Keyword.as.rawValue)).map({ $0 + 1 }),
          named < statement.count, case .word(let name) = statement[named]
        {
          // `repeat 3 as i {`, `} else as e {`: `$i` and `$e` inside.
          parameters.append(name)
          let isMessage = statement[..<named].contains(.word(Keyword.else.rawValue))
          bound.append(bind(name, isMessage ? .message : .turn, at: named, &lexer))
        }
        open.append(parameters)
        scopes.append(bound)
        startStatement()
        (parentheses, fileStatement, fileArgumentStart) = (0, false, nil)
        continue
      case .rightBrace:
        _ = open.popLast()
        if scopes.count > 1 { scopes.removeLast() }
        if let depth = macroBodyDepth, open.count < depth { macroBodyDepth = nil }
        startStatement()
        (parentheses, fileStatement, fileArgumentStart) = (0, false, nil)
        continue
      case .word:
        let text = lexer.text(of: token.range)
        if statement.isEmpty, let keyword = Keyword(rawValue: text), keyword.declaration.takesAFile {
          fileStatement = true
        }
        statement.append(.word(text))
        positions.append(token.range.start)
      case .dot: statement.append(.dot)
      case .integer, .decimal, .duration, .string, .parameter: statement.append(.otherArgument)
      case .leftParen:
        statement.append(.openParenthesis)
        parentheses += 1
      case .rightParen:
        statement.append(.closeParenthesis)
        parentheses = max(0, parentheses - 1)
      case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .plus, .minus, .star, .slash, .percent,
        .assign:
        statement.append(.operator)
      case .invalid: statement.append(.invalid)
      }
      if startsArgument, statement.count > 1 { argumentCount += 1 }
      word = Self.nameCharacters(ending: bytes[token.range.start..<token.range.end])
      if fileStatement, statement.count == 2 { fileArgumentStart = token.range.start }
    }
  }

  private mutating func startStatement() {
    statement = []
    positions = []
    (argumentCount, word) = (0, "")
  }

  /// `NAME` bound as `binding` by the word at `index` of the statement (`lexer` places it).
  private func bind(_ name: String, _ binding: BoundName.Binding, at index: Int, _ lexer: inout Lexer) -> BoundName {
    let at = lexer.place(of: positions[statement[..<index].count { if case .word = $0 { true } else { false } }])
    return BoundName(name: name, binding: binding, line: at.line, column: at.column)
  }

  /// At the end of a statement: a `let NAME = …` or `var NAME = …` binds `NAME` from here.
  private mutating func bindDeclaredName(_ lexer: inout Lexer) {
    guard statement.count >= 4, case .word(let keyword) = statement[0], keyword == "let" || keyword == "var",
      case .word(let name) = statement[1], statement[2] == .operator
    else { return }
    scopes[scopes.count - 1].append(bind(name, keyword == "let" ? .let : .var, at: 1, &lexer))
  }

  /// What stands from `start` (the first token after `source` or `export`, nil if none)
  /// to the end: a path being typed, bare or in a string not yet closed, or a closed string.
  private static func fileArgument(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int?) -> FileArgument {
    guard let start else { return .typing(path: "", quoted: false) }
    let quoted = bytes[start] == UInt8(ascii: "\"")
    let rest = String(decoding: bytes[(quoted ? start + 1 : start)...], as: UTF8.self)
    // A closed string (the lexer read it as a token, not as running to the end).
    if quoted, rest.contains("\"") { return .written }
    return .typing(path: rest, quoted: quoted)
  }

  /// The letters, digits, `_` and `$` that end `bytes`.
  private static func nameCharacters(ending bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    var start = bytes.endIndex
    while start > bytes.startIndex, Lexer.isWordContinue(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: "$") {
      start -= 1
    }
    return String(decoding: bytes[start...], as: UTF8.self)
  }

  /// Where the last `(` of `tokens` that no `)` closes is, if any.
  static func unclosedParenthesis(in tokens: ArraySlice<Piece>) -> Int? {
    var closed = 0
    for i in tokens.indices.reversed() {
      switch tokens[i] {
      case .closeParenthesis: closed += 1
      case .openParenthesis:
        if closed == 0 { return i }
        closed -= 1
      default: break
      }
    }
    return nil
  }
}

extension StatementDeclaration {
  /// Whether the statement's argument is a file's path, as its usage shows (`source "file"`).
  var takesAFile: Bool { usage.hasSuffix("\"file\"") }
}
