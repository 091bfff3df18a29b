// The parser's statements: one parse function per statement, named after it, in the order
// of grammar.md — commands and macro calls; blocks and loops; decisions; definitions; the
// session's own statements (history, queue, files); questions. Conditions and expressions
// are in ExpressionParsing.swift; blocks, arguments and recovery in Parser.swift.

extension Parser {
  /// A statement that starts with a word: a keyword's statement, or a command or macro call.
  @inline(__always) mutating func parseWordStatement() -> Statement? {
    let start = token.range
    switch Keyword(symbol: token.symbol) {
    case nil: return parseInvocation()
    case .repeat?: return parseRepeat(start: start)
    case .transaction?: return parseTransaction(start: start)
    case .if?: return parseIf(start: start)
    case .while?: return parseWhile(start: start)
    case .try?: return parseTry(start: start)
    case .assert?: return parseAssert(start: start)
    case .echo?: return parseEcho(start: start)
    case .macro?: return parseMacro(start: start)
    case .use?: return parseUse(start: start)
    case .new?: return parseNew(start: start)
    case .undo?: return parseUndo(start: start)
    case .redo?: return parseRedo(start: start)
    case .history?: return parseHistory(start: start)
    case .goto?: return parseMove(.goto, start: start)
    case .earlier?: return parseMove(.earlier, start: start)
    case .later?: return parseMove(.later, start: start)
    case .queue?: return parseQueue(start: start)
    case .run?: return parseRun(start: start)
    case .pending?: return parsePending(start: start)
    case .discard?: return parseDiscard(start: start)
    case .batch?: return parseBatch(start: start)
    case .source?: return parseSource(start: start)
    case .export?: return parseExport(start: start)
    case .show?: return parseShow(start: start)
    case .help?: return parseHelp(start: start)
    case .let?: return parseDeclaration(isLet: true, start: start)
    case .var?: return parseDeclaration(isLet: false, start: start)
    case .break?: return parseLoopExit(isBreak: true, start: start)
    case .continue?: return parseLoopExit(isBreak: false, start: start)
    case .return?: return parseReturn(start: start)
    case .not?, .true?, .false?: return parseExpressionStatement()
    case .else?, .as?, .and?, .or?, .record?, .end?, .macros?:
      // Listed, not a `default:`, so that a new keyword does not compile until it is parsed.
      reportMisplaced(Keyword(symbol: token.symbol)!, at: start)
      return nil
    }
  }

  /// A keyword that cannot start a statement of a script. Out of line: it is rare.
  @inline(never) mutating func reportMisplaced(_ keyword: Keyword, at start: SourceRange) {
    let message =
      switch keyword {
      case .else: "`else` must follow the `}` of an `if` or `try` block, on the same line"
      case .record, .end, .macros: "`\(keyword.rawValue)` is a statement of the interactive prompt, not of scripts"
      default: "`\(keyword.rawValue)` is a word of conditions and cannot start a statement"
      }
    problems.append(Problem(message, at: start))
  }

  // MARK: Commands and macro calls

  /// `[receiver.]name argument…`: a receiver command or a macro call.
  @inline(__always) mutating func parseInvocation() -> Statement? {
    let name = self.name(of: token)
    advance()
    // A plain command or call is parsed here; what else a name can begin (an assignment,
    // `receiver.verb`, a misspelt compound assignment) out of line, so that the frame of
    // the common path, which every command enters, stays small.
    if token.kind.followsNameRarely {
      return parseInvocationAfterName(name)
    }
    return parseArguments(receiver: nil, name: name)
  }

