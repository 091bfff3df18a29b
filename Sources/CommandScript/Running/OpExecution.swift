// Running a statement's ops: as a tree (`execute`, nested blocks and macro calls, control
// flow) or as flat code (`FlatCode`: loops as counters and jumps), each command through
// `executeCommand`.

extension Invoker {
  /// An argument's value: a constant, the frame's slot (a macro's argument, a turn's
  /// number), or a `( … )` evaluated now and checked against its slot.
  func value(_ operand: Operand, _ frame: [Value]) throws(RunFailure) -> Value {
    switch operand {
    case .constant(let v): return v
    case .parameter(let slot): return frame[slot]
    case .computed(let expression, let constraint, let range):
      return try argument(expression, accepts: constraint, at: range, frame: frame)
    }
  }

  func execute(_ op: Op, frame: [Value], request: (Request) -> Void) throws(RunFailure) {
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
      try executeBody(ops, frame: frame, request: request)
    case .repeat(let count, let body, let range):
      guard case .integer(let n) = try value(count, frame) else { preconditionFailure("checked") }
      for _ in 0..<n {
        // Each turn is a step, so a body that runs no command (`repeat N { }`, a loop of
        // `show`s) is bounded too, and stops on Ctrl-C.
        try takeStep(at: range)
        try executeBody(body, frame: frame, request: request)
        if loopEnds() { break }
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
    case .show(var instances):
      // Each name, the receiver it stands for now (NamesAfterMoves.swift).
      instances = instances?.map { instanceStanding(for: $0) ?? $0 }
      if outputBudget.limit != nil { try spendOutput(shownBytes(instances), at: nil) }
      request(.show(instances: instances))
    case .help(let topic): request(.help(topic: topic))
    case .conditional, .loop, .countedLoop, .attempt, .assertion, .echo:
      try executeControlFlow(op, frame: frame, request: request)
    case .assign(let assignment): try assign(assignment, frame: frame)
    case .loopExit(let isBreak, let range):
      try takeStep(at: range)
      loopExit = isBreak ? .breaking : .continuing
    case .returnValue(let value): try executeReturn(value, frame: frame)
    }
  }

