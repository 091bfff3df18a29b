import Testing

@testable import CommandScript

@Suite struct SourceTests {
  @Test func lineTextDropsTheLineBreak() {
    let file = SourceFile(name: "f", text: "one\r\ntwo\nthree", firstLine: 3)
    #expect(file.lineText(3) == "one")
    #expect(file.lineText(4) == "two")
    #expect(file.lineText(5) == "three")
    #expect(file.lineText(6) == "")
    #expect(file.lineText(2) == "")
  }

  @Test func lineTextLeavesOutAByteOrderMark() {
    let file = SourceFile(name: "f", bytes: [0xEF, 0xBB, 0xBF] + Array("move sideways\nx".utf8))
    #expect(file.lineText(1) == "move sideways")
    #expect(file.lineText(2) == "x")
  }

  @Test func lineTextRepairsInvalidUTF8() {
    let file = SourceFile(name: "f", bytes: Array("a".utf8) + [0xFF] + Array("b".utf8))
    #expect(file.lineText(1) == "a\u{FFFD}b")
  }

  @Test func tableFindsTheLatestSourceWithTheLine() {
    var table = SourceTable()
    _ = table.add(SourceFile(name: "<stdin>", text: "move up\npaint red"))
    _ = table.add(SourceFile(name: "<stdin>", text: "show\n", firstLine: 3))
    _ = table.add(SourceFile(name: "other", text: "x"))
    #expect(table.lineText(file: "<stdin>", line: 1) == "move up")
    #expect(table.lineText(file: "<stdin>", line: 2) == "paint red")
    #expect(table.lineText(file: "<stdin>", line: 3) == "show")
    #expect(table.lineText(file: "<stdin>", line: 9) == nil)
    #expect(table.lineText(file: "nowhere", line: 1) == nil)
    #expect(table.files.count == 3)
    #expect(table[2].name == "other")
  }

  @Test func locationsCountCharacters() {
    var table = SourceTable()
    let id = table.add(SourceFile(name: "f", text: "log \"héllo\" x"))
    let string = SourceRange(source: id, start: 4, end: 12)
    #expect(table.location(of: string) == SourceLocation(file: "f", line: 1, column: 5, length: 7))
    let end = SourceRange(source: id, start: 14, end: 14)
    #expect(table.location(of: end).length == 1)
  }

  @Test func rangesTokensAndNamesStaySmall() {
    // Offsets alone: what every token, name and compiled command carries and copies.
    #expect(MemoryLayout<SourceRange>.size == 12)
    #expect(MemoryLayout<Name>.size == 16)
    #expect(MemoryLayout<Token>.size == 25)
  }

  @Test func rangeThroughAnotherRange() {
    let a = SourceRange(source: 0, start: 2, end: 5)
    let b = SourceRange(source: 0, start: 8, end: 10)
    #expect(a.through(b) == SourceRange(source: 0, start: 2, end: 10))
    #expect(b.through(a) == SourceRange(source: 0, start: 8, end: 10))
  }

  /// `line:column` of `offset` in a source of `bytes`, as a session's table gives it.
  private func place(_ offset: Int, in bytes: [UInt8], firstLine: Int = 1) -> String {
    var table = SourceTable()
    let id = table.add(SourceFile(name: "f", bytes: bytes, firstLine: firstLine))
    let location = table.location(of: SourceRange(source: id, start: offset, end: offset))
    return "\(location.line):\(location.column)"
  }

  @Test func locationsAreComputedFromTheText() {
    let text = Array("move up\r\n  héllo x\n\nlast".utf8)
    // A CR before the LF is the line's last character; a line starts after the LF.
    #expect(place(7, in: text) == "1:8")
    #expect(place(9, in: text) == "2:1")
    // `x` is after `é`, two bytes and one column.
    #expect(place(text.firstIndex(of: UInt8(ascii: "x"))!, in: text) == "2:9")
    #expect(place(text.count - 4, in: text) == "4:1")
    // The end of the input, and past it, are after the last character.
    #expect(place(text.count, in: text) == "4:5")
    #expect(place(text.count + 10, in: text) == "4:5")
    // A stream's chunk counts its lines from its first.
    #expect(place(9, in: text, firstLine: 41) == "42:1")
  }

