// `goto`, `earlier` and `later` on the run side: where the move goes, the steps it undoes
// and redoes (each told to the host as `undo` and `redo` tell theirs), and what it says.

/// What a move through the undo tree did, for the host to present.
struct TreeMoveReport {
  /// The statement's keyword and range.
  var move: TreeMove
  var range: SourceRange
  /// The number of the step the state is after now (0: before every kept step), or nil
  /// when the move did not go anywhere.
  var arrivedAfter: Int?
  /// The steps it undid and redid (storage indices), in order.
  var undone: [Int] = []
  var redone: [Int] = []
  /// Commands declared not undoable among the steps it undid, each once.
  var notReverted: [String] = []
  /// Why it stopped short (a redo that failed), if it did.
  var stopped: CommandFailure?
  /// Why it did not move: already at the oldest or the newest state.
  var refusal: History.MoveRefusal?
}

extension Timeline {
  /// Carries out `goto`, `earlier` or `later`. A step number the tree does not hold is a
  /// failure; already at the oldest or newest state, a warning. A move that cannot be made
  /// whole (a step's records no longer fit, a redo fails) goes back to where it started
  /// and fails, having changed nothing, as `undo` does.
  func move(_ move: TreeMove, at range: SourceRange) throws(RunFailure) {
    var report = TreeMoveReport(move: move, range: range)
    let destination: History.Destination
    do {
      // Read in place: a copy of the history held while the move runs would make each
      // change to it copy every node.
      switch move {
      case .number(let n): destination = try invoker.history.destination(number: n)
      case .steps(let n): destination = try invoker.history.destination(steps: n)
      case .seconds(let n): destination = try invoker.history.destination(seconds: n)
      }
    } catch {
      if case .noStep(let n) = error { throw RunFailure(message: "there is no step \(n) in the history", range: range) }
      report.refusal = error
      host?.present(.moved(report))
      return
    }
    // What the move undoes and redoes counts against the step limit, as commands do.
    if limits.steps != nil {
      let route = invoker.history.route(to: destination)
      try invoker.charge(steps: route.undo + route.redo, at: range)
    }
    // One event for the whole move, which the session tells as one change.
    let origin = invoker.history.current
    let moved = invoker.move(to: destination)
    if let failure = moved.failure {
      // All or nothing, as `undo`: back to where it started, and no change to tell.
      let back = invoker.move(to: .after(origin))
      if back.failure == nil {
        throw RunFailure(
          message: "cannot `\(move.canonical)`: \(failure.message); nothing was moved", range: range)
      }
    }
    let current = invoker.history.current
    report.arrivedAfter = current < 0 ? 0 : invoker.history.nodes[current].number
    (report.undone, report.redone) = (moved.undone, moved.redone)
    report.notReverted = moved.notUndone
    report.stopped = moved.failure
    host?.present(.moved(report))
  }
}
