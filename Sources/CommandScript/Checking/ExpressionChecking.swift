// The checker's expressions: conditions and integer expressions, each operand's kind known
// before anything runs, compiled to `Expression`s (`if`, `while`, `assert`, `echo`, and
// `( … )` arguments).

extension Checker {
  /// An expression being checked: its compiled form and kind, or, for a bare word or a
  /// macro parameter, what it may still become once the other side of a comparison says.
  struct Typed {
    enum Kind {
      case known(ValueKind)
      /// A word literal: a word of whatever set it is compared with.
      case word(Name)
      /// A macro parameter not yet given a kind by this expression.
      case parameter(Name)
    }
    var expression: Expression
    var kind: Kind
    var range: SourceRange

    /// Whether it is known to be a string: then `+` joins text.
    var isString: Bool {
      if case .known(.string) = kind { true } else { false }
    }
  }

  /// A condition: a boolean expression.
  mutating func compileCondition(_ index: Int32, in tree: SyntaxTree) -> Expression? {
    guard let typed = compileExpression(index, in: tree) else { return nil }
    return resolve(typed, as: .boolean, what: "a condition")
  }

  /// An expression whose value must be of `kind`; `what` names it in errors.
  mutating func compileExpression(_ index: Int32, in tree: SyntaxTree, as kind: ValueKind, what: String)
    -> Expression?
  {
    guard let typed = compileExpression(index, in: tree, hint: kind) else { return nil }
    return resolve(typed, as: kind, what: what)
  }

  /// An expression of any kind (for `echo`); a bare word is its text.
  mutating func compileAnyExpression(_ index: Int32, in tree: SyntaxTree) -> (Expression, ValueKind)? {
    guard let typed = compileExpression(index, in: tree) else { return nil }
    switch typed.kind {
    case .known(let kind): return (typed.expression, kind)
    case .word(let name): return (.constant(.string(text(name))), .string)
    case .parameter:
      guard let expression = resolve(typed, as: .string, what: "a value") else { return nil }
      return (expression, .string)
    }
  }

  /// `typed` as a value of `kind`: a word literal looked up in the set, a parameter
  /// constrained, a known kind checked. nil (with the error recorded) if it cannot be.
  mutating func resolve(_ typed: Typed, as kind: ValueKind, what: String) -> Expression? {
    switch typed.kind {
    case .known(.integer) where kind == .decimal:
      // An integer where a decimal is wanted is the same number.
      if case .constant(.integer(let n)) = typed.expression { return .constant(.decimal(Double(n))) }
      return .decimal(typed.expression)
    case .known(let known):
      guard known == kind else {
        fail(
          "\(what) must be \(kind.nounPhrase(bounds: false)), not \(known.nounPhrase(bounds: false))", at: typed.range)
        return nil
      }
      return typed.expression
    case .word(let name):
      // A bare word is a word of a set or text; of any other kind, an error.
      if case .string = kind { return .constant(.string(text(name))) }
      guard case .word(let set) = kind else {
        fail("\(what) must be \(kind.nounPhrase(bounds: false)), not the word `\(text(name))`", at: name.range)
        return nil
      }
      guard let index = set.index(of: text(name)) else {
        fail(
          "`\(text(name))` is not \(kind.nounPhrase(bounds: false))", at: name.range,
          suggestion: suggestion(for: text(name), among: set.words + set.aliases.keys.sorted()))
        return nil
      }
      return .constant(.word(index))
    case .parameter(let name):
      // A parameter takes the kind wanted of it (text: any argument), but is never a
      // boolean.
      if case .boolean = kind {
        fail("\(what) must be a boolean; a parameter is a number, a word or a string", at: name.range)
        return nil
      }
      let constraint: Constraint = if case .string = kind { .any } else { .kind(kind) }
      switch operand(.parameter(name), in: SyntaxTree.empty, for: constraint, what: what) {
      case .parameter(let slot)?: return .parameter(slot)
      case .constant(let value)?: return .constant(value)  // a script's argument
      case .computed(let expression, _, _)?: return expression  // a turn, as a decimal
      case nil: return nil
      }
    }
  }

