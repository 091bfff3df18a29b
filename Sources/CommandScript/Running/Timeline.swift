// The run side of a session: executes checked statements on the receivers, one top-level
// statement at a time — giving each to the journal before it runs, carrying out the
// directives (undo, redo, queue, batch, export, history), the undo and redo loops and the
// queue — and tells what happened as structured events, which the session presents.

/// What a timeline asks of the one that runs it (the session): the compile half's
/// knowledge of sources and names, and somewhere to tell what happened.
protocol TimelineHost: AnyObject {
  /// What happened, in order, for the host to present (outputs, changes, warnings).
  func present(_ event: Timeline.Event)
  /// An `undo`, `redo` or move is about to run: a host's open group ends first.
  func willMoveThroughHistory()
  /// The text of `range` as written: what the journal keeps.
  func sourceText(of range: SourceRange) -> String
  /// The statement at `range` in canonical one-line form.
  func canonicalText(of range: SourceRange) -> String
  /// The name `transaction "NAME" { … }` gives its undo step, or nil.
  func stepName(of statement: CompiledStatement) -> String?
  /// A run stopped before the statement at `range`: if it is a `new`, takes back what was
  /// defined from it on and returns true.
  func takeBackDefinitions(from range: SourceRange) -> Bool
  /// The script that, run on fresh receivers, makes `steps` again (`export`), or with
  /// `tree`, runs them and the `goto`s between them (`export tree`).
  func script(of items: [Exporter.Item], tree: Bool) -> String
}

/// Runs checked statements: owns the invoker (the receivers and the undo history) and the
/// queue, and the hooks that journal what takes effect.
final class Timeline {
  /// What happened while a statement ran, for the session to present.
  enum Event {
    /// An operation asked something of the session: show, help, echo, a caught failure.
    case request(Invoker.Request)
    /// A `new` made instance `instance`.
    case made(instance: Int)
    /// A statement took effect as a step (only told when ``tellsChanges`` is set).
    case done(op: Op, statement: SourceRange, name: String?, instances: [Int])
    /// Step `step` was undone, at `statement`; `notReverted` lists the commands declared
    /// not undoable that it could not revert.
    case undone(step: Int, statement: SourceRange, notReverted: [String], cause: UndoCause)
    /// Step `step` was redone.
    case redone(step: Int)
    /// `undo N` finished: the statements of the steps it undid, in order, of `asked`.
    case undid(statements: [SourceRange], asked: Int, at: SourceRange)
    /// `redo N` finished: the statements of the steps it redid, of `asked`; `stopped` is
    /// the failure that stopped it.
    case redid(statements: [SourceRange], asked: Int, at: SourceRange, stopped: CommandFailure?)
    /// A host's rollback stopped at the step of `statement`, which it could not undo.
    case rollbackStopped(statement: SourceRange, failure: CommandFailure)
    /// `history`.
    /// `history [N]`: the last N steps (nil: all).
    case listHistory(last: Int?)
    /// `pending`.
    case listQueue
    /// `discard` dropped `count` pending statements.
    case discarded(count: Int)
    /// A definition ran (it took effect when checked); `used` is what a `use` put in force.
    case defined(used: String?)
    /// `export` wrote `steps` steps to `path`.
    case exported(steps: Int, path: String)
    /// A queued statement failed (rolled back).
    case queuedFailed(RunFailure)
    /// The queue ran.
    case queueRan(finished: Int, failed: Int)
    /// A sourced file stopped at `statement` with `notRun` of its `all` statements not run.
    case sourceStopped(statement: SourceRange, notRun: Int, all: Int)
    /// `goto`, `earlier` or `later` moved through the tree, or found it could not.
    case moved(TreeMoveReport)
  }

  /// Why a step was undone: an `undo` at a range, a host's rollback, or a move.
  enum UndoCause {
    case undo(at: SourceRange)
    case rollback
    /// A move through the tree (`goto`, `earlier`, `later`), which reports for itself.
    case move
  }

  let invoker: Invoker
  let interruption: Interruption
  /// How `export` writes files; nil refuses it (see `Session.fileAccess`).
  var fileAccess: (any FileAccess)? = POSIXFileAccess()
  /// Told of what happens. Unowned and unchecked: the session that owns this timeline sets
  /// itself here as soon as it is made, and outlives it.
  unowned(unsafe) var host: (any TimelineHost)?

