// The checker's macros: a definition (its body checked once, each parameter constrained by
// the slots it is used in) and a call (only its arguments checked).

extension Checker {
  mutating func compileCall<Arguments: RandomAccessCollection<ArgumentNode>>(
    macro index: Int, name: Name, arguments: Arguments, in tree: SyntaxTree
  ) -> Op? where Arguments.Index == Int {
    var index = index
    var macro = state.macros[index]
    guard arguments.count == macro.parameters.count else {
      let expected = macro.parameters.isEmpty ? "no arguments" : macro.parameters.joined(separator: " ")
      fail(
        "macro `\(macro.name)` takes \(macro.parameters.count) argument\(macro.parameters.count == 1 ? "" : "s") (\(expected)), got \(arguments.count)",
        at: arguments.last?.range ?? name.range)
      return nil
    }
    if macro.template != nil {
      guard let checked = specialize(index, name: name, arguments: arguments, in: tree) else { return nil }
      index = checked
      macro = state.macros[index]
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
    } else if let owner = state.verbTable.owners[text(name)].map({ state.types[$0[0].type] }) {
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
    let before = errorCount
    // A body with receiver parameters is checked here for the first types that have what is
    // used on them, and again at each call for the instances it gives.
    let members = receiverMembers(of: parameters, in: body, of: tree)
    var receivers = [Int?](repeating: nil, count: parameters.count)
    for (slot, used) in members.enumerated() {
      guard let used else { continue }
      guard let type = state.types.indices.first(where: { has(used, type: $0) }) else {
        if let unknown = used.first(where: { member in !state.types.indices.contains { has([member], type: $0) } }) {
          let kind = unknown.isQuery ? "query" : "verb"
          let known = state.types.flatMap { unknown.isQuery ? $0.queries.map(\.name) : $0.verbs.map(\.name) }
          fail(
            "no receiver has a \(kind) `\(unknown.name)`", at: unknown.range,
            suggestion: suggestion(for: unknown.name, among: known))
          continue
        }
        fail(
          "no receiver has every verb and query used on `$\(text(parameters[slot]))`: "
            + used.map { "`\($0.name)`" }.joined(separator: ", "),
          at: used[0].range)
        continue
      }
      receivers[slot] = type
    }
    guard errorCount == before else { return nil }
    var macro = compileBody(
      of: text(name), parameters: parameters.map(text), receivers: receivers, body: body, in: tree, range: range)
    let defined = state.macros.count
    if members.contains(where: { $0 != nil }) {
      // The template, which calls check again; the body just checked serves the calls
      // that bind the same (built-in) instances.
      let checked = macro
      macro.template = MacroTemplate(
        tree: tree, body: body, members: members, usedInstance: state.usedInstance, macrosBefore: defined,
        hasErrors: errorCount != before)
      macro.body = []
      state.macros.append(macro)
      state.macros.append(checked)
      state.specializations[[defined] + receivers.map { $0 ?? -1 }] = defined + 1
    } else {
      state.macros.append(macro)
    }
    guard nameIsFree else { return nil }
    // Defined even if its body has errors (the whole input then fails and the definition
    // is dropped with it), so that calls to it do not report it as unknown as well.
    state.define(text(name), as: defined)
    bareNames.set(name.symbol, to: .macro(defined))
    return ok && errorCount == before ? .definition() : nil
  }

  /// Checks a macro's body, with its receiver parameters standing for `receivers`.
  private mutating func compileBody(
    of name: String, parameters: [String], receivers: [Int?], body: NodeRange, in tree: SyntaxTree,
    range: SourceRange
  ) -> Macro {
    let outer = (scope, blockNesting, nesting, loopVariables, messageVariables, isQueuing, irreversibles)
    let outerVariables = (variableScopes, loopDepth)
    defer {
      (scope, blockNesting, nesting, loopVariables, messageVariables, isQueuing, irreversibles) = outer
      (variableScopes, loopDepth) = outerVariables
    }
    (blockNesting, nesting, loopVariables, messageVariables, isQueuing, irreversibles) = (
      0, 0, [], [], false, IrreversibleCommands()
    )
    // The body's own variables, in a scope of its own; it sees the top level's declared
    // before it.
    (variableScopes, loopDepth) = ([[:]], 0)
    scope = MacroScope(
      name: name, parameters: parameters,
      constraints: receivers.map { $0 == nil ? .any : .receiver },
      constrainedAt: Array(repeating: nil, count: parameters.count), receivers: receivers)
    let errorsBefore = errorCount
    let ops = compileNested(body, in: tree)
    // A command that cannot be undone and ends the body gets its warning where a call is
    // followed by another command.
    var irreversibleEnd: IrreversibleCommands.Entry?
    if irreversibles.isNoted {
      let settled = irreversibles.settle(ops, state: state)
      for warning in settled.warnings { record(warning) }
      irreversibleEnd = settled.end
    }
    let constraints = scope!.constraints
    let returns = scope!.returns
    if let returns, errorCount == errorsBefore { checkEveryPathReturns(ops, macro: name, at: returns.range) }
    // A parameter printed (`echo $c`, `"is $c"`) before or after a use made it a word is
    // printed as the word, now that the whole body says what it is.
    let body =
      constraints.contains(where: { if case .kind(.word) = $0 { true } else { false } })
      ? WordNaming(constraints: constraints).rewrite(ops) : ops
    return Macro(
      name: name, parameters: parameters, constraints: constraints, body: body, range: range,
      runsCommands: Macro.runCommands(ops, macros: state.macros), irreversibleEnd: irreversibleEnd,
      depth: ops.reduce(0) { max($0, levels(of: $1)) }, returns: returns?.kind)
  }

  /// The macro `template`'s body checked for the instances a call gives its receiver
  /// parameters (once per distinct binding), or nil with the error recorded at the call.
  private mutating func specialize<Arguments: RandomAccessCollection<ArgumentNode>>(
    _ template: Int, name: Name, arguments: Arguments, in tree: SyntaxTree
  ) -> Int? where Arguments.Index == Int {
    let macro = state.macros[template]
    let members = macro.template!.members
    var receivers = [Int?](repeating: nil, count: members.count)
    for (slot, used) in members.enumerated() {
      guard let used else { continue }
      let argument = arguments[slot]
      guard
        case .constant(.integer(let instance))? = operand(
          argument, in: tree, for: .receiver, what: "`$\(macro.parameters[slot])`")
      else { return nil }
      let type = state.instances[instance].type
      if let missing = used.first(where: { !has([$0], type: type) }) {
        var problem = Problem(
          "`\(state.instances[instance].name)` cannot stand for `$\(macro.parameters[slot])` of `\(macro.name)`: a \(state.types[type].name) has no \(missing.isQuery ? "query" : "verb") `\(missing.name)`",
          at: argument.range)
        problem.notes.append(("used here", missing.range))
        record(problem)
        return nil
      }
      receivers[slot] = instance
    }
    let key = [template] + receivers.map { $0 ?? -1 }
    if let known = state.specializations[key] { return known }
    let template = macro.template!
    guard !template.hasErrors else { return nil }
    // Names in the body mean what they meant at the definition.
    let outer = (state.usedInstance, macrosInForce, bareNames)
    (state.usedInstance, macrosInForce, bareNames) = (template.usedInstance, template.macrosBefore, SymbolMemo())
    let recorded = problems.count
    let checked = compileBody(
      of: macro.name, parameters: macro.parameters, receivers: receivers, body: template.body, in: template.tree,
      range: macro.range)
    (state.usedInstance, macrosInForce, bareNames) = outer
    // Warnings were given at the definition; an error is this binding's, given at the call.
    let errors = takeProblems(after: recorded).filter { $0.severity == .error }
    if let first = errors.first {
      let bound = receivers.indices.compactMap { slot in
        receivers[slot].map { "`$\(macro.parameters[slot])` as `\(state.instances[$0].name)`" }
      }
      var problem = Problem(
        "macro `\(macro.name)` does not check with \(bound.joined(separator: " and ")): \(first.message)",
        at: name.range.through(arguments.last?.range ?? name.range))
      problem.notes = [("in the body of `\(macro.name)`", first.range)] + first.notes
      record(problem)
      return nil
    }
    state.macros.append(checked)
    state.specializations[key] = state.macros.count - 1
    return state.macros.count - 1
  }

  /// Whether receiver type `type` has every verb and query in `members`.
  private func has(_ members: [ReceiverMember], type: Int) -> Bool {
    members.allSatisfy {
      $0.isQuery ? state.types[type].queryIndex($0.name) != nil : state.types[type].verbIndex($0.name) != nil
    }
  }

  /// For each parameter of a macro, the verbs and queries used on it before `.` in `body`
  /// (`$d.close`, `if $d.open`), and those of the macros it is passed to as a receiver;
  /// nil for a parameter never used as a receiver.
  private func receiverMembers(of parameters: [Name], in body: NodeRange, of tree: SyntaxTree) -> [[ReceiverMember]?] {
    var members = [[ReceiverMember]?](repeating: nil, count: parameters.count)
    let names = parameters.map(text)
    func note(_ target: Target?, _ member: Name, isQuery: Bool) {
      guard let target, target.isParameter, let slot = names.firstIndex(of: text(target.name)) else { return }
      members[slot] =
        (members[slot] ?? []) + [ReceiverMember(name: text(member), isQuery: isQuery, range: member.range)]
    }
    func visit(_ argument: ArgumentNode) {
      if case .expression(let index, _) = argument { visit(expression: index) }
    }
    func visit(expression index: Int32) {
      switch tree.expressions[Int(index)] {
      case .query(let receiver, let name, let arguments, _):
        note(receiver, name, isQuery: true)
        tree.queryArguments[arguments].forEach(visit)
      case .unary(_, let operand, _, _): visit(expression: operand)
      case .binary(_, let left, let right, _, _):
        visit(expression: left)
        visit(expression: right)
      case .group(let inner, _): visit(expression: inner)
      case .call(_, let arguments, _): tree.queryArguments[arguments].forEach(visit)
      case .integer, .decimal, .word, .string, .parameter: break
      }
    }
    func visit(_ body: NodeRange) {
      for statement in tree.statements[body] { visit(statement) }
    }
    func visit(_ statement: Statement) {
      switch statement.kind {
      case .invocation(let receiver, let name, let arguments):
        // `$d.locked` standing alone asks the query (it prints the answer): a query where no
        // receiver type has a verb by that name.
        let verb = text(name)
        let isQuery =
          receiver != nil && !state.types.contains { $0.verbIndex(verb) != nil }
          && state.types.contains { $0.queryIndex(verb) != nil }
        note(receiver, name, isQuery: isQuery)
        let given = ArgumentList(arguments, of: tree)
        given.forEach(visit)
        // `shut $d`: `$d` is a receiver for the macro it is passed to.
        if receiver == nil, let called = state.macro(named: text(name), before: macrosInForce),
          let calledMembers = state.macros[called].template?.members
        {
          for (i, argument) in given.enumerated() where i < calledMembers.count {
            guard case .parameter(let p) = argument, let used = calledMembers[i],
              let slot = names.firstIndex(of: text(p))
            else { continue }
            members[slot] =
              (members[slot] ?? []) + used.map { ReceiverMember(name: $0.name, isQuery: $0.isQuery, range: p.range) }
          }
        }
      case .block(let body), .transaction(let body, _), .while(_, let body):
        if case .while(let condition, _) = statement.kind { visit(expression: condition) }
        visit(body)
      case .repeat(let count, let body), .countedRepeat(let count, _, let body):
        visit(count)
        visit(body)
      case .if(let condition, let then, let otherwise):
        visit(expression: condition)
        visit(then)
        visit(otherwise)
      case .try(let body, let otherwise, _):
        visit(body)
        if let otherwise { visit(otherwise) }
      case .assert(let condition, _), .declare(_, let condition, _), .assign(_, let condition),
        .returnValue(let condition):
        visit(expression: condition)
      case .echo(let arguments): ArgumentList(arguments, of: tree).forEach(visit)
      case .queue(let index): visit(tree.statements[Int(index)])
      case .macro, .use, .undo, .redo, .move, .history, .show, .help, .new, .run, .pending, .discard, .batch, .source,
        .export, .loopExit:
        break
      }
    }
    visit(body)
    return members
  }

  /// How deep the invoker recurses to run `op`: one level for the op, and those of what it
  /// contains. Bounded: blocks nest at most `Parser.maxDepth` deep, and a call counts
  /// its macro's depth, worked out once at its definition.
  func levels(of op: Op) -> Int {
    var deepest = 0
    op.forEachPart { part in
      switch part {
      case .block(let ops, _): deepest = ops.reduce(deepest) { max($0, levels(of: $1)) }
      case .call(let call): deepest = max(deepest, state.macros[call.macro].depth)
      case .command, .decision: break
      }
    }
    return 1 + deepest
  }
}

/// Rewrites a macro body so that the parameters it prints which are words (`echo $c` where
/// `paint $c` made `$c` a colour) are printed as their words, not their indices.
private struct WordNaming {
  let constraints: [Constraint]

