import Synchronization

/// A span of source text: UTF-8 byte offsets into one source. Where it is for people
/// (line and column) is computed when asked, from the source's bytes
/// (``SourceTable/location(of:)``), not kept in every range.
package struct SourceRange: Hashable, Sendable, BitwiseCopyable {
  // Stored in 32 bits (a source is at most `SourceFile.maxSize` bytes), so that a range is
  // 12 bytes to copy and keep: every token, syntax node and compiled command has one.
  private var source32: Int32
  private var start32: Int32
  private var end32: Int32

  /// Which source the range is in (an index into the session's ``SourceTable``).
  package var source: Int {
    get { Int(source32) }
    set { source32 = Int32(truncatingIfNeeded: newValue) }
  }
  /// The byte offset of the range's first byte in its source.
  package var start: Int {
    get { Int(start32) }
    set { start32 = Int32(truncatingIfNeeded: newValue) }
  }
  /// The byte offset just after the range's last byte.
  package var end: Int {
    get { Int(end32) }
    set { end32 = Int32(truncatingIfNeeded: newValue) }
  }

  /// The bytes `start..<end` of source `source`.
  package init(source: Int, start: Int, end: Int) {
    source32 = Int32(truncatingIfNeeded: source)
    start32 = Int32(truncatingIfNeeded: start)
    end32 = Int32(truncatingIfNeeded: end)
  }

  /// A range within one source, as the lexer makes one per token.
  init(source: Int32, start: Int, end: Int) {
    source32 = source
    start32 = Int32(truncatingIfNeeded: start)
    end32 = Int32(truncatingIfNeeded: end)
  }

  /// From the start of `self` to the end of `other`.
  func through(_ other: SourceRange) -> SourceRange {
    var r = self
    r.end = max(end, other.end)
    return r
  }
}

/// Where the lines of a text start, to turn a byte offset into a line and a column (Unicode
/// scalars from 1) when something asks: built in one pass over the bytes, the first time a
/// location is asked for, and then each location costs a look-up and a scan of at most two
/// blocks of bytes, however long the line (a 100 MB one) and however many are asked (1,000
/// diagnostics). Lines end at LF (a CR before it is the line's last character); a
/// byte-order mark at the start is not text; line numbers stop at 2^31 - 1.
final class LineIndex: Sendable {
  /// Offsets are grouped in blocks of `1 << blockShift` bytes.
  private static let blockShift = 9
  private let firstLine: Int
  /// Where the first line's text starts: 3 after a byte-order mark, else 0.
  private let textStart: Int
  /// Per block: the line breaks before it.
  private let lineBreaksBefore: [Int32]
  /// Per block: the bytes before it that continue a UTF-8 sequence (which no column
  /// counts); empty if the text is all ASCII.
  private let continuationsBefore: [Int32]
  /// Per block: where the line its first byte is on starts.
  private let lineStartOfBlock: [Int32]

  /// The index of `bytes`, whose first line is `firstLine`; `skipsByteOrderMark`: whether
  /// a byte-order mark at the start is skipped (as the lexer skips one at the start of a text).
  init(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int, skipsByteOrderMark: Bool = true) {
    self.firstLine = firstLine
    textStart = skipsByteOrderMark && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let blocks = bytes.count >> Self.blockShift + 1
    var lineBreaks = [Int32](repeating: 0, count: blocks)
    var continuations = [Int32](repeating: 0, count: blocks)
    var lineStarts = [Int32](repeating: 0, count: blocks)
    var breaks: Int32 = 0
    var continuing: Int32 = 0
    var lineStart: Int32 = 0
    for block in 0..<blocks {
      lineBreaks[block] = breaks
      continuations[block] = continuing
      lineStarts[block] = lineStart
      let blockStart = block << Self.blockShift
      for i in blockStart..<min(bytes.count, blockStart + 1 << Self.blockShift) {
        let b = bytes[i]
        if b == 10 {
          breaks &+= 1
          lineStart = Int32(truncatingIfNeeded: i &+ 1)
        }
        if b & 0xC0 == 0x80 { continuing &+= 1 }
      }
    }
    lineBreaksBefore = lineBreaks
    continuationsBefore = continuing == 0 ? [] : continuations
    lineStartOfBlock = lineStarts
  }

  /// The line and column of the byte at `offset` of `bytes` (the bytes this index was built
  /// from); an offset past the end is at the end, one inside the byte-order mark at column 1.
  func place(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
    let offset = max(0, min(offset, bytes.count))
    let block = offset >> Self.blockShift
    let blockStart = block << Self.blockShift
    var line = firstLine + Int(lineBreaksBefore[block])
    var lineStart = -1
    var i = offset
    while i > blockStart {
      i -= 1
      if bytes[i] == 10 {
        line += 1
        if lineStart < 0 { lineStart = i + 1 }
      }
    }
    if lineStart < 0 { lineStart = Int(lineStartOfBlock[block]) }
    if lineStart == 0 { lineStart = textStart }
    // Lines from 2^31 - 1 on are all that line, as they always were.
    line = min(line, Int(Int32.max))
    guard offset > lineStart else { return (line, 1) }
    return (
      line,
      1 + offset - lineStart - (continuations(before: offset, in: bytes) - continuations(before: lineStart, in: bytes))
    )
  }