  /// The rest of `parseInvocation` after its first name, when `=`, `.` or an operator
  /// follows it.
  @inline(never) private mutating func parseInvocationAfterName(_ name: Name) -> Statement? {
    if token.kind == .assign { return parseAssignment(name) }
    if token.kind.isOperator, token.range.end < lexer.bytes.count, lexer.bytes[token.range.end] == UInt8(ascii: "=") {
      return reportCompoundAssignment(name)
    }
    guard token.kind == .dot else { return parseArguments(receiver: nil, name: name) }
    advance()
    guard let verb = expectWord("a verb after `\(lexer.symbols[name.symbol]).`") else { return nil }
    return parseArguments(receiver: Target(name: name, isParameter: false), name: verb)
  }

  /// `$d.verb argument…` in a macro body: a command to the receiver the call binds to `$d`.
  /// Out of line, so that the frame of `parseStatement`, which recursion through blocks
  /// repeats, stays small.
  @inline(never) mutating func parseParameterInvocation() -> Statement? {
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
        reportTooManyArguments()
        return nil
      }
      if let receiver, token.kind.isOperator {
        // `board.cell 1 1 == board.next`: a query compared or computed with, standing alone.
        let given = NodeRange(
          first: Int32(truncatingIfNeeded: first), count: Int32(truncatingIfNeeded: tree.arguments.count &- first))
        return parseExpressionStatement(query: receiver, name, arguments: tree.arguments[given])
      }
      let argumentEnd = token.range.end
      guard let argument = parseArgument(what: "an argument") else {
        hintAfterArguments(from: first, of: receiver == nil ? name : nil)
        return nil
      }
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

  /// More than `maxArguments` arguments. Out of line: rare.
  @inline(never) private mutating func reportTooManyArguments() {
    problems.append(Problem("a command can have at most \(Self.maxArguments) arguments", at: token.range))
  }

  /// After an argument from the `first` of the tree's arguments on failed to parse: the
  /// hints that say more, a query written as an argument, or another language's word
  /// heading the statement (`elif shape.x > 1`), `head`. Out of line: rare.
  @inline(never) private mutating func hintAfterArguments(from first: Int, of head: Name?) {
    if token.kind == .dot, tree.arguments.count > first {
      hintQueryArgument(after: tree.arguments[tree.arguments.count - 1])
    }
    if let head { hintOtherLanguage(head) }
  }

  // MARK: Blocks and loops

  /// `repeat COUNT { … }` and `repeat COUNT as NAME { … }`. Out of line, as the statements
  /// below: the frame of `parseStatement`, which recursion through blocks repeats, stays
  /// small.
  @inline(never) private mutating func parseRepeat(start: SourceRange) -> Statement? {
    advance()
    guard let count = parseArgument(what: "a repeat count") else { return nil }
    if isKeyword(.as) {
      advance()
      guard let name = expectWord("a name for the turn after `as`") else { return nil }
      let index = tree.names.count
      tree.add(name)
      guard let block = parseBlockAfterHeader() else { return nil }
      return Statement(
        .countedRepeat(count: count, name: Int32(index), body: block.body), range: start.through(block.end))
    }
    guard let block = parseBlockAfterHeader() else { return nil }
    return Statement(.repeat(count: count, body: block.body), range: start.through(block.end))
  }

  /// `transaction ["NAME"] { … }`.
  @inline(never) private mutating func parseTransaction(start: SourceRange) -> Statement? {
    advance()
    var name: Int32?
    if token.kind == .string {
      name = tree.add(lexer.stringText)
      advance()
    }
    guard let block = parseBlockAfterHeader() else { return nil }
    return Statement(.transaction(block.body, name: name), range: start.through(block.end))
  }

  /// `while CONDITION { … }`.
  @inline(never) private mutating func parseWhile(start: SourceRange) -> Statement? {
    advance()
    guard let condition = parseCondition(), let block = parseBlockAfterHeader() else { return nil }
    return Statement(.while(condition: condition, body: block.body), range: start.through(block.end))
  }

  // MARK: Decisions

