/// The text of `help`, generated from the same declarations the checker uses, so help and
/// checking can never disagree. Lines stay within the width asked (80 by default).
enum Help {
  /// The built-in statements, as `help` lists them.
  static var statements: [(keyword: Keyword, usage: String, summary: String)] {
    Keyword.documented.map { ($0, $0.declaration.usage, $0.declaration.summary) }
  }

  static func topics(state: CheckerState) -> [String] {
    let members = state.instances.enumerated().flatMap { index, instance in
      guard state.instanceIndex(instance.name) == index else { return [String]() }
      let type = state.types[instance.type]
      return (type.verbs.map(\.name) + type.queries.map(\.name)).map { instance.name + "." + $0 }
    }
    return state.instanceNames + state.receiverTypes.flatMap { $0.verbs.map(\.name) + $0.queries.map(\.name) }
      + state.macroByName.keys.sorted() + statements.map(\.keyword.rawValue) + wordKinds(state).map(\.name)
      + members + Keyword.conditionWords.map(\.rawValue) + operators.map(\.symbol) + [VariableStore.typeName]
  }

  /// The operators of conditions and expressions that are not words (`and`, `or` and `not`
  /// are declared as keywords), as `help ==` explains them.
  static let operators: [Operator] = [
    .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .plus, .minus, .times, .divide, .remainder,
  ]

  /// What an operator does, with an example. (No `default:`: a new operator is a decision
  /// here.)
  static func explain(_ op: Operator) -> (usage: String, summary: String, example: String) {
    switch op {
    case .equal:
      (
        "a == b", "holds if the values are equal (numbers, words, strings, booleans)",
        "if board.winner == X { echo \"X won\" }"
      )
    case .notEqual: ("a != b", "holds if the values differ", "if board.cell 2 2 != empty { echo \"taken\" }")
    case .less: ("a < b", "holds if the number a is less than b", "while shape.x < 5 { move right }")
    case .lessEqual: ("a <= b", "holds if the number a is at most b", "if shape.y <= 0 { move up }")
    case .greater: ("a > b", "holds if the number a is more than b", "if shape.x > 3 { move left }")
    case .greaterEqual: ("a >= b", "holds if the number a is at least b", "assert board.moves >= 1")
    case .plus:
      (
        "a + b", "adds numbers; with a string on either side, joins texts",
        "echo (\"at \" + shape.x + \", \" + shape.y)"
      )
    case .minus, .negate: ("a - b, -a", "subtracts; before one value, negates it", "move right (5 - shape.x)")
    case .times: ("a * b", "multiplies", "move up (shape.x * 2)")
    case .divide: ("a / b", "divides; integers truncate toward zero", "echo (shape.x / 2)")
    case .remainder: ("a % b", "the remainder, with the sign of a", "if shape.x % 2 == 0 { paint red }")
    case .or, .and, .not: (op.symbol, Keyword(rawValue: op.symbol)!.declaration.summary, "")
    }
  }

  /// The named word sets of the verbs' parameters and the queries (`colour`, `direction`),
  /// each once, with where each is taken (`shape.paint`) and answered (`shape.colour`).
  static func wordKinds(_ state: CheckerState) -> [(name: String, set: WordSet, uses: [String])] {
    var kinds: [(name: String, set: WordSet, uses: [String])] = []
    func note(_ kind: ParameterKind?, _ result: QueryKind?, _ use: String) {
      let set: WordSet
      if case .word(let s)? = kind { set = s } else if case .word(let s)? = result { set = s } else { return }
      guard let name = set.name else { return }
      if let i = kinds.firstIndex(where: { $0.name == name }) {
        if !kinds[i].uses.contains(use) { kinds[i].uses.append(use) }
      } else {
        kinds.append((name, set, [use]))
      }
    }
    for type in state.receiverTypes {
      for verb in type.verbs {
        for p in verb.parameters { note(p.kind, nil, "\(type.name).\(verb.name)") }
      }
      for query in type.queries {
        for p in query.parameters { note(p.kind, nil, "\(type.name).\(query.name)") }
        note(nil, query.result, "\(type.name).\(query.name)")
      }
    }
    return kinds
  }

  /// `help vars`: what variables are and how `show vars` writes them.
  static let variablesHelp =
    "show vars\n  the variables in force, one `NAME = VALUE` a line in the order declared, values"
    + " written as scripts write them (\"text\", 3, 2.5, true, red); under --json one line,"
    + " {\"receiver\": \"vars\", \"state\": {\"NAME\": VALUE, ...}}; `show` alone includes them."
    + " `let NAME = VALUE` binds a name, `var NAME = VALUE` declares a variable, `NAME = VALUE`"
    + " assigns it and `$NAME` reads it. A variable is state: an assignment is undone, redone,"
    + " rolled back, journaled and exported with its statement."

