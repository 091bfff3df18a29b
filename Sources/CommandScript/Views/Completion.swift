/// Tab completion, generated from the declarations the checker uses (receiver instances,
/// their verbs and parameter kinds, the macros in force and the statement keywords), so
/// completion can never offer what the checker would reject.
extension Session {
  /// The words that can stand where `word` is being typed, `prefix` being the text before
  /// it in the entry (earlier lines of an open block included): statements, bare verbs,
  /// macros and `receiver.` at the start of a statement; verbs after `receiver.`; the words
  /// of a word-set parameter (directions, colours, ...) and `$param` names inside a macro
  /// body (and `repeat … as` turns, `else as` messages in theirs) in argument position;
  /// receivers after `show` and `use`, and where a macro takes a receiver; topics after
  /// `help`; receiver types after `new`; a statement after `queue`; a condition's words
  /// inside `( … )` (`echo (`).
  /// Candidates start with `word`, are sorted, and a receiver at the start of a statement
  /// ends in `.`. None inside a string or a comment.
  package func completions(of word: String, after prefix: String) -> [String] {
    let context = CursorContext(before: prefix)
    guard !context.endsInStringOrComment else { return [] }
    var seen = Set<String>()
    return candidates(in: context).filter { $0.hasPrefix(word) && seen.insert($0).inserted }.sorted()
  }

  /// The names `$NAME` may stand for at the end of `text` (the text before a cursor): the
  /// one reading of scope that Tab completion and the editor server share. The text's own
  /// `let`s and `var`s (a block's only inside it, after their statement), a macro's
  /// parameters in its body, `repeat … as` turns and `else as` messages in theirs
  /// (``CursorContext/boundNames``); before them, unless `textIsCompiled`, the session's
  /// top-level variables (those of earlier entries, at the prompt). `textIsCompiled`: this
  /// session compiled the whole of the text's source (the editor server's document), so
  /// each variable the text declares has its kind, found by where it is bound.
  package func namesInScope(before text: String, textIsCompiled: Bool = false) -> [NameInScope] {
    namesInScope(CursorContext(before: text), textIsCompiled: textIsCompiled)
  }

  private func namesInScope(_ context: CursorContext, textIsCompiled: Bool = false) -> [NameInScope] {
    let state = checkerState
    var names: [NameInScope] = []
    if !textIsCompiled {
      names = state.globals.sorted { $0.value < $1.value }.map { name, slot in
        let variable = state.variables[slot]
        let at = sources.location(of: variable.range)
        return NameInScope(
          name: name, binding: variable.isLet ? .let : .var, kind: variable.kind.nounPhrase(bounds: false),
          line: at.line, column: at.column)
      }
    }
    for bound in context.boundNames {
      let variable =
        textIsCompiled
        ? state.variables.last {
          guard $0.name == bound.name else { return false }
          let at = sources.location(of: $0.range)
          return at.line == bound.line && at.column == bound.column
        }
        : nil
      names.removeAll { $0.name == bound.name }
      names.append(
        NameInScope(
          name: bound.name, binding: bound.binding, kind: variable.map { $0.kind.nounPhrase(bounds: false) },
          line: bound.line,
          column: bound.column))
    }
    return names
  }

  /// The statements of the REPL (`record`, `end`, `macros`), as the language declares
  /// them: words it reserves, which the command line performs rather than the session.
  package static let replStatements: [String] = Keyword.allCases.filter { $0.declaration.placement == .repl }.map(
    \.rawValue)

  private func candidates(in context: CursorContext) -> [String] {
    candidates(for: context.statement[...], in: context)
  }

