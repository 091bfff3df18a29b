/// A run-time failure on its way out: the receiver's message, the failing command's
/// range, and the macro calls it happened in (innermost first).
struct RunFailure: Error {
  var message: String
  var range: SourceRange
  var calls: [(macro: String, at: SourceRange)] = []
  /// Commands the rollback could not revert (declared not undoable), each once.
  var notReverted: [String] = []
}

/// Executes compiled ops against receiver instances and keeps the history.
///
/// Every top-level statement is atomic: the commands it ran are recorded as they run,
/// and if one fails they are undone in reverse order before the failure is reported.
final class Invoker {
  private(set) var instances: [ReceiverInstance]
  let commands: CommandTable
  private(set) var history = History()
  /// The macros in force (shared with the checker, which defines them).
  var macros: [Macro] = []

  /// Checked between commands, so a long statement can be stopped (Ctrl-C).
  let interruption: Interruption

  init(instances: [ReceiverInstance], commands: CommandTable, interruption: Interruption) {
    self.instances = instances
    self.commands = commands
    self.interruption = interruption
  }

  // MARK: Running statements

  /// What a top-level statement asks of the session besides changing receivers.
  enum Request {
    case show(instance: Int?)
    case help(topic: String?)
    case history
  }

  /// Runs one top-level statement atomically. Receiver commands it runs become one undo
  /// step; on failure they are rolled back and the receivers are as before.
  func run(
    _ statement: CompiledStatement, request: (Request) -> Void, undoRedo: (Op) -> Void
  ) throws(RunFailure) {
    switch statement.op {
    case .undo, .redo:
      undoRedo(statement.op)
      return
    case .definition:
      return
    case .show, .help, .history:
      // Questions change nothing, and `history` must see the redo stack in place.
      try execute(statement.op, frame: [], request: request)
      return
    default: break
    }
    let redo = history.takeRedoStack()
    let mark = history.commands.count
    do {
      try execute(statement.op, frame: [], request: request)
    } catch {
      var failure = error
      failure.notReverted = rollBack(to: mark)
      if let redo { history.restore(redo) }
      throw failure
    }
    if history.commands.count > mark {
      history.commitStep(statement: statement.range)
    } else if let redo {
      history.restore(redo)
    }
  }

  /// Undoes the running statement's commands; returns those that could not be undone.
  private func rollBack(to mark: Int) -> [String] {
    let cmds = history.commands
    var notUndone: [String] = []
    var i = cmds.count - 1
    while i >= mark {
      noteIfNotUndoable(cmds[i], in: &notUndone)
      undoCommand(cmds[i])
      i -= 1
    }
    history.discard(from: mark)
    return notUndone
  }

  /// Adds `receiver.verb` of command `id` to `names` if it cannot be undone, each once
  /// however often a step ran it.
  private func noteIfNotUndoable(_ id: Int32, in names: inout [String]) {
    let command = commands[id]
    let box = instances[Int(command.instance)]
    guard let name = box.notUndoable[Int(command.verb)] else { return }
    let qualified = "\(box.name).\(name)"
    if !names.contains(qualified) { names.append(qualified) }
  }

  @inline(__always) private func undoCommand(_ id: Int32) {
    let command = commands[id]
    instances[Int(command.instance)].undo(Int(command.verb), commands.arguments[Int(id)])
  }

  @inline(__always) private func executeCommand(_ id: Int32, range: SourceRange) throws(RunFailure) {
    if interruption.isRequested { throw RunFailure(message: "interrupted", range: range) }
    let command = commands[id]
    do {
      try instances[Int(command.instance)].execute(Int(command.verb), commands.arguments[Int(id)])
    } catch {
      throw RunFailure(message: error.message, range: range)
    }
    history.record(id)
  }

  private func value(_ operand: Operand, _ frame: [Value]) -> Value {
    switch operand {
    case .constant(let v): return v
    case .parameter(let slot): return frame[slot]
    }
  }

  private func execute(_ op: Op, frame: [Value], request: (Request) -> Void) throws(RunFailure) {
    switch op {
    case .command(let command):
      var id = command.constantID
      if id < 0 {
        id = commands.intern(
          ResolvedCommand(
            instance: Int32(command.instance), verb: Int32(command.verb),
            arguments: command.operands.map { value($0, frame) }))
      }
      try executeCommand(id, range: command.range)
    case .sequence(let ops):
      for op in ops { try execute(op, frame: frame, request: request) }
    case .repeat(let count, let body, _):
      guard case .integer(let n) = value(count, frame) else { preconditionFailure("checked") }
      for _ in 0..<n {
        for op in body { try execute(op, frame: frame, request: request) }
      }
    case .call(let call):
      let macro = macros[call.macro]
      let arguments = call.arguments.map { value($0, frame) }
      do {
        for op in macro.body { try execute(op, frame: arguments, request: request) }
      } catch {
        var failure = error
        failure.calls.append((macro.name, call.range))
        throw failure
      }
    case .show(let instance): request(.show(instance: instance))
    case .help(let topic): request(.help(topic: topic))
    case .history: request(.history)
    case .undo, .redo, .definition: break
    }
  }

  // MARK: Undo and redo

  /// Undoes the latest step. Returns the names of the verbs in it that could not be
  /// undone (declared not undoable), each once, or nil when there was nothing to undo.
  func undoStep() -> [String]? {
    guard history.undoCount > 0 else { return nil }
    let step = history.undoCount - 1
    let start = history.start(of: step)
    var notUndone: [String] = []
    var i = history.steps[step].end - 1
    while i >= start {
      let id = history.commands[i]
      noteIfNotUndoable(id, in: &notUndone)
      undoCommand(id)
      i -= 1
    }
    history.didUndo()
    return notUndone
  }

  /// Redoes the next undone step by executing its commands again. Returns false when
  /// there was nothing to redo; throws (with the step still redoable) if a command fails.
  func redoStep() throws(CommandFailure) -> Bool {
    guard history.redoCount > 0 else { return false }
    let step = history.undoCount
    let start = history.start(of: step)
    let end = history.steps[step].end
    for i in start..<end {
      let id = history.commands[i]
      let command = commands[id]
      do {
        try instances[Int(command.instance)].execute(Int(command.verb), commands.arguments[Int(id)])
      } catch {
        var j = i - 1
        while j >= start {
          undoCommand(history.commands[j])
          j -= 1
        }
        throw error
      }
    }
    history.didRedo()
    return true
  }
}
