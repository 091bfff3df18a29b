// What UndoManager's users expect of a host's undo: open-ended groups (`beginGroup`,
// `endGroup`), calls that coalesce into the step before (typing), a history cleared, changes
// made without undo registration, and a user's whole script as one step.

/// A host's open groups and the last coalescing call.
final class HostUndoState {
  /// How many groups are open; the outermost makes the step.
  var depth = 0
  var title = ""
  /// The number the first step made in the open group has, or more.
  var firstNumber = 0
  /// The history limit, suspended while a group is open or registration is off: a step
  /// about to be joined or forgotten must not push older ones out.
  var suspendedLimit: Int??
  /// The key of the last coalescing call, the number of the step it made or joined, and
  /// the last number given when it returned, while nothing else happened.
  var coalescing: Coalescing?
  typealias Coalescing = (key: String, step: Int, last: Int)
}

extension Session {
  /// Opens a group: every step made until the matching ``endGroup()`` (by typed calls or
  /// scripts) becomes one undo step titled `title`, as UndoManager's `beginUndoGrouping`.
  /// Groups nest; the outermost makes the step, with its title. An `undo`, `redo` or move
  /// through the tree, while a group is open, ends it first (all levels). A group that makes
  /// no change makes no step.
  ///
  /// Throws with a ``journal`` set: a replay would make each statement its own step.
  public func beginGroup(_ title: String) throws(RunError) {
    try refuseWithJournal("a group")
    if hostUndo.depth == 0 {
      hostUndo.title = title
      hostUndo.firstNumber = timeline.invoker.history.lastNumber + 1
      breakCoalescing()
      suspendLimit()
    }
    hostUndo.depth += 1
  }

  /// Closes the group opened last; the outermost makes the steps made since it opened one
  /// step. Throws if no group is open.
  public func endGroup() throws(RunError) {
    guard hostUndo.depth > 0 else { throw Self.callError("`endGroup` with no group open") }
    hostUndo.depth -= 1
    if hostUndo.depth == 0 { closeGroup() }
  }

  /// Whether a group is open (``beginGroup(_:)``).
  public var isGrouping: Bool { hostUndo.depth > 0 }

  /// Ends every open group (an undo, a redo or a move is about to run).
  func willMoveThroughHistory() {
    breakCoalescing()
    guard hostUndo.depth > 0 else { return }
    hostUndo.depth = 0
    closeGroup()
  }

  /// Joins the steps made since the outermost group opened into one, titled as it.
  private func closeGroup() {
    breakCoalescing()
    let joined = joinNewestSteps(from: hostUndo.firstNumber, name: hostUndo.title)
    restoreLimit()
    if joined { noteUpdate() }
  }

  private func suspendLimit() {
    guard hostUndo.suspendedLimit == nil else { return }
    hostUndo.suspendedLimit = .some(timeline.invoker.historyLimit)
    timeline.invoker.historyLimit = nil
  }

  /// Puts the history limit back, and keeps to it.
  private func restoreLimit() {
    guard let limit = hostUndo.suspendedLimit else { return }
    hostUndo.suspendedLimit = nil
    timeline.invoker.historyLimit = limit
    timeline.invoker.keepToHistoryLimit()
  }

  /// Joins the kept steps numbered `first` or more — the newest, a chain ending at the
  /// current state — into one step named `name`. Returns whether there were any.
  @discardableResult
  private func joinNewestSteps(from first: Int, name: String) -> Bool {
    let history = timeline.invoker.history
    var count = 0
    var i = history.nodes.count - 1
    while i >= 0, history.nodes[i].number >= first, !history.nodes[i].isDropped, i == history.current - count {
      count += 1
      i -= 1
    }
    guard count > 0 else { return false }
    let ops = history.steps[(history.nodes.count - count)...].map(\.op)
    timeline.invoker.history.joinLast(count, name: name, op: count == 1 ? ops[0] : .sequence(ops))
    return true
  }

  /// Where the history stood before a typed call, for ``coalesce(_:since:)``.
  func coalescingMark() -> (previous: HostUndoState.Coalescing?, before: Int) {
    (hostUndo.coalescing, timeline.invoker.history.lastNumber)
  }

