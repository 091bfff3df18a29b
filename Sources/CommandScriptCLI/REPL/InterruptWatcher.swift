import CommandScript
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Acknowledges Ctrl-C during a running statement at once, from a thread of its own: the
/// main thread is busy stopping the statement and undoing what it did, which for one that
/// ran for seconds takes a while. As soon as the rollback starts it writes "interrupted
/// after N commands; rolling back…" (after 50 ms without one, "interrupted; stopping…"), then, once the rollback has taken a second, its progress each second;
/// another Ctrl-C meanwhile says why it goes on. Nothing is written once the statement's
/// error is (the error acknowledges a quick stop by itself).
///
/// The SIGINT handler wakes it through a pipe of its own (``watchPipe``); what it writes
/// and the REPL's error are kept apart by a lock.
final class InterruptWatcher: @unchecked Sendable {
  // Unchecked: `running` and `pending` are only touched with `lock` held; the rest is
  // set before the thread starts.
  private let interruption: Interruption
  private let lock = Mutex(())
  private nonisolated(unsafe) var running = false
  /// A Ctrl-C came while a statement ran, and its error is not written yet.
  private nonisolated(unsafe) var pending = false
  /// Whether the acknowledgement was written for it.
  private nonisolated(unsafe) var acknowledged = false

  /// How long after Ctrl-C the acknowledgement is written if the statement is still going
  /// and no rollback has started (it is written as soon as one does).
  static let acknowledgeAfter = 0.05
  /// How long a rollback goes on before its progress is shown, and then how often.
  static let progressEvery = 1.0

  init(interruption: Interruption) { self.interruption = interruption }

  /// Starts the thread (once), and makes the SIGINT handler wake it.
  func start() {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    watchPipe = (fds[0], fds[1])
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()
    guard pthread_create(&thread, nil, watcherMain, context) == 0 else { return }
    pthread_detach(thread)
  }

  /// A statement starts running (its Ctrl-C is acknowledged).
  func statementStarts() {
    lock.withLock { _ in
      running = true
      pending = false
      acknowledged = false
    }
  }

  /// It is over.
  func statementEnds() { lock.withLock { _ in running = false } }

  /// Runs `write` (the statement's error) with nothing of the watcher's written meanwhile or
  /// after it for the same Ctrl-C.
  func reporting(_ write: () -> Void) {
    lock.withLock { _ in
      pending = false
      write()
    }
  }

  fileprivate func loop() {
    // Signals go to the main thread, whose input loop and invoker act on them.
    var all = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_BLOCK, &all, nil)
    while true {
      guard wait(seconds: nil) else { continue }
      let fresh = lock.withLock { _ -> Bool in
        guard running else { return false }
        let first = !pending
        pending = true
        return first
      }
      if fresh { follow(since: monotonicSeconds()) }
    }
  }

  /// From a Ctrl-C on: the acknowledgement, the progress, and what a Ctrl-C more says,
  /// until the statement's error is written.
  private func follow(since start: Double) {
    var lastShown = start
    while true {
      // Until acknowledged, looks every 5 ms for the rollback to start.
      let again = wait(seconds: acknowledged ? 0.1 : 0.005)
      let done = lock.withLock { _ -> Bool in
        guard running, pending else { return true }
        let now = monotonicSeconds()
        let progress = interruption.rollbackProgress
        if !acknowledged, progress != nil || now - start >= Self.acknowledgeAfter || again {
          acknowledged = true
          say(
            progress.map { "interrupted after \(Self.count($0.of, "command")); rolling back…" }
              ?? "interrupted; stopping…")
          return false
        }
        if again {
          say(
            progress.map {
              "still rolling back: \($0.undone) of \($0.of) commands undone; the statement is undone whole, so that nothing of it is left"
            } ?? "still stopping: the statement stops at its next command")
        } else if let progress, now - start >= Self.progressEvery, now - lastShown >= Self.progressEvery {
          lastShown = now
          let percent = progress.undone * 100 / max(1, progress.of)
          say("rolling back: \(progress.undone) of \(progress.of) commands undone (\(percent)%)…")
        }
        return false
      }
      if done { return }
    }
  }

  /// Waits for the pipe (a Ctrl-C) for at most `seconds` (nil: for ever); true if it woke.
  private func wait(seconds: Double?) -> Bool {
    var waiting = pollfd(fd: watchPipe.read, events: Int16(POLLIN), revents: 0)
    let timeout = seconds.map { Int32($0 * 1000) } ?? -1
    guard poll(&waiting, 1, timeout) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 64)
    while buffer.withUnsafeMutableBytes({ read(watchPipe.read, $0.baseAddress, $0.count) }) > 0 {}
    return true
  }

  /// Writes a line to standard error at once (the main thread's buffer is not touched).
  private func say(_ text: String) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { FileIO.writeAll(2, $0) }
  }

  private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}

/// The watcher's pipe: the SIGINT handler writes a byte while a statement runs.
nonisolated(unsafe) var watchPipe: (read: Int32, write: Int32) = (-1, -1)

private func watcherMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  Unmanaged<InterruptWatcher>.fromOpaque(context!).takeUnretainedValue().loop()
  return nil
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
