// The checker's variables: `let` and `var` declarations, assignments, `$NAME` read as a
// variable, and `break` and `continue`. A variable is a slot of the session's
// ``VariableStore`` whose kind the checker knows; a top-level one stays in force for what is
// compiled next (`CheckerState.globals`), a block's or a macro body's until its `}`.

extension Checker {
  /// The slot the variable `name` stands for here: the innermost block's first, then the
  /// top level's.
  func variableSlot(named name: String) -> Int? {
    for scope in variableScopes.reversed() {
      if let slot = scope[name] { return slot }
    }
    return state.globals[name]
  }

  /// Whether `$name` is a variable here, rather than a macro parameter, a turn, a failure's
  /// message or a script's argument (which hide a variable of the same name).
  func isVariable(_ name: String) -> Int? {
    guard ScriptArguments.number(name) == nil, !loopVariables.contains(name),
      scope?.parameters.contains(name) != true
    else { return nil }
    return variableSlot(named: name)
  }

  /// `let`, `var`, an assignment, `break` or `continue`.
  mutating func compileVariableStatement(_ statement: Statement, in tree: SyntaxTree) -> Op? {
    switch statement.kind {
    case .declare(let name, let value, let isLet):
      return compileDeclaration(name: name, value: value, isLet: isLet, in: tree, range: statement.range)
    case .assign(let name, let value):
      return compileAssignment(name: name, value: value, in: tree, range: statement.range)
    case .loopExit(let isBreak): return compileLoopExit(isBreak: isBreak, range: statement.range)
    default: preconditionFailure("not a statement of variables")
    }
  }

  /// A name of `show NAME…`: `show vars` is the variables' store, unless an instance is
  /// named so.
  mutating func shownInstance(_ name: Name) -> Int? {
    text(name) == VariableStore.typeName && state.instanceIndex(text(name)) == nil
      ? state.variableStore : resolveInstance(name)
  }

  /// `let NAME = VALUE` or `var NAME = VALUE`.
  mutating func compileDeclaration(name: Name, value: Int32, isLet: Bool, in tree: SyntaxTree, range: SourceRange)
    -> Op?
  {
    let written = text(name)
    // The value is read before the name is bound: `var n = $n + 1` means the `$n` before.
    guard let (expression, kind) = wordValue(value, in: tree) ?? compileAnyExpression(value, in: tree) else {
      return nil
    }
    if let slot = variableSlot(named: written), state.variables[slot].isLet {
      var problem = Problem(
        "`\(written)` is bound by `let` and cannot be bound again here", at: name.range,
        suggestion: isLet ? nil : "\(written)2")
      problem.notes.append(("bound here", state.variables[slot].range))
      record(problem)
      return nil
    }
    let slot = state.variables.count
    let isGlobal = variableScopes.isEmpty && scope == nil
    state.variables.append(Variable(name: written, kind: kind, isLet: isLet, isGlobal: isGlobal, range: name.range))
    if isGlobal {
      state.globals[written] = slot
    } else if variableScopes.isEmpty {
      variableScopes.append([written: slot])
    } else {
      variableScopes[variableScopes.count - 1][written] = slot
    }
    return .assign(
      Assignment(slot: slot, value: expression, kind: kind, declares: isLet ? "let" : "var", range: range))
  }

  /// A bare word given to a declaration (`var c = red`): a word of the first set of the
  /// receivers' that has it (a verb's parameter's, a query's answer's), so that `paint $c`
  /// and `shape.colour == $c` take it; nil for any other value, or a word of no set (a string).
  func wordValue(_ value: Int32, in tree: SyntaxTree) -> (Expression, ValueKind)? {
    guard case .word(let name) = tree.expressions[Int(value)], Keyword(symbol: name.symbol) == nil else { return nil }
    let word = text(name)
    for type in state.receiverTypes {
      let sets =
        type.verbs.flatMap { $0.parameters.map(\.kind) }.compactMap { kind -> WordSet? in
          if case .word(let set) = kind { set } else { nil }
        }
        + type.queries.compactMap { query -> WordSet? in if case .word(let set) = query.result { set } else { nil } }
      for set in sets {
        if let index = set.index(of: word) { return (.constant(.word(index)), .word(set)) }
      }
    }
    return nil
  }

