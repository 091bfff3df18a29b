// Undo and redo of whole steps of the history, and moves through its tree (`goto`,
// `earlier`, `later`) made of them. The loops over steps and what is told of them are the
// timeline's.

extension Invoker {
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
    if someRecordMayNotFit { try checkRecordsFit(start..<history.nodes[step].end, of: history.nodes[step].number) }
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
  private func checkRecordsFit(_ range: Range<Int>, of step: Int) throws(CommandFailure) {
    var seen = Set<Int32>()
    for i in range.reversed() {
      let head = commands.heads[Int(history.commands[i])]
      guard head.verb >= 0, isUndoable(history.commands[i]), seen.insert(head.instance).inserted else { continue }
      let instance = instances[Int(head.instance)]
      guard instance.lastRecordFits(Int(head.verb)) else {
        if let (verb, after) = lastNotUndoable[head.instance], after >= step {
          throw CommandFailure(
            "the undo record of `\(instance.name).\(instance.verbNames[Int(head.verb)])` no longer fits `\(instance.name)`: `\(verb)`, declared not undoable, changed it since"
          )
        }
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

extension Invoker {
  /// Charges to the step limit the commands that undoing or redoing the steps `nodes`
  /// performs (each step at least one): under `--safe`, `undo; redo` pairs must not run a
  /// long statement again and again for free. Throws, charging nothing, if they would
  /// pass the limit, so the statement fails before it undoes or redoes anything.
  func charge(steps nodes: some Sequence<Int>, at range: SourceRange) throws(RunFailure) {
    var total = 0
    for node in nodes {
      total += max(1, history.nodes[node].end - history.start(of: node))
      if total > remainingSteps { throw .stepLimit(at: range) }
    }
    remainingSteps -= total
  }
}

extension History {
  /// The steps `undo count` would undo, in order: from the current one up.
  func stepsToUndo(_ count: Int) -> [Int] {
    var found: [Int] = []
    var node = current
    while node >= 0, found.count < min(count, undoCount) {
      found.append(node)
      node = Int(nodes[node].parent)
    }
    return found
  }

  /// The steps `redo count` would redo, in order: along the branch `redo` follows.
  func stepsToRedo(_ count: Int) -> [Int] {
    var found: [Int] = []
    var node = curhead
    while node >= 0, found.count < count {
      found.append(Int(node))
      node = nodes[Int(node)].firstChild
    }
    return found
  }
}
