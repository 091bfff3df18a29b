// The last stage: runs ops on the receivers, records each command for undo, and rolls a
// failed statement back.

/// A run-time failure on its way out: the receiver's message, the failing command's
/// range, and the macro calls it happened in (innermost first).
struct RunFailure: Error {
  var message: String
  var range: SourceRange
  var calls: [(macro: String, at: SourceRange)] = []
  /// Commands the rollback could not revert (declared not undoable), each once.
  var notReverted: [String] = []
  /// The commands the rollback undid (each `receiver.verb` once), for a transaction's report.
  var reverted: [String] = []
  /// An interruption or the step limit: `try` does not catch it.
  var stopsEverything = false
  /// Whether the statement that failed was a transaction, whose rollback its report lists.
  var rolledBackTransaction = false
  /// An interruption (Ctrl-C).
  var isInterruption = false

  static func interrupted(at range: SourceRange) -> RunFailure {
    RunFailure(message: "interrupted", range: range, stopsEverything: true, isInterruption: true)
  }

  static func stepLimit(at range: SourceRange) -> RunFailure {
    RunFailure(message: "the step limit was reached", range: range, stopsEverything: true)
  }
}

/// Executes compiled ops against receiver instances and keeps the history.
///
/// Every top-level statement is atomic: the commands it ran are recorded as they run,
/// and if one fails they are undone in reverse order before the failure is reported.
final class Invoker {
  // The hot path reads and writes these once per command; each access is by this class
  // alone, never overlapping, so the dynamic exclusivity check (a third of the time of a
  // command) is turned off for them.
  @exclusivity(unchecked) private(set) var instances: [ReceiverInstance] {
    didSet { unretained = ContiguousArray(instances.map(Unmanaged.passUnretained)) }
  }
  /// The same instances, unretained (`instances` keeps them), so that a command, an undo
  /// or a query reaches its instance without retaining and releasing it.
  @exclusivity(unchecked) private var unretained: ContiguousArray<Unmanaged<ReceiverInstance>>
  /// The commands that flat code ran, bound to their instances (`ReceiverInstance.bind`),
  /// by id, unretained (`boundCommands` keeps them); nil for the others. Only commands of
  /// the statements' text are bound, so there are at most as many as it has commands.
  @exclusivity(unchecked) private var bound = ContiguousArray<Unmanaged<BoundCommand>?>()
  private var boundCommands: [BoundCommand] = []
  /// Whether each instance has a verb that cannot be undone: undo looks no further for
  /// the others.
  @exclusivity(unchecked) private var hasVerbNotUndoable: ContiguousArray<Bool>
  let commands: CommandTable
  @exclusivity(unchecked) private(set) var history = History()
  /// The macros in force (shared with the checker, which defines them).
  @exclusivity(unchecked) var macros: [Macro] = []

  /// The arguments of a query that takes none, kept here rather than in a static (whose
  /// lazy initialiser each use would pass), and lent without a retain, as a command's are.
  private let noArguments = Unmanaged.passRetained(ArgumentsBox(Arguments([])))

  deinit { noArguments.release() }

  /// Checked between commands, so a long statement can be stopped (Ctrl-C).
  let interruption: Interruption
  /// See `Session.historyLimit`.
  var historyLimit: Int?
  /// See `Session.stringLimit` (`Int.max`: none).
  var stringLimit = Int.max
  /// Commands that may still run before the step limit is reached.
  @exclusivity(unchecked) var remainingSteps = Int.max
  /// Bytes of strings that statements may still make (see `Session.valueLimit`).
  var valueBudget = ByteBudget()
  /// Bytes of `echo` and `show` text that statements may still print (see
  /// `Session.outputLimit`).
  var outputBudget = ByteBudget()