  /// Whether the host wants ``Event/done`` for every step (it has change observers).
  var tellsChanges = false
  /// See `Session.isReplaying`.
  var isReplaying = false
  /// The results of the requests of the statement that the async `run` is running.
  var awaiting: AwaitedResults?
  /// See `Session.onCommit`. Read once per statement and only ever replaced between runs:
  /// no dynamic exclusivity check.
  @exclusivity(unchecked) var onCommit: (String) -> Void = { _ in }
  /// See `Session.journal`. Read once per statement, like `onCommit`.
  @exclusivity(unchecked) var journal: (any StatementJournal)?

  /// Statements waiting for `run`.
  private(set) var pendingQueue: [CompiledStatement] = []
  /// `batch N`: run the queue by itself whenever this many statements are pending.
  private var batchSize: Int?
  /// How many queued statements have failed so far (each was rolled back and reported).
  private(set) var failedQueuedStatements = 0
  /// The queue, its batch size and its failures counted, for a preview to put back as it
  /// found them (`Session.preview`).
  var queueState: (pending: [CompiledStatement], batchSize: Int?, failed: Int) {
    get { (pendingQueue, batchSize, failedQueuedStatements) }
    set { (pendingQueue, batchSize, failedQueuedStatements) = newValue }
  }

  /// The bounds statements run within (`Session.limits`), owned here as one value. The
  /// invoker keeps its own copies of what the hot path reads (the steps left, the longest
  /// string, the budgets), so each field that changes is applied to it; a new step limit
  /// starts counting afresh. A negative history or string limit stands as 0.
  var limits = Session.Limits() {
    didSet {
      if let history = limits.history, history < 0 { limits.history = 0 }
      if let string = limits.string, string < 0 { limits.string = 0 }
      if limits.history != oldValue.history { invoker.historyLimit = limits.history }
      if limits.string != oldValue.string { invoker.stringLimit = limits.string ?? .max }
      if limits.values != oldValue.values { invoker.valueBudget.limit = limits.values }
      if limits.output != oldValue.output { invoker.outputBudget.limit = limits.output }
      if limits.steps != oldValue.steps { resetSteps() }
    }
  }

  init(instances: [ReceiverInstance], commands: CommandTable, interruption: Interruption) {
    self.interruption = interruption
    invoker = Invoker(instances: instances, commands: commands, interruption: interruption)
    invoker.requests = { [unowned self] in self.ask($0) }
  }

  /// Starts counting executed commands against the step limit afresh.
  func resetSteps() {
    invoker.remainingSteps = limits.steps ?? .max
    invoker.valueBudget.reset()
    invoker.outputBudget.reset()
  }

  // MARK: What the timeline holds

  /// The receiver instances, in order (those whose `new` has not run included).
  var instances: [ReceiverInstance] { invoker.instances }
  /// The variables' store.
  var variables: VariableStore { invoker.variables }

  /// Puts in force what a compilation defined: the macros, and the instances its `new`s
  /// will make.
  func define(macros: [Macro], instances made: (_ from: Int) -> [ReceiverInstance]) {
    // Only the macros defined since: the whole array assigned would share its storage with
    // the checker's, and the next definition there would copy every macro (a stream that
    // binds a receiver macro per line took time quadratic in its length).
    if macros.count >= invoker.macros.count {
      invoker.macros += macros[invoker.macros.count...]
    } else {
      invoker.macros = macros
    }
    invoker.add(made(invoker.instances.count))
  }

  /// Puts `macros` in force (definitions taken back).
  func define(macros: [Macro]) { invoker.macros = macros }

  /// Whether instance `index` exists now (its `new` ran and was not undone).
  func exists(_ index: Int) -> Bool { index < invoker.instances.count && invoker.instances[index].exists }

  /// How many steps `undo` can take, and `redo`.
  var undoCount: Int { invoker.history.undoCount }
  var redoCount: Int { invoker.history.redoCount }
  /// How many undo steps the history limit has dropped so far.
  var droppedSteps: Int { invoker.history.droppedSteps }

  /// The step `undo` would undo, and the one `redo` would redo.
  var stepToUndo: Int? { invoker.history.undoTarget }
  var stepToRedo: Int? { invoker.history.redoTarget }

  /// Step `index` of the history.
  func step(_ index: Int) -> History.Step { invoker.history.steps[index] }

  /// The instances that step `index`'s commands ran on, each once, in order.
  func instances(ofStep index: Int) -> [Int] { invoker.instances(of: index) }

  /// The steps that can still be undone or redone, numbered from 1 for the first step.
  var listedSteps: [(number: Int, step: History.Step, undone: Bool)] { invoker.history.listed }

