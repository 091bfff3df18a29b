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
    let string = SourceRange(source: id, start: 4, end: 12, line: 1, column: 5)
    #expect(table.location(of: string) == SourceLocation(file: "f", line: 1, column: 5, length: 7))
    let end = SourceRange(source: id, start: 14, end: 14, line: 1, column: 14)
    #expect(table.location(of: end).length == 1)
  }

  @Test func rangeThroughAnotherRange() {
    let a = SourceRange(source: 0, start: 2, end: 5, line: 1, column: 3)
    let b = SourceRange(source: 0, start: 8, end: 10, line: 2, column: 1)
    #expect(a.through(b) == SourceRange(source: 0, start: 2, end: 10, line: 1, column: 3))
    #expect(b.through(a) == SourceRange(source: 0, start: 8, end: 10, line: 2, column: 1))
  }
}
