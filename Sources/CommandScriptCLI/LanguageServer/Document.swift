import CommandScript

/// An open document: its text, and the conversions between the protocol's positions
/// (line, UTF-16 unit) and byte offsets and diagnostics' lines and columns.
struct Document {
  let uri: String
  let bytes: [UInt8]
  /// Where each line starts.
  let lineStarts: [Int]

  init(uri: String, bytes: [UInt8]) {
    self.uri = uri
    self.bytes = bytes
    var starts = [0]
    for (i, b) in bytes.enumerated() where b == 10 { starts.append(i + 1) }
    lineStarts = starts
  }

  /// As a script file: named by its path, so that `source` reads beside it.
  var file: SourceFile { file(before: nil) }

  /// Its lines before `line` (0-based; all of them if nil) as a script file.
  func file(before line: Int?) -> SourceFile {
    let name = uri.hasPrefix("file://") ? String(uri.dropFirst(7)).removingPercentEncoding : uri
    guard let line, line < lineStarts.count else { return SourceFile(name: name, bytes: bytes) }
    return SourceFile(name: name, bytes: Array(bytes[..<lineStarts[max(0, line)]]))
  }

  /// The line (0-based) of a byte offset.
  func line(ofByte offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// A byte range as pieces of one line each: the line, and the start and length in UTF-16
  /// units.
  func linePieces(of range: Range<Int>) -> [(line: Int, start: Int, length: Int)] {
    var pieces: [(Int, Int, Int)] = []
    var start = range.lowerBound
    while start < range.upperBound {
      let line = line(ofByte: start)
      var end = line + 1 < lineStarts.count ? min(range.upperBound, lineStarts[line + 1] - 1) : range.upperBound
      if end > start, bytes[end - 1] == 13 { end -= 1 }
      let before = String(decoding: bytes[lineStarts[line]..<start], as: UTF8.self).utf16.count
      let length = String(decoding: bytes[start..<max(start, end)], as: UTF8.self).utf16.count
      if length > 0 { pieces.append((line, before, length)) }
      start = line + 1 < lineStarts.count ? lineStarts[line + 1] : range.upperBound
    }
    return pieces
  }

  func isDot(_ range: Range<Int>) -> Bool { range.count == 1 && bytes[range.lowerBound] == UInt8(ascii: ".") }

  /// Whether the bytes are an operator of an expression (not `.`, `;`, braces or parentheses).
  func isOperator(_ range: Range<Int>) -> Bool {
    guard let first = range.first else { return false }
    return !".;{}()".utf8.contains(bytes[first])
  }

  /// Whether only blanks, `;` or `{` come between the start of the line (or the last `;`
  /// or `{`) and `offset`: a statement starts there.
  func startsStatement(_ offset: Int) -> Bool {
    var i = offset
    while i > 0 {
      let b = bytes[i - 1]
      if b == 10 || b == UInt8(ascii: ";") || b == UInt8(ascii: "{") || b == UInt8(ascii: "}") { return true }
      if b != 32 && b != 9 { return false }
      i -= 1
    }
    return true
  }

  /// The command (`paint`, `door.lock`, a macro) that the statement around `offset` on its
  /// line starts with, and how many arguments come between it and `offset`.
  func commandBefore(_ offset: Int) -> (String, Int)? {
    let line = line(ofByte: offset)
    var start = min(offset, bytes.count)
    while start > lineStarts[line],
      ![UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}")].contains(bytes[start - 1])
    {
      start -= 1
    }
    let words = String(decoding: bytes[start..<min(offset, bytes.count)], as: UTF8.self)
      .split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard let first = words.first else { return nil }
    let typing = offset > 0 && offset <= bytes.count && bytes[offset - 1] != 32
    return (String(first), words.count - 1 - (typing ? 1 : 0))
  }

  /// The path in `source "PATH"` when `offset` is on that statement's string.
  func sourcedPath(at offset: Int) -> String? {
    let text = lineText(line(ofByte: offset))
    let keyword = Array("source \"".utf8)
    guard let at = (0...max(0, text.count - keyword.count)).first(where: { text[$0...].starts(with: keyword) }),
      let close = text[(at + keyword.count)...].firstIndex(of: UInt8(ascii: "\""))
    else { return nil }
    return String(decoding: text[(at + keyword.count)..<close], as: UTF8.self)
  }

  private func lineText(_ line: Int) -> [UInt8] {
    guard line >= 0, line < lineStarts.count else { return [] }
    var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
    if end > lineStarts[line], bytes[end - 1] == 13 { end -= 1 }
    return Array(bytes[lineStarts[line]..<max(lineStarts[line], end)])
  }

  /// The byte offset of a protocol position, clamped to its line.
  func offset(of position: StateValue) -> Int? {
    guard case .int(let line)? = position["line"], case .int(let character)? = position["character"] else {
      return nil
    }
    guard line >= 0, line < lineStarts.count else { return bytes.count }
    let text = String(decoding: lineText(line), as: UTF8.self)
    var units = 0
    var offset = lineStarts[line]
    for scalar in text.unicodeScalars {
      if units >= character { break }
      units += UTF16.width(scalar)
      offset += UTF8.width(scalar)
    }
    return offset
  }

  /// A protocol position for a line (1-based) and a column in Unicode scalars (1-based).
  private func position(line: Int, column: Int) -> StateValue {
    let text = String(decoding: lineText(line - 1), as: UTF8.self)
    let units = text.unicodeScalars.prefix(max(0, column - 1)).reduce(0) { $0 + UTF16.width($1) }
    return ["line": .int(max(0, line - 1)), "character": .int(units)]
  }

  /// The protocol range of a diagnostic's location (on its line).
  func range(of location: SourceLocation) -> StateValue {
    [
      "start": position(line: location.line, column: location.column),
      "end": position(line: location.line, column: location.column + max(1, location.length)),
    ]
  }

  var wholeRange: StateValue {
    ["start": ["line": .int(0), "character": .int(0)], "end": ["line": .int(lineStarts.count), "character": .int(0)]]
  }

  private static func isNameByte(_ b: UInt8) -> Bool {
    (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b) || b == 95 || b == 36
  }

  /// The word (or `$parameter`) at `offset` and its range, if any.
  func word(at offset: Int) -> (String, StateValue)? {
    span(at: offset, including: Self.isNameByte)
  }

  /// The word or `receiver.member` at `offset`: what `help` is asked about.
  func topic(at offset: Int) -> (String, StateValue)? {
    span(at: offset) { Self.isNameByte($0) || $0 == UInt8(ascii: ".") }
  }

  private func span(at offset: Int, including: (UInt8) -> Bool) -> (String, StateValue)? {
    var start = min(offset, bytes.count)
    var end = start
    while start > 0, including(bytes[start - 1]) { start -= 1 }
    while end < bytes.count, including(bytes[end]) { end += 1 }
    guard start < end else { return nil }
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    let line = (lineStarts.lastIndex { $0 <= start } ?? 0)
    let column = String(decoding: bytes[lineStarts[line]..<start], as: UTF8.self).unicodeScalars.count + 1
    let location = SourceLocation(file: "", line: line + 1, column: column, length: text.unicodeScalars.count)
    return (text, range(of: location))
  }

  /// For completion: the partial word before `offset`, and the text before it from the
  /// line where the outermost block around it opens (so that a macro's `$parameters` are
  /// known in its body), or from the start of its line.
  func wordAndLineBefore(_ offset: Int) -> (word: String, before: String) {
    var start = min(offset, bytes.count)
    while start > 0, Self.isNameByte(bytes[start - 1]) { start -= 1 }
    var first = line(ofByte: start)
    var depth = 0
    for line in (0..<first).reversed() {
      for b in lineText(line) {
        if b == UInt8(ascii: "{") { depth += 1 } else if b == UInt8(ascii: "}") { depth -= 1 }
      }
      if depth > 0 {
        first = line
        depth = 0
      }
    }
    return (
      String(decoding: bytes[start..<min(offset, bytes.count)], as: UTF8.self),
      String(decoding: bytes[lineStarts[first]..<start], as: UTF8.self)
    )
  }
}
extension String {
  /// `%20` and the like decoded, as file URIs write paths.
  fileprivate var removingPercentEncoding: String {
    var out: [UInt8] = []
    let utf8 = Array(self.utf8)
    var i = 0
    while i < utf8.count {
      if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count,
        let byte = UInt8(String(decoding: utf8[i + 1...i + 2], as: UTF8.self), radix: 16)
      {
        out.append(byte)
        i += 3
      } else {
        out.append(utf8[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