  /// Checks expression `index` of `tree` bottom up. `hint` is the kind wanted of it, if
  /// known: arithmetic on macro parameters and integers is decimal where a decimal is wanted
  /// (`set ($x - 1)`), else integer.
  mutating func compileExpression(_ index: Int32, in tree: SyntaxTree, hint: ValueKind? = nil) -> Typed? {
    let node = tree.expressions[Int(index)]
    let range = node.range
    switch node {
    case .integer(let n, _): return Typed(expression: .constant(.integer(n)), kind: .known(.integer), range: range)
    case .decimal(let x, _): return Typed(expression: .constant(.decimal(x)), kind: .known(.decimal), range: range)
    case .string(let i, _):
      guard let string = compileString(i, in: tree, at: range) else { return nil }
      return Typed(expression: string, kind: .known(.string), range: range)
    case .word(let name):
      switch Keyword(symbol: name.symbol) {
      case .true?: return Typed(expression: .constant(.boolean(true)), kind: .known(.boolean), range: range)
      case .false?: return Typed(expression: .constant(.boolean(false)), kind: .known(.boolean), range: range)
      default:
        // A macro that returns a value and takes no arguments is called by its name alone.
        if case .macro(let index) = meaning(of: name), state.macros[index].returns != nil {
          return valueCall(macro: index, name: name, arguments: [ArgumentNode](), in: tree, range: range)
        }
        return Typed(expression: .constant(.boolean(false)), kind: .word(name), range: range)
      }
    case .parameter(let name):
      if let slot = isVariable(text(name)) { return typedVariable(slot, at: range) }
      return Typed(expression: .constant(.boolean(false)), kind: .parameter(name), range: range)
    case .group(let inner, _):
      guard var typed = compileExpression(inner, in: tree, hint: hint) else { return nil }
      typed.range = range
      return typed
    case .call(let name, let arguments, _):
      return compileValueCall(name: name, arguments: tree.queryArguments[arguments], in: tree, range: range)
    case .query(let receiver, let name, let arguments, _):
      return compileQuery(
        receiver: receiver, name: name, given: tree.queryArguments[arguments], in: tree, range: range)
    case .unary(let op, let operand, _, _):
      guard let typed = compileExpression(operand, in: tree, hint: hint) else { return nil }
      let kind = op == .not ? .boolean : Self.numberKind(of: [typed], hint: hint)
      guard let inner = resolve(typed, as: kind, what: "the operand of `\(op.symbol)`") else { return nil }
      let expression: Expression =
        switch kind {
        case .boolean: .not(inner)
        case .decimal: .decimalNegation(inner)
        default: .negation(inner, at: node.operatorRange)
        }
      return Typed(expression: expression, kind: .known(kind), range: range)
    case .binary(let op, let leftIndex, let rightIndex, let at, _):
      let operandHint = op.isArithmetic ? hint : nil
      guard let left = compileExpression(leftIndex, in: tree, hint: operandHint) else {
        _ = compileExpression(rightIndex, in: tree)
        return nil
      }
      guard let right = compileExpression(rightIndex, in: tree, hint: operandHint) else { return nil }
      switch op {
      case .and, .or:
        guard let l = resolve(left, as: .boolean, what: "the operand of `\(op.symbol)`"),
          let r = resolve(right, as: .boolean, what: "the operand of `\(op.symbol)`")
        else { return nil }
        return Typed(expression: op == .and ? .and(l, r) : .or(l, r), kind: .known(.boolean), range: range)
      case .plus where left.isString || right.isString:
        guard let l = asText(left), let r = asText(right) else { return nil }
        return Typed(expression: .joined(l.0, l.1, r.0, r.1, range: range), kind: .known(.string), range: range)
      case .plus, .minus, .times, .divide, .remainder, .negate, .not:
        let kind = Self.numberKind(of: [left, right], hint: hint)
        guard let l = resolve(left, as: kind, what: "the operand of `\(op.symbol)`"),
          let r = resolve(right, as: kind, what: "the operand of `\(op.symbol)`")
        else { return nil }
        return Typed(
          expression: kind == .decimal ? .decimalArithmetic(op, l, r, at: at) : .arithmetic(op, l, r, at: at),
          kind: .known(kind), range: range)
      case .less, .lessEqual, .greater, .greaterEqual:
        let kind = Self.numberKind(of: [left, right], hint: nil)
        guard let l = resolve(left, as: kind, what: "the operand of `\(op.symbol)`"),
          let r = resolve(right, as: kind, what: "the operand of `\(op.symbol)`")
        else { return nil }
        return Typed(
          expression: kind == .decimal ? .decimalComparison(op, l, r) : .comparison(op, l, r), kind: .known(.boolean),
          range: range)
      case .equal, .notEqual:
        // The side whose kind is known gives it to the other.
        let kind: ValueKind
        switch (left.kind, right.kind) {
        case _ where Self.isDecimal(left) || Self.isDecimal(right): kind = .decimal
        case (.known(let k), _), (_, .known(let k)): kind = k
        case (.parameter(let p), .word), (.word, .parameter(let p)):
          // `$c == red`: a word of the parameter's set if it has one, else text.
          kind = wordKind(ofParameter: p) ?? .string
        case (.parameter, _), (_, .parameter): kind = .integer
        case (.word, .word):
          fail("compare a word with a query, such as `board.winner == X`", at: range)
          return nil
        }
        if case .known(.word(let a)) = left.kind, case .known(.word(let b)) = right.kind, a != b {
          return compareWords(op, left, a, right, b, range: range)
        }
        if let text = comparedAsText(op, left, right, range: range) { return text }
        guard let l = resolve(left, as: kind, what: "the left of `\(op.symbol)`"),
          let r = resolve(right, as: kind, what: "the right of `\(op.symbol)`")
        else { return nil }
        return Typed(expression: .comparison(op, l, r), kind: .known(.boolean), range: range)
      }
    }
  }

