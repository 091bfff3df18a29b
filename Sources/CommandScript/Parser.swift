/// Builds statements from tokens by recursive descent, one top-level statement at a time.
/// On a syntax error it records a problem and skips to the next `;`, line break or `}`
/// (panic-mode recovery), so one pass reports every syntax error.
struct Parser {
  /// How deeply blocks may nest. Deeper input is an error, never a stack overflow.
  static let maxDepth = 256
  /// How many arguments a command, and parameters a macro, can have at most.
  static let maxArguments = 256

  private var lexer: Lexer
  /// The current token, where the lexer made it.
  private var token: Token { lexer.token }
  private var depth = 0
  private(set) var problems: [Problem] = [] {
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

  @inline(__always) private mutating func advance() {
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
  /// next, so that the tree is neither retained nor released per statement.)
  mutating func nextRoot() -> Statement? {
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

  private func describe(_ token: Token) -> String {
    switch token.kind {
    case .word, .integer, .parameter: return "`\(lexer.shortText(of: token.range))`"
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
      guard let block = parseBlockAfterHeader() else { return nil }
      return Statement(.transaction(block.body), range: start.through(block.end))
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
    case .show?, .help?:
      advance()
      var topic: Name?
      if token.kind == .word {
        topic = name(of: token)
        advance()
      }
      let range = start.through(topic?.range ?? start)
      return Statement(keyword == .show ? .show(topic) : .help(topic), range: range)
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

  private var atStatementEnd: Bool {
    switch token.kind {
    case .semicolon, .newline, .rightBrace, .endOfInput: return true
    default: return false
    }
  }

  @inline(__always) private mutating func parseInvocation() -> Statement? {
    var name = self.name(of: token)
    var receiver: Name?
    advance()
    if token.kind == .dot {
      advance()
      receiver = name
      guard let verb = expectWord("a verb after `\(lexer.symbols[name.symbol]).`") else { return nil }
      name = verb
    }
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

  @inline(__always) private mutating func parseArgument(what: @autoclosure () -> String) -> ArgumentNode? {
    let argument: ArgumentNode
    switch token.kind {
    case .integer: argument = .integer(token.integer, token.range)
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

  private mutating func expectWord(_ what: String) -> Name? {
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
  private func name(of token: Token) -> Name {
    Name(symbol: token.symbol, range: token.range)
  }

  /// A block that follows a header (`repeat 3`, `macro zig n`); line breaks may come first.
  private mutating func parseBlockAfterHeader() -> (body: NodeRange, end: SourceRange)? {
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

  /// `while`, `try`, `assert` and `echo`, at the keyword. Out of line, so that the frame of
  /// `parseStatement`, which recursion through blocks repeats, stays small.
  @inline(never) private mutating func parseLanguage2Statement(_ keyword: Keyword, start: SourceRange) -> Statement? {
    switch keyword {
    case .while:
      advance()
      guard let condition = parseCondition(), let block = parseBlockAfterHeader() else { return nil }
      return Statement(.while(condition: condition, body: block.body), range: start.through(block.end))
    case .try:
      advance()
      guard let block = parseBlockAfterHeader() else { return nil }
      var otherwise: NodeRange?
      var end = block.end
      if isKeyword(.else) {
        advance()
        guard let alternative = parseBlockAfterHeader() else { return nil }
        otherwise = alternative.body
        end = alternative.end
      }
      return Statement(.try(body: block.body, otherwise: otherwise), range: start.through(end))
    case .assert:
      advance()
      guard let condition = parseCondition() else { return nil }
      var end = tree.expressions[Int(condition)].range
      var message: Int32?
      if token.kind == .string {
        message = tree.add(lexer.stringText)
        end = token.range
        advance()
      }
      return Statement(.assert(condition: condition, message: message), range: start.through(end))
    case .echo:
      advance()
      let first = tree.arguments.count
      var end = start
      while !atStatementEnd {
        guard tree.arguments.count &- first < Self.maxArguments else {
          problems.append(Problem("`echo` can have at most \(Self.maxArguments) arguments", at: token.range))
          return nil
        }
        guard let argument = parseArgument(what: "something to echo") else { return nil }
        tree.add(argument)
        end = argument.range
      }
      let arguments = NodeRange(
        first: Int32(truncatingIfNeeded: first), count: Int32(truncatingIfNeeded: tree.arguments.count &- first))
      return Statement(.echo(arguments: arguments), range: start.through(end))
    default: preconditionFailure("parseLanguage2Statement is called for while, try, assert and echo")
    }
  }

  /// `repeat COUNT as NAME { … }`, at the `as`.
  @inline(never) private mutating func parseCountedRepeat(count: ArgumentNode, start: SourceRange) -> Statement? {
    advance()
    guard let name = expectWord("a name for the turn after `as`") else { return nil }
    let index = tree.names.count
    tree.add(name)
    guard let block = parseBlockAfterHeader() else { return nil }
    return Statement(
      .countedRepeat(count: count, name: Int32(index), body: block.body), range: start.through(block.end))
  }

  /// A keyword that cannot start a statement of a script. Out of line: it is rare.
  @inline(never) private mutating func reportMisplaced(_ keyword: Keyword, at start: SourceRange) {
    let message =
      switch keyword {
      case .else: "`else` must follow the `}` of an `if` or `try` block, on the same line"
      case .record, .end, .macros: "`\(keyword.rawValue)` is a statement of the interactive prompt, not of scripts"
      default: "`\(keyword.rawValue)` is a word of conditions and cannot start a statement"
      }
    problems.append(Problem(message, at: start))
  }

  /// `( expression )` as an argument, at the `(`. Out of line, so that arguments (the most
  /// frequent thing parsed) stay a short switch.
  @inline(never) private mutating func parseParenthesizedArgument() -> ArgumentNode? {
    let open = token.range
    advance()
    guard let expression = parseCondition() else { return nil }
    guard token.kind == .rightParen else {
      problems.append(Problem("expected `)` to close `(` opened at \(open.line):\(open.column)", at: token.range))
      return nil
    }
    let close = token.range
    advance()
    return .expression(index: expression, open.through(close))
  }

  // MARK: Conditions and expressions

  /// Whether the current token is the word `keyword`.
  private func isKeyword(_ keyword: Keyword) -> Bool {
    token.kind == .word && Keyword(symbol: token.symbol) == keyword
  }

  /// `if CONDITION { … } [else if … | else { … }]`, at the `if`.
  @inline(never) private mutating func parseIf(start: SourceRange) -> Statement? {
    advance()
    guard let condition = parseCondition(), let then = parseBlockAfterHeader() else { return nil }
    var otherwise = NodeRange(first: 0, count: 0)
    var end = then.end
    if isKeyword(.else) {
      advance()
      if isKeyword(.if) {
        guard let nested = parseIf(start: token.range) else { return nil }
        otherwise = tree.addBody([nested][...])
        end = nested.range
      } else {
        guard let block = parseBlockAfterHeader() else { return nil }
        otherwise = block.body
        end = block.end
      }
    }
    return Statement(.if(condition: condition, then: then.body, otherwise: otherwise), range: start.through(end))
  }

  /// A condition or integer expression; its root's index in the tree's `expressions`.
  mutating func parseCondition() -> Int32? { parseBinary(above: 0) }

  /// The binary operator the current token is, if any.
  private var binaryOperator: Operator? {
    switch token.kind {
    case .equal: return .equal
    case .notEqual: return .notEqual
    case .less: return .less
    case .lessEqual: return .lessEqual
    case .greater: return .greater
    case .greaterEqual: return .greaterEqual
    case .plus: return .plus
    case .minus: return .minus
    case .star: return .times
    case .slash: return .divide
    case .percent: return .remainder
    // `a -3` is a − 3: the lexer made `-3` one integer.
    case .integer where token.integer < 0 && lexer.shortText(of: token.range).hasPrefix("-"): return .minus
    case .word:
      switch Keyword(symbol: token.symbol) {
      case .or?: return .or
      case .and?: return .and
      default: return nil
      }
    default: return nil
    }
  }

  /// Operands joined by operators that bind more tightly than `precedence` (precedence
  /// climbing); comparisons do not chain.
  private mutating func parseBinary(above precedence: Int) -> Int32? {
    guard depth < Self.maxDepth else {
      problems.append(Problem("an expression is nested more than \(Self.maxDepth) deep", at: token.range))
      return nil
    }
    depth += 1
    defer { depth -= 1 }
    guard var left = parseUnary() else { return nil }
    var comparedAlready = false
    while let op = binaryOperator, op.precedence > precedence {
      let at = token.range
      let isComparison = op.precedence == Operator.equal.precedence
      if isComparison && comparedAlready {
        problems.append(Problem("comparisons do not chain: put one in parentheses", at: at))
        return nil
      }
      let right: Int32
      if token.kind == .integer {
        // `a -3`: the operand is 3.
        guard token.integer != Int.min else {
          problems.append(Problem("the integer is out of range", at: token.range))
          return nil
        }
        let r = SourceRange(
          source: at.source, start: at.start + 1, end: at.end, line: at.line, column: at.column + 1)
        right = tree.add(.integer(-token.integer, r))
        advance()
      } else {
        advance()
        guard let operand = parseBinary(above: op.precedence) else { return nil }
        right = operand
      }
      let range = tree.expressions[Int(left)].range.through(tree.expressions[Int(right)].range)
      left = tree.add(.binary(op, left: left, right: right, at: at, range: range))
      if isComparison { comparedAlready = true }
    }
    return left
  }

  /// `not` and unary `-`, then a primary.
  private mutating func parseUnary() -> Int32? {
    if isKeyword(.not) || token.kind == .minus {
      let at = token.range
      let op: Operator = token.kind == .minus ? .negate : .not
      advance()
      guard let operand = op == .not ? parseBinary(above: Operator.not.precedence - 1) : parseUnary() else {
        return nil
      }
      return tree.add(.unary(op, operand: operand, at: at, range: at.through(tree.expressions[Int(operand)].range)))
    }
    return parsePrimary()
  }

  /// An integer, a word, a string, a parameter, a query, or `( … )`.
  private mutating func parsePrimary() -> Int32? {
    let node: ExpressionNode
    switch token.kind {
    case .integer: node = .integer(token.integer, token.range)
    case .string: node = .string(index: tree.add(lexer.stringText), token.range)
    case .parameter: node = .parameter(name(of: token))
    case .word:
      let word = name(of: token)
      if let keyword = Keyword(symbol: word.symbol), keyword != .true, keyword != .false {
        problems.append(Problem("expected a value, found `\(keyword.rawValue)`", at: token.range))
        return nil
      }
      advance()
      guard token.kind == .dot else { return tree.add(.word(word)) }
      advance()
      guard let query = expectWord("a query after `\(lexer.symbols[word.symbol]).`") else { return nil }
      return parseQueryArguments(receiver: word, query: query)
    case .leftParen:
      let open = token.range
      advance()
      guard let inner = parseCondition() else { return nil }
      guard token.kind == .rightParen else {
        problems.append(Problem("expected `)` to close `(` opened at \(open.line):\(open.column)", at: token.range))
        return nil
      }
      let close = token.range
      advance()
      return tree.add(.group(inner, range: open.through(close)))
    case .invalid: return nil
    default:
      problems.append(Problem("expected a value, found \(describe(token))", at: token.range))
      return nil
    }
    advance()
    return tree.add(node)
  }

  /// The arguments of a query: integers (not negative: `shape.x -3` is a subtraction),
  /// words that are not keywords, parameters and `( … )` (a string in parentheses: after a
  /// condition, a string is `assert`'s message), up to anything else.
  private mutating func parseQueryArguments(receiver: Name, query: Name) -> Int32? {
    var arguments: [ArgumentNode] = []
    var end = query.range
    while true {
      switch token.kind {
      case .integer where token.integer >= 0 && !lexer.shortText(of: token.range).hasPrefix("-"): break
      case .word where Keyword(symbol: token.symbol) == nil: break
      case .parameter, .leftParen: break
      default:
        let range = tree.addQueryArguments(arguments)
        return tree.add(.query(receiver: receiver, name: query, arguments: range, range: receiver.range.through(end)))
      }
      guard arguments.count < Self.maxArguments else {
        problems.append(Problem("a query can have at most \(Self.maxArguments) arguments", at: token.range))
        return nil
      }
      guard let argument = parseArgument(what: "an argument") else { return nil }
      arguments.append(argument)
      end = argument.range
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

/// Says whether input read so far ends inside a `{` block or a string, reading each byte
/// once: a line-by-line reader (piped stdin, the REPL) feeds it each line as it arrives
/// and compiles the entry once it is complete, in time linear in the entry's length
/// however many lines it has.
///
/// ```swift
/// var scanner = EntryScanner()
/// scanner.read(line)
/// if !scanner.needsMoreInput { compile(entry); scanner = EntryScanner() }
/// ```
public struct EntryScanner: Sendable {
  private var depth = 0
  private var inString = false
  private var inComment = false
  private var escaped = false

  public init() {}

  /// Whether the input read so far ends inside a block or a string.
  public var needsMoreInput: Bool { inString || depth > 0 }

  /// Reads more of the entry.
  public mutating func read(_ bytes: some Sequence<UInt8>) {
    // The loop over contiguous bytes, compiled once here: the generic loop is not
    // specialised for callers in other modules, and cost 4,000 instructions a line there.
    if bytes.withContiguousStorageIfAvailable({ read(buffer: $0) }) != nil { return }
    for b in bytes { read(b) }
  }

  private mutating func read(buffer: UnsafeBufferPointer<UInt8>) {
    for b in buffer { read(b) }
  }

  @inline(__always) private mutating func read(_ b: UInt8) {
    if inComment {
      if b == 10 { inComment = false }
    } else if inString {
      if escaped {
        escaped = false
      } else if b == UInt8(ascii: "\\") {
        escaped = true
      } else if b == UInt8(ascii: "\"") {
        inString = false
      }
    } else {
      switch b {
      case UInt8(ascii: "#"): inComment = true
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
  }
}
