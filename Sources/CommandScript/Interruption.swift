import Synchronization

/// A request to stop the running statement, safe to set from another thread or from a
/// signal handler (a lock-free atomic flag). The invoker checks it between commands.
public final class Interruption: Sendable {
  private let flag = Atomic<Bool>(false)

  public init() {}

  /// Asks the running statement to stop; it is rolled back and fails with "interrupted".
  public func request() { flag.store(true, ordering: .relaxed) }

  /// Whether a stop was requested since the statement started.
  public var isRequested: Bool { flag.load(ordering: .relaxed) }

  func clear() { flag.store(false, ordering: .relaxed) }
}
