// The last stage: runs a top-level operation on the receivers atomically, as one undo
// step of the history, and rolls it back if it fails. Running its ops is in
// OpExecution.swift, one command in CommandExecution.swift, undo and redo of whole steps
// in StepUndoRedo.swift.

/// Executes compiled ops against receiver instances and keeps the history.
///
/// Every top-level statement is atomic: the commands it ran are recorded as they run,
/// and if one fails they are undone in reverse order before the failure is reported.
final class Invoker {
  // Members that the invoker's other files (OpExecution, CommandExecution, StepUndoRedo,
  // Evaluation) use are internal, since `private` ends at a file; no other type changes them.
  //
  // The hot path reads and writes these once per command; each access is by this class
  // alone, never overlapping, so the dynamic exclusivity check (a third of the time of a
  // command) is turned off for them.
  /// (Changed by `add` alone, which appends to `unretained` what it appends here: a
  /// `didSet` that made `unretained` again made each `new` of a stream cost every instance.)
  @exclusivity(unchecked) private(set) var instances: [ReceiverInstance]
  /// The same instances, unretained (`instances` keeps them), so that a command, an undo
  /// or a query reaches its instance without retaining and releasing it.
  @exclusivity(unchecked) private(set) var unretained: ContiguousArray<Unmanaged<ReceiverInstance>>
  /// The commands that flat code ran, bound to their instances (`ReceiverInstance.bind`),
  /// by id, unretained (`boundCommands` keeps them); nil for the others. Only commands of
  /// the statements' text are bound, so there are at most as many as it has commands.
  @exclusivity(unchecked) var bound = ContiguousArray<Unmanaged<BoundCommand>?>()
  var boundCommands: [BoundCommand] = []
  /// Whether each instance has a verb that cannot be undone: undo looks no further for
  /// the others.
  @exclusivity(unchecked) private(set) var hasVerbNotUndoable: ContiguousArray<Bool>
  let commands: CommandTable
  /// The steps and their commands. Changed by the invoker's own files only (this one,
  /// CommandExecution.swift, StepUndoRedo.swift); the timeline and the session read it.
  @exclusivity(unchecked) var history = History()
  /// The macros in force (shared with the checker, which defines them).
  @exclusivity(unchecked) var macros: [Macro] = []

  /// The arguments of a query that takes none, kept here rather than in a static (whose
  /// lazy initialiser each use would pass), and lent without a retain, as a command's are.
  let noArguments = Unmanaged.passRetained(ArgumentsBox(Arguments([])))

  deinit { noArguments.release() }

  /// The variables' store (Variables.swift) and its instance (-1: a run without one).
  let variables: VariableStore
  let variableStore: Int32
  /// A `break` or `continue` on its way out to its loop (LoopControl.swift).
  @exclusivity(unchecked) var loopExit = LoopExit.none
  /// The value of the `return` on its way out to its call (ReturningCalls.swift).
  var returned: Value?
  /// Where a macro called inside an expression sends what it asks (`echo`, `show`): the
  /// timeline's hook, as for the statement.
  var requests: ((Request) -> Void)?

  /// Checked between commands, so a long statement can be stopped (Ctrl-C).
  let interruption: Interruption
  /// See `Session.Limits.history`.
  var historyLimit: Int?
  /// See `Session.Limits.string` (`Int.max`: none).
  var stringLimit = Int.max
  /// Commands that may still run before the step limit is reached.
  @exclusivity(unchecked) var remainingSteps = Int.max
  /// Bytes of strings that statements may still make (see `Session.Limits.values`).
  var valueBudget = ByteBudget()
  /// Bytes of `echo` and `show` text that statements may still print (see
  /// `Session.Limits.output`).
  var outputBudget = ByteBudget()

  /// Whether any instance has a verb that cannot be undone; if not, undo and rollback
  /// need not look for them.
  private(set) var someVerbIsNotUndoable: Bool
  /// Whether the running statement ran a command of an instance that has a verb declared
  /// not undoable: only then are its commands looked through for one. Such verbs are never
  /// bound (`bind`), so the commands of bound code never need to say so.
  var mayHaveRunNotUndoable = false
  /// Whether any instance keeps records that may not fit it any more (see `undoStep`).
  private(set) var someRecordMayNotFit: Bool
  /// The instances whose commands may be confirmed later than they run (a plugin's, sent
  /// in batches): each is settled before a statement, a redo or an undo is done.
  private var deferring: [ReceiverInstance] = []
  /// Whether there are any: then the ranges of their latest commands are kept, to locate a
  /// failure found when they settle.
  @exclusivity(unchecked) private(set) var defers = false
  @exclusivity(unchecked) var deferredCommands = DeferredCommands()