  /// The sources that the steps still kept and the queued statements were compiled from.
  var sourcesInUse: Set<Int> {
    let history = invoker.history
    // Steps the history cap has dropped are never undone or listed.
    var used = Set(history.keptSteps.map(\.statement.source))
    for statement in pendingQueue { used.insert(statement.range.source) }
    return used
  }

  // MARK: Programs

  /// Runs a compiled program statement by statement; each statement of a sourced file is
  /// its own top-level statement. After a statement fails (it is rolled back first),
  /// `onFailure` is given the failure and says whether to go on with the next statement;
  /// an interruption (Ctrl-C) stops the program whatever it says. Returns how many
  /// statements failed.
  func execute(_ statements: [CompiledStatement], onFailure: (RunFailure) -> Bool) -> Int {
    var failures = 0
    var stopped = false
    // Whether the definitions that did not run still stay in force (see keepDefinitions).
    var keepsDefinitions = true
    // How many statements of each sourced file being run have run (or failed).
    var ran = 0
    func run(_ statements: [CompiledStatement]) {
      for (i, statement) in statements.enumerated() {
        if !stopped, case .directive(.sourced(let sourced)) = statement.action {
          let before = ran
          run(sourced)
          let all = Self.statementCount(sourced)
          if stopped, ran - before < all {
            host?.present(.sourceStopped(statement: statement.range, notRun: all - (ran - before), all: all))
          }
          continue
        }
        if !stopped, interruption.isRequested {
          stopped = true
          failures += 1
          _ = onFailure(RunFailure(message: "interrupted", range: statement.range))
        }
        guard !stopped else {
          if keepsDefinitions { keepsDefinitions = keepDefinitions(of: statements[i...]) }
          return
        }
        ran += 1
        do {
          try execute(statement)
        } catch {
          failures += 1
          if !onFailure(error) || interruption.isRequested { stopped = true }
        }
      }
    }
    run(statements)
    return failures
  }

  /// How many statements `statements` holds, nested sourced files counted statement by
  /// statement.
  private static func statementCount(_ statements: [CompiledStatement]) -> Int {
    var count = 0
    for s in statements {
      if case .directive(.sourced(let inner)) = s.action { count += statementCount(inner) } else { count += 1 }
    }
    return count
  }

  /// Statements that did not run because the program stopped: the definitions among them
  /// (`macro`, `use`) took effect when checked, so they go to the journal all the same,
  /// which then replays to what is in force — up to the first `new` among them: from there
  /// on nothing stays in force (a definition may use the instance that was never made), and
  /// the names of the instances not made stand for nothing. Returns false from that `new`.
  private func keepDefinitions(of statements: ArraySlice<CompiledStatement>) -> Bool {
    for statement in statements {
      if host?.takeBackDefinitions(from: statement.range) ?? false { return false }
      switch statement.action {
      case .directive(.sourced(let inner)): if !keepDefinitions(of: inner[...]) { return false }
      case .directive(.definition):
        let text = host?.sourceText(of: statement.range) ?? ""
        // A definition is in force whether or not the journal can hold it.
        try? journal?.record(text)
        onCommit(text)
      case .operation, .directive: break
      }
    }
    return true
  }

  // MARK: Statements

  /// Runs one top-level statement; one that changes something is given to the journal
  /// before it runs (and withdrawn if it fails), so that it takes effect only if the
  /// journal holds it.
  private func execute(_ statement: CompiledStatement) throws(RunFailure) {
    guard statement.changesTheSession else {
      try runStatement(statement)
      return
    }
    let text = host?.sourceText(of: statement.range) ?? ""
    if let journal {
      do { try journal.record(text) } catch {
        throw RunFailure(message: "not run: the session cannot keep it: \(error.reason)", range: statement.range)
      }
      leftByFailure = ([], true)
    }
    do { try runStatement(statement) } catch {
      // A failure whose rollback left commands in effect is kept, to fail again on replay.
      if !leftByFailure.commands.isEmpty {
        journal?.keepFailed(leaving: leftByFailure.commands, replays: leftByFailure.replays)
      } else {
        journal?.withdrawLast()
      }
      throw error
    }
    onCommit(text)
  }

  /// Runs one top-level statement (written, or taken from the queue) atomically.
  private func runStatement(_ statement: CompiledStatement) throws(RunFailure) {
    guard !isReplaying || Arguments.running == .replay else {
      var failure: RunFailure?
      Arguments.$running.withValue(.replay) {
        do throws(RunFailure) { try runStatement(statement) } catch { failure = error }
      }
      if let failure { throw failure }
      return
    }
    switch statement.action {
    case .operation(let op): try run(op, statement)
    case .directive(let directive): try perform(directive)
    }
  }

