// The checker's arguments stage: a command's arguments against its verb's parameters, and an
// argument against what its slot accepts. Whether a literal is of a slot's kind is decided in
// one place, `ValueKind.value(of:)`; the packed fast path only caches those answers, per
// symbol and slot.

extension Checker {
  // MARK: Arguments

  mutating func compileCommand(
    instance: Int, verb: Int, name: Name, arguments: ArgumentList, in tree: SyntaxTree, start: SourceRange? = nil
  ) -> Op? {
    let type = state.instances[instance].type
    let shape = verbTable.verbs[verbTable.firstVerb[type] + verb]
    guard arguments.count <= shape.count, arguments.count >= shape.required else {
      reportArgumentCount(of: state.types[type].verbs[verb], name: name, arguments: arguments)
      return nil
    }
    if !shape.isUndoable {
      noteIrreversible(instance: instance, verb: verb, name: name, arguments: arguments, start: start)
    }
    // Nearly every command is a `SmallCommand`: it is looked up without making an array.
    var small = CommandTable.SmallCommand(instance: Int32(instance), verb: Int32(verb))
    for i in 0..<shape.count {
      if let packed = packedArgument(i, of: arguments, slot: shape.first + i),
        small.append(packed.value, isWord: packed.isWord)
      {
        continue
      }
      return compileLargeCommand(
        instance: instance, verb: verb, name: name, arguments: arguments, in: tree, start: start)
    }
    return .command(id: commands.intern(small), range: commandRange(name: name, arguments: arguments, start: start))
  }

  /// Out of line: commands that cannot be undone are rare.
  @inline(never) mutating func noteIrreversible(
    instance: Int, verb: Int, name: Name, arguments: ArgumentList, start: SourceRange?
  ) {
    guard nesting > 0 else { return }
    irreversibles.note(
      instance: instance, verb: verb, name: name.range, op: commandRange(name: name, arguments: arguments, start: start)
    )
  }

  /// The warnings for the commands that cannot be undone in `op`, the outermost block of a
  /// statement (nil if it had errors: then none).
  @inline(never) mutating func warnIrreversibles(in op: Op?) {
    for warning in irreversibles.settle(op.map { [$0] } ?? [], state: state).warnings { record(warning) }
  }

  /// Argument `i` (or the parameter's default) as ``CommandTable/SmallCommand`` packs it,
  /// if it is an integer or a word that its parameter accepts; nil otherwise.
  @inline(__always) mutating func packedArgument(_ i: Int, of arguments: ArgumentList, slot: Int) -> PackedValue? {
    if i >= arguments.count { return verbTable.parameters[slot].packedDefault }
    return packed(arguments[i], slot: slot)
  }

  /// `argument` as ``CommandTable/SmallCommand`` packs it, if it is an integer or a word
  /// that parameter `slot` accepts; nil otherwise.
  @inline(__always) mutating func packed(_ argument: ArgumentNode, slot: Int) -> PackedValue? {
    switch argument {
    case .integer(let n, _):
      return packedInteger(n, slot: slot)
    case .word(let word):
      guard verbTable.parameters[slot].isWord, let index = wordIndex(word, slot: slot) else { return nil }
      return (index, true)
    case .decimal, .string, .parameter, .expression:
      return nil
    }
  }

  /// Integer `n` as ``CommandTable/SmallCommand`` packs it, if parameter `slot` accepts it.
  @inline(__always) func packedInteger(_ n: Int, slot: Int) -> PackedValue? {
    guard case .integer? = verbTable.parameters[slot].accepts.value(of: .integer(n)) else { return nil }
    return (n, false)
  }

  /// `packed(_:slot:)` from what is known, without changing anything: nil also for a word
  /// whose index in the slot's set has not been looked up yet. (Not a step of `packed`:
  /// that made `compileCommand` cost 18 instructions more a command.)
  @inline(__always) func packedIfKnown(_ argument: ArgumentNode, slot: Int) -> PackedValue? {
    switch argument {
    case .integer(let n, _):
      return packedInteger(n, slot: slot)
    case .word(let word):
      guard verbTable.parameters[slot].isWord, let known = wordIndices.known(for: word.symbol, column: slot),
        let index = known
      else { return nil }
      return (Int(index), true)
    case .decimal, .string, .parameter, .expression:
      return nil
    }
  }

