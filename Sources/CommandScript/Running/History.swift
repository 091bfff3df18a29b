/// The undo and redo stacks. Every executed receiver command is one `Int32` (its index in
/// the command table) in one contiguous array; a step (a top-level statement) is the
/// range of commands it ran. Steps `0..<applied` can be undone, the rest can be redone.
struct History {
  /// One undo step: the top-level statement and where its commands end in `commands`.
  struct Step {
    var end: Int
    var statement: SourceRange
    /// What the statement was compiled to, for `export`.
    var op: Op
    /// The name a host gave it (a group of calls), for its undo title.
    var name: String?
    /// The results its requests waited for, in order, so that a redo applies them again
    /// rather than asking again (see AsyncVerbs.swift).
    var awaited: [AwaitedResults.Entry]?
  }

  private(set) var commands = ContiguousArray<Int32>()
  private(set) var steps: [Step] = []
  private(set) var applied = 0
  /// Steps `0..<floor` were dropped by the history cap but are still stored: they are
  /// removed in batches of at least 1,024 (and at least the cap), so that a cap costs
  /// amortised constant time per step, and little of it: each kept step moves at most
  /// once per batch.
  private(set) var floor = 0
  /// How many steps the cap has dropped since the session started.
  private(set) var droppedSteps = 0

  /// Where the commands of step `i` begin.
  func start(of i: Int) -> Int { i == 0 ? 0 : steps[i - 1].end }

  var undoCount: Int { applied - floor }
  var redoCount: Int { steps.count - applied }

  /// Drops the oldest undo steps so that at most `limit` remain. Returns the commands
  /// whose records the receivers must drop too, when a batch is actually removed.
  mutating func cap(to limit: Int) -> ContiguousArray<Int32>? {
    guard undoCount > limit else { return nil }
    let excess = undoCount - limit
    floor += excess
    droppedSteps += excess
    guard floor >= max(1024, limit) else { return nil }
    let cut = steps[floor - 1].end
    let dropped = ContiguousArray(commands[..<cut])
    commands.removeFirst(cut)
    steps.removeFirst(floor)
    for i in steps.indices { steps[i].end -= cut }
    applied -= floor
    floor = 0
    return dropped
  }

  /// The steps that can still be undone or redone, with their numbers from 1 for the
  /// first step of the session.
  var listed: [(number: Int, step: Step, undone: Bool)] {
    (floor..<steps.count).map { i in (droppedSteps - floor + i + 1, steps[i], i >= applied) }
  }

  /// Where the commands of the next statement will start.
  var appliedEnd: Int { start(of: applied) }

  /// Appends an executed command of the statement that is running.
  @inline(__always) mutating func record(_ id: Int32) { commands.append(id) }

  /// Removes the commands of the running statement from `mark` on (after rolling them back).
  mutating func discard(from mark: Int) { commands.removeSubrange(mark...) }

  /// The redo stack, taken away while a new statement runs; given back if it fails.
  struct RedoStack {
    var commands: ContiguousArray<Int32>
    var steps: ArraySlice<Step>
  }

  /// Takes the redo stack off so that a new statement's commands can follow the applied
  /// ones directly.
  mutating func takeRedoStack() -> RedoStack? {
    guard redoCount > 0 else { return nil }
    let end = appliedEnd
    let saved = RedoStack(commands: ContiguousArray(commands[end...]), steps: steps[applied...])
    commands.removeSubrange(end...)
    steps.removeSubrange(applied...)
    return saved
  }

  /// Puts back a redo stack taken by `takeRedoStack` (the new statement did nothing).
  mutating func restore(_ saved: RedoStack) {
    commands.append(contentsOf: saved.commands)
    steps.append(contentsOf: saved.steps)
  }

  /// Closes the running statement as a new undo step (the redo stack is already gone).
  mutating func commitStep(statement: SourceRange, op: Op) {
    steps.append(Step(end: commands.count, statement: statement, op: op))
    applied = steps.count
  }

  /// Names the step just committed (the last applied one).
  mutating func nameLastStep(_ name: String) { steps[applied - 1].name = name }

  /// Keeps the results the step just committed waited for.
  mutating func keepResultsOfLastStep(_ entries: [AwaitedResults.Entry]) { steps[applied - 1].awaited = entries }

  mutating func didUndo() { applied -= 1 }
  mutating func didRedo() { applied += 1 }
}
