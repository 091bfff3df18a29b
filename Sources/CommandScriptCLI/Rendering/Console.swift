#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A buffered writer on a file descriptor (standard output or error), without Foundation.
/// A closed pipe ends the process through SIGPIPE's default action, quietly. Any other
/// write error is kept (the first one) and what is written after it is dropped: the tool
/// reports it once, at exit, as coreutils do.
final class Channel {
  let descriptor: Int32
  private var buffer: [UInt8] = []
  /// The `errno` of the first write that failed, other than a closed pipe (where SIGPIPE
  /// is ignored, output to a closed pipe is dropped quietly).
  private(set) var writeError: Int32?

  init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer.reserveCapacity(1 << 16)
  }

  /// Whether the descriptor is a terminal.
  lazy var isTerminal: Bool = isatty(descriptor) == 1

  /// Whether to write colour: on a terminal, unless `NO_COLOR` is set to anything but an
  /// empty string (https://no-color.org) or `TERM` is `dumb` (a terminal that shows escape
  /// codes as text, as in Emacs's shell).
  var allowsColour: Bool {
    guard isTerminal else { return false }
    if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
    guard let value = getenv("NO_COLOR") else { return true }
    return value.pointee == 0
  }

  /// Writes `text` followed by a line break.
  /// `text` as a line that begins with the tool's name, as the command line's messages do
  /// (`cmdscript: cannot read …`).
  func message(_ text: String) { line("\(ToolIdentity.current.name): \(text)") }

  func line(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    buffer.append(10)
    if buffer.count >= 1 << 16 { flush() }
  }

  func flush() {
    // An answer is written only once the statements before it are durable; one whose
    // statements could not be made so is not written.
    if !buffer.isEmpty, !Console.beforeWriting(), self === Console.out { buffer.removeAll(keepingCapacity: true) }
    if writeError == nil, !buffer.isEmpty, let failure = buffer.withUnsafeBytes({ FileIO.writeAll(descriptor, $0) }),
      failure != EPIPE
    {
      writeError = failure
    }
    buffer.removeAll(keepingCapacity: true)
  }
}

/// The process's standard output and standard error.
enum Console {
  nonisolated(unsafe) static let out = Channel(descriptor: 1)
  nonisolated(unsafe) static let err = Channel(descriptor: 2)
  /// Called before either channel writes: `--session` makes the journal durable there, so
  /// that no answer is seen for a statement a power cut could lose (false: it could not).
  nonisolated(unsafe) static var beforeWriting: () -> Bool = { true }

  static func flush() {
    out.flush()
    err.flush()
  }
}
