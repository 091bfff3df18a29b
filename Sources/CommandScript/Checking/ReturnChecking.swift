// The checker's macros that return values: `return VALUE` in a macro's body (one kind for
// all of them, and every path of the body ending in one), and a call of such a macro inside
// an expression (`double 3 + 1`) or as a statement (its value printed).

extension Checker {
  /// `return VALUE`: in a macro's body only, its kind the one of the body's first `return`.
  mutating func compileReturn(value: Int32, in tree: SyntaxTree, range: SourceRange) -> Op? {
    guard let macro = scope else {
      _ = compileAnyExpression(value, in: tree)
      fail(
        "`return` ends a macro with a value, so it stands only in a macro's body: `macro NAME [PARAM...] { ... return VALUE }`",
        at: range)
      return nil
    }
    let compiled: (Expression, ValueKind)?
    if let first = macro.returns {
      guard let typed = compileExpression(value, in: tree, hint: first.kind) else { return nil }
      if case .known(let known) = typed.kind, known != first.kind, !(known == .integer && first.kind == .decimal) {
        var problem = Problem(
          "the value of `return` must be \(first.kind.nounPhrase(bounds: false)), not \(known.nounPhrase(bounds: false)): a macro returns one kind",
          at: typed.range)
        problem.notes.append(
          ("the first `return` of `\(macro.name)` gives \(first.kind.nounPhrase(bounds: false))", first.range))
        record(problem)
        return nil
      }
      compiled = resolve(typed, as: first.kind, what: "the value of `return`").map { ($0, first.kind) }
    } else {
      compiled = wordValue(value, in: tree) ?? returnedValue(value, in: tree)
    }
    guard let (expression, kind) = compiled else { return nil }
    if macro.returns == nil { scope?.returns = (kind, range) }
    return .returnValue(Return(value: expression, kind: kind, range: range))
  }

  /// The value of the first `return` of a body: of any kind, a parameter of the kind the
  /// body has made it so far (a string if none).
  private mutating func returnedValue(_ value: Int32, in tree: SyntaxTree) -> (Expression, ValueKind)? {
    guard let typed = compileExpression(value, in: tree) else { return nil }
    switch typed.kind {
    case .known(let kind): return (typed.expression, kind)
    case .word(let name): return (.constant(.string(text(name))), .string)
    case .parameter(let name):
      var kind = ValueKind.string
      if let turn = loopVariables.lastIndex(of: text(name)) {
        // A `repeat … as` turn is an integer; a failure's message (`else as e`) a string.
        if !messageVariables.contains(turn) { kind = .integer }
      } else if let scope, let slot = scope.parameters.firstIndex(of: text(name)) {
        switch scope.constraints[slot] {
        case .kind(.integer): kind = .integer
        case .kind(.decimal): kind = .decimal
        case .kind(.word(let set)): kind = .word(set)
        // Returned as its text: a parameter of no kind yet, or one a boolean argument (text).
        case .any, .receiver, .kind: break
        }
      }
      guard let expression = resolve(typed, as: kind, what: "the value of `return`") else { return nil }
      // A parameter of no kind yet is returned as its text, so that it compares as a string.
      if kind == .string, case .parameter = expression { return (.text(expression, .string), .string) }
      return (expression, kind)
    }
  }

  /// After a macro's body with a `return` was checked: an error unless every path through
  /// it ends in a `return`.
  mutating func checkEveryPathReturns(_ body: [Op], macro name: String, at range: SourceRange) {
    guard !Self.alwaysReturns(body) else { return }
    fail(
      "macro `\(name)` returns a value, but a path through its body ends without `return`: end the body with `return VALUE`",
      at: range, suggestion: "return VALUE")
  }

  /// Whether running `ops` ends in a `return` however its decisions go: one of them does.
  static func alwaysReturns(_ ops: [Op]) -> Bool { ops.contains(where: alwaysReturns) }

  private static func alwaysReturns(_ op: Op) -> Bool {
    switch op {
    case .returnValue: true
    case .sequence(let ops): alwaysReturns(ops)
    case .conditional(let c): alwaysReturns(c.then) && alwaysReturns(c.otherwise)
    // A failure in the body goes on after the `try`, or in its `else`.
    case .attempt(let a): alwaysReturns(a.body) && a.otherwise.map(alwaysReturns) == true
    // `while true` without a `break` of its own ends only by a `return` (or a failure).
    case .loop(let loop):
      if case .constant(.boolean(true)) = loop.condition { !breaks(loop.body) } else { false }
    case .command, .parameterizedCommand, .commands, .repeat, .call, .show, .help, .countedLoop, .assertion, .echo,
      .assign, .loopExit:
      false
    }
  }