  private func candidates(for tokens: ArraySlice<CursorContext.Piece>, in context: CursorContext) -> [String] {
    let state = checkerState
    // `$`: the names in scope.
    let parameters = namesInScope(context).map { "$" + $0.name }
    guard let head = tokens.first else {
      // The start of a statement: inside a block, only the statements that may stand there.
      let keywords = Keyword.documented.filter {
        $0.declaration.placement == .macroBody
          ? context.isInMacroBody : context.depth == 0 || $0.declaration.placement == .anywhere
      }
      return keywords.map(\.rawValue) + state.receiverTypes.flatMap { $0.verbs.map(\.name) }
        + state.macroByName.keys + state.instanceNames.map { $0 + "." }
    }
    // Inside `( … )` (`echo (`, `move up (`): an expression, completed as a condition.
    if let open = CursorContext.unclosedParenthesis(in: tokens) {
      return conditionCandidates(tokens[(open + 1)...], parameters: parameters)
    }
    guard case .word(let first) = head else { return [] }
    // `NAME = …`: the value, completed as a condition.
    if tokens.count >= 2, tokens[tokens.startIndex + 1] == .operator, Keyword(rawValue: first) == nil {
      return conditionCandidates(tokens.dropFirst(2), parameters: parameters)
    }
    if let keyword = Keyword(rawValue: first) {
      // `queue STATEMENT`: what follows is a statement of its own.
      if keyword == .queue { return candidates(for: tokens.dropFirst(), in: context) }
      let isCondition = keyword == .if || keyword == .while || keyword == .assert || keyword == .return
      let isDeclaration = keyword == .let || keyword == .var
      guard tokens.count == 1 || isCondition || isDeclaration else { return [] }
      switch keyword {
      case .show, .use: return state.instanceNames
      case .help: return Help.topics(state: state)
      case .new: return state.receiverTypes.map(\.name)
      case .batch: return ["off"]
      case .export: return ["tree"]
      case .repeat: return parameters
      case .if, .while, .assert, .return: return conditionCandidates(tokens.dropFirst(), parameters: parameters)
      // `let NAME = …`: the value, completed as a condition.
      case .let, .var: return tokens.count >= 3 ? conditionCandidates(tokens.dropFirst(3), parameters: parameters) : []
      // Listed rather than a `default:`, so that a new keyword is a decision here too.
      case .undo, .redo, .goto, .earlier, .later, .history, .macro, .transaction, .queue, .run, .pending, .discard,
        .source,
        .record, .end, .macros, .try, .echo, .else, .as, .and, .or, .not, .true, .false, .break,
        .continue:
        return []
      }
    }
    // `receiver.verb arguments` or `verb arguments`: which parameter kinds could the next
    // argument have?
    var constraints: [Constraint] = []
    let tokens = Array(tokens)
    var arguments = tokens.dropFirst()
    if tokens.count >= 2, tokens[1] == .dot {
      guard let instance = state.instanceIndex(first) else { return [] }
      let type = state.types[state.instances[instance].type]
      if tokens.count == 2 { return type.verbs.map(\.name) }
      guard case .word(let verb) = tokens[2], let index = type.verbIndex(verb) else { return [] }
      arguments = tokens.dropFirst(3)
      constraints = argumentConstraints(type.verbs[index], at: arguments.count)
    } else if let macro = state.macroByName[first] {
      let constraints = state.macros[macro].constraints
      guard arguments.count < constraints.count else { return [] }
      // A receiver parameter: the receivers that have every verb and query used on it.
      if let used = state.macros[macro].template?.members[arguments.count] {
        return instances(having: used) + parameters
      }
      return words(of: constraints[arguments.count]) + parameters
    } else {
      var types = state.types.indices.filter { state.types[$0].verbIndex(first) != nil }
      if let used = state.usedInstance, types.contains(state.instances[used].type) {
        types = [state.instances[used].type]
      }
      for type in types {
        constraints += argumentConstraints(
          state.types[type].verbs[state.types[type].verbIndex(first)!], at: arguments.count)
      }
      if types.isEmpty { return [] }
    }
    // No parameter has room for another argument: nothing can stand here, `$param` neither.
    guard !constraints.isEmpty, !arguments.contains(where: { !$0.isArgument }) else { return [] }
    return constraints.flatMap(words(of:)) + parameters
  }

  /// In a condition: a receiver's queries after `receiver.`; where an operand starts (at
  /// the start, or after `not`, `and`, `or` or a comparison), a query's receiver, `not` or
  /// a parameter.
  private func conditionCandidates(_ tokens: ArraySlice<CursorContext.Piece>, parameters: [String]) -> [String] {
    let state = checkerState
    if tokens.count >= 2, tokens.last == .dot, case .word(let receiver) = tokens[tokens.endIndex - 2] {
      guard let instance = state.instanceIndex(receiver) else { return [] }
      return state.types[state.instances[instance].type].queries.map(\.name)
    }
    switch tokens.last {
    case nil, .word("not")?, .word("and")?, .word("or")?, .invalid?, .openParenthesis?, .operator?:
      // A macro that returns a value is called where an operand starts (`double 3 + 1`).
      let returning = state.macroByName.filter { state.macros[$0.value].returns != nil }.keys.sorted()
      return state.instanceNames.map { $0 + "." } + ["not"] + parameters + returning
    default: return []
    }
  }

  /// The receivers (each name once) whose type has every verb and query in `members`.
  private func instances(having members: [ReceiverMember]) -> [String] {
    let state = checkerState
    return state.instances.enumerated().compactMap { index, instance in
      guard state.instanceIndex(instance.name) == index else { return nil }
      let type = state.types[instance.type]
      let hasAll = members.allSatisfy { $0.isQuery ? type.queryIndex($0.name) != nil : type.verbIndex($0.name) != nil }
      return hasAll ? instance.name : nil
    }
  }

  private func argumentConstraints(_ verb: MemberDeclaration, at index: Int) -> [Constraint] {
    index < verb.parameters.count ? [Constraint(verb.parameters[index].kind)] : []
  }

  /// The bare words an argument of `constraint` may be.
  private func words(of constraint: Constraint) -> [String] {
    switch constraint {
    case .kind(let kind): kind.words
    // A macro's receiver parameter (`secure gar` → `garage`).
    case .receiver: checkerState.instanceNames
    case .any: []
    }
  }
}

/// A name `$NAME` stands for where a cursor is (``Session/namesInScope(before:textIsCompiled:)``).
package struct NameInScope: Equatable, Sendable {
  package var name: String
  package var binding: CursorContext.BoundName.Binding
  /// Its kind as messages name it (`an integer`, `a colour`), where the checker knows it.
  package var kind: String?
  /// Where the name is written where it is bound: line and column, from 1.
  package var line: Int
  package var column: Int

  /// What it is, in a few words: `let, an integer`, `a parameter of the macro`.
  package var summary: String {
    let how =
      switch binding {
      case .let, .var: binding.rawValue
      case .parameter: "a parameter of the macro"
      case .turn: "the turn of `repeat … as`"
      case .message: "the failure's message of `else as`"
      }
    return kind.map { how + ", " + $0 } ?? how
  }
}