  /// A command that does not fit a `SmallCommand`: one with a string, a macro parameter or
  /// more arguments than it packs; or one with an argument its parameter does not accept
  /// (nil, with the error recorded).
  mutating func compileLargeCommand(
    instance: Int, verb: Int, name: Name, arguments: ArgumentList, in tree: SyntaxTree, start: SourceRange?
  ) -> Op? {
    let type = state.instances[instance].type
    let shape = verbTable.verbs[verbTable.firstVerb[type] + verb]
    var operands: [Operand] = []
    var ok = true
    for i in 0..<shape.count {
      let slot = shape.first + i
      if let packed = packedArgument(i, of: arguments, slot: slot) {
        operands.append(.constant(packed.isWord ? .word(packed.value) : .integer(packed.value)))
      } else if i >= arguments.count {
        // A default that does not pack: a string.
        operands.append(.constant(state.types[type].verbs[verb].parameters[i].defaultValue!))
      } else {
        let declared = state.types[type].verbs[verb].parameters[i]
        guard let checked = operand(arguments[i], in: tree, for: Constraint(declared.kind), what: "`\(declared.name)`")
        else {
          ok = false
          continue
        }
        operands.append(checked)
      }
    }
    guard ok else { return nil }
    let range = commandRange(name: name, arguments: arguments, start: start)
    let values = operands.compactMap { if case .constant(let v) = $0 { v } else { nil } }
    guard values.count == operands.count else {
      return .parameterizedCommand(
        MemberCall(instance: instance, member: verb, arguments: operands, range: range))
    }
    let id = commands.intern(ResolvedCommand(instance: Int32(instance), verb: Int32(verb), arguments: values))
    return .command(id: id, range: range)
  }

  /// A command's range: from its receiver (`start`) or its verb to its last argument.
  @inline(__always) func commandRange(name: Name, arguments: ArgumentList, start: SourceRange?) -> SourceRange {
    (start ?? name.range).through(arguments.last?.range ?? name.range)
  }

  /// The error for a command with too many arguments or too few.
  mutating func reportArgumentCount(of declaration: MemberDeclaration, name: Name, arguments: ArgumentList) {
    let parameters = declaration.parameters
    if arguments.count > parameters.count {
      let extra = arguments[parameters.count]
      let most =
        parameters.count == 0
        ? "no arguments" : "at most \(parameters.count) argument\(parameters.count == 1 ? "" : "s")"
      fail(
        "`\(text(name))` takes \(most) (usage: \(declaration.signature))",
        at: extra.range.through(arguments.last!.range)
      )
    } else {
      fail(
        "`\(text(name))` needs a \(parameters[arguments.count].name) (usage: \(declaration.signature))",
        at: arguments.last?.range ?? name.range)
    }
  }

  /// The index of `word` in the word set of parameter `slot` (numbered as in
  /// `verbTable.parameters`), or nil if it is not one of them (the caller reports it). By
  /// symbol: the first time a symbol is met in a slot costs a search of the set, later
  /// times an array read.
  @inline(__always) mutating func wordIndex(_ word: Name, slot: Int) -> Int? {
    func lookUp() -> Int? {
      guard case .word(let index)? = verbTable.parameters[slot].accepts.value(of: .string(symbols[word.symbol]))
      else { return nil }
      return index
    }
    // The memo grows with the highest symbol it meets: past the first `memoizedSymbols`
    // names of a compilation, look up without it, so that input with millions of
    // distinct words cannot make it that large.
    guard word.symbol < Self.memoizedSymbols else { return lookUp() }
    return wordIndices.value(for: word.symbol, column: slot) { lookUp().map { Int32(truncatingIfNeeded: $0) } }
      .map { Int($0) }
  }

  /// `$NAME` of a `repeat … as NAME`: an integer from 1, checked against a narrower range
  /// when the command runs.
  private mutating func loopVariable(slot: Int, named name: String, at range: SourceRange, for constraint: Constraint)
    -> Operand?
  {
    switch constraint {
    case .any: return .parameter(slot)
    case .kind(.integer(let allowed)):
      if allowed.lowerBound <= 1 && allowed.upperBound == Int.max { return .parameter(slot) }
      return .computed(.parameter(slot), accepts: constraint, range: range)
    case .kind(.decimal):
      return .computed(.decimal(.parameter(slot)), accepts: constraint, range: range)
    // Only numbers take a turn.
    case .kind, .receiver:
      fail(
        "`$\(name)` is the turn of `repeat … as \(name)`, an integer; here it must be \(constraint.description)",
        at: range)
      return nil
    }
  }

  /// The error for `$NAME` that names no parameter or turn here. In a string, a known name
  /// that begins it (`$ith` for `$i`) is what was meant, with text after it: the note says
  /// how.
  mutating func unknownParameter(_ name: String, at range: SourceRange, inString: Bool = false) {
    let variables = variableScopes.flatMap(\.keys) + state.globals.keys
    let known = (scope?.parameters ?? []) + loopVariables + variables.sorted()
    guard !known.isEmpty else {
      fail("parameter `$\(name)` used outside a macro", at: range)
      return
    }
    guard scope != nil || !loopVariables.isEmpty else {
      fail(
        "unknown variable `$\(name)`", at: range,
        suggestion: suggestion(for: name, among: known).map { "$" + $0 } ?? "var \(name) = 0")
      return
    }
    let message = scope.map { "macro `\($0.name)` has no parameter `$\(name)`" } ?? "unknown parameter `$\(name)`"
    if inString, let prefix = known.filter({ name.hasPrefix($0) }).max(by: { $0.count < $1.count }) {
      var problem = Problem(message, at: range, suggestion: "$" + prefix)
      problem.notes.append(
        ("to write text right after `$\(prefix)`, write `${\(prefix)}\(name.dropFirst(prefix.count))`", nil))
      record(problem)
    } else {
      fail(message, at: range, suggestion: suggestion(for: name, among: known).map { "$" + $0 })
    }
  }