  /// Adds the instances that `new` statements of a compiled input declared; they exist
  /// once their `new` runs.
  func add(_ new: [ReceiverInstance]) {
    for instance in new { instance.exists = false }
    instances += new
    unretained += new.map(Unmanaged.passUnretained)
    hasVerbNotUndoable += new.map { $0.notUndoable.contains { $0 != nil } }
    someRecordMayNotFit = someRecordMayNotFit || new.contains(where: \.recordsMayNotFit)
    someVerbIsNotUndoable = someVerbIsNotUndoable || new.contains { $0.notUndoable.contains { $0 != nil } }
    deferring += new.filter { $0.settle != nil }
    defers = !deferring.isEmpty
  }

  /// Confirms what deferring instances were sent so far; the first failure is thrown.
  func settle() throws(CommandFailure) {
    for instance in deferring { try instance.settle?() }
  }

  init(instances: [ReceiverInstance], commands: CommandTable, interruption: Interruption) {
    self.instances = instances
    unretained = ContiguousArray(instances.map(Unmanaged.passUnretained))
    hasVerbNotUndoable = ContiguousArray(instances.map { $0.notUndoable.contains { $0 != nil } })
    self.commands = commands
    self.interruption = interruption
    let store = instances.firstIndex { $0.object is VariableStore }
    variableStore = Int32(store ?? -1)
    variables = store.map { instances[$0].object as! VariableStore } ?? VariableStore()
    someVerbIsNotUndoable = instances.contains { $0.notUndoable.contains { $0 != nil } }
    someRecordMayNotFit = instances.contains(where: \.recordsMayNotFit)
    deferring = instances.filter { $0.settle != nil }
    defers = !deferring.isEmpty
  }

  // MARK: Running statements

  /// What an operation asks of the session besides changing receivers.
  enum Request {
    case show(instances: [Int]?)
    case help(topic: String?)
    case echo(String)
    /// A statement that is an expression: its value and its text.
    case value(StateValue, text: String)
    /// `try` caught this failure (already rolled back) and goes on; `handled`: its `else`
    /// runs next (only a `try` without one warns of the failure).
    case caught(RunFailure, handled: Bool)
  }

  /// Runs one top-level operation atomically. Receiver commands it runs become one undo
  /// step — unless none of them can be undone (a notification sent, a log line written):
  /// then there is nothing for undo to do, the history is as before, and redo still
  /// redoes what it did before. On failure the commands are rolled back and the receivers
  /// are as before. `ran` is told the instances the commands ran on and whether they made
  /// a step (before the history cap may drop it).
  func run(
    _ op: Op, statement range: SourceRange, request: (Request) -> Void,
    ran: ((_ instances: [Int], _ madeAStep: Bool) -> Void)? = nil
  ) throws(RunFailure) {
    let mark = history.commands.count
    mayHaveRunNotUndoable = false
    statementRange = range
    loopExit = .none
    do throws(RunFailure) {
      if let code = FlatCode.compile(op) {
        try run(code, request: request)
      } else {
        try execute(op, frame: [], request: request)
      }
      if !deferring.isEmpty {
        do { try settle() } catch { throw RunFailure(message: error.message, range: located(error) ?? range) }
      }
    } catch {
      var failure = error
      if failure.isInterruption {
        // Located at the statement it stopped, wherever in it the request came: the same
        // place every time.
        failure.range = range
        failure.calls = []
      }
      (failure.reverted, failure.notReverted) = rollBack(to: mark)
      throw failure
    }
    let end = history.commands.count
    guard end > mark else { return }
    if mayHaveRunNotUndoable { noteNotUndoableRuns(mark..<end) }
    if mayHaveRunNotUndoable, !canUndoSome(of: mark..<end) {
      ran?(instances(of: mark..<end), false)
      history.discard(from: mark)
      return
    }
    history.commitStep(statement: range, op: op)
    ran?(instances(of: mark..<end), true)
    if let historyLimit, let dropped = history.cap(to: historyLimit) { forget(dropped) }
  }

  /// The statement `run` runs: where a failure of the whole of it (`show`'s output) is.
  private(set) var statementRange: SourceRange?

  /// Whether any of the commands at `range` of the history can be undone. The last is
  /// looked at first: in nearly every statement it settles the question.
  private func canUndoSome(of range: Range<Int>) -> Bool {
    if isUndoable(history.commands[range.upperBound - 1]) { return true }
    return range.dropLast().contains { isUndoable(history.commands[$0]) }
  }

  /// The last verb declared not undoable that ran on each instance, qualified
  /// (`text.load`), and the number of the last step made when it ran: when the record of a
  /// step made before no longer fits, it is the verb that changed the state under it.
  var lastNotUndoable: [Int32: (verb: String, after: Int)] = [:]