  static func knows(_ topic: String, state: CheckerState) -> Bool {
    topics(state: state).contains(topic)
  }

  static func text(topic: String?, state: CheckerState, example: String? = nil, width: Int = 80) -> String {
    guard let topic else { return fitted(overview(state: state, example: example), width: width) }
    var sections: [String] = []
    if let dot = topic.firstIndex(of: "."), let instance = state.instanceIndex(String(topic[..<dot])) {
      let (name, member) = (String(topic[..<dot]), String(topic[topic.index(after: dot)...]))
      let type = state.types[state.instances[instance].type]
      if let verb = type.verbs.first(where: { $0.name == member }) {
        sections.append((["\(name).\(verbLine(verb))"] + parameterLines(verb)).joined(separator: "\n"))
      }
      if let query = type.queries.first(where: { $0.name == member }) {
        sections.append("\(name).\(pad(query.signature, 28))\(query.summary): \(query.result.description)")
      }
    }
    if let kind = wordKinds(state).first(where: { $0.name == topic }) {
      sections.append(
        "\(kind.name): one of \(kind.set.words.joined(separator: ", "))\n  used by "
          + kind.uses.joined(separator: ", "))
    }
    if let instance = state.instanceIndex(topic) {
      sections.append(receiver(state.types[state.instances[instance].type], named: topic))
    }
    for type in state.receiverTypes {
      if let verb = type.verbs.first(where: { $0.name == topic }) {
        sections.append((["\(type.name).\(verbLine(verb))"] + parameterLines(verb)).joined(separator: "\n"))
      }
      // A query's name alone (`help x`): where it is asked (`shape.x`).
      if let query = type.queries.first(where: { $0.name == topic }) {
        sections.append("\(type.name).\(pad(query.signature, 28))\(query.summary): \(query.result.description)")
      }
    }
    if let index = state.macroByName[topic] {
      let macro = state.macros[index]
      let params = macro.parameters.map { " " + $0 }.joined()
      var lines = ["macro \(macro.name)\(params)"]
      for (name, constraint) in zip(macro.parameters, macro.constraints) {
        lines.append("  $\(name): \(constraint.description)")
      }
      if let kind = macro.returns {
        lines.append("  returns \(kind.nounPhrase(bounds: false)): call it in expressions")
      }
      sections.append(lines.joined(separator: "\n"))
    }
    if let keyword = Keyword(rawValue: topic),
      Keyword.documented.contains(keyword) || Keyword.conditionWords.contains(keyword)
    {
      let declaration = keyword.declaration
      sections.append("\(declaration.usage)\n  \(declaration.summary)" + exampleLine(declaration.example, state))
    }
    if topic == VariableStore.typeName, state.instanceIndex(topic) == nil {
      sections.append(variablesHelp + exampleLine("var n = 1; let c = red; n = $n + 1; show vars", state))
    }
    if let op = operators.first(where: { $0.symbol == topic }) {
      let (usage, summary, example) = explain(op)
      sections.append("\(usage)\n  \(summary)" + exampleLine(example, state))
    }
    return fitted(sections.joined(separator: "\n\n"), width: width)
  }

