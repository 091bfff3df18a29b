/// The bytes of a session journal (`cmdscript --session`; grammar.md, "Session journals"):
/// a first line `#~ cmdscript session 3 SALT`, then records, each an entry (a statement's
/// source text, or a line `#= …` the journal keeps for itself) ending with a line break,
/// followed by the line `#~ CRC LENGTH`: the CRC-32C of the previous record's checksum
/// (the salt, for the first record) and the entry's bytes, and the entry's length. The
/// checksums form a chain, so that a record duplicated, moved, deleted or taken from
/// another journal does not verify (as SQLite salts and chains its WAL frames). Every line
/// of a journal is a statement or a comment, so it is also a script.
///
/// Reading verifies every record: only a torn last one (a prefix of a record: the process
/// died while writing it) is left out; anything else that does not verify, a whole last
/// record with one damaged byte included, is damage, reported at its line. Journals of
/// version 2 (the same records, each checksum of its entry alone) are read as before;
/// those of version 1 (no first line, no checksums) are read only when asked to
/// (``version1Entries(_:)``: `--salvage-session`), since such a file cannot be told from
/// an ordinary script.
package enum JournalFormat {
  /// The version this package writes.
  package static let version = 3
  /// What every journal's first line starts with: then its version.
  static let signature: [UInt8] = Array("#~ cmdscript session ".utf8)

  /// The first line of a journal whose chain starts at `salt`.
  package static func header(salt: UInt32) -> [UInt8] {
    signature + Array("\(version) ".utf8) + hex(salt) + [10]
  }

  /// A new salt for a new journal: a journal's records do not verify in another.
  package static func newSalt() -> UInt32 {
    var generator = SystemRandomNumberGenerator()
    return generator.next()
  }

  /// One entry: a statement's source text, or one of the journal's own lines.
  package struct Entry: Equatable, Sendable {
    /// The statement as written (without the record's `#=` line and check line), or the
    /// `#=` line itself.
    package var bytes: [UInt8]
    /// The line of the file the statement (or the `#=` line) is on.
    package var line: Int
    /// What the entry is.
    package var kind: Kind
    /// Where its record starts in the file.
    package var offset = 0
    /// The checksum chain before its record: where the chain goes on if the file is cut
    /// back to it.
    package var chain: UInt32 = 0

    /// An entry of `bytes`, of `kind`, that starts on `line`.
    package init(bytes: [UInt8], line: Int, kind: Kind = .statement, offset: Int = 0) {
      (self.bytes, self.line, self.kind, self.offset) = (bytes, line, kind, offset)
    }

    /// The record's entry as written in the file: a failed statement after its `#=` line.
    package var written: [UInt8] {
      kind == .failedStatement ? JournalFormat.entry(failedStatement: bytes) : bytes
    }
  }

  /// What an entry is. A line `#= NAME …` is the journal's own; a name this version does
  /// not know is damage (a later version wrote it).
  package enum Kind: Equatable, Sendable {
    /// A statement that took effect.
    case statement
    /// `#= failed`, then a statement that failed and was rolled back, but whose rollback
    /// could not revert everything (commands declared not undoable): replayed, it must
    /// fail again, leaving what it left.
    case failedStatement
    /// `#= not-reverted RECEIVER.VERB …`: a statement stopped from outside (interrupted,
    /// the step limit) left these commands in effect; replay cannot do them again.
    case notReverted([String])
    /// `#= history-limit N` (or `none`): the history limit from here on.
    case historyLimit(Int?)
    /// `#= time T`: the statements from here on were made at T (seconds since 1970), the
    /// time their undo steps are stamped with. Written before a statement whenever the
    /// second has changed, so that a resume stamps every step as it was and a move by
    /// time (`earlier 30s`) lands where it did. Journals written before it have none:
    /// their steps are stamped at the resume.
    case time(Int)
    /// `#= arguments =A =B …`: the statements from here on were run with these as `$1`,
    /// `$2`, … (`cmdscript --session J script.cmd A B`), so that a resume replays the same
    /// script. Each is written after a `=`, its spaces, `%`, control characters and
    /// line breaks as `%XX`.
    case arguments([String])
    /// `#= begin`: the entries from here to the next `#= commit` are one call of a host
    /// (`cmdscript mcp`'s `run`), kept whole or not at all: a resume that finds no
    /// `#= commit` after it drops it and what follows (``unfinishedCall(in:)``).
    case callBegin
    /// `#= commit`: the call begun by the last `#= begin` was done and answered.
    case callCommit
    /// `#= plugin NAME COMMAND`: the session's statements use plugin NAME, started as
    /// COMMAND (a host's): a resume without it can say which to start.
    case plugin(name: String, command: String)
  }

  /// What the file holds.
  package struct Contents: Sendable {
    /// The entries, in order, each verified.
    package var entries: [Entry]
    /// How many bytes a torn last record had (cut off the file).
    package var droppedBytes = 0
    /// The version that wrote the file (2 or 3).
    package var version = JournalFormat.version
    /// The salt of the chain (version 3).
    package var salt: UInt32 = 0
    /// The checksum of the last record (the salt if none): where the chain goes on.
    package var chain: UInt32 = 0
    /// Whether the file ends with a whole record but for its last line break, which a
    /// writer adds before going on.
    package var missingLineBreak = false
  }

  /// A record that does not verify, other than a torn last one; or a file that is no
  /// journal of a version this one reads.
  package struct Damage: Error, Sendable {
    /// The line the damaged record starts on.
    package var line: Int
    /// What is wrong with it (a checksum that does not match, a length past the end).
    package var reason: String
    /// The records before it, all verified, and where they end in the file.
    package var intact: [Entry]
    /// Where the intact records end, in bytes from the start of the file.
    package var intactBytes: Int
    /// Whether the file is no journal at all (its first line is not a journal's).
    package var notAJournal = false

    /// The damage of the record on `line`, after `intact`.
    package init(line: Int, reason: String, intact: [Entry], intactBytes: Int, notAJournal: Bool = false) {
      (self.line, self.reason, self.intact, self.intactBytes) = (line, reason, intact, intactBytes)
      self.notAJournal = notAJournal
    }
  }

  /// Whether `content` is (the start of) a journal: what `cmdscript fmt` refuses to touch.
  package static func isJournal(_ content: some Collection<UInt8>) -> Bool {
    content.starts(with: signature)
  }

  /// The entries of a journal's bytes, verified; see the type's documentation. An empty
  /// file, or one torn while its first line was written, holds no entries.
  package static func parse(_ content: [UInt8]) -> Result<Contents, Damage> {
    guard let newline = content.firstIndex(of: 10) else {
      if signature.starts(with: content) || content.starts(with: signature) && content.count < 40 {
        return .success(Contents(entries: [], droppedBytes: content.count))
      }
      return .failure(notAJournal)
    }
    guard isJournal(content) else { return .failure(notAJournal) }
    let first = String(decoding: content[signature.count..<newline], as: UTF8.self).split(separator: " ")
    var contents = Contents(entries: [])
    let salt = first.count == 2 ? readHex(first[1].utf8) : nil
    switch (first.count, first.first.flatMap { Int($0) }) {
    case (1, 2): contents.version = 2
    case (2, 3) where salt != nil: (contents.salt, contents.chain) = (salt!, salt!)
    case (_, .some(let later)) where later > version:
      return .failure(
        Damage(
          line: 1, reason: "it was written by a later version (session \(later)), which this one cannot read",
          intact: [], intactBytes: 0))
    default:
      return .failure(Damage(line: 1, reason: "its first line is malformed", intact: [], intactBytes: 0))
    }
    var reader = RecordReader(content: content, contents: contents, position: newline + 1)
    let read = reader.read()
    // A last check line whole but for its line break (the file cut one byte short): the
    // record verifies, so it is kept, and the line break is given back.
    if case .success(let contents) = read, contents.droppedBytes > 0, content.last != 10,
      case .success(var whole) = parse(content + [10]), whole.droppedBytes == 0,
      whole.entries.count == contents.entries.count + 1
    {
      whole.missingLineBreak = true
      return .success(whole)
    }
    return read
  }

  private static var notAJournal: Damage {
    Damage(
      line: 1, reason: "it is not a session journal (its first line is not `#~ cmdscript session \(version) …`)",
      intact: [], intactBytes: 0, notAJournal: true)
  }

  /// The start of every line.
  static func lineStarts(_ content: [UInt8]) -> [Int] {
    var starts = [0]
    for (i, byte) in content.enumerated() where byte == 10 && i + 1 < content.count { starts.append(i + 1) }
    return starts
  }

  /// The checksum of a record: of the chain so far (version 3) and the entry's bytes.
  static func checksum(_ entry: some Collection<UInt8>, after chain: UInt32, version: Int) -> UInt32 {
    guard version >= 3 else { return CRC32C.checksum(entry) }
    return CRC32C.checksum(entry, after: chain)
  }

  /// A verified record's entry; nil for a `#=` line this version does not know.
  static func entry(_ body: [UInt8], line: Int) -> Entry? {
    guard body.starts(with: "#=".utf8) else { return Entry(bytes: body, line: line) }
    if body.starts(with: failedMark) {
      let statement = Array(body[failedMark.count...])
      guard !statement.isEmpty, !statement.starts(with: "#".utf8) else { return nil }
      return Entry(bytes: statement, line: line + 1, kind: .failedStatement)
    }
    guard body.firstIndex(of: 10) == body.count - 1 else { return nil }
    let words = String(decoding: body.dropLast(), as: UTF8.self).split(separator: " ").map(String.init)
    switch (words.count, words.dropFirst().first) {
    case (3, "time"):
      guard let time = Int(words[2]), time >= 0 else { return nil }
      return Entry(bytes: body, line: line, kind: .time(time))
    case (2, "begin"): return Entry(bytes: body, line: line, kind: .callBegin)
    case (2, "commit"): return Entry(bytes: body, line: line, kind: .callCommit)
    case (3, "history-limit"):
      if words[2] == "none" { return Entry(bytes: body, line: line, kind: .historyLimit(nil)) }
      guard let limit = Int(words[2]), limit >= 0 else { return nil }
      return Entry(bytes: body, line: line, kind: .historyLimit(limit))
    case (3..., "not-reverted"):
      return Entry(bytes: body, line: line, kind: .notReverted(Array(words[2...])))
    case (2..., "arguments"):
      var arguments: [String] = []
      for word in words.dropFirst(2) {
        guard word.hasPrefix("="), let argument = unescaped(word.utf8.dropFirst()) else { return nil }
        arguments.append(argument)
      }
      return Entry(bytes: body, line: line, kind: .arguments(arguments))
    case (4..., "plugin"):
      let text = String(decoding: body.dropLast(), as: UTF8.self)
      let prefix = "#= plugin \(words[2]) "
      guard text.hasPrefix(prefix) else { return nil }
      return Entry(
        bytes: body, line: line, kind: .plugin(name: words[2], command: String(text.dropFirst(prefix.count))))
    default: return nil
    }
  }

  /// The first line of a failed statement's entry.
  static let failedMark: [UInt8] = Array("#= failed\n".utf8)

  /// A journal written by version 1 (no first line, no checksums): entries one after
  /// another, each complete as a line-by-line reader sees it; an incomplete last one is
  /// dropped. Any script reads so: only for a file said to be such a journal.
  package static func version1Entries(_ content: [UInt8]) -> Contents {
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
    return Contents(entries: entries, droppedBytes: content.count - start, version: 1)
  }

  /// One record's bytes: the entry, its line break, and its check line, chained to
  /// `chain` (the previous record's checksum, or the salt). Returns the record and its
  /// checksum, where the chain goes on.
  package static func record(_ entry: [UInt8], after chain: UInt32) -> (bytes: [UInt8], checksum: UInt32) {
    // Written byte by byte: a record is made for every statement of a session.
    var bytes = entry
    bytes.reserveCapacity(entry.count + 32)
    if bytes.last != 10 { bytes.append(10) }
    let length = bytes.count
    let crc = checksum(bytes, after: chain, version: version)
    bytes += [UInt8(ascii: "#"), UInt8(ascii: "~"), UInt8(ascii: " ")]
    bytes += hex(crc)
    bytes.append(UInt8(ascii: " "))
    var divisor = 1
    while divisor <= length / 10 { divisor *= 10 }
    while divisor > 0 {
      bytes.append(48 + UInt8(length / divisor % 10))
      divisor /= 10
    }
    bytes.append(10)
    return (bytes, crc)
  }

  /// `value` as 8 lowercase hexadecimal digits.
  /// Exactly eight lowercase hex digits, as `hex` writes them, or nil: an upper-case digit
  /// a bit away from a lowercase one must not read as the same value.
  static func readHex(_ digits: some Collection<UInt8>) -> UInt32? {
    guard digits.count == 8 else { return nil }
    var value: UInt32 = 0
    for byte in digits {
      switch byte {
      case 48...57: value = value << 4 | UInt32(byte - 48)
      case 97...102: value = value << 4 | UInt32(byte - 87)
      default: return nil
      }
    }
    return value
  }

  static func hex(_ value: UInt32) -> [UInt8] {
    stride(from: 28, through: 0, by: -4).map { shift in
      let digit = UInt8((value >> UInt32(shift)) & 0xF)
      return digit < 10 ? 48 + digit : 87 + digit
    }
  }

  /// The bytes of a journal holding `entries`, its chain salted with `salt`.
  package static func file(_ entries: [Entry], salt: UInt32 = newSalt()) -> [UInt8] {
    var bytes = header(salt: salt)
    var chain = salt
    for entry in entries {
      let record = record(entry.written, after: chain)
      bytes += record.bytes
      chain = record.checksum
    }
    return bytes
  }

  /// The entry for a statement's source text: as written, unless a line of it would start
  /// with `#` (possible only in a file), which could be taken for a check line: then its
  /// one-line canonical form.
  package static func entry(statement text: String) -> [UInt8] {
    let bytes = Array(text.utf8)
    // (Most statements are one line: no line starts to look at.)
    guard
      bytes.first == UInt8(ascii: "#")
        || bytes.contains(10) && lineStarts(bytes).contains(where: { bytes[$0] == UInt8(ascii: "#") }),
      let canonical = Session.canonicalStatement(text)
    else { return bytes }
    return Array(canonical.utf8)
  }

  /// The entry of a setting: the history limit in force from here on.
  package static func entry(historyLimit limit: Int?) -> [UInt8] {
    Array("#= history-limit \(limit.map(String.init) ?? "none")\n".utf8)
  }

  /// The entry of a time: the steps from here on were made at `time` (seconds since 1970).
  package static func entry(time: Int) -> [UInt8] { Array("#= time \(time)\n".utf8) }

  /// The entry that begins a call kept whole (``Kind/callBegin``).
  package static let callBegin: [UInt8] = Array("#= begin\n".utf8)
  /// The entry that ends a call kept whole (``Kind/callCommit``).
  package static let callCommit: [UInt8] = Array("#= commit\n".utf8)

  /// The index of the `#= begin` of a call left unfinished at the end of `entries` (the
  /// process ended before the call was answered), if there is one: that entry and those
  /// after it are the call's part that ran, which a resume drops, so that a call is
  /// whole or absent.
  package static func unfinishedCall(in entries: [Entry]) -> Int? {
    var open: Int?
    for (i, entry) in entries.enumerated() {
      switch entry.kind {
      case .callBegin: if open == nil { open = i }
      case .callCommit: open = nil
      default: break
      }
    }
    return open
  }

  /// The entry of a statement (its entry) that failed, leaving commands in effect.
  package static func entry(failedStatement entry: [UInt8]) -> [UInt8] { failedMark + entry }

  /// The entry of the arguments of the statements from here on.
  package static func entry(arguments: [String]) -> [UInt8] {
    var bytes = Array("#= arguments".utf8)
    for argument in arguments {
      bytes += [UInt8(ascii: " "), UInt8(ascii: "=")]
      for byte in argument.utf8 {
        if byte <= 32 || byte == 127 || byte == UInt8(ascii: "%") {
          bytes.append(UInt8(ascii: "%"))
          bytes += hex(UInt32(byte)).suffix(2).map { $0 >= 97 ? $0 - 32 : $0 }
        } else {
          bytes.append(byte)
        }
      }
    }
    return bytes + [10]
  }

  /// An argument as `entry(arguments:)` wrote it, or nil if it is not written so.
  private static func unescaped(_ word: Substring.UTF8View) -> String? {
    var bytes: [UInt8] = []
    var i = word.startIndex
    while i < word.endIndex {
      let byte = word[i]
      i = word.index(after: i)
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard word.distance(from: i, to: word.endIndex) >= 2,
        let value = UInt8(String(decoding: word[i..<word.index(i, offsetBy: 2)], as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(value)
      i = word.index(i, offsetBy: 2)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// The entry naming a plugin the session uses (`name` a word, `command` one line).
  package static func entry(plugin name: String, command: String) -> [UInt8] {
    Array("#= plugin \(name) \(command)\n".utf8)
  }

  /// The entry of commands a statement stopped from outside left in effect.
  package static func entry(notReverted commands: [String]) -> [UInt8] {
    Array("#= not-reverted \(commands.joined(separator: " "))\n".utf8)
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
    let table = table
    var crc: UInt32 = 0xFFFF_FFFF
    for b in bytes { crc = table[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }

  /// The checksum of `word`'s 4 bytes, most significant first, followed by `bytes`: a
  /// journal record's, after the previous record's checksum.
  static func checksum(_ bytes: some Sequence<UInt8>, after word: UInt32) -> UInt32 {
    let table = table
    var crc: UInt32 = 0xFFFF_FFFF
    for shift: UInt32 in stride(from: 24, through: 0, by: -8) {
      crc = table[Int((crc ^ (word >> shift)) & 0xFF)] ^ (crc >> 8)
    }
    for b in bytes { crc = table[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }
}
