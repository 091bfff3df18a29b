// The parser's conditions and expressions, by precedence climbing: `if`'s, `while`'s and
// `assert`'s conditions and `( … )` arguments.

extension Parser {
  /// `( expression )` as an argument, at the `(`. Out of line, so that arguments (the most
  /// frequent thing parsed) stay a short switch.
  @inline(never) mutating func parseParenthesizedArgument() -> ArgumentNode? {
    let open = token.range
    advance()
    guard let expression = parseCondition() else { return nil }
    guard token.kind == .rightParen else {
      problems.append(Problem("expected `)` to close `(` opened at \(lexer.placeText(of: open))", at: token.range))
      return nil
    }
    let close = token.range
    advance()
    return .expression(index: expression, open.through(close))
  }

  // MARK: Conditions and expressions

  /// Whether the current token is the word `keyword`.
  func isKeyword(_ keyword: Keyword) -> Bool {
    token.kind == .word && Keyword(symbol: token.symbol) == keyword
  }

  /// A condition or integer expression; its root's index in the tree's `expressions`.
  mutating func parseCondition() -> Int32? { parseBinary(above: 0) }

  /// The binary operator the current token is, if any.
  var binaryOperator: Operator? {
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
    case .decimal where lexer.shortText(of: token.range).hasPrefix("-"): return .minus
    case .word:
      switch Keyword(symbol: token.symbol) {
      case .or?: return .or
      case .and?: return .and
      default: return nil
      }
    default: return nil
    }
  }

  /// Whether an expression `height` levels tall may be made; if not, records the error at
  /// `at`. Every stage after the parser walks an expression by recursion, so the parser
  /// bounds how tall one is, however it is written: a flat chain `1 + 1 + …` is as tall as
  /// it has operators.
  mutating func fits(height: Int, at: SourceRange) -> Bool {
    guard height > Self.maxDepth else { return true }
    problems.append(
      Problem(
        "an expression is nested more than \(Self.maxDepth) deep (each operator of a chain is a level)", at: at))
    return false
  }

  /// Operands joined by operators that bind more tightly than `precedence` (precedence
  /// climbing); comparisons do not chain.
  mutating func parseBinary(above precedence: Int, startingWith first: Int32? = nil) -> Int32? {
    guard depth < Self.maxDepth else {
      problems.append(Problem("an expression is nested more than \(Self.maxDepth) deep", at: token.range))
      return nil
    }
    depth += 1
    defer { depth -= 1 }
    guard var left = first ?? parseUnary() else { return nil }
    var height = expressionHeight
    var comparedAlready = false
    while let op = binaryOperator, op.precedence > precedence {
      let at = token.range
      let isComparison = op.precedence == Operator.equal.precedence
      if isComparison && comparedAlready {
        problems.append(Problem("comparisons do not chain: put one in parentheses", at: at))
        return nil
      }
      let right: Int32
      let afterMinus = SourceRange(source: at.source, start: at.start + 1, end: at.end)
      if token.kind == .decimal && op == .minus {
        right = tree.add(.decimal(-token.decimal, afterMinus))
        expressionHeight = 1
        advance()
      } else if token.kind == .integer {
        // `a -3`: the operand is 3.
        guard token.integer != Int.min else {
          problems.append(Problem("the integer is out of range", at: token.range))
          return nil
        }
        right = tree.add(.integer(-token.integer, afterMinus))
        expressionHeight = 1
        advance()
      } else {
        advance()
        guard let operand = parseBinary(above: op.precedence) else { return nil }
        right = operand
      }
      height = max(height, expressionHeight) + 1
      guard fits(height: height, at: at) else { return nil }
      let range = tree.expressions[Int(left)].range.through(tree.expressions[Int(right)].range)
      left = tree.add(.binary(op, left: left, right: right, at: at, range: range))
      if isComparison { comparedAlready = true }
    }
    if token.kind == .assign {
      // `if x = 3`: a comparison meant.
      problems.append(Problem("unexpected `=`: \(ForeignWords.equals)", at: token.range))
      return nil
    }
    expressionHeight = height
    return left
  }

  /// `not` and unary `-`, then a primary. A run of `-` is read by a loop, not by recursion.
  mutating func parseUnary() -> Int32? {
    if isKeyword(.not) {
      let at = token.range
      advance()
      guard let operand = parseBinary(above: Operator.not.precedence - 1),
        fits(height: expressionHeight + 1, at: at)
      else { return nil }
      expressionHeight += 1
      return tree.add(.unary(.not, operand: operand, at: at, range: at.through(tree.expressions[Int(operand)].range)))
    }
    guard token.kind == .minus else { return parsePrimary() }
    return parseNegations()
  }

  /// `- - … operand`, at the first `-`. Out of line: it is rare.
  @inline(never) private mutating func parseNegations() -> Int32? {
    var signs: [SourceRange] = []
    while token.kind == .minus {
      guard fits(height: signs.count + 2, at: token.range) else { return nil }
      signs.append(token.range)
      advance()
    }
    // What follows the signs: `not …` or a primary (no `-`: the loop read them all).
    guard var operand = parseUnary(), fits(height: expressionHeight + signs.count, at: signs[0]) else {
      return nil
    }
    expressionHeight += signs.count
    for at in signs.reversed() {
      operand = tree.add(
        .unary(.negate, operand: operand, at: at, range: at.through(tree.expressions[Int(operand)].range)))
    }
    return operand
  }

  /// An integer, a word, a string, a parameter, a query, or `( … )`.
  mutating func parsePrimary() -> Int32? {
    expressionHeight = 1
    let node: ExpressionNode
    switch token.kind {
    case .integer: node = .integer(token.integer, token.range)
    case .decimal: node = .decimal(token.decimal, token.range)
    case .string: node = .string(index: tree.add(lexer.stringText), token.range)
    case .parameter:
      let parameter = name(of: token)
      advance()
      guard token.kind == .dot else { return tree.add(.parameter(parameter)) }
      advance()
      guard let query = expectWord("a query after `$\(lexer.symbols[parameter.symbol]).`") else { return nil }
      return parseQueryArguments(receiver: Target(name: parameter, isParameter: true), query: query)
    case .word:
      let word = name(of: token)
      if let keyword = Keyword(symbol: word.symbol), keyword != .true, keyword != .false {
        problems.append(Problem("expected a value, found `\(keyword.rawValue)`", at: token.range))
        return nil
      }
      advance()
      // `double 3`: a word with arguments calls a macro that returns a value.
      if startsQueryArgument { return parseCallArguments(name: word) }
      guard token.kind == .dot else { return tree.add(.word(word)) }
      advance()
      guard let query = expectWord("a query after `\(lexer.symbols[word.symbol]).`") else { return nil }
      return parseQueryArguments(receiver: Target(name: word, isParameter: false), query: query)
    case .leftParen:
      let open = token.range
      advance()
      // Inside parentheses a string is a query's argument, in `assert` too.
      let stringEnded = stringEndsCondition
      stringEndsCondition = false
      let parsed = parseCondition()
      stringEndsCondition = stringEnded
      guard let inner = parsed, fits(height: expressionHeight + 1, at: open) else { return nil }
      guard token.kind == .rightParen else {
        problems.append(Problem("expected `)` to close `(` opened at \(lexer.placeText(of: open))", at: token.range))
        return nil
      }
      let close = token.range
      advance()
      expressionHeight += 1
      return tree.add(.group(inner, range: open.through(close)))
    case .invalid: return nil
    default:
      problems.append(Problem("expected a value, found \(describe(token))", at: token.range))
      return nil
    }
    advance()
    return tree.add(node)
  }

  /// Whether the current token can be a query's (or a call's) argument.
  private var startsQueryArgument: Bool {
    switch token.kind {
    case .integer: token.integer >= 0 && !lexer.shortText(of: token.range).hasPrefix("-")
    case .decimal: !lexer.shortText(of: token.range).hasPrefix("-")
    case .word: Keyword(symbol: token.symbol) == nil
    case .parameter, .leftParen: true
    case .string: !stringEndsCondition
    default: false
    }
  }

  /// The arguments of a call of a macro that returns a value (`double 3`, `double shape.x`),
  /// after its name: written as a query's are, and a query without arguments
  /// (`receiver.query`, `$d.query`) is one argument too. Out of line: it is rare.
  @inline(never) private mutating func parseCallArguments(name: Name) -> Int32? {
    var arguments: [ArgumentNode] = []
    var end = name.range
    var height = 1
    while startsQueryArgument {
      guard arguments.count < Self.maxArguments else {
        problems.append(Problem("a call can have at most \(Self.maxArguments) arguments", at: token.range))
        return nil
      }
      guard var argument = parseArgument(what: "an argument") else { return nil }
      if token.kind == .dot {
        let receiver: Target
        switch argument {
        case .word(let word): receiver = Target(name: word, isParameter: false)
        case .parameter(let parameter): receiver = Target(name: parameter, isParameter: true)
        default:
          problems.append(Problem("expected an argument, found `.`", at: token.range))
          return nil
        }
        advance()
        guard let query = expectWord("a query after `\(lexer.text(of: receiver.range)).`") else { return nil }
        let range = receiver.range.through(query.range)
        let node = tree.add(
          .query(receiver: receiver, name: query, arguments: tree.addQueryArguments([]), range: range))
        argument = .expression(index: node, range)
      }
      if case .expression = argument {
        height = max(height, expressionHeight + 1)
        guard fits(height: height, at: argument.range) else { return nil }
      }
      arguments.append(argument)
      end = argument.range
    }
    let range = tree.addQueryArguments(arguments)
    expressionHeight = height
    return tree.add(.call(name: name, arguments: range, range: name.range.through(end)))
  }

  /// The arguments of a query: integers (not negative: `shape.x -3` is a subtraction),
  /// words that are not keywords, strings, parameters and `( … )` (in `assert`'s condition
  /// a string is its message: a string argument is in parentheses there), up to anything
  /// else.
  mutating func parseQueryArguments(receiver: Target, query: Name) -> Int32? {
    var arguments: [ArgumentNode] = []
    var end = query.range
    // One more than the tallest `( … )` argument's expression.
    var height = 1
    while true {
      switch token.kind {
      case .integer where token.integer >= 0 && !lexer.shortText(of: token.range).hasPrefix("-"): break
      case .decimal where !lexer.shortText(of: token.range).hasPrefix("-"): break
      case .word where Keyword(symbol: token.symbol) == nil: break
      case .parameter, .leftParen: break
      case .string where !stringEndsCondition: break
      default:
        let range = tree.addQueryArguments(arguments)
        expressionHeight = height
        return tree.add(.query(receiver: receiver, name: query, arguments: range, range: receiver.range.through(end)))
      }
      guard arguments.count < Self.maxArguments else {
        problems.append(Problem("a query can have at most \(Self.maxArguments) arguments", at: token.range))
        return nil
      }
      guard let argument = parseArgument(what: "an argument") else { return nil }
      if case .expression = argument {
        height = max(height, expressionHeight + 1)
        guard fits(height: height, at: argument.range) else { return nil }
      }
      arguments.append(argument)
      end = argument.range
    }
  }
}

extension TokenKind {
  /// Whether it is an operator of expressions (`==` … `%`), never an argument.
  var isOperator: Bool { rawValue >= TokenKind.equal.rawValue && rawValue <= TokenKind.percent.rawValue }

  /// Whether, after a statement's first name, this makes the statement other than a plain
  /// command or call: `=`, `.` or an operator. One test of a mask of kinds (there are
  /// fewer than 64), where three comparisons took a command 3 instructions more.
  var followsNameRarely: Bool {
    let operators: UInt64 = (1 &<< UInt64(TokenKind.percent.rawValue &+ 1)) &- (1 &<< UInt64(TokenKind.equal.rawValue))
    let rare = operators | 1 &<< UInt64(TokenKind.assign.rawValue) | 1 &<< UInt64(TokenKind.dot.rawValue)
    return rare & 1 &<< UInt64(rawValue) != 0
  }
}
