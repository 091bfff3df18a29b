/// Builds statements from tokens by recursive descent, one top-level statement at a time.
/// On a syntax error it records a problem and skips to the next `;`, line break or `}`
/// (panic-mode recovery), so one pass reports every syntax error.
struct Parser {
  /// How deeply blocks may nest. Deeper input is an error, never a stack overflow.
  static let maxDepth = 256
  /// How many arguments a command, and parameters a macro, can have at most.
  static let maxArguments = 256

  var lexer: Lexer
  /// The current token, where the lexer made it.
  var token: Token { lexer.token }
  var depth = 0
  var problems: [Problem] = [] {
    didSet { problemLimit = Lexer.maxProblems - problems.count }
  }
  /// How many problems the lexer may have found before the parser stops: `maxProblems`
  /// less the parser's own, so that `advance` compares one count with it.
  private var problemLimit = Lexer.maxProblems
  /// Once the lexer and the parser have found `Lexer.maxProblems` problems, the parser
  /// stops: the rest of the input reads as its end. How many of `problems` came before.
  private var problemsBeforeStop: Int?

  init(_ lexer: Lexer) {
    tree = SyntaxTree(symbols: lexer.symbols)
    self.lexer = lexer
    self.lexer.advance()
  }

  /// Every problem so far: the lexer's and the parser's, in source order.
  var allProblems: [Problem] {
    (lexer.problems + problems.prefix(problemsBeforeStop ?? problems.count)).sorted {
      $0.range.start < $1.range.start
    }
  }

  @inline(__always) mutating func advance() {
    guard problemsBeforeStop == nil else { return }
    lexer.advance()
    if lexer.problemCount >= problemLimit { stop() }
  }

  /// Ends parsing here, with a problem that says so. (What the statements still open
  /// report about the end they meet is dropped.)
  @inline(never) private mutating func stop() {
    problems.append(
      Problem("too many errors (\(Lexer.maxProblems)): the rest of the input is not checked", at: token.range))
    problemsBeforeStop = problems.count
    lexer.stop()
  }

  private var atSeparator: Bool { token.kind == .semicolon || token.kind == .newline }

  private mutating func skipSeparators() {
    while atSeparator { advance() }
  }

  private mutating func skipNewlines() {
    while token.kind == .newline { advance() }
  }

  /// What the statement being parsed contains. Once nothing refers to the last statement's
  /// tree, the next statement reuses it.
  private(set) var tree: SyntaxTree
  /// The statements of the blocks being parsed, innermost last: a block's body moves into
  /// the tree once it is whole, so that it is consecutive there.
  private var openBodies: [Statement] = []

  /// The next top-level statement, or nil at the end of the input.
  mutating func nextStatement() -> ParsedStatement? {
    nextRoot().map { ParsedStatement(root: $0, tree: tree) }
  }

  /// The next top-level statement, whose tree is `tree` until the next call; nil at the end
  /// of the input. (For a caller that is done with each statement before it asks for the
  /// next, so that the tree is neither retained nor released per statement.) Inlined: in
  /// `--check`'s loop the call was 5% of the time once the optimizer stopped inlining it.
  @inline(__always) mutating func nextRoot() -> Statement? {
    if isKnownUniquelyReferenced(&tree) {
      tree.removeAll()
    } else {
      tree = SyntaxTree(symbols: lexer.symbols)
    }
    while true {
      skipSeparators()
      switch token.kind {
      case .endOfInput: return nil
      case .rightBrace:
        // One problem for a run of them.
        var range = token.range
        advance()
        while token.kind == .rightBrace {
          range = range.through(token.range)
          advance()
        }
        problems.append(Problem("unexpected `}`: no block is open", at: range))
      default:
        if let statement = parseStatement() { return statement }
      }
    }
  }

  /// Parses one statement; on a syntax error records it, recovers, and returns nil.
  private mutating func parseStatement() -> Statement? {
    let statement: Statement?
    switch token.kind {
    case .leftBrace:
      let start = token.range
      statement = parseBlock().map { Statement(.block($0.body), range: start.through($0.end)) }
    case .word:
      statement = parseWordStatement()
    case .parameter:
      statement = parseParameterInvocation()
    case .invalid:
      // The lexer has reported it already.
      statement = nil
    default:
      statement = nil
      problems.append(Problem("expected a statement, found \(describe(token))", at: token.range))
    }
    guard let statement else {
      recover()
      return nil
    }
    switch token.kind {
    case .semicolon, .newline, .rightBrace, .endOfInput: return statement
    case .invalid:
      // The lexer has reported it already.
      recover()
      return nil
    default:
      problems.append(
        Problem("expected `;` or a line break after the statement, found \(describe(token))", at: token.range))
      recover()
      return nil
    }
  }