  @Test func aByteOrderMarkIsNoColumn() {
    let text: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("ab\ncd".utf8)
    #expect(place(3, in: text) == "1:1")
    #expect(place(4, in: text) == "1:2")
    #expect(place(6, in: text) == "2:1")
    // A range at the very start (a whole-file error) is at the first column.
    #expect(place(0, in: text) == "1:1")
    // Only at the start of the text: later, the same bytes are one character.
    let later = Array("a".utf8) + [0xEF, 0xBB, 0xBF] + Array("b".utf8)
    #expect(place(4, in: later) == "1:3")
  }

  @Test func theLexersPlacesAreTheTablesPlaces() {
    // After a byte-order mark, CRLF line breaks and non-ASCII characters; the end of the
    // input is placed after the last token, not on the blank lines and comment after it.
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("move up\r\nlog \"été\" (1 +\r\n\r\n  # c\n\n".utf8)
    let (tokens, _) = lexAll(bytes)
    #expect(
      tokens.map { "\($0.line):\($0.column)" } == [
        "1:1", "1:6", "1:9", "2:1", "2:5", "2:11", "2:12", "2:14", "2:16", "3:2", "4:6", "5:1", "2:15",
      ])
    var table = SourceTable()
    let id = table.add(SourceFile(name: "f", bytes: bytes))
    for token in tokens {
      let location = table.location(of: SourceRange(source: id, start: token.range.start, end: token.range.end))
      #expect((location.line, location.column) == (token.line, token.column))
    }
  }

  @Test func aReleasedSourceHasNoText() {
    var table = SourceTable()
    let id = table.add(SourceFile(name: "f", text: "move up\nmove down"))
    _ = table.add(SourceFile(name: "g", text: "x"))
    let down = SourceRange(source: id, start: 13, end: 17)
    #expect(table.location(of: down) == SourceLocation(file: "f", line: 2, column: 6, length: 4))
    table.keepOnly([id + 1])
    #expect(table.location(of: down) == SourceLocation(file: "<released>", line: 1, column: 1, length: 1))
  }

  @Test func locationsAgreeWithCountingFromTheStart() {
    // Random text of LFs, CRs, ASCII and two- to four-byte characters (and stray
    // continuation bytes), across many of the index's blocks, long lines and short:
    // every offset's place is what counting from the start gives.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func random(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % n
    }
    let pieces: [[UInt8]] = [
      [10], [13, 10], [13], [97], [32], Array("é".utf8), Array("€".utf8), Array("😀".utf8), [0x80],
    ]
    for round in 0..<6 {
      var bytes: [UInt8] = round.isMultiple(of: 2) ? [0xEF, 0xBB, 0xBF] : []
      // Short lines in some rounds, lines of thousands of characters in others.
      let lineBreakOdds = round < 3 ? 8 : 3000
      while bytes.count < 6000 {
        let piece = random(lineBreakOdds) == 0 ? pieces[random(3)] : pieces[3 + random(pieces.count - 3)]
        bytes += piece
      }
      let firstLine = 1 + random(100)
      var table = SourceTable()
      let id = table.add(SourceFile(name: "f", bytes: bytes, firstLine: firstLine))
      var line = firstLine
      var column = 1
      var offset = round.isMultiple(of: 2) ? 3 : 0
      var mismatches = 0
      func check(_ at: Int) {
        let location = table.location(of: SourceRange(source: id, start: at, end: at))
        if (location.line, location.column) != (line, column) { mismatches += 1 }
      }
      while offset < bytes.count {
        check(offset)
        if bytes[offset] == 10 {
          line += 1
          column = 1
        } else if bytes[offset] & 0xC0 != 0x80 {
          // A continuation byte is no character of its own.
          column += 1
        }
        offset += 1
      }
      check(bytes.count)
      #expect(mismatches == 0, "round \(round)")
    }
  }
}