  /// Whether any instance has a verb that cannot be undone; if not, undo and rollback
  /// need not look for them.
  private var someVerbIsNotUndoable: Bool
  /// Whether any instance keeps records that may not fit it any more (see `undoStep`).
  private var someRecordMayNotFit: Bool
  /// The instances whose commands may be confirmed later than they run (a plugin's, sent
  /// in batches): each is settled before a statement, a redo or an undo is done.
  private var deferring: [ReceiverInstance] = []
  /// Whether there are any: then the ranges of their latest commands are kept, to locate a
  /// failure found when they settle.
  @exclusivity(unchecked) private var defers = false
  @exclusivity(unchecked) private var deferredCommands = DeferredCommands()

  /// Adds the instances that `new` statements of a compiled input declared; they exist
  /// once their `new` runs.
  func add(_ new: [ReceiverInstance]) {
    for instance in new { instance.exists = false }
    instances += new
    hasVerbNotUndoable += new.map { $0.notUndoable.contains { $0 != nil } }
    someRecordMayNotFit = someRecordMayNotFit || new.contains(where: \.recordsMayNotFit)
    someVerbIsNotUndoable = someVerbIsNotUndoable || new.contains { $0.notUndoable.contains { $0 != nil } }
    deferring += new.filter { $0.settle != nil }
    defers = !deferring.isEmpty
  }

  /// Confirms what deferring instances were sent so far; the first failure is thrown.
  private func settle() throws(CommandFailure) {
    for instance in deferring { try instance.settle?() }
  }

  init(instances: [ReceiverInstance], commands: CommandTable, interruption: Interruption) {
    self.instances = instances
    unretained = ContiguousArray(instances.map(Unmanaged.passUnretained))
    hasVerbNotUndoable = ContiguousArray(instances.map { $0.notUndoable.contains { $0 != nil } })
    self.commands = commands
    self.interruption = interruption
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
    statementRange = range
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
    if someVerbIsNotUndoable, !canUndoSome(of: mark..<end) {
      ran?(instances(of: mark..<end), false)
      history.discard(from: mark)
      return
    }
    history.commitStep(statement: range, op: op)
    ran?(instances(of: mark..<end), true)
    if let historyLimit, let dropped = history.cap(to: historyLimit) { forget(dropped) }
  }

  /// The statement `run` runs: where a failure of the whole of it (`show`'s output) is.
  private var statementRange: SourceRange?

  /// Counts `bytes` of printed text against the output budget; `range`: where the
  /// statement fails if they are too many (nil: the statement).
  private func spendOutput(_ bytes: Int, at range: SourceRange?) throws(RunFailure) {
    guard !outputBudget.spend(bytes), let limit = outputBudget.limit, let at = range ?? statementRange else { return }
    throw RunFailure(message: "the output would pass \(limit) bytes, the most the statements may print here", range: at)
  }

  /// About how many bytes `show` prints for `instances` (nil: every one): their states'
  /// descriptions, a line each. Computed only under an output limit.
  @inline(never) private func shownBytes(_ shown: [Int]?) -> Int {
    (shown ?? Array(instances.indices)).reduce(0) { total, i in
      instances[i].exists
        ? total + instances[i].name.utf8.count + instances[i].stateDescription().utf8.count + 3 : total
    }
  }

  /// Whether any of the commands at `range` of the history can be undone. The last is
  /// looked at first: in nearly every statement it settles the question.
  private func canUndoSome(of range: Range<Int>) -> Bool {
    if isUndoable(history.commands[range.upperBound - 1]) { return true }
    return range.dropLast().contains { isUndoable(history.commands[$0]) }
  }

