import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Entries of a stream read so far and not yet run: each a line, plus the lines that
/// complete an open block or string, with the line it starts on; then the lines of an
/// entry still open.
struct StreamEntries {
  /// At most this many entries are run together, so that a long stream is answered as it
  /// goes and one compilation stays small.
  static let batchSize = 1024

  let name: String
  private var bytes: [UInt8] = []
  /// Where each complete entry ends in `bytes`.
  private var ends: [Int] = []
  /// The line each complete entry starts on.
  private(set) var firstLines: [Int] = []
  /// The line the next entry starts on.
  private(set) var nextLine = 1

  init(name: String) { self.name = name }

  /// How many complete entries there are.
  var count: Int { ends.count }

  /// Appends the reader's next line to the entry being read and feeds it to `scanner`;
  /// false at the end of the input.
  mutating func appendLine(from reader: LineReader, scanningWith scanner: inout EntryScanner) -> Bool {
    let start = bytes.count
    guard reader.appendLine(to: &bytes) else { return false }
    bytes.withUnsafeBufferPointer { scanner.read(UnsafeBufferPointer(rebasing: $0[start...])) }
    return true
  }

  /// The lines appended since the last entry make one; the next starts on `line`.
  mutating func endEntry(nextLine line: Int) {
    ends.append(bytes.count)
    firstLines.append(nextLine)
    nextLine = line
  }

  /// Adds a complete entry that starts on `line` (a journal's). Blank lines after the
  /// entry before it stand for the lines between them (a journal's check lines), so that
  /// checked together, each entry's statements keep their lines in the file.
  mutating func append(entry: [UInt8], line: Int) {
    if !ends.isEmpty, line > nextLine {
      bytes += repeatElement(10, count: line - nextLine)
      ends[ends.count - 1] = bytes.count
    }
    nextLine = line
    bytes += entry
    endEntry(nextLine: line + entry.count { $0 == 10 })
  }

  /// The entry that the statement on `line` belongs to.
  func entry(onLine line: Int) -> Int { firstLines.lastIndex { $0 <= line } ?? 0 }

  /// The complete entries, one after the other, and where each ends.
  var complete: (bytes: [UInt8], ends: [Int]) { (Array(bytes[..<(ends.last ?? 0)]), ends) }

  /// Entry `i`'s bytes.
  func entry(_ i: Int) -> [UInt8] { Array(bytes[(i == 0 ? 0 : ends[i - 1])..<ends[i]]) }

  var hasUnfinishedEntry: Bool { bytes.count > (ends.last ?? 0) }
  var unfinishedEntry: [UInt8] { Array(bytes[(ends.last ?? 0)...]) }

  /// Drops the complete entries, keeping the lines of one still open.
  mutating func removeAll() {
    bytes.removeSubrange(0..<(ends.last ?? 0))
    ends.removeAll(keepingCapacity: true)
    firstLines.removeAll(keepingCapacity: true)
  }

  /// Whether compiling all the entries before running any could differ from compiling
  /// each after the ones before it ran: only where the checker asks about the run (whether
  /// a receiver named in a `new` exists now) or reads a file (`source`, which a file an
  /// `export` wrote may be). Looked for as words anywhere, which may find more than there
  /// is (in a string, a comment, a longer name) and then costs speed only.
  var mayDependOnEarlierRuns: Bool {
    bytes.withUnsafeBytes { buffer in
      let complete = UnsafeRawBufferPointer(rebasing: buffer[..<(ends.last ?? 0)])
      return Self.words.contains { Self.contains($0.word, in: complete, searchingFor: $0.rare) }
    }
  }

  /// The words, each with the offset of a byte in it that commands rarely have, which is
  /// the one searched for: `move up` has the `e` of `export` but no `x`.
  private static let words = [("new", 2), ("source", 4), ("export", 1)].map { (word: Array($0.utf8), rare: $1) }

  /// Whether `word` occurs in `buffer`: its byte at `rare` found by `memchr`, which is
  /// many times faster than a loop over every byte.
  private static func contains(_ word: [UInt8], in buffer: UnsafeRawBufferPointer, searchingFor rare: Int) -> Bool {
    guard let base = buffer.baseAddress, word.count <= buffer.count else { return false }
    // Where the word would start, for each place its rare byte is found.
    var start = 0
    let lastStart = buffer.count - word.count
    while start <= lastStart {
      guard let found = memchr(base + start + rare, Int32(word[rare]), lastStart - start + 1) else { return false }
      start = UnsafeRawPointer(found) - base - rare
      if word.withUnsafeBytes({ memcmp(base + start, $0.baseAddress!, word.count) }) == 0 { return true }
      start += 1
    }
    return false
  }
}
