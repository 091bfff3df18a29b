// What a host can ask a session without changing it: whether text is complete or a word
// reserved, the receivers and their states, a query's answer, the queue, the history as a
// line, and help.

extension Session {
  /// Whether `text` ends inside a block or a string, or awaits a block, with no error in it
  /// certain yet, so that a line-by-line reader (the REPL, piped stdin, `serve`'s console)
  /// should read more lines before compiling it.
  package static func needsMoreInput(_ text: [UInt8]) -> Bool { Parser.needsMoreInput(text) }

  /// Whether `word` is reserved by the language (a statement, a word of conditions, or
  /// a REPL command), so that no receiver, verb or macro can take it.
  package static func isKeyword(_ word: some StringProtocol) -> Bool { Keyword(rawValue: String(word)) != nil }

  /// Whether a statement beginning with `keyword` may stand only at the top level (so not
  /// in a block or a macro body), as the language declares it.
  package static func standsOnlyAtTopLevel(_ keyword: some StringProtocol) -> Bool {
    guard let keyword = Keyword(rawValue: String(keyword)) else { return false }
    switch keyword.declaration.placement {
    case .anywhere, .inside, .macroBody: return false
    case .topLevel, .repl: return true
    }
  }

  /// The receiver instances' names, in order.
  public var receiverNames: [String] {
    timeline.instances.indices.filter { timeline.instances[$0].exists && $0 != checkerState.variableStore }
      .map { timeline.instances[$0].name }
  }

  /// The receiver called `name`, as its own type: the object the session's commands act
  /// on, for a host to read (to draw it, say). Nil if there is none by that name, it is not
  /// an `R`, or the `new` that made it was undone. Change it only through the session (a
  /// command, ``perform(_:on:_:coalescing:)``), or undo and the journal will not know of the change.
  public func receiver<R: ReceiverBase>(_ name: String, as type: R.Type = R.self) -> R? {
    timeline.instances.last { $0.name == name && $0.exists }?.object as? R
  }

  /// The state of the receiver called `name`.
  public func state(of name: String) -> StateValue? {
    timeline.instances.first { $0.name == name && $0.exists }?.state()
  }

  /// Asks the receiver called `receiver` its query `query`, with `arguments` (defaults
  /// filled in), as a condition in a script would; nothing changes. Throws if there is no
  /// such receiver or query, the arguments do not fit its parameters, or the receiver
  /// cannot answer (a cell outside the board).
  public func ask(_ receiver: String, _ query: String, _ arguments: [Value] = []) throws(CommandFailure) -> Answer {
    guard let index = timeline.instances.lastIndex(where: { $0.name == receiver && $0.exists }) else {
      throw CommandFailure("no receiver named `\(receiver)`")
    }
    let type = checkerState.types[checkerState.instances[index].type]
    let queries = type.queries
    guard let q = queries.firstIndex(where: { $0.name == query }) else {
      throw CommandFailure("`\(type.name)` has no query `\(query)`")
    }
    let parameters = queries[q].parameters
    guard arguments.count <= parameters.count, arguments.count >= queries[q].requiredCount else {
      throw CommandFailure("`\(type.name).\(query)` takes \(queries[q].signature)")
    }
    var values = arguments
    for (i, parameter) in parameters.enumerated() {
      if i >= values.count { values.append(parameter.defaultValue!) }
      guard parameter.kind.accepts(values[i]) else {
        throw CommandFailure(
          "`\(parameter.name)` of `\(type.name).\(query)` must be \(parameter.kind.nounPhrase())")
      }
    }
    return try timeline.instances[index].ask(q, Arguments(values))
  }

  /// The statements `queue` holds for `run`, as written canonically.
  public var pendingStatements: [String] { timeline.pendingQueue.map { canonicalText(of: $0.range) } }

  /// How many steps `undo` can take.
  public var undoCount: Int { timeline.undoCount }
  /// How many steps `redo` can take.
  public var redoCount: Int { timeline.redoCount }

  /// The undo steps, oldest first, then the undone ones.
  public var history: [HistoryEntry] {
    timeline.listedSteps.map { entry in
      HistoryEntry(number: entry.number, statement: canonicalText(of: entry.step.statement), undone: entry.undone)
    }
  }

  /// `text` with its lines broken to fit ``helpWidth``, as `help` breaks its own: for a
  /// host's additions to help (the REPL's commands).
  package func fittedToHelpWidth(_ text: String) -> String { Help.fitted(text, width: max(40, helpWidth())) }

  /// The help text for a topic (nil: the overview). On a macro it ends with the
  /// definition as written.
  public func help(_ topic: String? = nil) -> String {
    let text = Help.text(topic: topic, state: checkerState, example: helpExample, width: max(40, helpWidth()))
    guard let topic, let index = checkerState.macroByName[topic] else { return text }
    let definition = sourceText(of: checkerState.macros[index].range)
    return text + "\n  defined as:\n"
      + definition.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "    " + $0 }.joined(separator: "\n")
  }
}