  /// Whether `ops` hold a `break` of their loop (not one of a loop inside them).
  private static func breaks(_ ops: [Op]) -> Bool {
    ops.contains { op in
      switch op {
      case .loopExit(let isBreak, _): isBreak
      case .sequence(let ops): breaks(ops)
      case .conditional(let c): breaks(c.then) || breaks(c.otherwise)
      case .attempt(let a): breaks(a.body) || a.otherwise.map(breaks) == true
      default: false
      }
    }
  }

  /// `NAME argument…` inside an expression: a call of a macro that returns a value.
  mutating func compileValueCall(name: Name, arguments: [ArgumentNode], in tree: SyntaxTree, range: SourceRange)
    -> Typed?
  {
    if let scope, scope.name == text(name) {
      fail("macro `\(text(name))` cannot call itself: recursion could never end", at: name.range)
      return nil
    }
    guard case .macro(let index) = meaning(of: name) else {
      let macros = state.macroByName.filter { state.macros[$0.value].returns != nil }.keys.sorted()
      fail(
        "`\(text(name))` is not a macro that returns a value: a value here is a query (`receiver.query`), a `$NAME` or a macro with `return`",
        at: name.range, suggestion: suggestion(for: text(name), among: macros))
      return nil
    }
    return valueCall(macro: index, name: name, arguments: arguments, in: tree, range: range)
  }

  /// A call of macro `index` as a value; an error if the macro returns none.
  mutating func valueCall<Arguments: RandomAccessCollection<ArgumentNode>>(
    macro index: Int, name: Name, arguments: Arguments, in tree: SyntaxTree, range: SourceRange
  ) -> Typed? where Arguments.Index == Int {
    let macro = state.macros[index]
    guard macro.returns != nil else {
      var problem = Problem(
        "macro `\(macro.name)` returns no value, so it cannot stand in an expression: give it a `return VALUE`, or call it as a statement",
        at: name.range)
      problem.notes.append(("defined here", macro.range))
      record(problem)
      return nil
    }
    guard case .call(let call)? = compileCall(macro: index, name: name, arguments: arguments, in: tree),
      let kind = state.macros[call.macro].returns
    else { return nil }
    return Typed(expression: .call(call), kind: .known(kind), range: range)
  }

  /// A macro that returns a value, called as a statement: it runs, and its value is printed
  /// as an expression statement's is.
  mutating func valueCallStatement(macro index: Int, name: Name, arguments: ArgumentList, in tree: SyntaxTree) -> Op? {
    let range = name.range.through(arguments.last?.range ?? name.range)
    guard let typed = valueCall(macro: index, name: name, arguments: arguments, in: tree, range: range),
      case .known(let kind) = typed.kind
    else { return nil }
    return .echo(Echo(parts: [(typed.expression, kind)], range: range, isValue: true))
  }
}

extension Expression {
  /// Calls `visit` with each call of a macro in the expression, in the order they run.
  func forEachCall(_ visit: (CallOp) throws -> Void) rethrows {
    switch self {
    case .call(let call):
      try call.arguments.forEachCall(visit)
      try visit(call)
    case .query(let call): try call.arguments.forEachCall(visit)
    case .constant, .parameter, .attribute, .variable, .wordText: break
    case .not(let e), .negation(let e, _), .decimal(let e), .decimalNegation(let e), .text(let e, _):
      try e.forEachCall(visit)
    case .and(let l, let r), .or(let l, let r), .comparison(_, let l, let r), .arithmetic(_, let l, let r, _),
      .decimalArithmetic(_, let l, let r, _), .decimalComparison(_, let l, let r), .joined(let l, _, let r, _, _):
      try l.forEachCall(visit)
      try r.forEachCall(visit)
    case .interpolation(let pieces, _): for piece in pieces { try piece.forEachCall(visit) }
    }
  }
}

extension Operand {
  /// Calls `visit` with each call of a macro in a `( … )` argument.
  func forEachCall(_ visit: (CallOp) throws -> Void) rethrows {
    if case .computed(let expression, _, _) = self { try expression.forEachCall(visit) }
  }
}

extension [Operand] {
  func forEachCall(_ visit: (CallOp) throws -> Void) rethrows {
    for operand in self { try operand.forEachCall(visit) }
  }
}
