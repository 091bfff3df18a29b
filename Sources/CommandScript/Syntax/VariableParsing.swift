// The parser's statements of variables and exits: `let NAME = VALUE`, `var NAME = VALUE`,
// `NAME = VALUE`, `break`, `continue` and `return VALUE` (grammar.md, "Variables").

extension Parser {
  /// `let NAME = VALUE` or `var NAME = VALUE`, at the keyword.
  @inline(never) mutating func parseDeclaration(isLet: Bool, start: SourceRange) -> Statement? {
    let keyword = isLet ? "let" : "var"
    advance()
    guard let name = expectWord("a name after `\(keyword)`") else { return nil }
    if Keyword(symbol: name.symbol) != nil {
      problems.append(
        Problem("`\(lexer.symbols[name.symbol])` is a word of the language and cannot name a variable", at: name.range))
      return nil
    }
    guard token.kind == .assign else {
      problems.append(
        Problem(
          "expected `=` after `\(keyword) \(lexer.symbols[name.symbol])`, found \(describe(token))", at: token.range,
          suggestion: "\(keyword) \(lexer.symbols[name.symbol]) = 0"))
      return nil
    }
    advance()
    guard let value = parseValue(after: "`=`") else { return nil }
    let range = start.through(tree.expressions[Int(value)].range)
    return Statement(.declare(name: name, value: value, isLet: isLet), range: range)
  }

  /// `NAME = VALUE`, at the `=` after the name.
  @inline(never) mutating func parseAssignment(_ name: Name) -> Statement? {
    advance()
    guard let value = parseValue(after: "`=`") else { return nil }
    return Statement(.assign(name: name, value: value), range: name.range.through(tree.expressions[Int(value)].range))
  }

  /// `x += 1` and the like, at the operator: written `x = $x + 1` here.
  @inline(never) mutating func reportCompoundAssignment(_ name: Name) -> Statement? {
    let written = lexer.symbols[name.symbol]
    let op = lexer.text(of: token.range)
    let at = token.range
    advance()
    advance()
    let value = atStatementEnd ? "1" : lexer.text(of: token.range)
    problems.append(
      Problem(
        "`\(op)=` is not a word of this language: write `\(written) = $\(written) \(op) \(value)`", at: at,
        suggestion: "\(written) = $\(written) \(op) \(value)"))
    while !atStatementEnd { advance() }
    return nil
  }

  /// `break` or `continue`, which stand alone.
  @inline(never) mutating func parseLoopExit(isBreak: Bool, start: SourceRange) -> Statement? {
    advance()
    guard atStatementEnd else {
      problems.append(
        Problem("`\(isBreak ? "break" : "continue")` takes nothing after it, found \(describe(token))", at: token.range)
      )
      return nil
    }
    return Statement(.loopExit(isBreak: isBreak), range: start)
  }

  /// `return VALUE`, at the keyword.
  @inline(never) mutating func parseReturn(start: SourceRange) -> Statement? {
    advance()
    guard let value = parseValue(after: "`return`") else { return nil }
    return Statement(.returnValue(value: value), range: start.through(tree.expressions[Int(value)].range))
  }

  /// The value of a declaration or an assignment: a condition or expression, as inside
  /// `echo ( … )`.
  private mutating func parseValue(after what: String) -> Int32? {
    guard !atStatementEnd else {
      problems.append(Problem("expected a value after \(what), found \(describe(token))", at: token.range))
      return nil
    }
    return parseCondition()
  }
}