  /// `NAME = VALUE`: the variable declared by `var` before it, given a value of its kind.
  mutating func compileAssignment(name: Name, value: Int32, in tree: SyntaxTree, range: SourceRange) -> Op? {
    let written = text(name)
    guard let slot = variableSlot(named: written) else {
      _ = compileAnyExpression(value, in: tree)
      let shown = tree.canonical(expression: value)
      fail(
        "`\(written)` is not a variable: declare it: `var \(written) = \(shown)`", at: name.range,
        suggestion: "var \(written) = \(shown)")
      return nil
    }
    let variable = state.variables[slot]
    guard !variable.isLet else {
      var problem = Problem(
        "`\(written)` is bound by `let` and cannot be assigned: declare it with `var` to change it", at: name.range,
        suggestion: "var \(written) = …")
      problem.notes.append(("bound here", variable.range))
      record(problem)
      return nil
    }
    guard let expression = compileExpression(value, in: tree, as: variable.kind, what: "the value of `\(written)`")
    else { return nil }
    return .assign(Assignment(slot: slot, value: expression, kind: variable.kind, declares: nil, range: range))
  }

  /// `$NAME` of variable `slot` in an expression.
  func typedVariable(_ slot: Int, at range: SourceRange) -> Typed {
    Typed(expression: .variable(slot: slot, range: range), kind: .known(state.variables[slot].kind), range: range)
  }

  /// `$NAME` of variable `slot` as a command's or a call's argument that must be
  /// `constraint`: its value, checked against the slot when it runs.
  mutating func variableOperand(_ slot: Int, at range: SourceRange, for constraint: Constraint, what: String)
    -> Operand?
  {
    let variable = state.variables[slot]
    let read = Expression.variable(slot: slot, range: range)
    switch (constraint, variable.kind) {
    case (.any, .word): return .computed(.text(read, variable.kind), accepts: .any, range: range)
    case (.any, _): return .computed(read, accepts: .any, range: range)
    // A variable's kind has no bounds: the slot's are checked when the command runs.
    case (.kind(let wanted), let kind) where wanted.widened == kind:
      return .computed(read, accepts: constraint, range: range)
    case (.kind(.decimal), .integer): return .computed(.decimal(read), accepts: constraint, range: range)
    case (.kind(.string), .word): return .computed(.text(read, variable.kind), accepts: constraint, range: range)
    default:
      var problem = Problem(
        "`$\(variable.name)` is \(variable.kind.nounPhrase(bounds: false)); \(what.isEmpty ? "here it" : what) must be \(constraint.description)",
        at: range)
      problem.notes.append(("declared here", variable.range))
      record(problem)
      return nil
    }
  }

  /// `break` or `continue`, inside a `repeat` or `while` of the same body.
  mutating func compileLoopExit(isBreak: Bool, range: SourceRange) -> Op? {
    guard loopDepth > 0 else {
      let word = isBreak ? "break" : "continue"
      fail(
        scope != nil
          ? "`\(word)` must stand in a `repeat` or `while` of the macro's body: it does not end a loop around the call"
          : "`\(word)` must stand in a `repeat` or `while` loop", at: range)
      return nil
    }
    return .loopExit(isBreak: isBreak, range: range)
  }

  /// A loop's body: `break` and `continue` may stand in it.
  mutating func compileLoopBody(_ body: NodeRange, in tree: SyntaxTree) -> [Op] {
    loopDepth += 1
    defer { loopDepth -= 1 }
    return compileNestedBody(body, in: tree)
  }
}
