import Synchronization

/// A request to stop the running statement, safe to set from another thread or from a
/// signal handler (a lock-free atomic flag). The invoker checks it between commands.
///
/// While the statement it stopped is rolled back, it also tells how far the rollback has
/// come (``rollbackProgress``), which a host may read from another thread to acknowledge
/// the request at once and show progress while its main thread undoes.
public final class Interruption: Sendable {
  private let flag = Atomic<Bool>(false)
  /// The commands the running rollback has to undo (0: none runs), and those undone.
  private let rollbackTotal = Atomic<Int>(0)
  private let rollbackUndone = Atomic<Int>(0)

  /// A flag with no request.
  public init() {}

  /// Asks the running statement to stop; it is rolled back and fails with "interrupted".
  public func request() { flag.store(true, ordering: .relaxed) }

  /// Whether a stop was requested since the host last cleared it.
  public var isRequested: Bool { flag.load(ordering: .relaxed) }

  /// Forgets a request: a host clears it when it starts an input, so that a request made
  /// while it was waiting for input (Ctrl-C at a prompt) stops nothing. A request made
  /// while an input compiles stops it as its first statement would start.
  public func clear() { flag.store(false, ordering: .relaxed) }

  /// While a statement is rolled back: how many of its commands are undone so far, of how
  /// many it ran; nil when no rollback runs.
  public var rollbackProgress: (undone: Int, of: Int)? {
    let total = rollbackTotal.load(ordering: .acquiring)
    return total == 0 ? nil : (min(rollbackUndone.load(ordering: .relaxed), total), total)
  }

  /// The invoker starts undoing `total` commands.
  func rollbackStarted(_ total: Int) {
    rollbackUndone.store(0, ordering: .relaxed)
    rollbackTotal.store(total, ordering: .releasing)
  }

  /// The invoker has undone `undone` of them.
  func rollbackAdvanced(_ undone: Int) { rollbackUndone.store(undone, ordering: .relaxed) }

  /// The rollback is over.
  func rollbackEnded() { rollbackTotal.store(0, ordering: .releasing) }
}