  /// How many bytes before `offset` continue a UTF-8 sequence.
  private func continuations(before offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard !continuationsBefore.isEmpty else { return 0 }
    let block = offset >> Self.blockShift
    var n = Int(continuationsBefore[block])
    for i in block << Self.blockShift..<offset where bytes[i] & 0xC0 == 0x80 { n += 1 }
    return n
  }
}

/// A source's line index, made the first time a location in it is asked for and then
/// kept (shared by the copies of the source, whose bytes are the same).
private final class LineIndexCache: Sendable {
  let index = Mutex<LineIndex?>(nil)
}

/// One compiled source: a file, `-c` text, a chunk of stdin or a REPL entry.
public struct SourceFile: Sendable {
  /// The largest source, in bytes, that can be compiled: 2 GiB - 1.
  package static let maxSize = Int(Int32.max)

  /// The name diagnostics give it.
  public let name: String
  /// Its UTF-8 text.
  public let bytes: [UInt8]
  /// The line number of the first line: 1 for a file, later for a chunk of a stream, so
  /// that diagnostics count lines across the whole stream.
  package let firstLine: Int
  /// The arguments of a script run with them (`cmdscript FILE ARG…`), which `$1`, `$2`, …
  /// stand for; nil for a source that takes none (the REPL's, `-c`'s), where `$1` is an
  /// error.
  public let arguments: [String]?
  /// Whether more `arguments` than the source uses are an error (a script or `-c` text
  /// checked whole before it runs), as too few are; not for a stream's chunks, which are
  /// run before the rest is read.
  package var checksArgumentCount = false
  private let lineIndex = LineIndexCache()

  /// A source of `bytes` (UTF-8, checked by the lexer) named `name`.
  public init(name: String, bytes: [UInt8], firstLine: Int = 1, arguments: [String]? = nil) {
    self.name = name
    self.bytes = bytes
    self.firstLine = firstLine
    self.arguments = arguments
  }

  /// A source of `text` named `name`.
  public init(name: String, text: String, firstLine: Int = 1, arguments: [String]? = nil) {
    self.init(name: name, bytes: Array(text.utf8), firstLine: firstLine, arguments: arguments)
  }

  /// The line and column of the byte at `offset`, as diagnostics give them.
  func place(of offset: Int) -> (line: Int, column: Int) {
    bytes.withUnsafeBufferPointer { buffer in
      let index = lineIndex.index.withLock { index in
        if let index { return index }
        let made = LineIndex(buffer, firstLine: firstLine)
        index = made
        return made
      }
      return index.place(of: offset, in: buffer)
    }
  }

  /// The text of line `line` (counted as in diagnostics) without its line break, invalid
  /// UTF-8 repaired; empty if the source has no such line.
  package func lineText(_ line: Int) -> String {
    guard let range = lineRange(line) else { return "" }
    return String(decoding: bytes[range], as: UTF8.self)
  }

  /// The byte offsets of line `line` without its line break (LF or CRLF), or nil if the
  /// source has no such line. Reads the bytes up to the end of that line only.
  func lineRange(_ line: Int) -> Range<Int>? {
    guard line >= firstLine else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      // A byte-order mark is not text.
      var start = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      var current = firstLine
      var i = start
      while true {
        while i < buffer.count, buffer[i] != 10 { i += 1 }
        if current == line { break }
        guard i < buffer.count else { return nil }
        i += 1
        start = i
        current += 1
      }
      return start..<(i > start && buffer[i - 1] == 13 ? i - 1 : i)
    }
  }

  /// At most `width` characters of line `line` around `column`, and the column within
  /// them: what shows under a diagnostic. Reads from the line's start to the end of the
  /// window only, so excerpts of a 100 MB line cost no more than of a short one.
  func excerpt(line: Int, column: Int, width: Int) -> SourceExcerpt? {
    guard line >= firstLine else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      var i = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      for _ in firstLine..<line {
        while i < buffer.count, buffer[i] != 10 { i += 1 }
        guard i < buffer.count else { return nil }
        i += 1
      }
      // Skip whole characters up to the window, then take the window.
      let skip = max(0, column - 1 - width / 2)
      var skipped = 0
      func atLineEnd(_ j: Int) -> Bool {
        j >= buffer.count || buffer[j] == 10 || (buffer[j] == 13 && (j + 1 == buffer.count || buffer[j + 1] == 10))
      }
      func nextCharacter(_ j: inout Int) {
        j += 1
        while j < buffer.count, buffer[j] & 0xC0 == 0x80 { j += 1 }
      }
      while skipped < skip, !atLineEnd(i) {
        nextCharacter(&i)
        skipped += 1
      }
      let start = i
      var taken = 0
      while taken < width, !atLineEnd(i) {
        nextCharacter(&i)
        taken += 1
      }
      return SourceExcerpt(
        text: String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<i]), as: UTF8.self),
        column: column - skipped, isClippedBefore: skipped > 0, isClippedAfter: !atLineEnd(i))
    }
  }

  /// The number of Unicode scalars in `start..<end` (at least 1, so a caret always shows).
  func scalarCount(_ start: Int, _ end: Int) -> Int {
    let clampedEnd = min(end, bytes.count)
    guard start < clampedEnd else { return 1 }
    // A plain loop on the buffer: iterating a slice is ten times slower in a debug build,
    // which a range of 100 MB (a name that long) makes seconds.
    let n = bytes.withUnsafeBufferPointer { buffer in
      var n = 0
      var i = start
      while i < clampedEnd {
        if buffer[i] & 0xC0 != 0x80 { n += 1 }
        i += 1
      }
      return n
    }
    return max(n, 1)
  }
}

