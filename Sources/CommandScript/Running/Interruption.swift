import Synchronization

/// A request to stop the running statement, safe to set from another thread or from a
/// signal handler (a lock-free atomic flag). The invoker checks it between commands.
public final class Interruption: Sendable {
  private let flag = Atomic<Bool>(false)

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
}