  /// Skips to the end of the statement: the next separator, or the `}` that closes the
  /// current block (left for the block to consume), or the end of the input. Blocks opened
  /// on the way are skipped whole.
  private mutating func recover() {
    var open = 0
    while true {
      switch token.kind {
      case .endOfInput: return
      case .semicolon where open == 0, .newline where open == 0: return
      case .leftBrace: open += 1
      case .rightBrace:
        if open == 0 { return }
        open -= 1
      default: break
      }
      advance()
    }
  }

  func describe(_ token: Token) -> String {
    switch token.kind {
    case .word, .integer, .decimal, .parameter: return "`\(lexer.shortText(of: token.range))`"
    case .string: return "a string"
    case .dot: return "`.`"
    case .semicolon: return "`;`"
    case .newline: return "a line break"
    case .leftBrace: return "`{`"
    case .rightBrace: return "`}`"
    case .leftParen: return "`(`"
    case .rightParen: return "`)`"
    case .equal: return "`==`"
    case .notEqual: return "`!=`"
    case .less: return "`<`"
    case .lessEqual: return "`<=`"
    case .greater: return "`>`"
    case .greaterEqual: return "`>=`"
    case .plus: return "`+`"
    case .minus: return "`-`"
    case .star: return "`*`"
    case .slash: return "`/`"
    case .percent: return "`%`"
    case .endOfInput: return "the end of the input"
    case .invalid: return "an invalid token"
    }
  }

  @inline(__always) private mutating func parseWordStatement() -> Statement? {
    let start = token.range
    let keyword = Keyword(symbol: token.symbol)
    switch keyword {
    case .repeat?:
      advance()
      guard let count = parseArgument(what: "a repeat count") else { return nil }
      if isKeyword(.as) { return parseCountedRepeat(count: count, start: start) }
      guard let block = parseBlockAfterHeader() else { return nil }
      return Statement(.repeat(count: count, body: block.body), range: start.through(block.end))
    case .transaction?:
      advance()
      var name: Int32?
      if token.kind == .string {
        name = tree.add(lexer.stringText)
        advance()
      }
      guard let block = parseBlockAfterHeader() else { return nil }
      return Statement(.transaction(block.body, name: name), range: start.through(block.end))
    case .macro?:
      advance()
      guard let name = expectWord("a macro name") else { return nil }
      let first = tree.names.count
      while token.kind == .word {
        guard tree.names.count - first < Self.maxArguments else {
          problems.append(Problem("a macro can have at most \(Self.maxArguments) parameters", at: token.range))
          return nil
        }
        tree.add(self.name(of: token))
        advance()
      }
      let parameters = NodeRange(first: Int32(first), count: Int32(tree.names.count - first))
      guard let block = parseBlockAfterHeader() else { return nil }
      return Statement(.macro(name: name, parameters: parameters, body: block.body), range: start.through(block.end))
    case .use?:
      advance()
      guard let name = expectWord("a receiver name after `use`") else { return nil }
      return Statement(.use(name), range: start.through(name.range))
    case .undo?, .redo?:
      advance()
      var count: ArgumentNode?
      if !atStatementEnd {
        guard let c = parseArgument(what: "a count") else { return nil }
        count = c
      }
      let range = start.through(count?.range ?? start)
      return Statement(keyword == .undo ? .undo(count: count) : .redo(count: count), range: range)
    case .history?:
      advance()
      return Statement(.history, range: start)
    case .show?:
      return parseShow(start: start)
    case .help?:
      return parseHelp(start: start)
    case .new?:
      advance()
      guard let type = expectWord("a receiver type after `new`"),
        let name = expectWord("a name for the new `\(lexer.symbols[type.symbol])`")
      else { return nil }
      return Statement(.new(type: type, name: name), range: start.through(name.range))
    case .queue?:
      advance()
      guard !atStatementEnd else {
        problems.append(Problem("expected a statement to queue after `queue`", at: token.range))
        return nil
      }
      guard let queued = parseStatement() else { return nil }
      return Statement(.queue(index: tree.add(queued)), range: start.through(queued.range))
    case .run?, .pending?, .discard?:
      advance()
      return Statement(keyword == .run ? .run : keyword == .pending ? .pending : .discard, range: start)
    case .source?, .export?:
      advance()
      guard token.kind == .string else {
        if token.kind != .invalid {
          let found = token
          problems.append(
            Problem(
              "expected a file name in double quotes, found \(describe(found))" + quotedSuggestion(after: keyword!),
              at: found.range))
        }
        return nil
      }
      let path = tree.add(lexer.stringText)
      let range = start.through(token.range)
      advance()
      return Statement(keyword == .source ? .source(index: path) : .export(index: path), range: range)
    case .batch?:
      advance()
      guard let size = parseArgument(what: "a batch size or `off`") else { return nil }
      return Statement(.batch(size), range: start.through(size.range))
    case .if?:
      return parseIf(start: start)
    case .while?, .try?, .assert?, .echo?:
      return parseLanguage2Statement(keyword!, start: start)
    case .else?, .as?, .and?, .or?, .not?, .true?, .false?, .record?, .end?, .macros?:
      // Listed, not a `default:`, so that a new keyword does not compile until it is parsed.
      reportMisplaced(keyword!, at: start)
      return nil
    case nil:
      return parseInvocation()
    }
  }

