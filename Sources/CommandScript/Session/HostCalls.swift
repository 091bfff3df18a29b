// What a host calls instead of writing script text: perform a verb with typed arguments,
// undo and redo, a group of calls as one step. Each call is written as a statement (with
// the one writer of values as script text) and run as one, so it is checked against the
// same declarations, atomic, one undo step and journaled exactly as if it had been typed.

/// Calls gathered by ``Session/group(_:_:)``, to run together as one statement.
public struct CallGroup {
  /// The statements, as script text.
  fileprivate var statements: [String] = []
  fileprivate let session: Session

  fileprivate init(session: Session) { self.session = session }

  /// Adds `verb` on `receiver` with `arguments`, as ``Session/perform(_:on:_:coalescing:)`` would run it.
  public mutating func perform(_ verb: String, on receiver: String? = nil, _ arguments: CallArgument...) {
    statements.append(session.statement(verb, on: receiver, arguments))
  }

  /// Adds `verb` on `receiver` with `arguments`, as ``Session/perform(_:on:arguments:coalescing:)`` would.
  public mutating func perform(_ verb: String, on receiver: String? = nil, arguments: [CallArgument]) {
    statements.append(session.statement(verb, on: receiver, arguments))
  }
}

extension Session {
  /// Runs `verb` on the receiver called `receiver` (or, without one, a verb or macro as a
  /// bare name is resolved in scripts) with `arguments`, as one statement: checked against
  /// the verb's declaration, all or nothing, one undo step, given to the journal.
  ///
  /// ```swift
  /// try session.perform("insert", on: "text", .text(pasted))
  /// try session.perform("move", on: "shape", "up", 3)
  /// ```
  ///
  /// With a coalescing `key`, the step it makes joins the step made by the call just
  /// before, if that call had the same key and nothing happened in between (no other step,
  /// no undo, redo or move, no ``breakCoalescing()``): typing "Draft" into a bound field
  /// makes one step, titled as the first call's. With a ``journal`` set, calls do not
  /// coalesce (a replay would make each its own step). See <doc:UndoAsAnAppExpectsIt>.
  ///
  /// Throws as ``run(_:)-1qicv`` does: a compile error (no such verb, an argument of the wrong
  /// kind) located in the statement as written, or the receiver's failure. Its async twin,
  /// ``perform(_:on:_:)``, runs a verb that waits for a result (a request).
  public func perform(
    _ verb: String, on receiver: String? = nil, _ arguments: CallArgument..., coalescing key: String? = nil
  ) throws(RunError) {
    try perform(verb, on: receiver, arguments: arguments, coalescing: key)
  }

  /// ``perform(_:on:_:coalescing:)`` with the arguments as an array.
  public func perform(
    _ verb: String, on receiver: String? = nil, arguments: [CallArgument], coalescing key: String? = nil
  ) throws(RunError) {
    let mark = coalescingMark()
    try runCall(statement(verb, on: receiver, arguments))
    if let key { coalesce(key, since: mark) }
  }

  /// Runs the calls that `body` adds to its group together, as one statement: one undo
  /// step, all or nothing, named `name` in undo titles and changes: the statement
  /// `transaction "NAME" { … }`, so that the journal and `export` keep the name. They run when
  /// `body` returns, in order; if `body` throws, none runs. An empty group runs nothing.
  ///
  /// ```swift
  /// try session.group("Paste") { calls in
  ///   calls.perform("clear", on: "text")
  ///   calls.perform("insert", on: "text", .text(clipboard))
  /// }
  /// ```
  ///
  /// Throws ``RunError`` as ``perform(_:on:_:coalescing:)`` does, and what `body` throws (a
  /// body that gives up throws a ``RunError`` of its own, or returns having added nothing).
  ///
  /// Use it for calls known together, which must stand or fall together and be journaled
  /// as one; ``beginGroup(_:)`` and ``endGroup()`` for a gesture whose steps come one by
  /// one (a drag) and stay each as it is made if a later one fails.
  public func group(_ name: String? = nil, _ body: (inout CallGroup) throws(RunError) -> Void) throws(RunError) {
    var calls = CallGroup(session: self)
    try body(&calls)
    guard !calls.statements.isEmpty else { return }
    let head = name.map { "transaction \(ScriptString.literal($0)) { " } ?? "transaction { "
    try runCall(head + calls.statements.joined(separator: "; ") + " }")
  }

  /// Undoes the last `steps` steps (1 by default), as the statement `undo N` does: a
  /// warning (to ``onDiagnostic``) if there are fewer.
  public func undo(_ steps: Int = 1) throws(RunError) {
    try runCall(Self.historyStatement("undo", steps))
  }

  /// Redoes the last `steps` undone steps (1 by default), as the statement `redo N` does.
  public func redo(_ steps: Int = 1) throws(RunError) {
    try runCall(Self.historyStatement("redo", steps))
  }

  /// `undo` or `redo` of `steps` steps as a statement, for the sync and the async calls.
  static func historyStatement(_ keyword: String, _ steps: Int) -> String {
    steps == 1 ? keyword : "\(keyword) \(steps)"
  }

  /// A host's call as a statement: each argument written as the parameter it meets takes
  /// it, so that the checker judges it as it would the same statement typed.
  func statement(_ verb: String, on receiver: String?, _ arguments: [CallArgument]) -> String {
    let head = receiver.map { "\($0).\(verb)" } ?? verb
    let declarations = declarations(of: verb, on: receiver)
    var words = [head]
    for (i, argument) in arguments.enumerated() {
      switch argument {
      case .integer, .boolean: words.append(ScriptString.argument(argument))
      // Not finite: the word `inf` or `nan`, which the checker rejects where a number goes.
      case .decimal(let x): words.append(x.isFinite ? ScriptString.argument(argument) : x.isNaN ? "nan" : "inf")
      case .word:
        // The word at that index of the set every verb the name may stand for takes there;
        // else the index, which the checker reports as the wrong kind.
        let sets = declarations.map { i < $0.parameters.count ? $0.parameters[i].kind : nil }
        guard case .word(let set)? = sets.first, sets.allSatisfy({ $0 == .word(set) }) else {
          words.append(ScriptString.argument(argument))
          continue
        }
        words.append(ScriptString.argument(argument, words: set.words))
      case .string(let text):
        // Text: a word where every verb the name may stand for takes one; else a string,
        // which the checker accepts or reports as the wrong kind.
        let takesWords =
          !declarations.isEmpty
          && declarations.allSatisfy { i < $0.parameters.count && $0.parameters[i].kind.takesWords }
        words.append(takesWords && Lexer.isWord(text) ? text : ScriptString.argument(argument))
      }
    }
    return words.joined(separator: " ")
  }

  /// The verbs `verb` on `receiver` may stand for: the receiver's, or without one every
  /// type's verb by that name.
  private func declarations(of verb: String, on receiver: String?) -> [MemberDeclaration] {
    if let receiver {
      guard let instance = checkerState.instanceIndex(receiver) else { return [] }
      let type = type(ofInstance: instance)
      return type.verbIndex(verb).map { [type.verbs[$0]] } ?? []
    }
    return checkerState.verbTable.owners[verb]?.map { checkerState.types[$0.type].verbs[$0.verb] } ?? []
  }

  /// Runs a host's call, written as a statement.
  func runCall(_ text: String) throws(RunError) {
    try run(Self.callSource(text))
  }

  /// A host's call, written as a statement, as the source that `run` compiles: errors are
  /// located in `<call>`.
  static func callSource(_ text: String) -> SourceFile { SourceFile(name: "<call>", text: text) }
}
