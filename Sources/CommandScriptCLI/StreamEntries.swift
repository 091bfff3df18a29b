import CommandScript

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

  mutating func append(line: [UInt8]) { bytes += line }

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
    bytes.withUnsafeBufferPointer { buffer in
      let complete = UnsafeBufferPointer(rebasing: buffer[..<(ends.last ?? 0)])
      return ["new", "source", "export"].contains { Self.contains(Array($0.utf8), in: complete) }
    }
  }

  private static func contains(_ word: [UInt8], in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = word.first, word.count <= buffer.count else { return false }
    for i in 0...(buffer.count - word.count) where buffer[i] == first {
      if (1..<word.count).allSatisfy({ buffer[i + $0] == word[$0] }) { return true }
    }
    return false
  }
}
