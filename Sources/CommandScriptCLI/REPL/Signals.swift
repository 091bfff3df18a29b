import CommandScript
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// What the REPL's signal handlers touch. A handler only stores an atomic flag and writes a
// byte to a non-blocking self-pipe (both async-signal-safe); the line editor's input loop
// wakes up on the pipe and acts on the flags outside the handler.

/// Ctrl-C: at the prompt, abandon the line; while a statement runs, interrupt it.
let interruptRequested = Atomic<Bool>(false)
/// Ctrl-Z at the prompt: put the terminal back, then stop.
let stopRequested = Atomic<Bool>(false)
/// SIGCONT: the process was stopped and continued; the terminal may need preparing again.
let continued = Atomic<Bool>(false)
/// SIGWINCH: the terminal was resized.
let resized = Atomic<Bool>(false)
/// Whether readline owns the terminal (it is in raw mode) right now.
let atPrompt = Atomic<Bool>(false)

/// The self-pipe: handlers write, the input loop polls the read end.
nonisolated(unsafe) var wakePipe: (read: Int32, write: Int32) = (-1, -1)
/// The running session's interruption flag, which the invoker checks between commands.
nonisolated(unsafe) var interruptTarget: Unmanaged<Interruption>?
/// The terminal as it was before the REPL started, restored when a signal ends the process.
nonisolated(unsafe) var originalTerminal = termios()
nonisolated(unsafe) var hasOriginalTerminal = false
/// Whether standard error is a terminal (which echoes `^C` where the cursor is).
nonisolated(unsafe) var stderrIsTerminal = false

enum Signals {
  /// Installs the REPL's handlers: Ctrl-C, SIGCONT and SIGWINCH set flags; SIGTERM, SIGHUP
  /// and SIGQUIT restore the terminal and then end the process as they would have.
  /// Ctrl-Z is handled only while at the prompt (see ``catchStops(_:)``).
  static func install(interruption: Interruption) {
    // Globals initialise lazily: touch everything a handler reads before it can run.
    _ = interruptRequested.load(ordering: .relaxed)
    _ = stopRequested.load(ordering: .relaxed)
    _ = continued.load(ordering: .relaxed)
    _ = resized.load(ordering: .relaxed)
    _ = atPrompt.load(ordering: .relaxed)
    var fds: [Int32] = [-1, -1]
    if pipe(&fds) == 0 {
      for fd in fds {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      }
      wakePipe = (fds[0], fds[1])
    }
    interruptTarget = Unmanaged.passUnretained(interruption)
    hasOriginalTerminal = tcgetattr(0, &originalTerminal) == 0
    stderrIsTerminal = isatty(2) == 1
    for signal in [SIGINT, SIGCONT, SIGWINCH] { set(signal, to: onSignal) }
    for signal in [SIGTERM, SIGHUP, SIGQUIT] { set(signal, to: onTermination) }
    // A blocked signal mask is inherited through exec (a test harness may block them):
    // the REPL must receive what it handles.
    var handled = sigset_t()
    sigemptyset(&handled)
    for signal in [SIGINT, SIGCONT, SIGWINCH, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP] { sigaddset(&handled, signal) }
    pthread_sigmask(SIG_UNBLOCK, &handled, nil)
  }

  /// While at the prompt Ctrl-Z is caught, so that the terminal can be put back before
  /// the process stops; while a statement runs, it stops the process at once.
  static func catchStops(_ on: Bool) {
    if on {
      set(SIGTSTP, to: onSignal)
    } else {
      _ = signal(SIGTSTP, SIG_DFL)
    }
  }

  /// Forgets signals that arrived before now (a Ctrl-C that interrupted a statement must not
  /// also abandon the next line).
  static func reset() {
    drainWakePipe()
    interruptRequested.store(false, ordering: .sequentiallyConsistent)
    interruptTarget?._withUnsafeGuaranteedRef { $0.clear() }
    stopRequested.store(false, ordering: .sequentiallyConsistent)
    continued.store(false, ordering: .sequentiallyConsistent)
  }

  static func drainWakePipe() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while buffer.withUnsafeMutableBytes({ read(wakePipe.read, $0.baseAddress, $0.count) }) > 0 {}
  }

  private static func set(_ number: Int32, to handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    // No SA_RESTART: a blocking call returns EINTR, so the input loop sees the flag.
    action.sa_flags = 0
    sigaction(number, &action, nil)
  }
}

private func onSignal(_ number: Int32) {
  let savedErrno = errno
  switch number {
  case SIGINT:
    interruptRequested.store(true, ordering: .sequentiallyConsistent)
    interruptTarget?._withUnsafeGuaranteedRef { $0.request() }
    // While a statement runs, the terminal has echoed `^C`: end that line, so that the
    // "interrupted" error starts on a line of its own.
    if !atPrompt.load(ordering: .sequentiallyConsistent) {
      if stderrIsTerminal {
        var newline: UInt8 = 10
        _ = write(2, &newline, 1)
      }
      // The watcher acknowledges it while the main thread stops the statement.
      var byte: UInt8 = 0
      _ = write(watchPipe.write, &byte, 1)
    }
  case SIGTSTP: stopRequested.store(true, ordering: .sequentiallyConsistent)
  case SIGCONT: continued.store(true, ordering: .sequentiallyConsistent)
  case SIGWINCH: resized.store(true, ordering: .sequentiallyConsistent)
  default: break
  }
  var byte: UInt8 = 0
  _ = write(wakePipe.write, &byte, 1)
  errno = savedErrno
}

private func onTermination(_ number: Int32) {
  if atPrompt.load(ordering: .sequentiallyConsistent) {
    if hasOriginalTerminal { _ = tcsetattr(0, TCSANOW, &originalTerminal) }
    // Bracketed paste off (readline turned it on for the prompt), and a fresh line.
    let reset: StaticString = "\u{1B}[?2004l\r\n"
    _ = write(1, reset.utf8Start, reset.utf8CodeUnitCount)
  }
  _ = signal(number, SIG_DFL)
  _ = raise(number)
}