  private func set(of slot: Int) -> WordSet? {
    guard slot < constraints.count, case .kind(.word(let set)) = constraints[slot] else { return nil }
    return set
  }

  func rewrite(_ ops: [Op]) -> [Op] { ops.map(rewrite) }

  /// Whether `e` is certainly text: a string, or one made of pieces.
  private static func isText(_ e: Expression) -> Bool {
    switch e {
    case .constant(.string), .interpolation, .joined, .text, .wordText: true
    default: false
    }
  }

  func rewrite(_ op: Op) -> Op {
    switch op {
    case .command, .commands, .show, .help, .loopExit: return op
    case .returnValue(var value):
      value.value = rewrite(value.value)
      return .returnValue(value)
    case .assign(var assignment):
      assignment.value = rewrite(assignment.value)
      return .assign(assignment)
    case .parameterizedCommand(var command):
      command.arguments = command.arguments.map(rewrite)
      return .parameterizedCommand(command)
    case .sequence(let ops): return .sequence(rewrite(ops))
    case .repeat(let count, let body, let range):
      return .repeat(count: rewrite(count), body: rewrite(body), range: range)
    case .call(var call):
      call.arguments = call.arguments.map(rewrite)
      return .call(call)
    case .countedLoop(var loop):
      (loop.count, loop.body) = (rewrite(loop.count), rewrite(loop.body))
      return .countedLoop(loop)
    case .conditional(let c):
      return .conditional(
        Conditional(condition: rewrite(c.condition), then: rewrite(c.then), otherwise: rewrite(c.otherwise)))
    case .loop(var loop):
      (loop.condition, loop.body) = (rewrite(loop.condition), rewrite(loop.body))
      return .loop(loop)
    case .attempt(var attempt):
      (attempt.body, attempt.otherwise) = (rewrite(attempt.body), attempt.otherwise.map(rewrite))
      return .attempt(attempt)
    case .assertion(var assertion):
      assertion.condition = rewrite(assertion.condition)
      return .assertion(assertion)
    case .echo(var echo):
      echo.parts = echo.parts.map { part in
        if case .parameter(let slot) = part.0, let set = set(of: slot) { return (part.0, .word(set)) }
        return (rewrite(part.0), part.1)
      }
      return .echo(echo)
    }
  }