  /// `text` with every line longer than `width` broken at spaces (summaries and word lists
  /// come from receivers, and may be long). A table row continues under its second column
  /// (after its first run of two spaces); any other line two columns in from its indent.
  static func fitted(_ text: String, width: Int = 80) -> String {
    var out: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var current = Array(line)
      let leading = current.prefix { $0 == " " }.count
      guard current.count > width, leading < width / 2 else {
        out.append(String(line))
        continue
      }
      var indent = leading + 2
      if let gap = (leading..<current.count - 1).first(where: { current[$0] == " " && current[$0 + 1] == " " }),
        let column = current[gap...].firstIndex(where: { $0 != " " }), column <= width / 2
      {
        indent = column
      }
      var first = true
      while current.count > width {
        // The last space that keeps the line within the width, else the first one after.
        let low = first ? max(indent, leading + 1) : indent + 1
        guard
          let space = (low...width).reversed().first(where: { current[$0] == " " })
            ?? (width..<current.count).first(where: { current[$0] == " " })
        else { break }
        var head = current[..<space]
        while head.last == " " { head.removeLast() }
        out.append(String(head))
        current = Array(repeating: " ", count: indent) + current[(space + 1)...].drop { $0 == " " }
        first = false
      }
      out.append(String(current))
    }
    return out.joined(separator: "\n")
  }

  private static func verbLine(_ verb: MemberDeclaration) -> String {
    let undo = verb.isUndoable ? "" : "  (cannot be undone)"
    return pad(verb.signature, 28) + verb.summary + undo
  }

  /// A verb's parameters, a line each, then when it cannot work (``Availability``).
  private static func parameterLines(_ verb: MemberDeclaration) -> [String] {
    verb.parameters.map { p in
      var line = "    \(p.name): \(p.kind.description)"
      if case .word(let set) = p.kind, set.name != nil { line += " (" + set.words.joined(separator: " ") + ")" }
      // A default no script could write (a receiver's marker for "no value") is not shown.
      if let d = p.defaultValue, let shown = describe(d, p.kind) { line += ", default \(shown)" }
      return line
    } + verb.availability.map { "    unavailable \($0.description): \($0.reason)" }
  }

  /// A default value as a script would write it, or nil if it is not a value of `kind`.
  private static func describe(_ value: Value, _ kind: ValueKind) -> String? {
    guard kind.accepts(value) else { return nil }
    let words: [String]? = if case .word(let set) = kind { set.words } else { nil }
    return ScriptString.argument(value, words: words)
  }

  private static func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s + "  " : s + String(repeating: " ", count: width - s.count)
  }

  private static func receiver(_ type: ReceiverTypeInfo, named name: String) -> String {
    var lines = ["\(name): \(type.summary)"]
    for verb in type.verbs {
      lines.append("  " + verbLine(verb))
      lines += parameterLines(verb)
    }
    if !type.queries.isEmpty {
      lines.append("  Queries, asked as `\(name).\(type.queries[0].name)`:")
      for query in type.queries {
        lines.append("  " + pad(query.signature, 28) + "\(query.summary): \(query.result.description)")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The example `help` ends with when the built-in shape is there to run it, else nil.
  /// The built-in receivers the examples of statements and operators are written for.
  static let exampleReceivers = ["shape", "door", "board", "vehicle"]

  /// `example` as the last line of a statement's or operator's help, where the receivers
  /// it is written for exist; else nothing (an app's own help names only what it has).
  static func exampleLine(_ example: String, _ state: CheckerState) -> String {
    let types = Set(state.receiverTypes.map(\.name))
    return exampleReceivers.allSatisfy(types.contains) ? "\n  example: " + example : ""
  }

  static func shapeExample(for types: [ReceiverTypeInfo]) -> String? {
    types.contains { $0.name == "shape" } ? "move up; paint red; repeat 4 { move right 2 }; undo" : nil
  }

  /// The index `help` shows: one line (or a few) per kind of name, so that it fits a
  /// terminal; `help NAME` tells more about each.
  private static func overview(state: CheckerState, example: String?) -> String {
    // A receiver once per name: an earlier one by a name reused after its `new` was undone
    // is no longer reachable. An instance made by `new` shows its type.
    let receivers = state.instances.enumerated().compactMap { index, instance -> String? in
      guard state.instanceIndex(instance.name) == index else { return nil }
      let type = state.types[instance.type].name
      return type == instance.name ? instance.name : "\(instance.name) (\(type))"
    }
    var verbs: [String] = []
    for type in state.receiverTypes { verbs += type.verbs.map(\.name).filter { !verbs.contains($0) } }
    let hasShape = shapeExample(for: Array(state.receiverTypes)) != nil
    var lines = [
      "Receivers: " + receivers.joined(separator: ", "),
      "  `help RECEIVER` lists its verbs and queries; write `receiver.verb`, or just `verb` when only one has it",
      "Verbs: " + verbs.joined(separator: " "),
      "Statements (separate with `;` or a new line): " + statements.map(\.keyword.rawValue).joined(separator: " "),
      "Conditions and values: "
        + (Keyword.conditionWords.map(\.rawValue) + operators.map(\.symbol))
        .joined(separator: " "),
    ]
    let kinds = wordKinds(state).map(\.name)
    if !kinds.isEmpty { lines.append("Word kinds: " + kinds.joined(separator: " ")) }
    let macroByName = state.macroByName
    if !macroByName.isEmpty {
      lines.append(
        "Macros: "
          + macroByName.sorted(by: { $0.key < $1.key }).map { name, index in
            ([name] + state.macros[index].parameters).joined(separator: " ")
          }.joined(separator: ", "))
    }
    if let example { lines.append("Example: " + example) }
    // The topics it names must exist: the built-in shape's, or none.
    lines.append(
      hasShape
        ? "`help NAME` tells more about a receiver (`help shape`), verb (`help shape.move`), query (`help x`),"
          + " macro, statement (`help repeat`), operator (`help ==`) or word kind (`help colour`)."
        : "`help NAME` tells more about a receiver, verb, query, macro, statement, operator or word kind.")
    return lines.joined(separator: "\n")
  }

}