  /// `show`, `show door`, `show door back shape`: the names are a range of `names`. Out of
  /// line, so that the frame of `parseStatement`, which recursion through blocks repeats,
  /// stays small.
  @inline(never) private mutating func parseShow(start: SourceRange) -> Statement? {
    advance()
    let first = tree.names.count
    var end = start
    while token.kind == .word, tree.names.count - first < Self.maxArguments {
      tree.add(name(of: token))
      end = token.range
      advance()
    }
    let names = NodeRange(first: Int32(first), count: Int32(tree.names.count - first))
    return Statement(.show(names), range: start.through(end))
  }

  /// `help`, `help move`, `help shape.move`. Out of line, as `parseShow`.
  @inline(never) private mutating func parseHelp(start: SourceRange) -> Statement? {
    advance()
    var topic: Name?
    var member: Name?
    if token.kind == .word {
      topic = name(of: token)
      advance()
      if token.kind == .dot {
        advance()
        guard let name = expectWord("a verb or query after `\(lexer.symbols[topic!.symbol]).`") else { return nil }
        member = name
      }
    }
    return Statement(.help(topic, member: member), range: start.through(member?.range ?? topic?.range ?? start))
  }

  /// For `source lib.cmd`: the words, dots and numbers up to the end of the statement,
  /// as the string they were meant to be (`(did you mean `source "lib.cmd"`?)`), or "" when
  /// something else stands there. Consumes them (the statement is in error anyway).
  private mutating func quotedSuggestion(after keyword: Keyword) -> String {
    guard token.kind == .word else { return "" }
    let first = token.range
    var last = first
    while !atStatementEnd {
      switch token.kind {
      case .word, .dot, .integer, .slash, .minus: break
      default: return ""
      }
      last = token.range
      advance()
    }
    return " (did you mean `\(keyword.rawValue) \"\(lexer.text(of: first.through(last)))\"`?)"
  }

  var atStatementEnd: Bool {
    switch token.kind {
    case .semicolon, .newline, .rightBrace, .endOfInput: return true
    default: return false
    }
  }

  @inline(__always) private mutating func parseInvocation() -> Statement? {
    var name = self.name(of: token)
    var receiver: Target?
    advance()
    if token.kind == .dot {
      advance()
      receiver = Target(name: name, isParameter: false)
      guard let verb = expectWord("a verb after `\(lexer.symbols[name.symbol]).`") else { return nil }
      name = verb
    }
    return parseArguments(receiver: receiver, name: name)
  }

  /// `$d.verb argument…` in a macro body: a command to the receiver the call binds to `$d`.
  /// Out of line, so that the frame of `parseStatement`, which recursion through blocks
  /// repeats, stays small.
  @inline(never) private mutating func parseParameterInvocation() -> Statement? {
    let parameter = self.name(of: token)
    advance()
    guard token.kind == .dot else {
      problems.append(
        Problem(
          "expected a statement, found `$\(lexer.symbols[parameter.symbol])` (a receiver parameter is written `$\(lexer.symbols[parameter.symbol]).VERB`)",
          at: parameter.range))
      return nil
    }
    advance()
    guard let verb = expectWord("a verb after `$\(lexer.symbols[parameter.symbol]).`") else { return nil }
    return parseArguments(receiver: Target(name: parameter, isParameter: true), name: verb)
  }