  /// Runs an operation on the receivers as one atomic step.
  private func run(_ op: Op, _ statement: CompiledStatement) throws(RunFailure) {
    do {
      guard tellsChanges || statement.isTransaction || awaiting != nil else {
        try invoker.run(op, statement: statement.range, request: ask)
        return tellIfMade(op)
      }
      var done: Event?
      let name = statement.isTransaction ? host?.stepName(of: statement) : nil
      try invoker.run(op, statement: statement.range, request: ask) { instances, madeAStep in
        if madeAStep, let name { self.invoker.nameLastStep(name) }
        if madeAStep, statement.isTransaction { self.invoker.history.markLastStepTransaction() }
        if madeAStep, let entries = self.awaiting?.entries, !entries.isEmpty { self.invoker.keepResults(entries) }
        guard self.tellsChanges else { return }
        done = .done(op: op, statement: statement.range, name: name, instances: instances)
      }
      tellIfMade(op)
      if let done { host?.present(done) }
    } catch {
      noteLeft(error.notReverted)
      if error.stopsEverything { leftByFailure.replays = false }
      var failure = error
      failure.rolledBackTransaction = statement.isTransaction
      throw failure
    }
  }

  /// What the rollbacks in the running statement could not revert (a caught failure's
  /// included), and whether running it again would fail the same way: for the journal.
  private var leftByFailure: (commands: [String], replays: Bool) = ([], true)

  private func noteLeft(_ commands: [String]) {
    for command in commands where !leftByFailure.commands.contains(command) { leftByFailure.commands.append(command) }
  }

  private func ask(_ request: Invoker.Request) {
    if case .caught(let failure, _) = request { noteLeft(failure.notReverted) }
    host?.present(.request(request))
  }

  /// Tells that a `new` made its instance.
  private func tellIfMade(_ op: Op) {
    let commands = invoker.commands
    if case .command(let id, _) = op, commands.heads[Int(id)].verb == CommandTable.lifecycleVerb {
      host?.present(.made(instance: Int(commands.heads[Int(id)].instance)))
    }
  }

  // MARK: Directives

  /// Carries out a directive: the session's own business (its history, queue, files and
  /// definitions), not the receivers'.
  private func perform(_ directive: Directive) throws(RunFailure) {
    switch directive {
    case .sourced(let statements):
      // Each statement of a sourced file is its own top-level statement and undo step.
      for sourced in statements { try runStatement(sourced) }
    case .export(let path, let range, let tree):
      try export(to: path, at: range, tree: tree)
    case .move(let move, let range):
      host?.willMoveThroughHistory()
      try self.move(move, at: range)
    case .source:
      preconditionFailure("checking a `source` reads the file and makes it `sourced`")
    case .definition(let used):
      host?.present(.defined(used: used))
    case .history(let last):
      host?.present(.listHistory(last: last))
    case .queue(let queued, let range, let isTransaction):
      pendingQueue.append(CompiledStatement(action: .operation(queued), range: range, isTransaction: isTransaction))
      if let batchSize, pendingQueue.count >= batchSize { runQueue() }
    case .runQueue: runQueue()
    case .listQueue: host?.present(.listQueue)
    case .discardQueue:
      host?.present(.discarded(count: pendingQueue.count))
      pendingQueue.removeAll()
    case .batch(let size):
      batchSize = size
      if let size, pendingQueue.count >= size { runQueue() }
    case .undo(let count, let range):
      if limits.steps != nil { try invoker.charge(steps: invoker.history.stepsToUndo(count), at: range) }
      host?.willMoveThroughHistory()
      var undone: [SourceRange] = []
      do {
        while undone.count < count, let statement = try undoLastStep(.undo(at: range)) { undone.append(statement) }
      } catch {
        // All or nothing: the steps this `undo` took are redone, exactly as they were.
        for _ in undone { _ = try? redoNextStep() }
        throw RunFailure(
          message:
            "cannot undo `\(host?.canonicalText(of: error.statement) ?? "")`: \(error.failure.message); nothing was undone",
          range: range)
      }
      host?.present(.undid(statements: undone, asked: count, at: range))
    case .redo(let count, let range):
      if limits.steps != nil { try invoker.charge(steps: invoker.history.stepsToRedo(count), at: range) }
      host?.willMoveThroughHistory()
      var redone: [SourceRange] = []
      var stopped: CommandFailure?
      do {
        while redone.count < count, let statement = try redoNextStep() { redone.append(statement) }
      } catch {
        stopped = error
      }
      host?.present(.redid(statements: redone, asked: count, at: range, stopped: stopped))
    }
  }

