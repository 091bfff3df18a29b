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
/// The format (version 2, grammar.md "Session journals"): a first line
/// `#~ cmdscript session 2`, then records, each an entry (a statement, or a setting line
/// `#= history-limit N`) ending with a line break, followed by the line
/// `#~ CRC LENGTH`: the CRC-32C of the entry's bytes in 8 lowercase hexadecimal digits and
/// their count. Both kinds of line are comments to the language.
///
/// A statement is written before it runs and cut off again if it fails, so it takes effect
/// only once the journal holds it; entries are made durable (`fdatasync`) before the next
/// prompt and before waiting for more input. A last record cut short (the process died
/// while writing it) is dropped when the journal is opened again; damage anywhere else
/// stops the resume. The file is locked while a process uses it.
final class Journal: StatementJournal {
  static let header: [UInt8] = Array("#~ cmdscript session 2\n".utf8)

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
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      let reason = errno == EWOULDBLOCK ? "another cmdscript is using it" : String(cString: strerror(errno))
      close(fd)
      return .failure(FileError(path: path, reason: reason))
    }
    return .success(Journal(path: path, descriptor: fd))
  }

  /// One entry: a statement's source text, or a setting.
  struct Entry {
    var bytes: [UInt8]
    /// The line of the file it starts on.
    var line: Int
    /// `#= history-limit N`: the history limit from here on (`.some(nil)`: none).
    var historyLimit: Int??
    /// Where its record starts in the file.
    var offset = 0
  }

  /// What the file holds.
  struct Contents {
    var entries: [Entry]
    /// How many bytes a torn last record had (cut off the file).
    var droppedBytes = 0
    /// Written by version 1 (no checksums): read as before, then rewritten as version 2.
    var version1 = false
  }

  /// A record that does not verify, other than a torn last one.
  struct Damage: Error {
    /// The line the damaged record starts on, and what is wrong.
    var line: Int
    var reason: String
    /// The records before it, all verified, and where they end in the file.
    var intact: [Entry]
    var intactBytes: Int
  }

  /// Reads and verifies the whole journal. A torn last record is cut off the file, so
  /// that new records do not follow it; damage elsewhere leaves the file untouched.
  func load() -> Result<Contents, Damage> {
    let content = readAll()
    let parsed = Self.parse(content)
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

  private func readAll() -> [UInt8] {
    var content: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var offset: off_t = 0
    while true {
      let n = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
      if n < 0, errno == EINTR { continue }
      if n <= 0 { break }
      content += chunk[0..<n]
      offset += off_t(n)
    }
    return content
  }

  /// The entries of a journal's bytes, verified; see the type's documentation.
  static func parse(_ content: [UInt8]) -> Result<Contents, Damage> {
    if content.isEmpty || (content.count < header.count && header.starts(with: content)) {
      // Empty, or torn while its first line was written.
      return .success(Contents(entries: [], droppedBytes: content.count))
    }
    let lines = lineStarts(content)
    let marked = lines.filter { isMarked(content, at: $0) }
    if marked.isEmpty { return .success(version1Entries(content)) }
    guard content.starts(with: header) else {
      return .failure(
        Damage(line: 1, reason: "its first line is not `#~ cmdscript session 2`", intact: [], intactBytes: 0))
    }
    var entries: [Entry] = []
    var position = header.count
    var line = 2
    var next = 0  // index into `marked`
    while position < content.count {
      while next < marked.count, marked[next] <= position { next += 1 }
      // The record's trailer: the next complete line that starts with `#~`.
      guard next < marked.count, let end = content[marked[next]...].firstIndex(of: 10) else {
        // No complete trailer after it: the process died while writing the last record.
        return .success(Contents(entries: entries, droppedBytes: content.count - position))
      }
      let trailerStart = marked[next]
      let body = Array(content[position..<trailerStart])
      func damaged(_ reason: String) -> Result<Contents, Damage> {
        .failure(Damage(line: line, reason: reason, intact: entries, intactBytes: position))
      }
      guard let (crc, length) = trailer(content[trailerStart..<end]) else {
        return damaged("its checksum line is malformed")
      }
      guard length == body.count else { return damaged("its length is \(body.count) bytes, not \(length)") }
      guard crc == CRC32C.checksum(body) else { return damaged("its checksum does not match") }
      guard var entry = entry(body, line: line) else { return damaged("its setting is unknown") }
      entry.offset = position
      entries.append(entry)
      line += body.count { $0 == 10 } + 1
      position = end + 1
    }
    return .success(Contents(entries: entries))
  }

  /// The start of every line.
  private static func lineStarts(_ content: [UInt8]) -> [Int] {
    var starts = [0]
    for (i, byte) in content.enumerated() where byte == 10 && i + 1 < content.count { starts.append(i + 1) }
    return starts
  }

  private static func isMarked(_ content: [UInt8], at i: Int) -> Bool {
    i + 1 < content.count && content[i] == UInt8(ascii: "#") && content[i + 1] == UInt8(ascii: "~")
  }

  /// `#~ CRC LENGTH` (without its line break): the checksum and length, or nil.
  private static func trailer(_ line: ArraySlice<UInt8>) -> (UInt32, Int)? {
    let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard fields.count == 3, fields[0].elementsEqual("#~".utf8), fields[1].count == 8,
      fields[2].count <= 10, !fields[2].isEmpty, fields[2].first != UInt8(ascii: "0") || fields[2].count == 1,
      let crc = UInt32(String(decoding: fields[1], as: UTF8.self), radix: 16),
      fields[1].allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }),
      fields[2].allSatisfy({ (48...57).contains($0) }),
      let length = Int(String(decoding: fields[2], as: UTF8.self))
    else { return nil }
    return (crc, length)
  }

  /// A verified record's entry; nil for a setting line this version does not know.
  private static func entry(_ body: [UInt8], line: Int) -> Entry? {
    guard body.starts(with: "#=".utf8) else { return Entry(bytes: body, line: line) }
    let text = String(decoding: body, as: UTF8.self)
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard words.count == 3, words[1] == "history-limit" else { return nil }
    if words[2] == "none" { return Entry(bytes: body, line: line, historyLimit: .some(nil)) }
    guard let limit = Int(words[2]), limit >= 0 else { return nil }
    return Entry(bytes: body, line: line, historyLimit: limit)
  }

  /// A journal written by version 1: entries one after another, each complete as a
  /// line-by-line reader sees it; an incomplete last one is dropped.
  private static func version1Entries(_ content: [UInt8]) -> Contents {
    var entries: [Entry] = []
    var start = 0
    var line = 1
    var entryLine = 1
    var scanner = EntryScanner()
    var lineStart = 0
    for (i, byte) in content.enumerated() where byte == 10 {
      line += 1
      scanner.read(content[lineStart...i])
      lineStart = i + 1
      if scanner.needsMoreInput { continue }
      scanner = EntryScanner()
      entries.append(Entry(bytes: Array(content[start...i]), line: entryLine))
      start = i + 1
      entryLine = line
    }
    return Contents(entries: entries, droppedBytes: content.count - start, version1: true)
  }

  /// One record's bytes: the entry, its line break, and its checksum line.
  static func record(_ entry: [UInt8]) -> [UInt8] {
    var bytes = entry
    if bytes.last != 10 { bytes.append(10) }
    let crc = String(CRC32C.checksum(bytes), radix: 16)
    bytes += Array("#~ \(String(repeating: "0", count: 8 - crc.count) + crc) \(bytes.count)\n".utf8)
    return bytes
  }

  /// The bytes of a version-2 journal holding `entries`.
  static func file(_ entries: [Entry]) -> [UInt8] {
    var bytes = header
    for entry in entries { bytes += record(entry.bytes) }
    return bytes
  }

  /// Replaces a version-1 file by the same entries with checksums: written beside it,
  /// made durable, locked, then renamed over it, so that a crash leaves one or the other.
  private func rewrite(_ entries: inout [Entry]) -> Damage? {
    let temporary = path + ".v2-\(getpid())"
    let fd = open(temporary, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    let bytes = Self.file(entries)
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
    guard flock(fd, LOCK_EX | LOCK_NB) == 0, writeAll(fd, bytes[...]) == nil, fdatasync(fd) == 0 else {
      return fail("writing \(temporary)")
    }
    guard rename(temporary, path) == 0 else { return fail("renaming \(temporary)") }
    close(descriptor)
    descriptor = fd
    size = off_t(bytes.count)
    var offset = Self.header.count
    for i in entries.indices {
      entries[i].offset = offset
      offset += Self.record(entries[i].bytes).count
    }
    return nil
  }

  /// Writes all of `bytes`; the errno of a failure, or nil.
  private func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int32? {
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
      if n < 0 {
        if errno == EINTR { continue }
        return errno
      }
      written += n
    }
    return nil
  }

  /// Appends one record; on failure the file is cut back to where it ended, so it never
  /// holds a partial record followed by later ones.
  private func append(_ entry: [UInt8]) throws(RecordFailure) {
    // A new file gets its first line with its first record.
    let bytes = size == 0 ? Self.header + Self.record(entry) : Self.record(entry)
    if let error = writeAll(descriptor, bytes[...]) {
      _ = ftruncate(descriptor, size)
      recordFailed = true
      throw RecordFailure(reason: String(cString: strerror(error)))
    }
    lastRecord = size
    size += off_t(bytes.count)
    unsynced = true
  }

  func record(_ text: String) throws(RecordFailure) {
    var entry = Array(text.utf8)
    // An entry must not hold a line that looks like a checksum line.
    if entry.starts(with: "#".utf8) || entry.contains(10) && Self.lineStarts(entry).contains(where: { entry[$0] == 35 })
    {
      if let canonical = Session.canonicalStatement(text) { entry = Array(canonical.utf8) }
    }
    try append(entry)
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
    try append(Array("#= history-limit \(limit.map(String.init) ?? "none")\n".utf8))
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
    let bytes = file(entries)
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

/// CRC-32C (Castagnoli), the checksum of iSCSI, ext4 and LevelDB's log records.
enum CRC32C {
  private static let table: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0x82F6_3B78 ^ (c >> 1) : c >> 1 }
    return c
  }

  static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for b in bytes { crc = table[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }
}
