import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--session FILE`: every top-level statement that took effect (undo, redo and macro
/// definitions included, rolled-back statements not; the statements of a sourced file
/// themselves, never the `source`), as its source text, and the settings that change what
/// statements do. A journal is a script: replaying it entry by entry restores the
/// receivers, the undo and redo stacks and the macros exactly.
///
/// The bytes are ``JournalFormat``'s (grammar.md, "Session journals"); this is the file:
/// reading, appending, cutting back, syncing, locking.
///
/// A statement is written before it runs and cut off again if it fails, so it takes effect
/// only once the journal holds it; entries are made durable (`fdatasync`) before the next
/// prompt and before waiting for more input. A last record cut short (the process died
/// while writing it) is dropped when the journal is opened again; damage anywhere else
/// stops the resume. The file is locked while a process uses it.
final class Journal: StatementJournal {
  typealias Entry = JournalFormat.Entry
  typealias Contents = JournalFormat.Contents
  typealias Damage = JournalFormat.Damage

  let path: String
  private var descriptor: Int32
  /// Where the file ends: the next record goes there.
  private var size: off_t = 0
  /// Where the last record starts, while it can still be withdrawn.
  private var lastRecord: off_t?
  /// Where the file ended at the last sync: what is durable.
  private var durableSize: off_t = 0
  private var unsynced = false
  /// Whether a record could not be written since this was last cleared.
  var recordFailed = false
  /// Where the file ends now.
  var end: off_t { size }

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
      let reason =
        errno == EWOULDBLOCK ? "another \(ToolIdentity.current.name) is using it" : String(cString: strerror(errno))
      close(fd)
      return .failure(FileError(path: path, reason: reason))
    }
    return .success(Journal(path: path, descriptor: fd))
  }

  /// Reads and verifies the whole journal. A torn last record is cut off the file, so
  /// that new records do not follow it; damage elsewhere leaves the file untouched.
  func load() -> Result<Contents, Damage> {
    // From the start: the descriptor was just opened (writes append whatever its position).
    let content: [UInt8]
    switch FileIO.read(descriptor: descriptor, limit: .max) {
    case .success(let bytes): content = bytes
    case .failure(let error):
      return .failure(Damage(line: 1, reason: "it cannot be read: \(error.reason)", intact: [], intactBytes: 0))
    }
    let parsed = JournalFormat.parse(content)
    switch parsed {
    case .success(var contents):
      if contents.version1 {
        if let failure = rewrite(&contents.entries) { return .failure(failure) }
      } else {
        let kept = content.count - contents.droppedBytes
        if contents.droppedBytes > 0 { _ = ftruncate(descriptor, off_t(kept)) }
        size = off_t(kept)
      }
      durableSize = size
      return .success(contents)
    case .failure(let damage): return .failure(damage)
    }
  }

  /// Replaces a version-1 file by the same entries with checksums: written beside it,
  /// made durable, locked, then renamed over it, so that a crash leaves one or the other.
  private func rewrite(_ entries: inout [Entry]) -> Damage? {
    let temporary = path + ".v2-\(getpid())"
    let fd = open(temporary, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    let bytes = JournalFormat.file(entries)
    func fail(_ what: String) -> Damage {
      let reason =
        "it was written by version 1 and could not be rewritten (\(what): \(String(cString: strerror(errno))))"
      if fd >= 0 {
        close(fd)
        unlink(temporary)
      }
      return Damage(line: 1, reason: reason, intact: [], intactBytes: 0)
    }
    guard fd >= 0 else { return fail("creating \(temporary)") }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0, writeAll(fd, bytes) == nil, fdatasync(fd) == 0 else {
      return fail("writing \(temporary)")
    }
    guard rename(temporary, path) == 0 else { return fail("renaming \(temporary)") }
    close(descriptor)
    descriptor = fd
    size = off_t(bytes.count)
    var offset = JournalFormat.header.count
    for i in entries.indices {
      entries[i].offset = offset
      offset += JournalFormat.record(entries[i].bytes).count
    }
    return nil
  }

  /// Writes all of `bytes`; the errno of a failure, or nil.
  private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { FileIO.writeAll(fd, $0) }
  }

  /// Appends one record; on failure the file is cut back to where it ended, so it never
  /// holds a partial record followed by later ones.
  private func append(_ entry: [UInt8]) throws(RecordFailure) {
    // A new file gets its first line with its first record.
    let bytes = size == 0 ? JournalFormat.header + JournalFormat.record(entry) : JournalFormat.record(entry)
    if let error = writeAll(descriptor, bytes) {
      _ = ftruncate(descriptor, size)
      recordFailed = true
      throw RecordFailure(reason: String(cString: strerror(error)))
    }
    lastRecord = size
    size += off_t(bytes.count)
    unsynced = true
  }

  func record(_ text: String) throws(RecordFailure) {
    try append(JournalFormat.entry(statement: text))
  }

  func withdrawLast() {
    guard let lastRecord else { return }
    _ = ftruncate(descriptor, lastRecord)
    size = lastRecord
    self.lastRecord = nil
  }

  /// Cuts the file back to `offset` (a record's start, or an earlier `end`).
  func cut(to offset: off_t) {
    guard offset < size else { return }
    _ = ftruncate(descriptor, offset)
    size = offset
    durableSize = min(durableSize, offset)
    lastRecord = nil
    unsynced = true
  }

  /// Records the history limit in force from here on.
  func recordHistoryLimit(_ limit: Int?) throws(RecordFailure) {
    try append(JournalFormat.entry(historyLimit: limit))
    lastRecord = nil
  }

  /// Makes the records written so far durable; on failure, cuts the file back to what
  /// was durable and returns why.
  func sync() -> String? {
    guard unsynced else { return nil }
    unsynced = false
    lastRecord = nil
    guard fdatasync(descriptor) == 0 else {
      let reason = String(cString: strerror(errno))
      _ = ftruncate(descriptor, durableSize)
      size = durableSize
      return reason
    }
    durableSize = size
    return nil
  }

  /// Writes `entries` as a new journal at `path` (which must not exist): what
  /// `--salvage-session` keeps of a damaged one.
  static func create(_ path: String, holding entries: [Entry]) -> FileError? {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { return FileError(path: path, reason: String(cString: strerror(errno))) }
    defer { close(fd) }
    let bytes = JournalFormat.file(entries)
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else {
        let reason = String(cString: strerror(errno))
        unlink(path)
        return FileError(path: path, reason: reason)
      }
      written += n
    }
    guard fsync(fd) == 0 else { return FileError(path: path, reason: String(cString: strerror(errno))) }
    return nil
  }
}