  /// Writes the undo stack (or with `tree`, the whole tree: HistoryRebuild.swift) as a
  /// script, atomically. Fails (writing nothing) when the history limit has dropped steps,
  /// since the file could not reproduce the state then.
  private func export(to path: String, at range: SourceRange, tree: Bool) throws(RunFailure) {
    guard let fileAccess else {
      throw RunFailure(message: "`export` is not allowed: this session may not touch files", range: range)
    }
    let history = invoker.history
    guard history.droppedSteps == 0 else {
      let dropped = history.droppedSteps == 1 ? "1 undo step" : "\(history.droppedSteps) undo steps"
      throw RunFailure(
        message:
          "cannot export: the history limit dropped \(dropped), so no script could reproduce the state; nothing was written",
        range: range)
    }
    func step(_ i: Int) -> Exporter.Item {
      .step(
        op: history.steps[i].op, ran: history.commands[history.start(of: i)..<history.nodes[i].end],
        name: history.steps[i].name, isTransaction: history.steps[i].isTransaction)
    }
    let items: [Exporter.Item] =
      tree
      ? history.rebuildPlan().items.map {
        switch $0 {
        case .step(let i): step(i)
        case .goto(let n): .goto(n)
        }
      } : history.currentPath.map(step)
    let steps = tree ? history.nodes.count : items.count
    let script = host?.script(of: items, tree: tree) ?? ""
    do {
      try fileAccess.writeAtomically(Array(script.utf8), to: path)
    } catch {
      throw RunFailure(message: "cannot write `\(path)`: \(error.reason); nothing was written", range: range)
    }
    host?.present(.exported(steps: steps, path: path))
  }

  /// Runs every pending statement in order, each atomic and its own undo step. One that
  /// fails is rolled back alone and reported; the rest still run.
  private func runQueue() {
    let queued = pendingQueue
    pendingQueue.removeAll()
    var failed = 0
    for statement in queued {
      do {
        try runStatement(statement)
      } catch {
        failed += 1
        host?.present(.queuedFailed(error))
      }
    }
    failedQueuedStatements += failed
    host?.present(.queueRan(finished: queued.count - failed, failed: failed))
  }

  // MARK: Undo and redo

  /// Why the latest step could not be undone: its statement, and the receiver's failure.
  struct UndoFailure: Error {
    var statement: SourceRange
    var failure: CommandFailure
  }

  /// Undoes the last undo step, if there is one, and returns its statement's range.
  /// Throws, undoing nothing, if its records no longer fit their receivers.
  private func undoLastStep(_ cause: UndoCause) throws(UndoFailure) -> SourceRange? {
    let node = invoker.history.undoTarget
    let statement = node.map { invoker.history.steps[$0].statement }
    let undone: [String]?
    do { undone = try invoker.undoStep() } catch { throw UndoFailure(statement: statement!, failure: error) }
    guard let notUndone = undone, let node, let statement else { return nil }
    host?.present(.undone(step: node, statement: statement, notReverted: notUndone, cause: cause))
    return statement
  }

  /// Redoes the next undone step, if there is one, and returns its statement's range.
  private func redoNextStep() throws(CommandFailure) -> SourceRange? {
    guard let node = invoker.history.redoTarget else { return nil }
    let statement = invoker.history.steps[node].statement
    guard try invoker.redoStep() else { return nil }
    host?.present(.redone(step: node))
    return statement
  }

  /// Undoes steps until only `count` remain: how a host rolls back everything a run did.
  /// The journal is given the rollback as one `undo N`; if it cannot take it, the rollback
  /// still happens and the failure is thrown. Returns the undone statements, the last one
  /// first.
  func undo(downTo count: Int) throws(RecordFailure) -> [SourceRange] {
    let steps = invoker.history.undoCount - max(0, count)
    guard steps > 0 else { return [] }
    var failure: RecordFailure?
    do { try journal?.record("undo \(steps)") } catch { failure = error }
    var undone: [SourceRange] = []
    do {
      while invoker.history.undoCount > max(0, count), let statement = try undoLastStep(.rollback) {
        undone.append(statement)
      }
    } catch {
      host?.present(.rollbackStopped(statement: error.statement, failure: error.failure))
    }
    if let failure { throw failure }
    return undone
  }
}
