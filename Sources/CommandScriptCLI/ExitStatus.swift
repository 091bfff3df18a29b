// How a run ends: the exit statuses, and what a run does when a statement fails.

/// The process's exit statuses (BSD sysexits, as jlox uses them).
enum ExitStatus: Int32 {
  case success = 0
  /// A statement failed at run time (it was rolled back).
  case runtimeError = 1
  case usage = 64
  /// The input did not compile; nothing ran. Also: the session journal is damaged or no
  /// longer replays (EX_DATAERR).
  case compileError = 65
  /// An input file could not be read.
  case noInput = 66
  /// `serve` cannot listen on its address and port, or has no server to run (EX_UNAVAILABLE).
  case unavailable = 69
  /// Standard output, or the session journal, could not be written or made durable (EX_IOERR).
  case ioError = 74
}

/// What a run does when a statement fails at run time (`--on-error`); the failing
/// statement itself is always rolled back first.
enum ErrorPolicy: String, CaseIterable, Sendable {
  /// End the run (exit 1).
  case stop
  /// Go on with the next statement; exit 1 at the end.
  case `continue`
  /// Undo everything the run did, and exit 1.
  case rollback
}

extension ExitStatus {
  /// Whether a stream ends after an entry that ended so.
  func endsStream(under policy: ErrorPolicy) -> Bool {
    self == .compileError || (self == .runtimeError && policy != .continue)
  }
}

/// A file that could not be opened or read, and why.
struct FileError: Error {
  var path: String
  var reason: String
}
