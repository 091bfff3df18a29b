// Observers told once per run rather than once per step: a host's call, a script, an
// `undo 5` or a saved mark is one update, with the changes it made, so that a model of the
// session refreshes once for it.

/// What a session keeps for its update observers: the observers, the changes of the run
/// under way, and how deep the runs are nested (the outermost one tells).
final class UpdateObservers {
  var observers: [(id: Int, observer: ([Change]) -> Void)] = []
  var changes: [Change] = []
  var depth = 0
  /// Whether something other than a change happened in the run (the saved mark moved).
  var touched = false
  /// The lines of trees and histories read or written by `Session.update(_:_:)`.
  var linesRead = 0
}

extension Session {
  /// How many lines of undo trees and histories ``update(_:_:)`` has read or written: the
  /// work a model does per change, counted (SessionModelCostTests).
  @_spi(Benchmarking) public var historyLinesRead: Int { updates.linesRead }

  /// Adds `observer`, told once after each run of statements (a host's call, a script, an
  /// `undo 5`, a move through the tree) with the changes it made, in order — possibly none,
  /// for a run that changed only the queue or nothing — and after ``markSaved()``, with
  /// none. What a model shown in a UI follows, so that it reads the session once per run
  /// however many steps the run undid. Told for as long as the returned token is kept.
  public func observeUpdates(_ observer: @escaping ([Change]) -> Void) -> ChangeObservation {
    nextChangeObserver += 1
    updates.observers.append((nextChangeObserver, observer))
    timeline.tellsChanges = true
    return ChangeObservation(session: self, id: nextChangeObserver)
  }

  /// Runs `body` as one run for the update observers: told once, when the outermost run
  /// ends.
  func settling<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    updates.depth += 1
    defer {
      updates.depth -= 1
      if updates.depth == 0 { tellUpdate() }
    }
    return try body()
  }

  /// Something that is not a change happened (the saved mark moved): the update observers
  /// are told at the end of the run, or now if none is under way.
  func noteUpdate() {
    guard !updates.observers.isEmpty else { return }
    updates.touched = true
    if updates.depth == 0 { tellUpdate() }
  }

  private func tellUpdate() {
    guard !updates.observers.isEmpty else { return }
    let changes = updates.changes
    (updates.changes, updates.touched) = ([], false)
    for (_, observer) in updates.observers { observer(changes) }
  }
}