  /// The arguments of a command or macro call, up to the end of the statement.
  @inline(__always) private mutating func parseArguments(receiver: Target?, name: Name) -> Statement? {
    let first = tree.arguments.count
    // Where the last argument ends, so that the statement's range is made once, at the end.
    var end = name.range.end
    while !atStatementEnd {
      // A tree has fewer arguments than its source has bytes: no arithmetic on counts here
      // overflows, and the counts fit in 32 bits.
      guard tree.arguments.count &- first < Self.maxArguments else {
        problems.append(Problem("a command can have at most \(Self.maxArguments) arguments", at: token.range))
        return nil
      }
      let argumentEnd = token.range.end
      guard let argument = parseArgument(what: "an argument") else { return nil }
      tree.add(argument)
      // A `( … )` argument ends at its `)`.
      if case .expression(_, let range) = argument { end = range.end } else { end = argumentEnd }
    }
    let arguments = NodeRange(
      first: Int32(truncatingIfNeeded: first), count: Int32(truncatingIfNeeded: tree.arguments.count &- first))
    var range = receiver?.range ?? name.range
    range.end = max(range.end, end)
    return Statement(.invocation(receiver: receiver, name: name, arguments: arguments), range: range)
  }

  @inline(__always) mutating func parseArgument(what: @autoclosure () -> String) -> ArgumentNode? {
    let argument: ArgumentNode
    switch token.kind {
    case .integer: argument = .integer(token.integer, token.range)
    case .decimal: argument = .decimal(token.decimal, token.range)
    case .word: argument = .word(name(of: token))
    case .string: argument = .string(index: tree.add(lexer.stringText), token.range)
    case .parameter: argument = .parameter(name(of: token))
    case .leftParen: return parseParenthesizedArgument()
    case .invalid: return nil
    default:
      problems.append(Problem("expected \(what()), found \(describe(token))", at: token.range))
      return nil
    }
    advance()
    return argument
  }

  mutating func expectWord(_ what: String) -> Name? {
    guard token.kind == .word else {
      if token.kind != .invalid {
        problems.append(Problem("expected \(what), found \(describe(token))", at: token.range))
      }
      return nil
    }
    let name = self.name(of: token)
    advance()
    return name
  }

  /// The name a word or parameter token spells.
  func name(of token: Token) -> Name {
    Name(symbol: token.symbol, range: token.range)
  }

  /// A block that follows a header (`repeat 3`, `macro zig n`); line breaks may come first.
  mutating func parseBlockAfterHeader() -> (body: NodeRange, end: SourceRange)? {
    skipNewlines()
    guard token.kind == .leftBrace else {
      if token.kind != .invalid {
        problems.append(Problem("expected `{` to start a block, found \(describe(token))", at: token.range))
      }
      return nil
    }
    return parseBlock()
  }

  /// `{ statements }`, starting at the `{`. Returns the body and the range of the `}`.
  private mutating func parseBlock() -> (body: NodeRange, end: SourceRange)? {
    let open = token.range
    advance()
    if depth >= Self.maxDepth {
      problems.append(Problem("blocks are nested more than \(Self.maxDepth) deep", at: open))
      skipToClose(of: open)
      return nil
    }
    depth += 1
    let bodyStart = openBodies.count
    defer {
      depth -= 1
      openBodies.removeSubrange(bodyStart...)
    }
    while true {
      skipSeparators()
      switch token.kind {
      case .rightBrace:
        let close = token.range
        advance()
        return (tree.addBody(openBodies[bodyStart...]), close)
      case .endOfInput:
        var problem = Problem(
          "expected `}` to close `{` opened at \(open.line):\(open.column)", at: token.range)
        problem.notes.append(("the block opened here", open))
        problems.append(problem)
        return nil
      default:
        if let statement = parseStatement() { openBodies.append(statement) }
      }
    }
  }

  /// Skips a block too deep to parse, without recursion, through its matching `}`.
  private mutating func skipToClose(of open: SourceRange) {
    var level = 1
    while level > 0 {
      switch token.kind {
      case .leftBrace: level += 1
      case .rightBrace: level -= 1
      case .endOfInput:
        problems.append(Problem("expected `}` to close `{` opened at \(open.line):\(open.column)", at: token.range))
        return
      default: break
      }
      advance()
    }
  }
}

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
  /// it begins with a block statement's keyword and has not opened it, or ends with `else`.
  /// Most lines are told apart by a byte.
  private mutating func endLine(_ line: UnsafeBufferPointer<UInt8>, statement: Int, end: Int) {
    var last = end
    while last > 0, Self.isBlank(line[last - 1]) { last -= 1 }
    if last >= 4, line[last - 1] == UInt8(ascii: "e"), Self.word(line, last - 4, last, is: Self.elseWord),
      last == 4 || !Lexer.isWordContinue(line[last - 5])
    {
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

  private static func word(_ line: UnsafeBufferPointer<UInt8>, _ start: Int, _ stop: Int, is word: [UInt8]) -> Bool {
    guard stop - start == word.count else { return false }
    for i in 0..<word.count where line[start + i] != word[i] { return false }
    return true
  }

  private static func isBlank(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 13 || b == 10 }
}
