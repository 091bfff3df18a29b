/// The bytes of a session journal (`cmdscript --session`; grammar.md, "Session journals"):
/// a first line `#~ cmdscript session 2`, then records, each an entry (a statement's
/// source text, or a setting line `#= history-limit N`) ending with a line break,
/// followed by the line `#~ CRC LENGTH`: the CRC-32C of the entry's bytes in 8 lowercase
/// hexadecimal digits and their count. Every line of a journal is a statement or a
/// comment, so it is also a script. Reading verifies every record: only a torn last one
/// (no complete check line after it) is left out; anything else that does not verify is
/// damage, reported at its line. Journals of version 1 (no check lines) are read as
/// before, entry by entry as piped standard input is.
public enum JournalFormat {
  /// The first line of a version 2 journal.
  public static let header: [UInt8] = Array("#~ cmdscript session 2\n".utf8)

  /// One entry: a statement's source text, or a setting.
  public struct Entry: Equatable, Sendable {
    /// The statement or setting as written, without its record's check line.
    public var bytes: [UInt8]
    /// The line of the file it starts on.
    public var line: Int
    /// `#= history-limit N`: the history limit from here on (`.some(nil)`: none).
    public var historyLimit: Int??
    /// Where its record starts in the file.
    public var offset = 0

    /// An entry of `bytes` that starts on `line`.
    public init(bytes: [UInt8], line: Int, historyLimit: Int?? = nil, offset: Int = 0) {
      (self.bytes, self.line, self.historyLimit, self.offset) = (bytes, line, historyLimit, offset)
    }
  }

  /// What the file holds.
  public struct Contents: Sendable {
    /// The entries, in order, each verified.
    public var entries: [Entry]
    /// How many bytes a torn last record had (cut off the file).
    public var droppedBytes = 0
    /// Written by version 1 (no checksums): read as before, then rewritten as version 2.
    public var version1 = false
  }

  /// A record that does not verify, other than a torn last one.
  public struct Damage: Error, Sendable {
    /// The line the damaged record starts on.
    public var line: Int
    /// What is wrong with it (a checksum that does not match, a length past the end).
    public var reason: String
    /// The records before it, all verified, and where they end in the file.
    public var intact: [Entry]
    /// Where the intact records end, in bytes from the start of the file.
    public var intactBytes: Int

    /// The damage of the record on `line`, after `intact`.
    public init(line: Int, reason: String, intact: [Entry], intactBytes: Int) {
      (self.line, self.reason, self.intact, self.intactBytes) = (line, reason, intact, intactBytes)
    }
  }

  /// The entries of a journal's bytes, verified; see the type's documentation.
  public static func parse(_ content: [UInt8]) -> Result<Contents, Damage> {
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

  /// `#~ CRC LENGTH` (without its line break): the checksum (8 lowercase hex digits) and
  /// length (decimal, no leading zero, at most 10 digits), or nil. Read byte by byte: it is
  /// read once per entry on every resume.
  private static func trailer(_ line: ArraySlice<UInt8>) -> (UInt32, Int)? {
    // "#~ " + 8 + " " + 1...10
    guard line.count >= 13, line.count <= 22 else { return nil }
    var i = line.startIndex
    guard line[i] == UInt8(ascii: "#"), line[i + 1] == UInt8(ascii: "~"), line[i + 2] == UInt8(ascii: " ")
    else { return nil }
    i += 3
    var crc: UInt32 = 0
    for _ in 0..<8 {
      let byte = line[i]
      let digit: UInt8
      switch byte {
      case 48...57: digit = byte - 48
      case 97...102: digit = byte - 87
      default: return nil
      }
      crc = crc << 4 | UInt32(digit)
      i += 1
    }
    guard line[i] == UInt8(ascii: " ") else { return nil }
    i += 1
    let digits = line[i...]
    guard digits.first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
    var length = 0
    for byte in digits {
      guard (48...57).contains(byte) else { return nil }
      length = length * 10 + Int(byte - 48)
    }
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
  public static func record(_ entry: [UInt8]) -> [UInt8] {
    // Written byte by byte: a record is made for every statement of a session.
    var bytes = entry
    bytes.reserveCapacity(entry.count + 32)
    if bytes.last != 10 { bytes.append(10) }
    let length = bytes.count
    let crc = CRC32C.checksum(bytes)
    bytes += [UInt8(ascii: "#"), UInt8(ascii: "~"), UInt8(ascii: " ")]
    for shift in stride(from: 28, through: 0, by: -4) {
      let digit = UInt8((crc >> UInt32(shift)) & 0xF)
      bytes.append(digit < 10 ? 48 + digit : 87 + digit)
    }
    bytes.append(UInt8(ascii: " "))
    var divisor = 1
    while divisor <= length / 10 { divisor *= 10 }
    while divisor > 0 {
      bytes.append(48 + UInt8(length / divisor % 10))
      divisor /= 10
    }
    bytes.append(10)
    return bytes
  }

  /// The bytes of a version-2 journal holding `entries`.
  public static func file(_ entries: [Entry]) -> [UInt8] {
    var bytes = header
    for entry in entries { bytes += record(entry.bytes) }
    return bytes
  }

  /// The entry for a statement's source text: as written, unless a line of it would start
  /// with `#` (possible only in a file), which could be taken for a check line: then its
  /// one-line canonical form.
  public static func entry(statement text: String) -> [UInt8] {
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
  public static func entry(historyLimit limit: Int?) -> [UInt8] {
    Array("#= history-limit \(limit.map(String.init) ?? "none")\n".utf8)
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
