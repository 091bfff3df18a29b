import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--session FILE`: every top-level statement that took effect (undo, redo and macro
/// definitions included, rolled-back statements not; the statements of a sourced file
/// themselves, never the `source`), as its source text, and the settings that change what
/// statements do. Before a statement made in another second than the last one
/// journaled, a `#= time` record: the session's clock reads ``stamp``, so each undo step
/// keeps the time that a resume gives it again. A journal is a script: replaying it entry by entry restores the
/// receivers, the undo and redo stacks and the macros exactly.
///
/// The bytes are ``JournalFormat``'s (grammar.md, "Session journals"); this is the file:
/// reading, appending, cutting back, syncing, locking.
///
/// A statement is written before it runs and cut off again if it fails (unless its
/// rollback left something in effect: then it is kept, marked as failed), so it takes
/// effect only once the journal holds it; entries are made durable (`fdatasync`) before
/// anything is written to standard output or error, before the next prompt and before
/// waiting for more input. A last record cut short (the process died while writing it) is
/// dropped when the journal is opened again; damage anywhere else stops the resume. A file
/// that is not a journal is refused untouched. The file is locked while a process uses it.
/// A new journal is created with its first record (`O_EXCL | O_NOFOLLOW`), so that a run
/// that journals nothing leaves no file behind, and a symbolic link is never followed to
/// create its target.
final class Journal: StatementJournal {
  typealias Entry = JournalFormat.Entry
  typealias Contents = JournalFormat.Contents
  typealias Damage = JournalFormat.Damage

  /// A place in the file between records, and the checksum chain there.
  struct Mark {
    var offset: off_t
    var chain: UInt32
  }

