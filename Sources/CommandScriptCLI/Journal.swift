import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--session FILE`: every top-level statement that took effect (undo, redo and macro
/// definitions included, rolled-back statements not), as its source text, one entry per
/// line group. A journal is a script: replaying it entry by entry, as piped standard input
/// is run, restores the receivers, the undo and redo stacks and the macros exactly.
///
/// Entries are appended with `O_APPEND` as statements take effect and made durable
/// (`fdatasync`) before the next prompt, so a killed process loses nothing it reported. A
/// last entry cut short (killed mid-write) is dropped when the journal is opened again.
/// The file is locked while a process uses it.
final class Journal {
  let path: String
  private let descriptor: Int32
  /// Whether entries were written since the last sync.
  private var unsynced = false
  private var writeFailed = false

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Opens (or creates) the journal at `path` and locks it.
  static func acquire(_ path: String) -> Result<Journal, FileError> {
    let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return .failure(FileError(path: path, reason: String(cString: strerror(errno)))) }
    // A device, FIFO or socket is no journal: reading one back never ends, writing one
    // can block for ever.
    var info = stat()
    if fstat(fd, &info) == 0, let refusal = FileIO.refusal(ofFileWithMode: info.st_mode) {
      close(fd)
      return .failure(FileError(path: path, reason: refusal))
    }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      let reason = errno == EWOULDBLOCK ? "another cmdscript is using it" : String(cString: strerror(errno))
      close(fd)
      return .failure(FileError(path: path, reason: reason))
    }
    return .success(Journal(path: path, descriptor: fd))
  }

  /// The journal's complete entries, each with the line it starts on. An incomplete last
  /// entry (no final line break, or an open block or string) is cut off the file, so that
  /// new entries do not continue it; `dropped` says how many bytes that removed.
  func entries() -> (entries: [(bytes: [UInt8], line: Int)], dropped: Int) {
    // From the start: the descriptor was just opened (writes append whatever its position).
    let content = (try? FileIO.read(descriptor: descriptor, limit: .max).get()) ?? []
    var entries: [(bytes: [UInt8], line: Int)] = []
    var start = 0
    var line = 1
    var entryLine = 1
    var complete = 0
    // Each line is scanned once, so a long entry stays linear.
    var scanner = EntryScanner()
    var lineStart = 0
    for (i, byte) in content.enumerated() where byte == 10 {
      line += 1
      scanner.read(content[lineStart...i])
      lineStart = i + 1
      if scanner.needsMoreInput { continue }
      scanner = EntryScanner()
      let entry = Array(content[start...i])
      entries.append((entry, entryLine))
      start = i + 1
      complete = start
      entryLine = line
    }
    let dropped = content.count - complete
    if dropped > 0 { _ = ftruncate(descriptor, off_t(complete)) }
    return (entries, dropped)
  }

  /// Appends a statement that took effect. A statement that would not read back as one
  /// entry (one from a file, written with a line break before its `{`) is written in its
  /// canonical one-line form.
  func append(_ statement: String) {
    var text = statement
    if !Self.isOneEntry(text) { text = Session.canonicalStatement(text) ?? text }
    var bytes = Array(text.utf8)
    bytes.append(10)
    if let failure = bytes.withUnsafeBytes({ FileIO.writeAll(descriptor, $0) }) {
      if !writeFailed {
        Console.err.line("cmdscript: cannot write to the session \(path): \(String(cString: strerror(failure)))")
        Console.err.flush()
      }
      writeFailed = true
      return
    }
    unsynced = true
  }

  /// Makes the entries written so far durable.
  func sync() {
    guard unsynced else { return }
    unsynced = false
    _ = fdatasync(descriptor)
  }

  /// Whether `text` read back line by line (as entries are) is one entry: no line break
  /// in it ends a complete statement.
  static func isOneEntry(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var scanner = EntryScanner()
    var lineStart = 0
    for (i, byte) in bytes.enumerated() where byte == 10 {
      scanner.read(bytes[lineStart...i])
      lineStart = i + 1
      if !scanner.needsMoreInput { return false }
    }
    return !bytes.isEmpty
  }
}