  /// How many of a compilation's symbols the per-parameter word memos cover.
  static let memoizedSymbols: SymbolTable.ID = 4096

  /// Checks an argument against what its slot needs, and says where its value comes from.
  /// `what` names the slot in messages; it is built only when there is an error.
  mutating func operand(
    _ argument: ArgumentNode, in tree: SyntaxTree, for constraint: Constraint, what: @autoclosure () -> String
  ) -> Operand? {
    switch argument {
    case .parameter(let parameter):
      let (name, range) = (text(parameter), parameter.range)
      if let number = ScriptArguments.number(name) {
        return scriptArgument(number, at: range, for: constraint, what: what())
      }
      if let index = loopVariables.lastIndex(of: name), messageVariables.contains(index) {
        // The failure's message of `try … else as NAME`: a string.
        guard constraint == .any || constraint == .kind(.string) else {
          fail("`$\(name)` is the failure's message, a string; here it must be \(constraint.description)", at: range)
          return nil
        }
        return .parameter((scope?.parameters.count ?? 0) + index)
      }
      if let index = loopVariables.lastIndex(of: name) {
        return loopVariable(slot: (scope?.parameters.count ?? 0) + index, named: name, at: range, for: constraint)
      }
      if let slot = isVariable(name) { return variableOperand(slot, at: range, for: constraint, what: what()) }
      guard var scope, let slot = scope.parameters.firstIndex(of: name) else {
        unknownParameter(name, at: range)
        return nil
      }
      if let instance = scope.receivers[slot] {
        // A receiver parameter passes its instance on, to another macro's.
        guard constraint == .receiver else {
          fail(
            "`$\(name)` stands for a receiver: use it as `$\(name).VERB` or `$\(name).QUERY`, or pass it to a macro",
            at: range)
          return nil
        }
        return .constant(.integer(instance))
      }
      guard constraint != .receiver else {
        fail("`$\(name)` is not a receiver parameter of `\(scope.name)`: \(what()) must be a receiver", at: range)
        return nil
      }
      guard let merged = scope.constraints[slot].merged(with: constraint) else {
        var problem = Problem(
          "parameter `$\(name)` is used as \(constraint.description) here, but as \(scope.constraints[slot].description) before",
          at: range)
        if let earlier = scope.constrainedAt[slot] { problem.notes.append(("first used here", earlier)) }
        record(problem)
        return nil
      }
      scope.constraints[slot] = merged
      if scope.constrainedAt[slot] == nil, constraint != .any { scope.constrainedAt[slot] = range }
      self.scope = scope
      return .parameter(slot)
    case .integer(let n, let range):
      if let value = constraint.value(of: .integer(n)) { return .constant(value) }
      fail("\(what()) must be \(constraint.description), not \(n)", at: range)
      return nil
    case .decimal(let x, let range):
      if let value = constraint.value(of: .decimal(x)) { return .constant(value) }
      fail("\(what()) must be \(constraint.description), not \(ScriptString.decimal(x))", at: range)
      return nil
    case .word(let name):
      if case .receiver = constraint { return resolveInstance(name).map { .constant(.integer($0)) } }
      let word = text(name)
      if let value = constraint.value(of: .string(word)) { return .constant(value) }
      if case .kind(.word(let set)) = constraint {
        fail(
          set.name != nil
            ? "`\(word)` is not \(constraint.description)"
            : "\(what()) must be \(constraint.description), not `\(word)`",
          at: name.range, suggestion: suggestion(for: word, among: set.words + set.aliases.keys.sorted()))
      } else {
        fail("\(what()) must be \(constraint.description), not the word `\(word)`", at: name.range)
      }
      return nil
    case .string(let index, let range):
      switch constraint {
      case .any, .kind(.string):
        guard let string = compileString(index, in: tree, at: range) else { return nil }
        if case .constant(.string(let text)) = string { return .constant(.string(text)) }
        return .computed(string, accepts: .kind(.string), range: range)
      // A string is a string's only.
      case .kind, .receiver:
        fail("\(what()) must be \(constraint.description), not a string", at: range)
        return nil
      }
    case .expression(let index, let range):
      let expression: Expression?
      switch constraint {
      case .any: expression = compileAnyExpression(index, in: tree)?.0
      // Of the kind without its bounds: the value is checked against them when it runs.
      case .kind(let kind): expression = compileExpression(index, in: tree, as: kind.widened, what: what())
      case .receiver:
        fail("\(what()) must be a receiver's name, not an expression", at: range)
        return nil
      }
      return expression.map { .computed($0, accepts: constraint, range: range) }
    }
  }

}
