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
  public func completions(of word: String, after prefix: String) -> [String] {
    let bytes = Array(prefix.utf8)
    let context = bytes.withUnsafeBufferPointer { CompletionContext(scanning: $0) }
    guard !context.endsInStringOrComment else { return [] }
    var seen = Set<String>()
    return candidates(in: context).filter { $0.hasPrefix(word) && seen.insert($0).inserted }.sorted()
  }

  private func candidates(in context: CompletionContext) -> [String] {
    candidates(for: context.statement[...], in: context)
  }

  private func candidates(for tokens: ArraySlice<CompletionContext.Piece>, in context: CompletionContext) -> [String] {
    let state = checkerState
    let parameters = context.macroParameters.map { "$" + $0 }
    guard let head = tokens.first else {
      // The start of a statement: inside a block, only the statements that may stand there.
      let keywords = Keyword.documented.filter { context.depth == 0 || $0.declaration.placement == .anywhere }
      return keywords.map(\.rawValue) + state.types.flatMap { $0.verbs.map(\.name) }
        + state.macroByName.keys + state.instances.map { $0.name + "." }
    }
    // Inside `( … )` (`echo (`, `move up (`): an expression, completed as a condition.
    if let open = CompletionContext.unclosedParenthesis(in: tokens) {
      return conditionCandidates(tokens[(open + 1)...], parameters: parameters)
    }
    guard case .word(let first) = head else { return [] }
    if let keyword = Keyword(rawValue: first) {
      // `queue STATEMENT`: what follows is a statement of its own.
      if keyword == .queue { return candidates(for: tokens.dropFirst(), in: context) }
      let isCondition = keyword == .if || keyword == .while || keyword == .assert
      guard tokens.count == 1 || isCondition else { return [] }
      switch keyword {
      case .show, .use: return state.instanceNames
      case .help: return Help.topics(state: state)
      case .new: return state.types.map(\.name)
      case .batch: return ["off"]
      case .repeat: return parameters
      case .if, .while, .assert: return conditionCandidates(tokens.dropFirst(), parameters: parameters)
      // Listed rather than a `default:`, so that a new keyword is a decision here too.
      case .undo, .redo, .goto, .earlier, .later, .history, .macro, .transaction, .queue, .run, .pending, .discard,
        .source, .export,
        .record, .end, .macros, .try, .echo, .else, .as, .and, .or, .not, .true, .false:
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
  private func conditionCandidates(_ tokens: ArraySlice<CompletionContext.Piece>, parameters: [String]) -> [String] {
    let state = checkerState
    if tokens.count >= 2, tokens.last == .dot, case .word(let receiver) = tokens[tokens.endIndex - 2] {
      guard let instance = state.instanceIndex(receiver) else { return [] }
      return state.types[state.instances[instance].type].queries.map(\.name)
    }
    switch tokens.last {
    case nil, .word("not")?, .word("and")?, .word("or")?, .invalid?, .openParenthesis?, .operator?:
      return state.instances.map { $0.name + "." } + ["not"] + parameters
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

  private func argumentConstraints(_ verb: VerbInfo, at index: Int) -> [Constraint] {
    index < verb.parameters.count ? [Constraint(verb.parameters[index].kind)] : []
  }

  /// The bare words an argument of `constraint` may be. (No `default:`: a new kind is a
  /// decision here.)
  private func words(of constraint: Constraint) -> [String] {
    switch constraint {
    case .word(let set): set.words + set.aliases.keys
    case .boolean: ["true", "false"]
    // A macro's receiver parameter (`secure gar` → `garage`).
    case .receiver: checkerState.instanceNames
    case .any, .integer, .decimal, .string: []
    }
  }
}

/// Where the cursor stands in an entry being typed: the tokens of the statement it is in,
/// how deeply blocks are open, and the parameters of the macro whose body is open.
private struct CompletionContext {
  enum Piece: Equatable {
    case word(String)
    case dot
    /// An integer, a string or a `$parameter`.
    case otherArgument
    case invalid
    case openParenthesis, closeParenthesis
    /// `==`, `+` and the other operators that are not words.
    case `operator`

    var isArgument: Bool {
      switch self {
      case .word, .otherArgument, .openParenthesis, .closeParenthesis, .operator: return true
      case .dot, .invalid: return false
      }
    }
  }

  /// Where the last `(` of `tokens` that no `)` closes is, if any.
  static func unclosedParenthesis(in tokens: ArraySlice<Piece>) -> Int? {
    var closed = 0
    for i in tokens.indices.reversed() {
      switch tokens[i] {
      case .closeParenthesis: closed += 1
      case .openParenthesis:
        if closed == 0 { return i }
        closed -= 1
      default: break
      }
    }
    return nil
  }

  private(set) var statement: [Piece] = []
  /// For each open `{`, the parameters of the macro whose body it is in (none outside macros).
  private var open: [[String]] = []

  /// Whether the text ends inside a string or a comment, where nothing is completed.
  private(set) var endsInStringOrComment = false

  var depth: Int { open.count }
  var macroParameters: [String] { open.last ?? [] }

  init(scanning bytes: UnsafeBufferPointer<UInt8>) {
    var lexer = Lexer(bytes, source: 0, symbols: SymbolTable())
    var end = 0
    while true {
      let token = lexer.next()
      defer { end = token.range.end }
      switch token.kind {
      case .endOfInput:
        // A line break is a token, so a `#` after the last token starts a comment that
        // runs to the end; a string that runs to the end is an invalid token.
        endsInStringOrComment = bytes[end..<bytes.count].contains(UInt8(ascii: "#"))
        return
      case .invalid where bytes[token.range.start] == UInt8(ascii: "\"") && token.range.end == bytes.count:
        endsInStringOrComment = true
        return
      case .semicolon, .newline:
        statement = []
      case .leftBrace:
        var parameters = macroParameters
        if statement.first == .word(Keyword.macro.rawValue) {
          parameters = statement.dropFirst(2).compactMap { if case .word(let w) = $0 { w } else { nil } }
        } else if let named = statement.firstIndex(of: .word(Keyword.as.rawValue)).map({ $0 + 1 }),
          named < statement.count, case .word(let name) = statement[named]
        {
          // `repeat 3 as i {`, `} else as e {`: `$i` and `$e` inside.
          parameters.append(name)
        }
        open.append(parameters)
        statement = []
      case .rightBrace:
        _ = open.popLast()
        statement = []
      case .word: statement.append(.word(lexer.text(of: token.range)))
      case .dot: statement.append(.dot)
      case .integer, .decimal, .duration, .string, .parameter: statement.append(.otherArgument)
      case .leftParen: statement.append(.openParenthesis)
      case .rightParen: statement.append(.closeParenthesis)
      case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .plus, .minus, .star, .slash, .percent:
        statement.append(.operator)
      case .invalid: statement.append(.invalid)
      }
    }
  }
}