  let path: String
  /// -1 until the file exists: a new journal is created with its first record.
  private var descriptor: Int32
  /// Whether the file was created since the last sync: its folder is synced too.
  private var created = false
  /// Where the file ends: the next record goes there, chained to its checksum.
  private(set) var end = Mark(offset: 0, chain: 0)
  /// Where the last record starts, and its entry, while it can still be withdrawn.
  private var lastRecord: (mark: Mark, entry: [UInt8])?
  /// Where the file ended at the last sync: what is durable.
  private var durable = Mark(offset: 0, chain: 0)
  private var unsynced = false
  /// Whether a record could not be written since this was last cleared.
  var recordFailed = false
  /// Whether records were written that are not durable yet.
  var hasUnsyncedRecords: Bool { unsynced }
  /// The time the statement recorded last was made at (seconds since 1970): the session's
  /// clock while this journal is attached, so a step's time is the one journaled.
  private(set) var stamp = Int(time(nil))
  /// The time of the last `#= time` record in the file, if it is known to be there.
  var journaledTime: Int?
  /// The arguments (`$1`, `$2`, …) of the statements this run records.
  var arguments: [String] = []
  /// The arguments of the last `#= arguments` record in the file (none if there is none),
  /// if known: a record is written before a statement whenever they differ.
  var journaledArguments: [String]? = []
  /// A call kept whole (``beginCall()``): not begun in the file yet (its `#= begin` goes
  /// before its first record), or begun at a mark (where its `#= begin` starts, and where
  /// the file ended right after it).
  private enum Call {
    case none
    case pending
    case begun(at: Mark, after: Mark)
  }
  private var call = Call.none
  /// The salt of the file's first line (0 until the first record is written): with a
  /// statement's offset, the id of its step that plugins are told (`execute`'s `step`).
  private(set) var salt: UInt32 = 0
  /// Where the statement recorded last starts: the same on every resume of the file.
  private(set) var statementOffset: off_t = 0
  /// Where the record appended last starts (after the first line, for the first).
  private var recordStart: off_t = 0

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// Opens the journal at `path` and locks it; one that does not exist yet is created with
  /// its first record, where it can be (its folder exists and is writable).
  static func acquire(_ path: String) -> Result<Journal, FileError> {
    let fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC)
    if fd < 0, errno == ENOENT {
      var info = stat()
      if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
        return .failure(FileError(path: path, reason: "it is a symbolic link to a file that does not exist"))
      }
      let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
      guard access(folder, W_OK | X_OK) == 0 else {
        return .failure(FileError(path: path, reason: String(cString: strerror(errno))))
      }
      return .success(Journal(path: path, descriptor: -1))
    }
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
  /// that new records do not follow it; a journal of version 2 is rewritten as version 3;
  /// a file that is not a journal, or is damaged, is left untouched.
  func load() -> Result<Contents, Damage> {
    // Not created yet: an empty journal.
    guard descriptor >= 0 else { return JournalFormat.parse([]) }
    // From the start: the descriptor was just opened (writes append whatever its position).
    let content: [UInt8]
    switch FileIO.read(descriptor: descriptor, limit: .max) {
    case .success(let bytes): content = bytes
    case .failure(let error):
      return .failure(Damage(line: 1, reason: "it cannot be read: \(error.reason)", intact: [], intactBytes: 0))
    }
    switch JournalFormat.parse(content) {
    case .success(var contents):
      if contents.entries.isEmpty {
        // Empty, a first line cut short, or a first line alone: begun anew, the first line
        // written with the first record.
        if !content.isEmpty { _ = ftruncate(descriptor, 0) }
        end = Mark(offset: 0, chain: 0)
      } else if contents.version < JournalFormat.version {
        if let failure = rewrite(&contents) { return .failure(failure) }
      } else {
        var kept = content.count - contents.droppedBytes
        if contents.droppedBytes > 0 { _ = ftruncate(descriptor, off_t(kept)) }
        if contents.missingLineBreak {
          guard writeAll(descriptor, [10]) == nil, fdatasync(descriptor) == 0 else {
            let reason = "its last line break could not be given back: \(String(cString: strerror(errno)))"
            return .failure(Damage(line: 1, reason: reason, intact: [], intactBytes: 0))
          }
          kept += 1
        }
        end = Mark(offset: off_t(kept), chain: contents.chain)
      }
      salt = contents.salt
      durable = end
      return .success(contents)
    case .failure(let damage): return .failure(damage)
    }
  }

  /// Replaces a journal of an earlier version by the same entries in this version's
  /// records: written beside it with its permissions, made durable, locked, then renamed
  /// over it, so that a crash leaves one or the other.
  private func rewrite(_ contents: inout Contents) -> Damage? {
    let temporary = path + ".v\(JournalFormat.version)-\(getpid())"
    let fd = open(temporary, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    let salt = JournalFormat.newSalt()
    let bytes = JournalFormat.file(contents.entries, salt: salt)
    func fail(_ what: String) -> Damage {
      let reason =
        "it was written by version \(contents.version) and could not be rewritten (\(what): \(String(cString: strerror(errno))))"
      if fd >= 0 {
        close(fd)
        unlink(temporary)
      }
      return Damage(line: 1, reason: reason, intact: [], intactBytes: 0)
    }
    guard fd >= 0 else { return fail("creating \(temporary)") }
    var info = stat()
    if fstat(descriptor, &info) == 0 {
      _ = fchown(fd, info.st_uid, info.st_gid)
      _ = fchmod(fd, info.st_mode & 0o7777)
    }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0, writeAll(fd, bytes) == nil, fdatasync(fd) == 0 else {
      return fail("writing \(temporary)")
    }
    guard rename(temporary, path) == 0 else { return fail("renaming \(temporary)") }
    FileIO.syncFolder(of: path)
    close(descriptor)
    descriptor = fd
    var chain = salt
    var offset = JournalFormat.header(salt: salt).count
    for i in contents.entries.indices {
      (contents.entries[i].offset, contents.entries[i].chain) = (offset, chain)
      let record = JournalFormat.record(contents.entries[i].written, after: chain)
      offset += record.bytes.count
      chain = record.checksum
    }
    (contents.salt, contents.chain) = (salt, chain)
    self.salt = salt
    end = Mark(offset: off_t(bytes.count), chain: chain)
    return nil
  }

  /// Writes all of `bytes`; the errno of a failure, or nil.
  private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { FileIO.writeAll(fd, $0) }
  }

  /// Appends one record; on failure the file is cut back to where it ended, so it never
  /// holds a partial record followed by later ones.
  private func append(_ entry: [UInt8]) throws(RecordFailure) {
    if descriptor < 0 { try create() }
    // A new file gets its first line with its first record.
    var start = end
    var header: [UInt8] = []
    if start.offset == 0 {
      let salt = JournalFormat.newSalt()
      header = JournalFormat.header(salt: salt)
      start.chain = salt
      self.salt = salt
    }
    let record = JournalFormat.record(entry, after: start.chain)
    if let error = writeAll(descriptor, header.isEmpty ? record.bytes : header + record.bytes) {
      _ = ftruncate(descriptor, end.offset)
      recordFailed = true
      throw RecordFailure(reason: String(cString: strerror(error)))
    }
    lastRecord = (end, entry)
    recordStart = end.offset + off_t(header.count)
    end = Mark(offset: end.offset + off_t(header.count + record.bytes.count), chain: record.checksum)
    unsynced = true
  }

  /// Creates the file, for its first record, without following a symbolic link, and locks
  /// it.
  private func create() throws(RecordFailure) {
    let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else {
      recordFailed = true
      let reason =
        errno == EEXIST
        ? "\(path) was created by something else meanwhile" : String(cString: strerror(errno))
      throw RecordFailure(reason: reason)
    }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      close(fd)
      recordFailed = true
      throw RecordFailure(reason: "another \(ToolIdentity.current.name) is using it")
    }
    descriptor = fd
    created = true
  }

  func record(_ text: String) throws(RecordFailure) {
    if case .pending = call {
      let start = end
      try append(JournalFormat.callBegin)
      lastRecord = nil
      call = .begun(at: start, after: end)
    }
    if arguments != journaledArguments {
      try append(JournalFormat.entry(arguments: arguments))
      lastRecord = nil
      journaledArguments = arguments
    }
    let now = Int(time(nil))
    if now != journaledTime {
      try append(JournalFormat.entry(time: now))
      lastRecord = nil
      journaledTime = now
    }
    stamp = now
    let start = end
    try append(JournalFormat.entry(statement: text))
    statementOffset = recordStart
    statement = (start, end, lastRecord?.entry ?? [])
  }

  /// The statement recorded last: where its record starts and ends, and its entry.
  private var statement: (start: Mark, end: Mark, entry: [UInt8])?

  /// Appends `text` after the statement recorded last, as part of it: withdrawing the
  /// statement, or keeping it as failed, takes this away too (a plugin's records).
  func recordAfterStatement(_ text: String) throws(RecordFailure) {
    let statement = lastRecord
    try append(JournalFormat.entry(statement: text))
    lastRecord = statement
  }

  func withdrawLast() {
    guard let lastRecord else { return }
    let (time, arguments) = (journaledTime, journaledArguments)
    cut(to: lastRecord.mark)
    // The time and arguments records before the statement stay.
    (journaledTime, journaledArguments) = (time, arguments)
  }

  func keepFailed(leaving commands: [String], replays: Bool) {
    guard let lastRecord else { return }
    let (time, arguments) = (journaledTime, journaledArguments)
    cut(to: lastRecord.mark)
    (journaledTime, journaledArguments) = (time, arguments)
    let entry =
      replays ? JournalFormat.entry(failedStatement: lastRecord.entry) : JournalFormat.entry(notReverted: commands)
    // Not kept if it cannot be written: the resume then lacks only what was not reverted.
    try? append(entry)
    self.lastRecord = nil
  }

  /// Cuts the file back to `mark` (a record's start, or an earlier `end`).
  func cut(to mark: Mark) {
    guard descriptor >= 0, mark.offset < end.offset else { return }
    _ = ftruncate(descriptor, mark.offset)
    // A time or arguments record may have gone with what was cut.
    journaledTime = nil
    journaledArguments = nil
    end = mark
    if durable.offset > mark.offset { durable = mark }
    lastRecord = nil
    unsynced = true
  }

  /// Begins a call whose records, from here to ``commitCall()``, a resume keeps whole or
  /// not at all (`mcp`'s `run`: a kill between two of its statements must not leave the
  /// first done). Its `#= begin` is written with its first record: a call that records
  /// nothing leaves nothing.
  func beginCall() {
    if case .none = call { call = .pending }
  }

  /// Ends the call begun by ``beginCall()``, before it is answered: `#= commit` after its
  /// records, or, when none of them is left (its one statement failed and was cut off),
  /// its `#= begin` cut off too.
  func commitCall() throws(RecordFailure) {
    defer { call = .none }
    guard case .begun(let start, let after) = call else { return }
    // (Before its end when the file was cut back past it: a sync failed, the run stops.)
    guard end.offset > after.offset else {
      if end.offset == after.offset { cut(to: start) }
      return
    }
    try append(JournalFormat.callCommit)
  }

  /// Ends the call begun by ``beginCall()`` before the statement recorded last, which
  /// has not done anything yet: a resume keeps the call's statements before it whole, and
  /// it and those after it one by one. For a statement that moves a persistent plugin
  /// through its history, which a resume could not take back exactly (PluginJournal). The
  /// statement's record is written again after the `#= commit` (its step is then another:
  /// ``statementOffset``); a kill in between leaves it out, having done nothing.
  func commitCallBeforeLast() {
    guard case .begun(let start, let after) = call else {
      if case .pending = call { call = .none }
      return
    }
    // (Never with something after its record: that would be its own, once it did something.)
    guard let statement, statement.end.offset == end.offset else { return }
    call = .none
    let (time, arguments) = (journaledTime, journaledArguments)
    cut(to: statement.start)
    (journaledTime, journaledArguments) = (time, arguments)
    do {
      if end.offset == after.offset { cut(to: start) } else { try append(JournalFormat.callCommit) }
      let again = end
      try append(statement.entry)
      statementOffset = recordStart
      self.statement = (again, end, statement.entry)
    } catch {
      // Not written: the failure is seen when the call ends (``recordFailed``).
    }
  }

  /// Records that the session uses plugin `name`, started as `command`.
  func recordPlugin(_ name: String, command: String) throws(RecordFailure) {
    try append(JournalFormat.entry(plugin: name, command: command))
    lastRecord = nil
  }

  /// Records the history limit in force from here on.
  func recordHistoryLimit(_ limit: Int?) throws(RecordFailure) {
    try append(JournalFormat.entry(historyLimit: limit))
    lastRecord = nil
  }

  /// Makes the records written so far durable; on failure, cuts the file back to what
  /// was durable and returns why.
  func sync() -> String? {
    guard unsynced, descriptor >= 0 else { return nil }
    unsynced = false
    lastRecord = nil
    guard fdatasync(descriptor) == 0 else {
      let reason = String(cString: strerror(errno))
      _ = ftruncate(descriptor, durable.offset)
      end = durable
      journaledTime = nil
      journaledArguments = nil
      return reason
    }
    durable = end
    if created {
      // The new file's name is durable too.
      FileIO.syncFolder(of: path)
      created = false
    }
    return nil
  }

  /// Writes `entries` as a new journal at `path` (which must not exist): what
  /// `--salvage-session` keeps. A file that cannot be created fails with
  /// ``CreateFailure/cannotCreate``; one that cannot be written or made durable (a full
  /// disk) is removed and fails with ``CreateFailure/cannotWrite``.
  static func create(_ path: String, holding entries: [Entry]) -> CreateFailure? {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { return .cannotCreate(FileError(path: path, reason: String(cString: strerror(errno)))) }
    let bytes = JournalFormat.file(entries)
    var failure = bytes.withUnsafeBytes { FileIO.writeAll(fd, $0) }
    if failure == nil, fsync(fd) != 0 { failure = errno }
    if failure == nil, close(fd) != 0 { failure = errno } else if failure != nil { close(fd) }
    if let failure {
      unlink(path)
      return .cannotWrite(FileError(path: path, reason: String(cString: strerror(failure))))
    }
    FileIO.syncFolder(of: path)
    return nil
  }

  /// Why ``create(_:holding:)`` failed.
  enum CreateFailure: Error {
    /// The file could not be created (it exists, its folder does not).
    case cannotCreate(FileError)
    /// It could not be written or made durable.
    case cannotWrite(FileError)
  }
}