  /// `if CONDITION { … } [else if … | else { … }]`, at the `if`.
  @inline(never) mutating func parseIf(start: SourceRange) -> Statement? {
    advance()
    guard let condition = parseCondition(), let then = parseBlockAfterHeader() else { return nil }
    var otherwise = NodeRange(first: 0, count: 0)
    var end = then.end
    if isKeyword(.else) {
      advance()
      if isKeyword(.if) {
        // Each `else if` is an `if` in the `else` block: a level, as a block is.
        guard enterLevel(of: "`else if`s", reserve: 1) else { return nil }
        let nested = parseIf(start: token.range)
        depth -= 1
        guard let nested else { return nil }
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

  /// `try { … } [else [as NAME] { … }]`.
  @inline(never) private mutating func parseTry(start: SourceRange) -> Statement? {
    advance()
    guard let block = parseBlockAfterHeader() else { return nil }
    var otherwise: NodeRange?
    var failure: Int32?
    var end = block.end
    if isKeyword(.else) {
      advance()
      if isKeyword(.as) {
        // `else as e { … }`: `$e` is the failure's message, as python's `except … as e`.
        advance()
        guard let name = expectWord("a name for the failure's message after `as`") else { return nil }
        failure = Int32(truncatingIfNeeded: tree.names.count)
        tree.add(name)
      }
      guard let alternative = parseBlockAfterHeader() else { return nil }
      otherwise = alternative.body
      end = alternative.end
    }
    return Statement(.try(body: block.body, otherwise: otherwise, failure: failure), range: start.through(end))
  }

  /// `assert CONDITION ["message"]`.
  @inline(never) private mutating func parseAssert(start: SourceRange) -> Statement? {
    advance()
    stringEndsCondition = true
    let parsed = parseCondition()
    stringEndsCondition = false
    guard let condition = parsed else { return nil }
    var end = tree.expressions[Int(condition)].range
    var message: Int32?
    if token.kind == .string {
      message = tree.add(lexer.stringText)
      end = token.range
      advance()
    }
    return Statement(.assert(condition: condition, message: message), range: start.through(end))
  }

  /// `echo argument…`.
  @inline(never) private mutating func parseEcho(start: SourceRange) -> Statement? {
    advance()
    let first = tree.arguments.count
    var end = start
    while !atStatementEnd {
      guard tree.arguments.count &- first < Self.maxArguments else {
        problems.append(Problem("`echo` can have at most \(Self.maxArguments) arguments", at: token.range))
        return nil
      }
      guard let argument = parseArgument(what: "something to echo") else {
        hintParentheses(echo: start, from: first)
        return nil
      }
      tree.add(argument)
      end = argument.range
      if token.kind == .dot || token.kind.isOperator {
        // `echo shape.x`, `echo 1 + 2`: an expression not in parentheses.
        hintParentheses(echo: start, from: tree.arguments.count - 1)
        return nil
      }
    }
    let arguments = NodeRange(
      first: Int32(truncatingIfNeeded: first), count: Int32(truncatingIfNeeded: tree.arguments.count &- first))
    return Statement(.echo(arguments: arguments), range: start.through(end))
  }

  // MARK: Definitions

  /// `macro NAME PARAMETER… { … }`.
  @inline(never) private mutating func parseMacro(start: SourceRange) -> Statement? {
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
  }

  /// `use NAME`.
  @inline(never) private mutating func parseUse(start: SourceRange) -> Statement? {
    advance()
    guard let name = expectWord("a receiver name after `use`") else { return nil }
    return Statement(.use(name), range: start.through(name.range))
  }

  /// `new TYPE NAME`.
  @inline(never) private mutating func parseNew(start: SourceRange) -> Statement? {
    advance()
    guard let type = expectWord("a receiver type after `new`"),
      let name = expectWord("a name for the new `\(lexer.symbols[type.symbol])`")
    else { return nil }
    // `new door as back`, after `repeat … as NAME`: the name comes straight after the type.
    if Keyword(symbol: name.symbol) == .as, token.kind == .word {
      let type = lexer.symbols[type.symbol]
      problems.append(
        Problem(
          "a new receiver's name follows its type: write `new \(type) \(lexer.symbols[token.symbol])`",
          at: name.range))
      return nil
    }
    return Statement(.new(type: type, name: name), range: start.through(name.range))
  }

  // MARK: The session's history, queue and files

  /// `undo [COUNT]`.
  @inline(never) private mutating func parseUndo(start: SourceRange) -> Statement? {
    advance()
    guard let count = parseOptionalCount() else { return nil }
    return Statement(.undo(count: count), range: start.through(count?.range ?? start))
  }

  /// `redo [COUNT]`.
  @inline(never) private mutating func parseRedo(start: SourceRange) -> Statement? {
    advance()
    guard let count = parseOptionalCount() else { return nil }
    return Statement(.redo(count: count), range: start.through(count?.range ?? start))
  }

  /// The count of `undo` or `redo`: `.some(nil)` when there is none, nil on an error.
  private mutating func parseOptionalCount() -> ArgumentNode?? {
    if atStatementEnd { return .some(nil) }
    return parseArgument(what: "a count").map { .some($0) }
  }

  /// `history [COUNT]`: the last COUNT steps, as bash's `history 5`.
  @inline(never) private mutating func parseHistory(start: SourceRange) -> Statement? {
    advance()
    guard let count = parseOptionalCount() else { return nil }
    return Statement(.history(count: count), range: start.through(count?.range ?? start))
  }

  /// `queue STATEMENT`.
  @inline(never) private mutating func parseQueue(start: SourceRange) -> Statement? {
    advance()
    guard !atStatementEnd else {
      problems.append(Problem("expected a statement to queue after `queue`", at: token.range))
      return nil
    }
    guard enterLevel(of: "`queue`s") else { return nil }
    let queued = parseStatement()
    depth -= 1
    guard let queued else { return nil }
    return Statement(.queue(index: tree.add(queued)), range: start.through(queued.range))
  }

  /// `run`.
  @inline(never) private mutating func parseRun(start: SourceRange) -> Statement? {
    advance()
    return Statement(.run, range: start)
  }

  /// `pending`.
  @inline(never) private mutating func parsePending(start: SourceRange) -> Statement? {
    advance()
    return Statement(.pending, range: start)
  }

  /// `discard`.
  @inline(never) private mutating func parseDiscard(start: SourceRange) -> Statement? {
    advance()
    return Statement(.discard, range: start)
  }

  /// `batch N` or `batch off`.
  @inline(never) private mutating func parseBatch(start: SourceRange) -> Statement? {
    advance()
    guard let size = parseArgument(what: "a batch size or `off`") else { return nil }
    return Statement(.batch(size), range: start.through(size.range))
  }

  /// `source "FILE"`.
  @inline(never) private mutating func parseSource(start: SourceRange) -> Statement? {
    guard let (path, range) = parseFileName(after: .source, start: start) else { return nil }
    return Statement(.source(index: path), range: range)
  }

  /// `export "FILE"` or `export tree "FILE"` (`tree` is a word only there).
  @inline(never) private mutating func parseExport(start: SourceRange) -> Statement? {
    advance()
    let tree = token.kind == .word && lexer.symbols[token.symbol] == "tree"
    guard let (path, range) = parseFileName(after: .export, start: start, advancing: tree) else { return nil }
    return Statement(.export(index: path, tree: tree), range: range)
  }

  /// The file name in double quotes after `keyword`: its index in the tree's strings and
  /// the statement's range.
  private mutating func parseFileName(
    after keyword: Keyword, start: SourceRange, advancing: Bool = true
  ) -> (Int32, SourceRange)? {
    if advancing { advance() }
    guard token.kind == .string else {
      if token.kind != .invalid {
        let found = token
        problems.append(
          Problem(
            "expected a file name in double quotes, found \(describe(found))" + quotedSuggestion(after: keyword),
            at: found.range))
      }
      return nil
    }
    let path = tree.add(lexer.stringText)
    let range = start.through(token.range)
    advance()
    return (path, range)
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

  // MARK: Questions

  /// `show`, `show door`, `show door back shape`: the names are a range of `names`.
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

  /// `help`, `help move`, `help shape.move`.
  @inline(never) private mutating func parseHelp(start: SourceRange) -> Statement? {
    advance()
    var topic: Name?
    var member: Name?
    if token.kind == .leftParen {
      // `help()`, as python's prompt suggests.
      problems.append(Problem(ForeignWords.helpAndLeave, at: start.through(token.range)))
      return nil
    }
    if token.kind.isOperator {
      // `help ==`: an operator is a topic too.
      topic = Name(symbol: lexer.symbols.intern(lexer.text(of: token.range)), range: token.range)
      advance()
    } else if token.kind == .word {
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

  // MARK: Values and hints

  /// A statement that is an expression (`1 + 2`, `shape.x`, `not door.locked`): it prints
  /// its value, as `echo ( … )` does. With `query`, the expression begins with that query
  /// and its arguments, already read.
  @inline(never) mutating func parseExpressionStatement(
    query: Target? = nil, _ name: Name? = nil, arguments: [ArgumentNode] = []
  ) -> Statement? {
    var left: Int32?
    if let query, let name {
      let end = arguments.last?.range ?? name.range
      left = tree.add(
        .query(
          receiver: query, name: name, arguments: tree.addQueryArguments(arguments), range: query.range.through(end)))
      // Its `( … )` arguments were bounded as a command's.
      expressionHeight = 2
    }
    guard let expression = parseBinary(above: 0, startingWith: left) else { return nil }
    let range = tree.expressions[Int(expression)].range
    let first = tree.arguments.count
    tree.add(ArgumentNode.expression(index: expression, range))
    return Statement(.echo(arguments: NodeRange(first: Int32(truncatingIfNeeded: first), count: 1)), range: range)
  }

  /// The error for an expression that `echo` takes without parentheses, at the token that
  /// shows it (`.`, `+`): it says the statement with the expression, from argument `from`
  /// to the end of the statement, in parentheses. Consumes the statement.
  @inline(never) mutating func hintParentheses(echo start: SourceRange, from: Int) {
    guard token.kind == .dot || token.kind.isOperator, from >= 0, from < tree.arguments.count else { return }
    if problems.last?.range == token.range { problems.removeLast() }
    let at = token.range
    let first = tree.arguments[from].range
    var last = at
    while !atStatementEnd && token.kind != .invalid {
      last = token.range
      advance()
    }
    let before = lexer.text(of: start.through(first)).dropLast(lexer.text(of: first).count)
    let written = before + "(" + lexer.text(of: first.through(last)) + ")"
    problems.append(Problem("put the expression in parentheses: `\(written)`", at: at))
  }

  /// A query written as a command's or a call's argument without parentheses (`double
  /// shape.x`), at its `.`: the error says to put it in them.
  @inline(never) mutating func hintQueryArgument(after argument: ArgumentNode) {
    let dot = token.range
    advance()
    guard token.kind == .word, !problems.isEmpty else { return }
    let written = lexer.text(of: argument.range.through(token.range))
    problems[problems.count - 1] = Problem(
      "a query given as an argument is written in parentheses: `(\(written))`", at: dot)
  }

  /// After a statement headed by another language's word (`def f { … }`, `for i in …`)
  /// failed to parse: its error becomes the way to write it here.
  @inline(never) mutating func hintOtherLanguage(_ head: Name) {
    let word = lexer.symbols[head.symbol]
    guard let hint = ForeignWords.hint(for: word), !problems.isEmpty else { return }
    problems[problems.count - 1] = Problem(
      hint == ForeignWords.helpAndLeave ? hint : "`\(word)` is not a word of this language: \(hint)", at: head.range)
  }
}
