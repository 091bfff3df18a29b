// A point of a session to come back to exactly: the history tree (numbers, branches,
// times), the queue and the definitions in force. `preview` takes a script back to one;
// a resume takes back a call that was never answered (`mcp`'s `run` with a persistent
// plugin, whose state outlived the process that ran it).

extension Session {
  /// Where the session stood: what ``rollBack(to:)`` returns to.
  package struct Checkpoint {
    fileprivate let history: History
    fileprivate let queue: (pending: [CompiledStatement], batchSize: Int?, failed: Int)
    fileprivate let mark: CheckerState.Mark
  }

  /// The session as it stands now. Until it is rolled back to, the history must keep
  /// every step (no history limit in force), so that each can be taken back.
  package func checkpoint() -> Checkpoint {
    Checkpoint(history: timeline.invoker.history, queue: timeline.queueState, mark: checkerState.mark)
  }

  /// Takes back everything done since `checkpoint`, for real: the steps made since are
  /// undone and the steps undone since are redone (their receivers, plugins' included, are
  /// sent the undos and redos), then the history tree, the queue and the definitions in
  /// force are exactly as they were. Nothing reaches the journal. Returns the failure of
  /// an undo or redo that could not be done (the tree is put back all the same).
  package func rollBack(to checkpoint: Checkpoint) -> CommandFailure? {
    let journal = timeline.journal
    timeline.journal = nil
    defer { timeline.journal = journal }
    let move = timeline.invoker.move(to: .after(checkpoint.history.current))
    timeline.invoker.history = checkpoint.history
    timeline.queueState = checkpoint.queue
    takeBack(since: checkpoint.mark)
    return move.failure
  }
}
