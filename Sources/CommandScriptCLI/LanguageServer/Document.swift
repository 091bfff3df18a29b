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

  /// Whether the lexeme at `index` starts a statement: nothing but comments before it,
  /// or a `;` or brace, or a line break (the lexemes are the lexer's, so a `;` in a string
  /// or a comment is none).
  func startsStatement(_ index: Int, in lexemes: [ScriptOutline.Lexeme]) -> Bool {
    guard let previous = lexemes[..<index].last(where: { $0.kind != .comment }) else { return true }
    if previous.kind == .punctuation, previous.bytes.count == 1, "{};".utf8.contains(bytes[previous.bytes.lowerBound]) {
      return true
    }
    return line(ofByte: max(previous.bytes.lowerBound, previous.bytes.upperBound - 1))
      < line(ofByte: lexemes[index].bytes.lowerBound)
  }

  /// What the lexer says about the text before `offset`.
  func context(before offset: Int) -> CursorContext {
    CursorContext(before: String(decoding: bytes[..<min(max(0, offset), bytes.count)], as: UTF8.self))
  }

  /// The command (`paint`, `door.lock`, a macro) that the statement around `offset`
  /// starts with, and how many arguments come between it and `offset`.
  func commandBefore(_ offset: Int) -> (String, Int)? {
    context(before: offset).command
  }

  /// The path in `source "PATH"` when `offset` is on that statement's string.
  func sourcedPath(at offset: Int) -> String? {
    let lexemes = ScriptOutline(file).lexemes
    guard let index = lexemes.firstIndex(where: { $0.bytes.contains(offset) }), lexemes[index].kind == .string,
      index > 0, lexemes[index - 1].kind == .keyword, lexemes[index - 1].text == "source"
    else { return nil }
    let string = lexemes[index].bytes
    return String(
      decoding: bytes[(string.lowerBound + 1)..<max(string.lowerBound + 1, string.upperBound - 1)], as: UTF8.self)
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

  /// The word (or `$parameter`) at `offset` and its range, if any: a token of the lexer's,
  /// so none in a string or a comment.
  func word(at offset: Int) -> (String, StateValue)? {
    let lexemes = ScriptOutline(file).lexemes
    guard let index = nameLexeme(at: offset, in: lexemes) else { return nil }
    return span(lexemes[index].bytes)
  }

  /// The `$NAME` at `offset`: its text, the byte offset just after it, and its range.
  func parameter(at offset: Int) -> (String, end: Int, range: StateValue)? {
    let lexemes = ScriptOutline(file).lexemes
    guard let index = nameLexeme(at: offset, in: lexemes), lexemes[index].kind == .parameter,
      let (text, range) = span(lexemes[index].bytes)
    else { return nil }
    return (text, lexemes[index].bytes.upperBound, range)
  }

  /// The word or `receiver.member` at `offset`: what `help` is asked about.
  func topic(at offset: Int) -> (String, StateValue)? {
    let lexemes = ScriptOutline(file).lexemes
    guard let index = nameLexeme(at: offset, in: lexemes) else { return nil }
    // Names and dots that touch, either side.
    func joins(_ i: Int) -> Bool { lexemes[i].kind == .word || lexemes[i].kind == .keyword || isDot(lexemes[i].bytes) }
    var (first, last) = (index, index)
    while first > 0, joins(first - 1), lexemes[first - 1].bytes.upperBound == lexemes[first].bytes.lowerBound {
      first -= 1
    }
    while last + 1 < lexemes.count, joins(last + 1),
      lexemes[last + 1].bytes.lowerBound == lexemes[last].bytes.upperBound
    {
      last += 1
    }
    return span(lexemes[first].bytes.lowerBound..<lexemes[last].bytes.upperBound)
  }

  /// The word, keyword or parameter lexeme that `offset` is in, or just after.
  private func nameLexeme(at offset: Int, in lexemes: [ScriptOutline.Lexeme]) -> Int? {
    let names = lexemes.indices.filter {
      [.word, .keyword, .parameter].contains(lexemes[$0].kind) && lexemes[$0].bytes.lowerBound <= offset
        && offset <= lexemes[$0].bytes.upperBound
    }
    return names.last { lexemes[$0].bytes.contains(offset) } ?? names.last
  }

  private func span(_ bytes: Range<Int>) -> (String, StateValue)? {
    let (start, end) = (bytes.lowerBound, bytes.upperBound)
    guard start < end else { return nil }
    let text = String(decoding: self.bytes[start..<end], as: UTF8.self)
    let line = (lineStarts.lastIndex { $0 <= start } ?? 0)
    let column = String(decoding: self.bytes[lineStarts[line]..<start], as: UTF8.self).unicodeScalars.count + 1
    let location = SourceLocation(file: "", line: line + 1, column: column, length: text.unicodeScalars.count)
    return (text, range(of: location))
  }

  /// For completion: the partial word before `offset`, and the document's text before it.
  /// (The whole text, so that the blocks open at the cursor and a macro's `$parameters`
  /// are known.)
  func wordAndTextBefore(_ offset: Int) -> (word: String, before: String) {
    let end = min(max(0, offset), bytes.count)
    let word = context(before: end).word
    return (word, String(decoding: bytes[..<(end - word.utf8.count)], as: UTF8.self))
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