  /// Runs a top-level op in its flat form: one dispatch per instruction, and no op copied
  /// or dropped as loops turn.
  func run(_ code: FlatCode, request: (Request) -> Void) throws(RunFailure) {
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
        pc = try runSlow(instruction, at: pc, of: code, request: request)
      case .exit:
        try takeStep(at: ranges[pc])
        pc = Int(instruction.b)
      case .assign:
        try assign(Int(instruction.a), of: code, at: pc)
        pc &+= 1
      }
    }
  }

  /// Runs the op of a `.slow` instruction at `pc` and says where the flat loop goes on:
  /// after it, or out of (or round) the loop that a `break` or `continue` in it ends. Out
  /// of line and handed indices, not the op or an empty frame, so that the loop keeps
  /// neither in a register across every instruction (16 instructions a decide turn).
  @inline(never) private func runSlow(
    _ instruction: FlatCode.Instruction, at pc: Int, of code: FlatCode, request: (Request) -> Void
  ) throws(RunFailure) -> Int {
    try execute(code.slowOps[Int(instruction.a)], frame: [], request: request)
    guard loopExit != .none else { return pc &+ 1 }
    defer { loopExit = .none }
    return loopExit == .breaking ? Int(instruction.b) : instruction.n
  }

  /// Runs flat assignment `index`, the instruction at `pc`: its common shapes computed here,
  /// the others (and an overflow, or a variable without a value) by `assign` on the whole,
  /// which says what they mean.
  @inline(never) private func assign(_ index: Int, of code: FlatCode, at pc: Int) throws(RunFailure) {
    let assignment = code.assignments[index]
    if !assignment.mustBeSet || variables.values[assignment.slot] != nil {
      switch assignment.kind {
      // The range is read only on the way out (`assign` takes it as an autoclosure).
      case .integer: return try assign(.integer(assignment.constant), to: assignment.slot, at: code.ranges[pc])
      case .sum:
        if case .integer(let n)? = variables.values[assignment.source] {
          let (sum, overflow) = n.addingReportingOverflow(assignment.constant)
          if !overflow { return try assign(.integer(sum), to: assignment.slot, at: code.ranges[pc]) }
        }
      case .general: break
      }
    }
    try assign(code.generalAssignments[Int(assignment.general)], frame: [])
  }

  /// Binds command `id` to its instance's verb, if it can be and is not yet.
  private func bind(_ id: Int32) {
    let i = Int(id)
    if i >= bound.count { bound.append(contentsOf: repeatElement(nil, count: commands.heads.count - bound.count)) }
    let head = commands.heads[i]
    // A verb declared not undoable runs unbound, where the invoker notes that it ran.
    guard bound[i] == nil, head.verb >= 0, instances[Int(head.instance)].notUndoable[Int(head.verb)] == nil,
      let command = instances[Int(head.instance)].bind(
        Int(head.verb), commands.arguments[i].takeUnretainedValue().arguments)
    else { return }
    boundCommands.append(command)
    bound[i] = .passUnretained(command)
  }

  /// Whether a flat condition holds: the query asked and its answer compared as plain
  /// integers. An answer of another kind, or a failure, is left to `isTrue` on the whole
  /// condition, which says what it means (a condition on a variable goes there too:
  /// `holdsOtherwise`).
  @inline(__always) private func holds(_ index: Int, of code: FlatCode) throws(RunFailure) -> Bool {
    let condition = code.conditions[index]
    if condition.kind != .general,
      let answer = unretained[Int(condition.instance)]._withUnsafeGuaranteedRef({ instance -> Value? in
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
        case .greaterEqual: return n >= c
        // FlatCode compiles only comparisons into plain conditions.
        case .or, .and, .not, .plus, .minus, .times, .divide, .remainder, .negate: break
        }
      }
    }
    return try holdsOtherwise(index, of: code)
  }

  /// Whether a flat condition that is not a query's holds: a variable's value compared
  /// with a constant, or the whole condition evaluated. Out of line, so that the loop's
  /// conditions on queries stay as short as they were.
  @inline(never) private func holdsOtherwise(_ index: Int, of code: FlatCode) throws(RunFailure) -> Bool {
    let condition = code.conditions[index]
    if condition.query < 0, let value = variables.values[Int(condition.instance)] {
      let isTruth = condition.query == FlatCode.Condition.variableTruth
      switch value {
      case .boolean(let b) where isTruth: return b
      case .integer(let n) where !isTruth && condition.constantKind == 0,
        .word(let n) where !isTruth && condition.constantKind == 1:
        return Self.compare(n, condition.op, condition.constant)
      case .boolean(let b) where !isTruth && condition.constantKind == 2:
        return Self.compare(b ? 1 : 0, condition.op, condition.constant)
      default: break
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
      try executeBody(branch, frame: frame, request: request)
    case .countedLoop(let loop):
      guard case .integer(let n) = try value(loop.count, frame) else { preconditionFailure("checked") }
      // The turn's slot follows the macro's parameters and the enclosing turns.
      var inner = frame
      inner.append(.integer(0))
      for turn in 0..<n {
        try takeStep(at: loop.range)
        inner[loop.slot] = .integer(turn + 1)
        try executeBody(loop.body, frame: inner, request: request)
        if loopEnds() { break }
      }
    case .loop(let loop):
      while try isTrue(loop.condition, frame: frame) {
        try takeStep(at: loop.range)
        try executeBody(loop.body, frame: frame, request: request)
        if loopEnds() { break }
      }
    case .attempt(let attempt):
      let mark = history.commands.count
      do {
        try executeBody(attempt.body, frame: frame, request: request)
      } catch {
        guard !error.stopsEverything else { throw error }
        var caught = error
        (caught.reverted, caught.notReverted) = rollBack(to: mark)
        request(.caught(caught, handled: attempt.otherwise != nil))
        guard let otherwise = attempt.otherwise else { return }
        var inner = frame
        if attempt.messageSlot != nil { inner.append(.string(caught.message)) }
        try executeBody(otherwise, frame: inner, request: request)
      }
    case .assertion(let assertion):
      guard try isTrue(assertion.condition, frame: frame) else {
        throw RunFailure(message: assertion.message, range: assertion.range)
      }
    case .echo(let echo) where echo.isValue:
      let (expression, kind) = echo.parts[0]
      let answer = try evaluate(expression, frame: frame)
      let line = try text(of: answer, from: expression, as: kind)
      try spendOutput(line.utf8.count + 1, at: echo.range)
      let value: StateValue =
        switch answer {
        case .boolean(let b): .bool(b)
        case .integer(let n): .int(n)
        case .decimal(let x): .double(x)
        case .string, .word: .string(line)
        }
      request(.value(value, text: line))
    case .echo(let echo):
      var words: [String] = []
      for (expression, kind) in echo.parts { words.append(try text(of: expression, as: kind, frame: frame)) }
      let line = words.joined(separator: " ")
      try spendOutput(line.utf8.count + 1, at: echo.range)
      request(.echo(line))
    case .command, .parameterizedCommand, .commands, .sequence, .repeat, .call, .show, .help, .assign, .loopExit,
      .returnValue:
      preconditionFailure("run by execute")
    }
  }

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
}