/// The sources a session has compiled and still refers to, so that diagnostics and macro
/// call chains can name files and show source lines long after the text was read. A
/// source nothing refers to any more (a streamed chunk whose steps fell off a capped
/// history) is released, so a long stream holds bounded memory.
package struct SourceTable: Sendable {
  private var live: [Int: SourceFile] = [:]
  /// The indices of `live`, ascending (each source added has the next index), so that the
  /// newest-first searches by name take no sort: a long stream holds a source per chunk, and
  /// sorting them for every diagnostic made a stream of warnings quadratic.
  private var liveIndices: [Int] = []
  /// How many sources were ever added: the next one's index.
  package private(set) var count = 0

  /// A table with no source.
  package init() {}

  /// The sources still held, oldest first.
  package var files: [SourceFile] { liveIndices.map { live[$0]! } }

  /// Adds a source and returns its index.
  package mutating func add(_ file: SourceFile) -> Int {
    live[count] = file
    liveIndices.append(count)
    count += 1
    return count - 1
  }

  /// The source at `index`; a released one has neither its name nor its text.
  package subscript(index: Int) -> SourceFile {
    live[index] ?? SourceFile(name: "<released>", bytes: [])
  }

  /// Forgets every source but those in `kept`.
  mutating func keepOnly(_ kept: Set<Int>) {
    live = live.filter { kept.contains($0.key) }
    liveIndices.removeAll { !kept.contains($0) }
  }

  /// The text of line `line` of the latest source called `file` that has that line, for
  /// showing under a diagnostic.
  package func lineText(file: String, line: Int) -> String? {
    for index in liveIndices.reversed() where live[index]!.name == file {
      let source = live[index]!
      if let range = source.lineRange(line) { return String(decoding: source.bytes[range], as: UTF8.self) }
    }
    return nil
  }

  /// At most `width` characters of a line of the latest source called `file` that has
  /// it, around `column`, and the column within them (for the line under a diagnostic).
  package func excerpt(file: String, line: Int, column: Int, width: Int) -> SourceExcerpt? {
    for index in liveIndices.reversed() where live[index]!.name == file {
      if let excerpt = live[index]!.excerpt(line: line, column: column, width: width) { return excerpt }
    }
    return nil
  }

  /// The location of `range` for people: its line and column computed from its source's
  /// text. (A released source, which nothing refers to, has no text: `<released>:1:1`.)
  package func location(of range: SourceRange) -> SourceLocation {
    let file = self[range.source]
    let (line, column) = file.place(of: range.start)
    return SourceLocation(
      file: file.name, line: line, column: column, length: file.scalarCount(range.start, range.end))
  }
}

/// Part of a source line, shown under a diagnostic: at most so many characters around a
/// column, and whether the line goes on before or after them.
package struct SourceExcerpt: Equatable, Sendable {
  /// The characters shown, without a line break.
  package var text: String
  /// The column of interest within `text`, from 1.
  package var column: Int
  /// Whether the line has characters before `text` that are not shown.
  package var isClippedBefore: Bool
  /// Whether the line has characters after `text` that are not shown.
  package var isClippedAfter: Bool

  /// An excerpt showing `text`, with the column of interest.
  package init(text: String, column: Int, isClippedBefore: Bool = false, isClippedAfter: Bool = false) {
    self.text = text
    self.column = column
    self.isClippedBefore = isClippedBefore
    self.isClippedAfter = isClippedAfter
  }
}

/// Where something is, for people: `file:line:column`, and how many characters it spans.
public struct SourceLocation: Equatable, Sendable, CustomStringConvertible {
  /// The file's name as the host gave it (`<command line>`, `spiral.cmd`).
  public var file: String
  /// The line, from 1.
  public var line: Int
  /// The column, in Unicode scalar values from 1.
  public var column: Int
  /// How many columns the located text spans.
  public var length: Int

  /// A location in `file`.
  public init(file: String, line: Int, column: Int, length: Int = 1) {
    self.file = file
    self.line = line
    self.column = column
    self.length = length
  }

  /// `file:line:column`.
  public var description: String { "\(file):\(line):\(column)" }
}