  /// `==` or `!=` of words of two sets (`board.cell 1 1 == board.next`): compared as the
  /// words they are, if the sets share one; else they could never be equal, an error.
  private mutating func compareWords(
    _ op: Operator, _ left: Typed, _ a: WordSet, _ right: Typed, _ b: WordSet, range: SourceRange
  ) -> Typed? {
    guard a.words.contains(where: b.words.contains) else {
      fail(
        "the sides of `\(op.symbol)` share no word, so they are never equal: \(ValueKind.word(a).nounPhrase(bounds: false)); \(ValueKind.word(b).nounPhrase(bounds: false))",
        at: range)
      return nil
    }
    let empty = Expression.constant(.string(""))
    let l = Expression.joined(left.expression, .word(a), empty, .string, range: left.range)
    let r = Expression.joined(right.expression, .word(b), empty, .string, range: right.range)
    return Typed(expression: .comparison(op, l, r), kind: .known(.boolean), range: range)
  }

  /// `==` or `!=` of a word and a string (`$c == "red"`, `shape.colour == "red"`): the
  /// word's text compared with the string; nil for other sides.
  private func comparedAsText(_ op: Operator, _ left: Typed, _ right: Typed, range: SourceRange) -> Typed? {
    switch (left.kind, right.kind) {
    case (.known(.word(let set)), .known(.string)):
      return Typed(
        expression: .comparison(op, .text(left.expression, .word(set)), right.expression), kind: .known(.boolean),
        range: range)
    case (.known(.string), .known(.word(let set))):
      return Typed(
        expression: .comparison(op, left.expression, .text(right.expression, .word(set))), kind: .known(.boolean),
        range: range)
    default: return nil
    }
  }

  /// The word set a macro parameter is already known to be a word of, if any.
  private func wordKind(ofParameter name: Name) -> ValueKind? {
    guard let scope, let slot = scope.parameters.firstIndex(of: text(name)),
      case .kind(.word(let set)) = scope.constraints[slot]
    else { return nil }
    return .word(set)
  }

  /// A side of `+` that joins text: its expression and the kind its value is written as (a
  /// bare word is its text, a parameter a string).
  private mutating func asText(_ typed: Typed) -> (Expression, ValueKind)? {
    switch typed.kind {
    case .known(let kind): return (typed.expression, kind)
    case .word(let name): return (.constant(.string(text(name))), .string)
    case .parameter: return resolve(typed, as: .string, what: "a side of `+`").map { ($0, .string) }
    }
  }

  /// Whether `typed` is known to be a decimal: then the other side of its operator is too.
  private static func isDecimal(_ typed: Typed) -> Bool {
    if case .known(.decimal) = typed.kind { true } else { false }
  }

  /// The kind of number arithmetic or a comparison of `operands` works in: decimal if one
  /// of them is, or if one is a macro parameter and a decimal is wanted (`hint`); else
  /// integer.
  private static func numberKind(of operands: [Typed], hint: ValueKind?) -> ValueKind {
    let decimal = operands.contains { typed in
      switch typed.kind {
      case .known(let kind): kind == .decimal
      case .parameter: hint == .decimal
      case .word: false
      }
    }
    return decimal ? .decimal : .integer
  }