  @inline(never) private func noteNotUndoableRuns(_ range: Range<Int>) {
    for i in range {
      // Most commands are of instances with no such verb: one look-up each passes them.
      let head = commands.heads[Int(history.commands[i])]
      guard head.verb >= 0, hasVerbNotUndoable[Int(head.instance)] else { continue }
      let box = instances[Int(head.instance)]
      if let name = box.notUndoable[Int(head.verb)] {
        lastNotUndoable[head.instance] = ("\(box.name).\(name)", history.lastNumber)
      }
    }
  }

  /// Whether command `id` can be undone (a `new` can: it is withdrawn).
  @inline(__always) func isUndoable(_ id: Int32) -> Bool {
    let head = commands.heads[Int(id)]
    return head.verb < 0 || instances[Int(head.instance)].notUndoable[Int(head.verb)] == nil
  }

  /// Names the step just committed (see `History.Step.name`).
  func nameLastStep(_ name: String) { history.nameLastStep(name) }

  /// Keeps the results the step just committed waited for, for its redo.
  func keepResults(_ entries: [AwaitedResults.Entry]) { history.keepResultsOfLastStep(entries) }

  /// The instances that the commands of step `step` ran on, each once, in order.
  func instances(of step: Int) -> [Int] { instances(of: history.start(of: step)..<history.nodes[step].end) }

  /// The instances that the history's commands at `range` ran on, each once, in order.
  private func instances(of range: Range<Int>) -> [Int] {
    var seen = Set<Int32>()
    var found: [Int] = []
    for i in range {
      let instance = commands.heads[Int(history.commands[i])].instance
      if seen.insert(instance).inserted { found.append(Int(instance)) }
    }
    return found
  }

  /// Drops the oldest steps over the history limit, as a commit does.
  func keepToHistoryLimit() {
    if let historyLimit, let dropped = history.cap(to: historyLimit) { forget(dropped) }
  }

  /// Forgets every step, keeping the state (`Session.clearHistory`).
  func clearHistory() { forget(history.clear()) }

  /// Forgets the newest step, the current one, keeping the state: the receivers drop the
  /// newest records of its commands (`Session.withoutUndoRegistration`).
  func forgetNewestStep() {
    var counts = [Int](repeating: 0, count: instances.count)
    for id in history.forgetNewest() {
      let head = commands.heads[Int(id)]
      if head.verb != CommandTable.lifecycleVerb, isUndoable(id) { counts[Int(head.instance)] += 1 }
    }
    for (instance, count) in zip(instances, counts) where count > 0 { instance.dropNewestRecords(count) }
  }

  /// Drops the receivers' undo records of commands whose steps the history cap removed.
  private func forget(_ dropped: ContiguousArray<Int32>) {
    var counts = [Int](repeating: 0, count: instances.count)
    for id in dropped {
      let head = commands.heads[Int(id)]
      if head.verb != CommandTable.lifecycleVerb, isUndoable(id) { counts[Int(head.instance)] += 1 }
    }
    for (instance, count) in zip(instances, counts) where count > 0 { instance.dropOldestRecords(count) }
  }

  /// Undoes the running statement's commands; returns those that could not be undone.
  /// Its progress is published on the interruption, for a host to show (a statement that
  /// ran for seconds takes a while to undo too).
  func rollBack(to mark: Int) -> (reverted: [String], notReverted: [String]) {
    let cmds = history.commands
    var reverted: [String] = []
    var notUndone: [String] = []
    // Each `receiver.verb` is named once: its instance and verb, as a key, are looked up
    // only when they differ from the command before (a loop repeats one).
    var named = Set<Int>()
    var lastKey = -1
    let total = cmds.count - mark
    if total > 0 { interruption.rollbackStarted(total) }
    defer { if total > 0 { interruption.rollbackEnded() } }
    var i = cmds.count - 1
    while i >= mark {
      noteIfNotUndoable(cmds[i], in: &notUndone)
      let head = commands.heads[Int(cmds[i])]
      let key = Int(head.instance) << 32 | Int(UInt32(bitPattern: head.verb))
      if key != lastKey {
        lastKey = key
        let instance = instances[Int(head.instance)]
        if head.verb >= 0, instance.notUndoable[Int(head.verb)] == nil, named.insert(key).inserted {
          reverted.append("\(instance.name).\(instance.verbNames[Int(head.verb)])")
        }
      }
      undoCommand(cmds[i])
      i -= 1
      if (cmds.count - 1 - i) & 0xFFF == 0 { interruption.rollbackAdvanced(cmds.count - 1 - i) }
    }
    try? settle()
    history.discard(from: mark)
    return (reverted, notUndone)
  }
}
