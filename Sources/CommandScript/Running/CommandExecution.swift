// One command: performed (for the first time, or as a redo) on its instance, recorded in
// the history, undone, and its failure named and located. The code every command runs
// through.

extension Invoker {
  /// Adds `receiver.verb` of command `id` to `names` if it cannot be undone, each once
  /// however often a step ran it. The test is inline: undo makes it once per command.
  @inline(__always) func noteIfNotUndoable(_ id: Int32, in names: inout [String]) {
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

  @inline(__always) func undoCommand(_ id: Int32) {
    if Int(id) < bound.count, let command = bound[Int(id)] {
      command._withUnsafeGuaranteedRef { $0.undo() }
      return
    }
    let head = commands.heads[Int(id)]
    if head.verb >= 0 {
      unretained[Int(head.instance)]._withUnsafeGuaranteedRef { instance in
        commands.arguments[Int(id)]._withUnsafeGuaranteedRef { instance.undo(Int(head.verb), $0.arguments) }
      }
    } else if head.verb == CommandTable.lifecycleVerb {
      instances[Int(head.instance)].exists = false
    } else {
      variables.unset(commands.assignment(id).slot)
    }
  }

  /// Executes command `id` (for the first time or as a redo), without recording it.
  @inline(__always) func perform(_ id: Int32) throws(CommandFailure) {
    let head = commands.heads[Int(id)]
    if hasVerbNotUndoable[Int(head.instance)] { mayHaveRunNotUndoable = true }
    if head.verb < CommandTable.lifecycleVerb {
      let (slot, value) = commands.assignment(id)
      return variables.set(slot, value)
    }
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
    if hasVerbNotUndoable[Int(head.instance)] { mayHaveRunNotUndoable = true }
    let done = unretained[Int(head.instance)]._withUnsafeGuaranteedRef { instance in
      guard head.verb >= 0, instance.exists else { return false }
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
  @inline(__always) func executeCommand(_ id: Int32, range: @autoclosure () -> SourceRange)
    throws(RunFailure)
  {
    if interruption.isRequested { throw .interrupted(at: range()) }
    if remainingSteps == 0 { throw .stepLimit(at: range()) }
    remainingSteps &-= 1
    do {
      try performFast(id)
    } catch {
      return try executeOnNamesake(id, failing: error, at: range())
    }
    history.record(id)
    if defers { noteDeferred(id, at: range()) }
  }

  /// Command `id` failed: if its receiver's `new` was undone but a receiver by that name
  /// exists (made on the branch a move went to), the command is that one's
  /// (NamesAfterMoves.swift); otherwise it fails as it did. Out of line, so that every
  /// command's path stays as short as it was.
  @inline(never) private func executeOnNamesake(_ id: Int32, failing error: CommandFailure, at range: SourceRange)
    throws(RunFailure)
  {
    guard let namesake = commandOnNamesake(id) else { throw failure(error, at: range) }
    do { try perform(namesake) } catch { throw failure(error, at: range) }
    history.record(namesake)
    if defers { noteDeferred(namesake, at: range) }
  }

  /// Keeps the range of command `id` if its instance confirms commands later.
  @inline(never) private func noteDeferred(_ id: Int32, at range: SourceRange) {
    let instance = commands.heads[Int(id)].instance
    if instances[Int(instance)].settle != nil { deferredCommands.note(instance: instance, range: range) }
  }

  /// Where the earlier command a failure is of ran, if it names one that is still known.
  func located(_ failure: CommandFailure) -> SourceRange? {
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
}