  /// Whether command `id` can be undone (a `new` can: it is withdrawn).
  @inline(__always) private func isUndoable(_ id: Int32) -> Bool {
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

  /// Drops the receivers' undo records of commands whose steps the history cap removed.
  private func forget(_ dropped: ContiguousArray<Int32>) {
    var counts = [Int](repeating: 0, count: instances.count)
    for id in dropped {
      let head = commands.heads[Int(id)]
      if head.verb >= 0, isUndoable(id) { counts[Int(head.instance)] += 1 }
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

  /// Adds `receiver.verb` of command `id` to `names` if it cannot be undone, each once
  /// however often a step ran it. The test is inline: undo makes it once per command.
  @inline(__always) private func noteIfNotUndoable(_ id: Int32, in names: inout [String]) {
    guard someVerbIsNotUndoable, hasVerbNotUndoable[Int(commands.heads[Int(id)].instance)] else { return }
    noteNotUndoable(id, in: &names)
  }

  @inline(never) private func noteNotUndoable(_ id: Int32, in names: inout [String]) {
    let head = commands.heads[Int(id)]
    let box = instances[Int(head.instance)]
    guard head.verb >= 0, let name = box.notUndoable[Int(head.verb)] else { return }
    let qualified = "\(box.name).\(name)"
    if !names.contains(qualified) { names.append(qualified) }
  }

  @inline(__always) private func undoCommand(_ id: Int32) {
    if Int(id) < bound.count, let command = bound[Int(id)] {
      command._withUnsafeGuaranteedRef { $0.undo() }
      return
    }
    let head = commands.heads[Int(id)]
    unretained[Int(head.instance)]._withUnsafeGuaranteedRef { instance in
      if head.verb == CommandTable.lifecycleVerb {
        instance.exists = false
      } else {
        commands.arguments[Int(id)]._withUnsafeGuaranteedRef { instance.undo(Int(head.verb), $0.arguments) }
      }
    }
  }

  /// Executes command `id` (for the first time or as a redo), without recording it.
  @inline(__always) private func perform(_ id: Int32) throws(CommandFailure) {
    let head = commands.heads[Int(id)]
    let instance = instances[Int(head.instance)]
    if head.verb == CommandTable.lifecycleVerb {
      // Any receiver by that name: a `new` may reuse the name of one whose `new` was undone.
      guard !instances.contains(where: { $0.exists && $0.name == instance.name }) else {
        throw CommandFailure("a receiver named `\(instance.name)` already exists")
      }
      instance.exists = true
      return
    }
    guard instance.exists else { throw CommandFailure(instance.withdrawnMessage) }
    do {
      try instance.execute(Int(head.verb), commands.arguments[Int(id)].takeUnretainedValue().arguments)
    } catch {
      throw Self.named(error, of: instance)
    }
  }

  /// `perform` for the common case, a verb on an instance that exists, without retaining
  /// the instance; anything else is left to `perform`.
  @inline(__always) private func performFast(_ id: Int32) throws(CommandFailure) {
    let head = commands.heads[Int(id)]
    var failure: CommandFailure?
    if Int(id) < bound.count, let command = bound[Int(id)],
      unretained[Int(head.instance)]._withUnsafeGuaranteedRef({ $0.exists })
    {
      command._withUnsafeGuaranteedRef { command in
        do throws(CommandFailure) { try command.run() } catch { failure = error }
      }
      if let failure { throw Self.named(failure, of: instances[Int(head.instance)]) }
      return
    }
    let done = unretained[Int(head.instance)]._withUnsafeGuaranteedRef { instance in
      guard head.verb != CommandTable.lifecycleVerb, instance.exists else { return false }
      commands.arguments[Int(id)]._withUnsafeGuaranteedRef { box in
        do throws(CommandFailure) {
          try instance.execute(Int(head.verb), box.arguments)
        } catch {
          failure = Self.named(error, of: instance)
        }
      }
      return true
    }
    if let failure { throw failure }
    if !done { try perform(id) }
  }

  /// A receiver's failure, named after its instance so that with two doors the message
  /// says which one was locked. Out of line: it keeps the message's building out of the
  /// code every command runs through.
  @inline(never) private static func named(_ failure: CommandFailure, of instance: ReceiverInstance) -> CommandFailure {
    // An earlier command's failure is not this instance's.
    guard failure.earlierCommand == nil else { return failure }
    return CommandFailure("\(instance.name): \(failure.message)")
  }

  /// Runs one command and records it. The range is needed only if it fails.
  @inline(__always) private func executeCommand(_ id: Int32, range: @autoclosure () -> SourceRange)
    throws(RunFailure)
  {
    if interruption.isRequested { throw .interrupted(at: range()) }
    if remainingSteps == 0 { throw .stepLimit(at: range()) }
    remainingSteps &-= 1
    do {
      try performFast(id)
    } catch {
      throw failure(error, at: range())
    }
    history.record(id)
    if defers { noteDeferred(id, at: range()) }
  }

  /// Keeps the range of command `id` if its instance confirms commands later.
  @inline(never) private func noteDeferred(_ id: Int32, at range: SourceRange) {
    let instance = commands.heads[Int(id)].instance
    if instances[Int(instance)].settle != nil { deferredCommands.note(instance: instance, range: range) }
  }

  /// Where the earlier command a failure is of ran, if it names one that is still known.
  private func located(_ failure: CommandFailure) -> SourceRange? {
    guard let command = failure.earlierCommand else { return nil }
    return deferredCommands.range(of: command) { ObjectIdentifier(instances[Int($0)].object) == command.receiver }
  }

  /// A command's failure as the statement's. A command that stopped to wait for a result
  /// stops the statement as an interruption does, so that no `try` takes it for a failure.
  @inline(never) private func failure(_ error: CommandFailure, at range: SourceRange) -> RunFailure {
    RunFailure(
      message: error.message, range: located(error) ?? range,
      stopsEverything: AwaitedResults.current?.isWaiting ?? false)
  }

  /// Counts a loop turn or a macro call against the step limit, and stops on Ctrl-C.
  @inline(__always) func takeStep(at range: SourceRange) throws(RunFailure) {
    if interruption.isRequested { throw .interrupted(at: range) }
    if remainingSteps == 0 { throw .stepLimit(at: range) }
    remainingSteps &-= 1
  }

  func value(_ operand: Operand, _ frame: [Value]) throws(RunFailure) -> Value {
    switch operand {
    case .constant(let v): return v
    case .parameter(let slot): return frame[slot]
    case .computed(let expression, let constraint, let range):
      return try argument(expression, accepts: constraint, at: range, frame: frame)
    }
  }

  private func execute(_ op: Op, frame: [Value], request: (Request) -> Void) throws(RunFailure) {
    switch op {
    case .command(let id, let range):
      try executeCommand(id, range: range)
    case .parameterizedCommand(let command):
      let id = commands.intern(
        ResolvedCommand(
          instance: Int32(command.instance), verb: Int32(command.member),
          arguments: try command.arguments.map { (operand) throws(RunFailure) in try value(operand, frame) }))
      try executeCommand(id, range: command.range)
    case .commands(let run):
      for i in run.ids.indices { try executeCommand(run.ids[i], range: run.ranges[i]) }
    case .sequence(let ops):
      for op in ops { try execute(op, frame: frame, request: request) }
    case .repeat(let count, let body, let range):
      guard case .integer(let n) = try value(count, frame) else { preconditionFailure("checked") }
      for _ in 0..<n {
        // Each turn is a step, so a body that runs no command (`repeat N { }`, a loop of
        // `show`s) is bounded too, and stops on Ctrl-C.
        try takeStep(at: range)
        for op in body { try execute(op, frame: frame, request: request) }
      }
    case .call(let call):
      // A step too, so that macros fanning out to calls that run no command stop.
      try takeStep(at: call.range)
      let macro = macros[call.macro]
      let arguments = try call.arguments.map { (operand) throws(RunFailure) in try value(operand, frame) }
      do {
        for op in macro.body { try execute(op, frame: arguments, request: request) }
      } catch {
        var failure = error
        failure.calls.append((macro.name, call.range))
        throw failure
      }
    case .show(let instances):
      if outputBudget.limit != nil { try spendOutput(shownBytes(instances), at: nil) }
      request(.show(instances: instances))
    case .help(let topic): request(.help(topic: topic))
    case .conditional, .loop, .countedLoop, .attempt, .assertion, .echo:
      try executeControlFlow(op, frame: frame, request: request)
    }
  }

  /// Runs a top-level op in its flat form: one dispatch per instruction, and no op copied
  /// or dropped as loops turn.
  private func run(_ code: FlatCode, request: (Request) -> Void) throws(RunFailure) {
    let counters = UnsafeMutablePointer<Int>.allocate(capacity: max(code.counterCount, 1))
    defer { counters.deallocate() }
    let instructions = code.instructions
    let ranges = code.ranges
    for instruction in instructions where instruction.code == .command { bind(instruction.a) }
    code.bindQueries { instance, query in instances[instance].bindQuery(query) }
    var pc = 0
    while pc < instructions.count {
      let instruction = instructions[pc]
      switch instruction.code {
      case .command:
        try executeCommand(instruction.a, range: ranges[pc])
        pc &+= 1
      case .repeatStart:
        counters[Int(instruction.a)] = instruction.n
        pc &+= 1
      case .repeatTest:
        let slot = Int(instruction.a)
        if counters[slot] == 0 {
          pc = Int(instruction.b)
          continue
        }
        counters[slot] &-= 1
        // Each turn is a step, as in `execute` (`takeStep`, with the range read only on
        // the way out).
        if interruption.isRequested { throw .interrupted(at: ranges[pc]) }
        if remainingSteps == 0 { throw .stepLimit(at: ranges[pc]) }
        remainingSteps &-= 1
        pc &+= 1
      case .branch:
        pc = try holds(Int(instruction.a), of: code) ? pc &+ 1 : Int(instruction.b)
      case .whileTest:
        guard try holds(Int(instruction.a), of: code) else {
          pc = Int(instruction.b)
          continue
        }
        try takeStep(at: ranges[pc])
        pc &+= 1
      case .jump:
        pc = Int(instruction.b)
      case .slow:
        try execute(code.slowOps[Int(instruction.a)], frame: [], request: request)
        pc &+= 1
      }
    }
  }

  /// Binds command `id` to its instance's verb, if it can be and is not yet.
  private func bind(_ id: Int32) {
    let i = Int(id)
    if i >= bound.count { bound.append(contentsOf: repeatElement(nil, count: commands.heads.count - bound.count)) }
    let head = commands.heads[i]
    guard bound[i] == nil, head.verb >= 0,
      let command = instances[Int(head.instance)].bind(
        Int(head.verb), commands.arguments[i].takeUnretainedValue().arguments)
    else { return }
    boundCommands.append(command)
    bound[i] = .passUnretained(command)
  }

  /// Whether a flat condition holds: the query asked and its answer compared as plain
  /// integers. An answer of another kind, or a failure, is left to `isTrue` on the whole
  /// condition, which says what it means.
  @inline(__always) private func holds(_ index: Int, of code: FlatCode) throws(RunFailure) -> Bool {
    let condition = code.conditions[index]
    if condition.kind != .general,
      let answer = unretained[Int(condition.instance)]._withUnsafeGuaranteedRef({ instance -> Answer? in
        guard instance.exists else { return nil }
        if let query = code.queries[index] { return query._withUnsafeGuaranteedRef { try? $0.ask() } }
        return noArguments._withUnsafeGuaranteedRef { try? instance.ask(Int(condition.query), $0.arguments) }
      })
    {
      // On the answer alone (a tuple with it would copy it), its plain payload compared.
      let (n, kind): (Int, UInt8)
      switch answer {
      case .integer(let i): (n, kind) = (i, 0)
      case .word(let i): (n, kind) = (i, 1)
      case .boolean(let b): (n, kind) = (b ? 1 : 0, 2)
      case .decimal, .string: (n, kind) = (0, 3)
      }
      if condition.kind == .truth {
        if kind == 2 { return n != 0 }
      } else if kind == condition.constantKind {
        let c = condition.constant
        switch condition.op {
        case .equal: return n == c
        case .notEqual: return n != c
        case .less: return n < c
        case .lessEqual: return n <= c
        case .greater: return n > c
        default: return n >= c
        }
      }
    }
    return try isTrue(code.expressions[Int(condition.general)], frame: [])
  }

  /// `if`, `while`, `repeat … as`, `try`, `assert` and `echo`: the ops that evaluate
  /// conditions and expressions. Out of line, so that the frame of `execute`, which nested
  /// blocks and macro calls repeat, stays small.
  @inline(never) private func executeControlFlow(_ op: Op, frame: [Value], request: (Request) -> Void)
    throws(RunFailure)
  {
    switch op {
    case .conditional(let conditional):
      let branch = try isTrue(conditional.condition, frame: frame) ? conditional.then : conditional.otherwise
      for op in branch { try execute(op, frame: frame, request: request) }
    case .countedLoop(let loop):
      guard case .integer(let n) = try value(loop.count, frame) else { preconditionFailure("checked") }
      // The turn's slot follows the macro's parameters and the enclosing turns.
      var inner = frame
      inner.append(.integer(0))
      for turn in 0..<n {
        try takeStep(at: loop.range)
        inner[loop.slot] = .integer(turn + 1)
        for op in loop.body { try execute(op, frame: inner, request: request) }
      }
    case .loop(let loop):
      while try isTrue(loop.condition, frame: frame) {
        try takeStep(at: loop.range)
        for op in loop.body { try execute(op, frame: frame, request: request) }
      }
    case .attempt(let attempt):
      let mark = history.commands.count
      do {
        for op in attempt.body { try execute(op, frame: frame, request: request) }
      } catch {
        guard !error.stopsEverything else { throw error }
        var caught = error
        (caught.reverted, caught.notReverted) = rollBack(to: mark)
        request(.caught(caught, handled: attempt.otherwise != nil))
        guard let otherwise = attempt.otherwise else { return }
        var inner = frame
        if attempt.messageSlot != nil { inner.append(.string(caught.message)) }
        for op in otherwise { try execute(op, frame: inner, request: request) }
      }
    case .assertion(let assertion):
      guard try isTrue(assertion.condition, frame: frame) else {
        throw RunFailure(message: assertion.message, range: assertion.range)
      }
    case .echo(let echo):
      var words: [String] = []
      for (expression, kind) in echo.parts { words.append(try text(of: expression, as: kind, frame: frame)) }
      let line = words.joined(separator: " ")
      try spendOutput(line.utf8.count + 1, at: echo.range)
      request(.echo(line))
    case .command, .parameterizedCommand, .commands, .sequence, .repeat, .call, .show, .help:
      preconditionFailure("run by execute")
    }
  }

  // MARK: Undo and redo

  /// Undoes the current step. Returns the names of the verbs in it that could not be
  /// undone (declared not undoable), each once, or nil when there was nothing to undo.
  /// Throws, undoing nothing, if a receiver's records no longer fit it (its state was
  /// changed outside the session's verbs).
  func undoStep() throws(CommandFailure) -> [String]? {
    guard let step = history.undoTarget else {
      history.undoFoundNothing()
      return nil
    }
    let start = history.start(of: step)
    if someRecordMayNotFit { try checkRecordsFit(start..<history.nodes[step].end) }
    var notUndone: [String] = []
    var i = history.nodes[step].end - 1
    while i >= start {
      let id = history.commands[i]
      noteIfNotUndoable(id, in: &notUndone)
      undoCommand(id)
      i -= 1
    }
    try? settle()
    history.didUndo()
    return notUndone
  }

  /// Throws if the latest record of a receiver that the commands at `range` ran on no
  /// longer fits it. Its latest record is that of its last undoable command there; if it
  /// fits, undoing it leaves the receiver as the command before found it, so the earlier
  /// records fit too.
  private func checkRecordsFit(_ range: Range<Int>) throws(CommandFailure) {
    var seen = Set<Int32>()
    for i in range.reversed() {
      let head = commands.heads[Int(history.commands[i])]
      guard head.verb >= 0, isUndoable(history.commands[i]), seen.insert(head.instance).inserted else { continue }
      let instance = instances[Int(head.instance)]
      guard instance.lastRecordFits(Int(head.verb)) else {
        throw CommandFailure(
          "the undo record of `\(instance.name).\(instance.verbNames[Int(head.verb)])` no longer fits `\(instance.name)`: its state was changed outside the session's verbs"
        )
      }
    }
  }

  /// Redoes the step `redo` follows by executing its undoable commands again (what undo
  /// could not take back is still in effect). Returns false when there was nothing to
  /// redo; throws (with the step still redoable) if a command fails.
  func redoStep() throws(CommandFailure) -> Bool {
    guard let step = history.redoTarget else { return false }
    let start = history.start(of: step)
    let end = history.nodes[step].end
    // A redo while a session is replayed is part of the replay.
    let execution = Arguments.running == .replay ? .replay : Arguments.Execution.redo
    var failure: CommandFailure?
    // A step with requests applies the results they had.
    let results = history.steps[step].awaited.map { AwaitedResults($0) }
    AwaitedResults.$current.withValue(results) {
      Arguments.$running.withValue(execution) { failure = redoCommands(start..<end) }
    }
    if let failure { throw failure }
    history.didRedo()
    return true
  }

  /// What a move through the tree did: the steps it undid and redid, in order (storage
  /// indices), and why it stopped short, if it did.
  struct Move {
    var undone: [Int] = []
    var redone: [Int] = []
    var notUndone: [String] = []
    var failure: CommandFailure?
  }

  /// Moves to `destination` in the tree (`goto`, `earlier`, `later`): undoes up to the
  /// common ancestor, then redoes down, each step as `undo` and `redo` would. An undo or
  /// a redo that fails stops the move there.
  func move(to destination: History.Destination) -> Move {
    var move = Move()
    let route = history.route(to: destination)
    for node in route.undo {
      do {
        guard let notUndone = try undoStep() else { break }
        move.undone.append(node)
        for name in notUndone where !move.notUndone.contains(name) { move.notUndone.append(name) }
      } catch {
        move.failure = error
        return move
      }
    }
    for node in route.redo {
      history.willRedo(node)
      do {
        guard try redoStep() else { break }
      } catch {
        move.failure = error
        return move
      }
      move.redone.append(node)
    }
    if case .before(let node) = destination { history.stopBefore(node) }
    return move
  }

  /// The node a host marked saved (see `History.savedNumber`).
  var savedNumber: Int? {
    get { history.savedNumber }
    set { history.savedNumber = newValue }
  }

  /// The history's clock (see `History.clock`).
  var clock: () -> Int {
    get { history.clock }
    set { history.clock = newValue }
  }

  /// Runs the commands of a step being redone; on a failure, undoes those that ran and
  /// returns it.
  private func redoCommands(_ range: Range<Int>) -> CommandFailure? {
    let (start, end) = (range.lowerBound, range.upperBound)
    for i in start..<end {
      let id = history.commands[i]
      // What undo could not take back is still in effect: redo does not do it again.
      if someVerbIsNotUndoable, !isUndoable(id) { continue }
      do {
        try perform(id)
      } catch {
        var j = i - 1
        while j >= start {
          undoCommand(history.commands[j])
          j -= 1
        }
        return error
      }
    }
    do { try settle() } catch {
      var j = end - 1
      while j >= start {
        undoCommand(history.commands[j])
        j -= 1
      }
      return error
    }
    return nil
  }
}
