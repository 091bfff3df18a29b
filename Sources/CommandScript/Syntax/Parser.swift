/// Builds statements from tokens by recursive descent, one top-level statement at a time:
/// blocks, arguments and recovery here, each statement in StatementParsing.swift, conditions
/// and expressions in ExpressionParsing.swift.
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
  /// How deeply the blocks, `else if`s, queued statements and expressions being parsed
  /// nest: the parser's recursion, bounded by `maxDepth`.
  var depth = 0
  /// How tall the expression the last expression parse function returned is (a literal is
  /// 1): bounded by `maxDepth`, since every later stage walks it by recursion.
  var expressionHeight = 0
  /// Whether a string ends the condition being parsed (`assert`'s message) rather than
  /// being a query's argument.
  var stringEndsCondition = false
  var problems: [Problem] = [] {
    didSet { if problemsBeforeStop == nil { problemLimit = Lexer.maxProblems - problems.count } }
  }
  /// How many problems the lexer may have found before the parser stops: `maxProblems`
  /// less the parser's own, so that `advance` compares one count with it; once stopped,
  /// never reached.
  private var problemLimit = Lexer.maxProblems
  /// Once the lexer and the parser have found `Lexer.maxProblems` problems, the parser
  /// stops: the rest of the input reads as its end. How many of `problems` came before.
  private var problemsBeforeStop: Int?

  /// The one way to set up a lexer and a parser over text: `body` parses `bytes`, naming
  /// their words in `symbols`, their ranges in source `source` from line `firstLine`.
  @inline(__always) static func parse<Result>(
    _ bytes: [UInt8], source: Int = 0, firstLine: Int = 1, symbols: SymbolTable = SymbolTable(),
    maxStringBytes: Int = .max, _ body: (inout Parser) -> Result
  ) -> Result {
    bytes.withUnsafeBufferPointer { buffer in
      var lexer = Lexer(buffer, source: source, firstLine: firstLine, symbols: symbols)
      lexer.maxStringBytes = maxStringBytes
      var parser = Parser(lexer)
      return body(&parser)
    }
  }

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
    // Once stopped, the lexer stays at the end of the input: no test of that here.
    lexer.advance()
    if lexer.problemCount >= problemLimit { stop() }
  }

  /// Ends parsing here, with a problem that says so. (What the statements still open
  /// report about the end they meet is dropped.)
  @inline(never) private mutating func stop() {
    problems.append(
      Problem("too many errors (\(Lexer.maxProblems)): the rest of the input is not checked", at: token.range))
    problemsBeforeStop = problems.count
    problemLimit = .max
    lexer.stop()
  }

  private var atSeparator: Bool { token.kind == .semicolon || token.kind == .newline }

  /// Whether the statement being parsed ends here: at a separator, a `}` or the end.
  var atStatementEnd: Bool {
    switch token.kind {
    case .semicolon, .newline, .rightBrace, .endOfInput: return true
    default: return false
    }
  }

  private mutating func skipSeparators() {
    while atSeparator { advance() }
  }

  /// `skipSeparators()` with the lexer inlined (``Lexer/advanceInlined()``), between
  /// top-level statements: a third of a script's tokens are read here.
  @inline(__always) private mutating func skipSeparatorsInlined() {
    while atSeparator {
      lexer.advanceInlined()
      if lexer.problemCount >= problemLimit { stop() }
    }
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
  /// next, so that the tree is neither retained nor released per statement.)
  @inline(__always) mutating func nextRoot() -> Statement? {
    readRoot() ? root : nil
  }

  /// The top-level statement ``readRoot()`` read last, whose tree is `tree`.
  private(set) var root = Statement(.run, range: SourceRange(source: 0, start: 0, end: 0))

  /// Reads the next top-level statement into `root`; false at the end of the input. For
  /// `--check`'s loop, which reads the statement where it lies: a copy of each (84 bytes)
  /// cost 5% of its instructions. Inlined: in that loop the call was 5% of the time once
  /// the optimizer stopped inlining it.
  ///
  /// `dropsCommand` is asked first about each command without a receiver (its name and
  /// its arguments): when it says true, the command is done with and the next statement is
  /// read instead, so that a caller who can judge the command from these (`--check`'s
  /// plain commands) takes it from the parser's registers, without the statement being
  /// written and read back. (The arguments, not the tree, so that the tree stays the
  /// parser's alone until a statement is returned.)
  @inline(__always) mutating func readRoot(
    droppingCommand dropsCommand: (_ name: Name, _ arguments: UnsafeBufferPointer<ArgumentNode>) -> Bool = { _, _ in
      false
    }
  ) -> Bool {
    if isKnownUniquelyReferenced(&tree) {
      tree.removeAll()
    } else {
      tree = SyntaxTree(symbols: lexer.symbols)
    }
    while true {
      skipSeparatorsInlined()
      switch token.kind {
      case .endOfInput: return false
      case .rightBrace: skipUnopenedBraces()
      case .word where Keyword(symbol: token.symbol) == nil:
        // A command or a macro call, most of what a script holds: parsed here rather than
        // through `parseStatement`, whose frame (large, for every kind of statement) and
        // result (a statement, through memory) cost as much as the command's own parse.
        guard let statement = finished(parseInvocation()) else { continue }
        if case .invocation(receiver: nil, let name, let arguments) = statement.kind,
          dropsCommand(name, tree.arguments.entries(arguments))
        {
          // Only this parser has referred to the tree since it was emptied above. The
          // command's arguments are let go; what else it may have added (a dropped command
          // has none today: its arguments are integers and words) stays until the next
          // statement that is returned, as a failed statement's does.
          tree.removeArguments(from: arguments.first)
          continue
        }
        root = statement
        return true
      default:
        if let statement = parseStatement() {
          root = statement
          return true
        }
      }
    }
  }

  /// A `}` at the top level, where no block is open: one problem for a run of them. Out of
  /// line: `readRoot` is inlined into its callers' loops.
  @inline(never) private mutating func skipUnopenedBraces() {
    var range = token.range
    advance()
    while token.kind == .rightBrace {
      range = range.through(token.range)
      advance()
    }
    problems.append(Problem("unexpected `}`: no block is open", at: range))
  }

  /// Parses one statement; on a syntax error records it, recovers, and returns nil.
  mutating func parseStatement() -> Statement? {
    let statement: Statement?
    switch token.kind {
    case .leftBrace:
      let start = token.range
      statement = parseBlock().map { Statement(.block($0.body), range: start.through($0.end)) }
    case .word:
      statement = parseWordStatement()
    case .parameter:
      statement = parseParameterInvocation()
    case .integer, .decimal, .string, .leftParen, .minus:
      statement = parseExpressionStatement()
    case .invalid:
      // The lexer has reported it already.
      statement = nil
    case .dot:
      // `.quit`, `.help`: another prompt's commands.
      statement = nil
      problems.append(Problem(ForeignWords.helpAndLeave, at: token.range))
    default:
      statement = nil
      problems.append(Problem("expected a statement, found \(describe(token))", at: token.range))
    }
    return finished(statement)
  }

  /// `statement`, just parsed, if the token after it ends it; else nil, with the problem
  /// recorded (unless already reported), and the rest of the statement skipped.
  @inline(__always) private mutating func finished(_ statement: Statement?) -> Statement? {
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
      reportUnfinished()
      return nil
    }
  }

  /// A statement followed by what cannot follow one: reported, and the rest skipped. Out
  /// of line: `finished` is inlined into the loop over top-level statements.
  @inline(never) private mutating func reportUnfinished() {
    problems.append(
      Problem("expected `;` or a line break after the statement, found \(describe(token))", at: token.range))
    recover()
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
    case .word, .integer, .decimal, .duration, .parameter: return "`\(lexer.shortText(of: token.range))`"
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
    case .assign: return "`=`"
    case .endOfInput: return "the end of the input"
    case .invalid: return "an invalid token"
    }
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
      reportExpected(what())
      return nil
    }
    advance()
    return argument
  }

  /// `what` was expected where the current token is. Out of line: in `parseArgument`,
  /// which the loop over a command's arguments inlines, the message made its frame large.
  @inline(never) mutating func reportExpected(_ what: String) {
    problems.append(Problem("expected \(what), found \(describe(token))", at: token.range))
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
          "expected `}` to close `{` opened at \(lexer.placeText(of: open))", at: token.range)
        problem.notes.append(("the block opened here", open))
        problems.append(problem)
        return nil
      default:
        if let statement = parseStatement() { openBodies.append(statement) }
      }
    }
  }

  /// One level deeper, for the statement at the current token (`what`: "`else if`s"), or
  /// false with an error if that, with `reserve` levels more for what the statement needs
  /// at once (an `if`'s condition), is more than `maxDepth`. The caller goes back up.
  mutating func enterLevel(of what: String, reserve: Int = 0) -> Bool {
    guard depth + reserve < Self.maxDepth else {
      problems.append(Problem("\(what) are nested more than \(Self.maxDepth) deep", at: token.range))
      return false
    }
    depth += 1
    return true
  }

  /// Skips a block too deep to parse, without recursion, through its matching `}`.
  private mutating func skipToClose(of open: SourceRange) {
    var level = 1
    while level > 0 {
      switch token.kind {
      case .leftBrace: level += 1
      case .rightBrace: level -= 1
      case .endOfInput:
        problems.append(Problem("expected `}` to close `{` opened at \(lexer.placeText(of: open))", at: token.range))
        return
      default: break
      }
      advance()
    }
  }
}