  /// After a call with a coalescing `key` (``perform(_:on:_:coalescing:)``) that began at
  /// `mark`: joins the step it made to the step made by the call just before, if that call
  /// had the same key and nothing happened in between, and notes the call for the next.
  func coalesce(_ key: String, since mark: (previous: HostUndoState.Coalescing?, before: Int)) {
    let (previous, before) = mark
    let history = timeline.invoker.history
    let current = history.current
    guard history.lastNumber > before, current >= 0, history.nodes[current].number == history.lastNumber else {
      return
    }
    if journal == nil, let previous, previous.key == key, previous.last == before, current >= 1,
      history.nodes[current].parent == Int32(current - 1), history.nodes[current - 1].number == previous.step,
      !history.nodes[current - 1].isDropped
    {
      let first = history.steps[current - 1]
      let name = unlocalizedActionName(of: first.op, statement: first.statement, name: first.name)
      timeline.invoker.history.joinLast(2, name: name, op: .sequence([first.op, history.steps[current].op]))
      hostUndo.coalescing = (key, previous.step, history.lastNumber)
      noteUpdate()
    } else {
      hostUndo.coalescing = (key, history.lastNumber, history.lastNumber)
    }
  }

  /// Ends the burst of coalescing calls: the next one makes a step of its own (the caret
  /// moved, a pause ended the typing).
  public func breakCoalescing() { hostUndo.coalescing = nil }

  /// Forgets every step and keeps the state, as UndoManager's `removeAllActions`:
  /// ``undoCount`` and ``redoCount`` are 0 after it, and the saved mark stays only if it
  /// was on the current state. The way out after a change the steps cannot be undone
  /// across (a verb declared not undoable that edited what their records describe).
  /// `export` then refuses, as after the history limit dropped steps: no script from fresh
  /// receivers makes the state.
  ///
  /// With a ``journal`` set it clears nothing and warns (to ``onDiagnostic``): a replay
  /// would make the steps again, and an `undo` journaled after it would then undo one.
  public func clearHistory() {
    guard journal == nil else {
      onDiagnostic(
        Diagnostic(
          .warning, "the history was not cleared: the journal would make its steps again; start a new journal",
          at: SourceLocation(file: "<call>", line: 1, column: 1)))
      return
    }
    willMoveThroughHistory()
    timeline.invoker.clearHistory()
    noteUpdate()
  }

  /// Runs `body` — typed calls and scripts — changing the state without making undo steps,
  /// as UndoManager's users do with registration disabled (loading a file): observers are
  /// told of each change; the steps made before stay, their records relative to the state
  /// they left (a ``Splice`` that no longer fits makes their undo fail). With a ``journal``
  /// set, the changes are steps as usual, and a warning (to ``onDiagnostic``) says so: a
  /// replay would make them steps.
  public func withoutUndoRegistration<E: Error>(_ body: () throws(E) -> Void) throws(E) {
    guard journal == nil else {
      onDiagnostic(
        Diagnostic(
          .warning, "undo registration stays on while a journal is kept: the changes are undo steps",
          at: SourceLocation(file: "<call>", line: 1, column: 1)))
      return try body()
    }
    willMoveThroughHistory()
    let first = timeline.invoker.history.lastNumber + 1
    suspendLimit()
    defer {
      if joinNewestSteps(from: first, name: "") { timeline.invoker.forgetNewestStep() }
      restoreLimit()
      breakCoalescing()
      noteUpdate()
    }
    try settling { () throws(E) in try body() }
  }

  /// Runs a user's whole script — the macros it defines and calls included — as one undo
  /// step titled `title`, as ``beginGroup(_:)`` and ``endGroup()`` around ``run(_:)-1qicv``
  /// would. Its errors are located in `file`. If a statement fails, what the script did
  /// is undone and forgotten: all or nothing. Throws with a ``journal`` set.
  public func run(_ file: SourceFile, asOneStep title: String) throws(RunError) {
    try beginGroup(title)
    let first = hostUndo.firstNumber
    do {
      try run(file)
      try endGroup()
    } catch {
      hostUndo.depth = 0
      if joinNewestSteps(from: first, name: title) {
        try? runCall("undo")
        _ = timeline.invoker.history.forgetNewest()
      }
      restoreLimit()
      noteUpdate()
      throw error
    }
  }

  private func refuseWithJournal(_ what: String) throws(RunError) {
    guard journal != nil else { return }
    throw Self.callError("\(what) cannot be journaled: a replay would make each statement its own step")
  }

  /// A host call's misuse, as a ``RunError``.
  static func callError(_ message: String) -> RunError {
    .runtime(Diagnostic(.error, message, at: SourceLocation(file: "<call>", line: 1, column: 1)))
  }
}
