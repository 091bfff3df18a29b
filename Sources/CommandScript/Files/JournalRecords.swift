// The record layer of a session journal: the records after the first line, each an entry
// and its check line, verified along their chain. What an entry means is JournalFormat's.

/// Reads and verifies the records of one journal, from after its first line.
struct RecordReader {
  let content: [UInt8]
  var contents: JournalFormat.Contents
  var position: Int

  /// The records, or the first damage.
  mutating func read() -> Result<JournalFormat.Contents, JournalFormat.Damage> {
    let marked = JournalFormat.lineStarts(content).filter { isMarked(at: $0) }
    var line = 2
    var next = 0  // index into `marked`
    while position < content.count {
      while next < marked.count, marked[next] <= position { next += 1 }
      func damaged(_ reason: String) -> Result<JournalFormat.Contents, JournalFormat.Damage> {
        .failure(
          JournalFormat.Damage(line: line, reason: reason, intact: contents.entries, intactBytes: position))
      }
      // The record's check line: the next complete line that starts with `#~`.
      guard next < marked.count, let end = content[marked[next]...].firstIndex(of: 10) else {
        // No complete check line after it: the process died while writing the last record,
        // unless what is there is a whole record with a byte damaged.
        if isWholeRecordDamaged(content[position...]) {
          return damaged("it is damaged (a whole record, not one cut short by a crash)")
        }
        contents.droppedBytes = content.count - position
        return .success(contents)
      }
      let checkLine = marked[next]
      let body = Array(content[position..<checkLine])
      guard let (crc, length) = Self.checkLine(content[checkLine..<end]) else {
        return damaged("its checksum line is malformed")
      }
      guard length == body.count else { return damaged("its length is \(body.count) bytes, not \(length)") }
      let expected = JournalFormat.checksum(body, after: contents.chain, version: contents.version)
      guard crc == expected else {
        return damaged(
          contents.version >= 3
            ? "its checksum does not match: it, or a record before it, was changed, moved or removed"
            : "its checksum does not match")
      }
      guard var entry = JournalFormat.entry(body, line: line) else { return damaged("its `#=` line is unknown") }
      (entry.offset, entry.chain) = (position, contents.chain)
      contents.entries.append(entry)
      contents.chain = crc
      line += body.count { $0 == 10 } + 1
      position = end + 1
    }
    return .success(contents)
  }

  private func isMarked(at i: Int) -> Bool {
    i + 1 < content.count && content[i] == UInt8(ascii: "#") && content[i + 1] == UInt8(ascii: "~")
  }

  /// Whether `tail`, which has no complete check line, is a whole record (ending at one of
  /// its line breaks, or at its end) with exactly one byte changed: its check line's `#`,
  /// `~` or line break, or the line break before it. A crash leaves a prefix of a record,
  /// never that: such a record was acknowledged, and is not dropped as torn.
  private func isWholeRecordDamaged(_ tail: ArraySlice<UInt8>) -> Bool {
    let start = tail.startIndex
    let ends = tail.indices.filter { tail[$0] == 10 } + [tail.endIndex - 1]
    for last in Set(ends) {
      let size = last - start + 1
      // A check line is `#~ ` + 8 digits + ` ` + the length's d digits + a line break.
      for digits in 1...10 {
        let length = size - 13 - digits
        guard length >= 1, String(length).utf8.count == digits else { continue }
        // First the shape alone (cheap), then the checksum.
        let shape = [UInt8(10), UInt8(ascii: "#"), UInt8(ascii: "~"), UInt8(ascii: " ")]
        var misses = zip(shape, tail[(start + length - 1)...]).count { $0 != $1 }
        misses += tail[(start + length + 3)..<(start + length + 11)].count { !(48...57 ~= $0 || 97...102 ~= $0) }
        misses += zip(Array(" \(length)\n".utf8), tail[(start + length + 11)...last]).count { $0 != $1 }
        guard misses <= 1 else { continue }
        var body = Array(tail[start..<start + length])
        body[length - 1] = 10
        let crc = JournalFormat.checksum(body, after: contents.chain, version: contents.version)
        let record = body + Array("#~ ".utf8) + JournalFormat.hex(crc) + Array(" \(length)\n".utf8)
        var differences = 0
        for (a, b) in zip(record, tail[start...last]) where a != b { differences += 1 }
        if differences <= 1 { return true }
      }
    }
    return false
  }

  /// `#~ CRC LENGTH` (without its line break): the checksum (8 lowercase hex digits) and
  /// length (decimal, no leading zero, at most 10 digits), or nil. Read byte by byte: it is
  /// read once per entry on every resume.
  private static func checkLine(_ line: ArraySlice<UInt8>) -> (UInt32, Int)? {
    // "#~ " + 8 + " " + 1...10
    guard line.count >= 13, line.count <= 22 else { return nil }
    var i = line.startIndex
    guard line[i] == UInt8(ascii: "#"), line[i + 1] == UInt8(ascii: "~"), line[i + 2] == UInt8(ascii: " ")
    else { return nil }
    i += 3
    guard let crc = JournalFormat.readHex(line[i..<i + 8]) else { return nil }
    i += 8
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
}