  func rewrite(_ operand: Operand) -> Operand {
    guard case .computed(let expression, let accepts, let range) = operand else { return operand }
    return .computed(rewrite(expression), accepts: accepts, range: range)
  }

  func rewrite(_ expression: Expression) -> Expression {
    switch expression {
    case .constant, .parameter, .query, .attribute, .wordText, .variable: return expression
    case .call(var call):
      call.arguments = call.arguments.map(rewrite)
      return .call(call)
    case .text(let e, let kind):
      // A parameter returned as text (`return $c`) that the body made a word is its word.
      if case .parameter(let slot) = e, let set = set(of: slot) { return .wordText(slot: slot, set) }
      return .text(rewrite(e), kind)
    case .not(let e): return .not(rewrite(e))
    case .and(let l, let r): return .and(rewrite(l), rewrite(r))
    case .or(let l, let r): return .or(rewrite(l), rewrite(r))
    case .comparison(let op, let l, let r):
      // A parameter compared as text (`$c == "red"`) that the body made a word is its text.
      func side(_ e: Expression, other: Expression) -> Expression {
        if case .parameter(let slot) = e, let set = set(of: slot), Self.isText(other) {
          return .wordText(slot: slot, set)
        }
        return rewrite(e)
      }
      return .comparison(op, side(l, other: r), side(r, other: l))
    case .arithmetic(let op, let l, let r, let at): return .arithmetic(op, rewrite(l), rewrite(r), at: at)
    case .negation(let e, let at): return .negation(rewrite(e), at: at)
    case .decimal(let e): return .decimal(rewrite(e))
    case .decimalNegation(let e): return .decimalNegation(rewrite(e))
    case .decimalArithmetic(let op, let l, let r, let at): return .decimalArithmetic(op, rewrite(l), rewrite(r), at: at)
    case .decimalComparison(let op, let l, let r): return .decimalComparison(op, rewrite(l), rewrite(r))
    case .joined(let l, let lk, let r, let rk, let range):
      // A parameter that the call makes a word is written as the word.
      func side(_ e: Expression, _ kind: ValueKind) -> (Expression, ValueKind) {
        if case .parameter(let slot) = e, let set = set(of: slot) { return (e, .word(set)) }
        return (rewrite(e), kind)
      }
      let (left, right) = (side(l, lk), side(r, rk))
      return .joined(left.0, left.1, right.0, right.1, range: range)
    case .interpolation(let pieces, let range):
      return .interpolation(
        pieces.map { piece in
          if case .parameter(let slot) = piece, let set = set(of: slot) { return .wordText(slot: slot, set) }
          return rewrite(piece)
        }, range: range)
    }
  }
}