  /// String `index` of `tree`: a constant, or with `$NAME`s an interpolation of the
  /// parameters (or turns) of those names; an unknown one is an error at the string.
  mutating func compileString(_ index: Int32, in tree: SyntaxTree, at range: SourceRange) -> Expression? {
    let pieces = ScriptString.pieces(of: tree.strings[Int(index)])
    if pieces.count == 1, case .text(let text) = pieces[0] { return .constant(.string(text)) }
    var parts: [Expression] = []
    for piece in pieces {
      switch piece {
      case .text(let text): parts.append(.constant(.string(text)))
      case .parameter(let name):
        if let slot = isVariable(name) {
          parts.append(.text(.variable(slot: slot, range: range), state.variables[slot].kind))
          continue
        }
        guard
          ScriptArguments.number(name) != nil || loopVariables.contains(name)
            || scope?.parameters.contains(name) == true
        else {
          unknownParameter(name, at: range, inString: true)
          return nil
        }
        let symbol = Array(name.utf8).withUnsafeBufferPointer { symbols.intern($0) }
        switch operand(.parameter(Name(symbol: symbol, range: range)), in: tree, for: .any, what: "") {
        case .parameter(let slot)?: parts.append(.parameter(slot))
        case .constant(let value)?: parts.append(.constant(value))  // a script's argument
        case .computed?, nil: return nil
        }
      }
    }
    return .interpolation(parts, range: range)
  }

  /// `shape.x` or `board.cell 1 1` standing as a statement (parsed as a command, since a
  /// verb and a query are told apart by their receiver): it prints the answer, as
  /// `echo (shape.x)` does.
  mutating func compileQueryStatement(receiver: Target, name: Name, arguments: [ArgumentNode], in tree: SyntaxTree)
    -> Op?
  {
    let range = receiver.range.through(arguments.last?.range ?? name.range)
    guard let typed = compileQuery(receiver: receiver, name: name, given: arguments, in: tree, range: range),
      case .known(let kind) = typed.kind
    else { return nil }
    return .echo(Echo(parts: [(typed.expression, kind)], range: range, isValue: true))
  }

  /// `receiver.query argument…`, checked against the query's declaration.
  private mutating func compileQuery(
    receiver: Target, name: Name, given: [ArgumentNode], in tree: SyntaxTree, range: SourceRange
  ) -> Typed? {
    guard let instance = resolveTarget(receiver) else { return nil }
    let queries = state.types[state.instances[instance].type].queries
    guard let query = queries.firstIndex(where: { $0.name == text(name) }) else {
      let hint = queries.isEmpty ? ": it has none" : ""
      fail(
        "`\(text(receiver))` has no query `\(text(name))`\(hint)", at: name.range,
        suggestion: suggestion(for: text(name), among: queries.map(\.name)))
      return nil
    }
    let declaration = queries[query]
    guard given.count <= declaration.parameters.count, given.count >= declaration.requiredCount else {
      fail(
        "`\(text(receiver)).\(text(name))` takes \(declaration.parameters.count) argument\(declaration.parameters.count == 1 ? "" : "s") (usage: \(declaration.signature))",
        at: given.last.map { name.range.through($0.range) } ?? name.range)
      return nil
    }
    var operands: [Operand] = []
    for (i, parameter) in declaration.parameters.enumerated() {
      if i >= given.count {
        operands.append(.constant(parameter.defaultValue!))
        continue
      }
      guard let operand = operand(given[i], in: tree, for: Constraint(parameter.kind), what: "`\(parameter.name)`")
      else { return nil }
      operands.append(operand)
    }
    // Expressions compute with kinds, not bounds: `board.cell 1 1 + 1` is an integer.
    let kind = declaration.result.widened
    return Typed(
      expression: operands.isEmpty
        ? .attribute(instance: Int32(instance), query: Int32(query), range: range)
        : .query(MemberCall(instance: instance, member: query, arguments: operands, range: range)),
      kind: .known(kind), range: range)
  }
}

extension ExpressionNode {
  /// The operator's own range, for an operator; else the whole expression's.
  var operatorRange: SourceRange {
    switch self {
    case .unary(_, _, let at, _), .binary(_, _, _, let at, _): at
    default: range
    }
  }
}
