// The checker's macros: a definition (its body checked once, each parameter constrained by
// the slots it is used in) and a call (only its arguments checked).

extension Checker {
  mutating func compileCall(macro index: Int, name: Name, arguments: ArgumentList, in tree: SyntaxTree) -> Op? {
    let macro = state.macros[index]
    guard arguments.count == macro.parameters.count else {
      let expected = macro.parameters.isEmpty ? "no arguments" : macro.parameters.joined(separator: " ")
      fail(
        "macro `\(macro.name)` takes \(macro.parameters.count) argument\(macro.parameters.count == 1 ? "" : "s") (\(expected)), got \(arguments.count)",
        at: arguments.last?.range ?? name.range)
      return nil
    }
    var operands: [Operand] = []
    for (i, argument) in arguments.enumerated() {
      guard let o = operand(argument, in: tree, for: macro.constraints[i], what: "`$\(macro.parameters[i])`") else {
        return nil
      }
      operands.append(o)
    }
    if macro.irreversibleEnd != nil, nesting > 0 { irreversibles.noteCall() }
    let call = Op.call(
      CallOp(macro: index, arguments: operands, range: name.range.through(arguments.last?.range ?? name.range)))
    // A macro that deep had a call reported as too deep in its body (this input fails):
    // the calls to it are not reported again, and a macro body keeps them to pass the mark
    // on, so a long chain gets one error, not one per link.
    guard macro.depth < Self.maxNesting else { return scope == nil ? nil : call }
    // The enclosing blocks' levels, the call's, the deepest path through the macro, and in
    // a macro body the level of any call to that macro.
    let levels = blockNesting + 1 + macro.depth + (scope == nil ? 0 : 1)
    guard levels <= Self.maxNesting else {
      fail(
        "calls nest too deep: this call to `\(macro.name)` reaches \(levels) levels of blocks and macro calls, more than the \(Self.maxNesting) a run allows",
        at: name.range)
      // Kept in a macro body, so that the macro's depth marks it for the calls to it.
      return scope == nil ? nil : call
    }
    return call
  }

  // MARK: Macros

  mutating func defineMacro(
    name: Name, parameters: [Name], body: NodeRange, in tree: SyntaxTree, range: SourceRange
  ) -> Directive? {
    var nameIsFree = false
    if let keyword = Keyword(rawValue: text(name)) {
      fail("`\(keyword.rawValue)` is a statement of the language and cannot name a macro", at: name.range)
    } else if let owner = state.verbOwners[text(name)].map({ state.types[$0[0].type] }) {
      fail("`\(text(name))` is a verb of `\(owner.name)` and cannot name a macro", at: name.range)
    } else if state.instanceIndex(text(name)) != nil {
      fail("`\(text(name))` is a receiver and cannot name a macro", at: name.range)
    } else {
      nameIsFree = true
    }
    var ok = nameIsFree
    var seen = Set<String>()
    for p in parameters where !seen.insert(text(p)).inserted {
      fail("macro `\(text(name))` has two parameters named `\(text(p))`", at: p.range)
      ok = false
    }
    let outer = scope
    let outerNesting = blockNesting
    blockNesting = 0
    defer { blockNesting = outerNesting }
    scope = MacroScope(
      name: text(name), parameters: parameters.map(text),
      constraints: Array(repeating: .any, count: parameters.count),
      constrainedAt: Array(repeating: nil, count: parameters.count))
    let before = errorCount
    let ops = compileNested(body, in: tree)
    // A command that cannot be undone and ends the body gets its warning where a call is
    // followed by another command.
    var irreversibleEnd: IrreversibleCommands.Entry?
    if irreversibles.isNoted {
      let settled = irreversibles.settle(ops, state: state)
      for warning in settled.warnings { record(warning) }
      irreversibleEnd = settled.end
    }
    let checked = scope!
    scope = outer
    guard nameIsFree else { return nil }
    // Defined even if its body has errors (the whole input then fails and the definition
    // is dropped with it), so that calls to it do not report it as unknown as well.
    state.macros.append(
      Macro(
        name: text(name), parameters: checked.parameters, constraints: checked.constraints, body: ops, range: range,
        runsCommands: Macro.runCommands(ops, macros: state.macros), irreversibleEnd: irreversibleEnd,
        depth: ops.reduce(0) { max($0, levels(of: $1)) }))
    state.macroByName[text(name)] = state.macros.count - 1
    bareNames.set(name.symbol, to: .macro(state.macros.count - 1))
    return ok && errorCount == before ? .definition : nil
  }

  /// How deep the invoker recurses to run `op`: one level for the op, and those of what it
  /// contains. Bounded: blocks nest at most `Parser.maxDepth` deep, and a call counts
  /// its macro's depth, worked out once at its definition.
  func levels(of op: Op) -> Int {
    switch op {
    case .sequence(let ops), .repeat(_, let ops, _): return 1 + ops.reduce(0) { max($0, levels(of: $1)) }
    case .call(let call): return 1 + state.macros[call.macro].depth
    case .conditional(let c): return 1 + (c.then + c.otherwise).reduce(0) { max($0, levels(of: $1)) }
    case .loop(let loop): return 1 + loop.body.reduce(0) { max($0, levels(of: $1)) }
    case .countedLoop(let loop): return 1 + loop.body.reduce(0) { max($0, levels(of: $1)) }
    case .attempt(let a): return 1 + (a.body + (a.otherwise ?? [])).reduce(0) { max($0, levels(of: $1)) }
    case .command, .parameterizedCommand, .commands, .show, .help, .assertion, .echo: return 1
    }
  }
}
