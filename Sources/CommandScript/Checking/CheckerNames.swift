// Names in statements: the instance a command's or query's receiver stands for, the one a
// name means after `new` and `undo`, an unknown command's message with its suggestion, and
// an invocation compiled against its verb.

extension Checker {
  /// The instance a command's or query's receiver stands for: a receiver parameter's is
  /// the one the macro's body is being checked for.
  mutating func resolveTarget(_ target: Target) -> Int? {
    guard target.isParameter else { return resolveInstance(target.name) }
    let name = text(target.name)
    if let number = ScriptArguments.number(name) {
      guard
        case .constant(.integer(let instance))? = scriptArgument(
          number, at: target.range, for: .receiver, what: "the receiver")
      else { return nil }
      return instance
    }
    guard let scope, let slot = scope.parameters.firstIndex(of: name) else {
      unknownParameter(name, at: target.range)
      return nil
    }
    // Every parameter used before `.` is bound while a body is checked (see MacroChecking).
    guard let instance = scope.receivers[slot] else {
      fail("parameter `$\(name)` of macro `\(scope.name)` is not a receiver parameter here", at: target.range)
      return nil
    }
    return instance
  }

  /// A receiver as written: `door`, `$d`.
  func text(_ target: Target) -> String { (target.isParameter ? "$" : "") + text(target.name) }

  mutating func resolveInstance(_ name: Name) -> Int? {
    if let index = state.instanceIndex(text(name)) { return index }
    // A name cut short (`gar` for `garage`) is too far from it to be a slip: the one
    // receiver it begins, if there is just one, is meant.
    let names = state.instanceNames
    fail(
      "unknown receiver `\(text(name))`", at: name.range,
      suggestion: suggestion(for: text(name), among: names) ?? onlyCompletion(of: text(name), among: names))
    return nil
  }

  /// The error for a bare name that is no verb or macro: a query's name says where to ask it
  /// (`x` → `shape.x`), another language's word what to write here (`print` → `echo`), any
  /// other the nearest name.
  mutating func unknownCommand(_ name: Name) {
    let word = text(name)
    if let owner = state.instances.first(where: { state.types[$0.type].queryIndex(word) != nil }) {
      fail(
        "unknown command `\(word)`: a query is asked of its receiver", at: name.range,
        suggestion: owner.name + "." + word)
    } else if let hint = ForeignWords.hint(for: word) {
      fail(hint == ForeignWords.helpAndLeave ? hint : "unknown command `\(word)`: \(hint)", at: name.range)
    } else {
      fail("unknown command `\(word)`", at: name.range, suggestion: suggestion(for: word, among: allCommandNames))
    }
  }

  /// Every verb name, macro name and statement keyword: what a misspelt statement might
  /// have meant.
  var allCommandNames: [String] {
    var names = state.types.flatMap { $0.verbs.map(\.name) }
    names += state.definitions.keys.sorted()
    names += Help.statements.map(\.keyword.rawValue)
    return names
  }

  mutating func compileInvocation(
    receiver: Target?, name: Name, arguments: ArgumentList, in tree: SyntaxTree
  ) -> Op? {
    if let receiver {
      guard let instance = resolveTarget(receiver) else { return nil }
      let type = state.types[state.instances[instance].type]
      guard let verb = type.verbIndex(text(name)) else {
        if type.queryIndex(text(name)) != nil {
          // `shape.x` standing alone: its value printed, as `echo (shape.x)`.
          return compileQueryStatement(receiver: receiver, name: name, arguments: Array(arguments), in: tree)
        }
        fail(
          "`\(text(receiver))` has no verb `\(text(name))`", at: name.range,
          suggestion: suggestion(for: text(name), among: type.verbs.map(\.name)))
        return nil
      }
      return compileCommand(
        instance: instance, verb: verb, name: name, arguments: arguments, in: tree, start: receiver.range)
    }
    let found: Range<Int>
    switch meaning(of: name) {
    case .macro(let macro):
      if state.macros[macro].returns != nil {
        return valueCallStatement(macro: macro, name: name, arguments: arguments, in: tree)
      }
      return compileCall(macro: macro, name: name, arguments: arguments, in: tree)
    case .verbs(let owned): found = owned
    }
    if let scope, scope.name == text(name) {
      fail("macro `\(text(name))` cannot call itself: recursion could never end", at: name.range)
      return nil
    }
    // A bare verb: the `use`d receiver if it has the verb, else the only type that has it.
    if let used = state.usedInstance,
      let owner = ownersMet[found].first(where: { $0.type == state.instances[used].type })
    {
      notePlainVerb(name, type: state.instances[used].type, verb: owner.verb)
      return compileCommand(instance: used, verb: owner.verb, name: name, arguments: arguments, in: tree)
    }
    switch found.count {
    case 0:
      unknownCommand(name)
      return nil
    case 1:
      let (type, verb) = ownersMet[found.lowerBound]
      guard let instance = state.instances.firstIndex(where: { $0.type == type }) else {
        fail("no receiver of type `\(state.types[type].name)` exists", at: name.range)
        return nil
      }
      notePlainVerb(name, type: type, verb: verb)
      return compileCommand(instance: instance, verb: verb, name: name, arguments: arguments, in: tree)
    default:
      // A plugin's verb yields to the others': a script that does not name the plugin means
      // what it meant without it.
      let kept = ownersMet[found].filter { !state.types[$0.type].yieldsBareVerbs }
      if kept.count == 1, let instance = state.instances.firstIndex(where: { $0.type == kept[0].type }) {
        notePlainVerb(name, type: kept[0].type, verb: kept[0].verb)
        return compileCommand(instance: instance, verb: kept[0].verb, name: name, arguments: arguments, in: tree)
      }
      let candidates = ownersMet[found].map { "`\(state.types[$0.type].name).\(text(name))`" }.joined(separator: " or ")
      fail(
        "`\(text(name))` is ambiguous: write \(candidates), or choose a receiver with `use`",
        at: name.range)
      return nil
    }
  }
}
