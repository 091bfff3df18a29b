import Testing

@testable import CommandScript

/// An entry read line by line is complete as soon as an error in it is certain, whatever
/// it leaves open, and stays open only while more lines could still make it right; read
/// line by line or whole, the answer is the same.
struct EntryScannerCertainErrorTests {
  /// The answer after each line, read line by line, checked against the whole text so far.
  private func answers(_ lines: [String]) -> [Bool] {
    var scanner = EntryScanner()
    var text: [UInt8] = []
    return lines.map { line in
      scanner.read(Array((line + "\n").utf8))
      text += (line + "\n").utf8
      #expect(scanner.needsMoreInput == Parser.needsMoreInput(text), "\(lines)")
      return scanner.needsMoreInput
    }
  }

  @Test func aHeaderWithAColonIsCompleteAtOnce() {
    // The `:` is no token: the lexer's problem is certain.
    #expect(answers(["if shape.x > 2:"]) == [false])
    #expect(answers(["while true:"]) == [false])
    #expect(answers(["for i in range(3):"]) == [false])
    #expect(answers(["def f(n):"]) == [false])
  }

  @Test func aHeaderFollowedByAnythingButABraceIsComplete() {
    #expect(answers(["if shape.x > 100", "move up"]) == [true, false])
    #expect(answers(["repeat 2", "", "# a comment", "move up"]) == [true, true, true, false])
    #expect(answers(["if shape.x > 100", "\"text"]) == [true, false])
    #expect(answers(["try { door.open } else", "paint red"]) == [true, false])
    // A line break or a comment may stand before the `{`.
    #expect(answers(["if shape.x > 100", "", "# why", "{", "move up", "}"]) == [true, true, true, true, true, false])
  }

  @Test func aHeaderTheParserRefusesIsComplete() {
    // Even with a block after it, these do not parse: no line can make them right.
    for header in ["if shape.x > 2 then", "repeat", "repeat 2 as", "if shape.x >", "while (1 +", "macro"] {
      #expect(answers([header]) == [false], "\(header)")
    }
    // These may: their block comes next.
    for header in ["if shape.x > 2", "repeat 2 as i", "macro m n", "while (shape.x < 3)", "transaction \"t\"", "try"] {
      #expect(answers([header]) == [true], "\(header)")
    }
  }

  @Test func insideABlockAnErrorIsCertainToo() {
    #expect(answers(["repeat 3 {", "if shape.x > 2:"]) == [true, false])
    #expect(answers(["repeat 3 {", "if shape.x > 2", "move up"]) == [true, true, false])
    #expect(answers(["macro m {", "repeat 2 { if shape.x > 1 }"]) == [true, false])
    // A well-formed block stays open until its `}`.
    #expect(
      answers(["repeat 3 {", "if shape.x > 2", "{", "move up", "}", "}"]) == [true, true, true, true, true, false])
  }

  @Test func aStrayBraceOrSemicolonIsCertain() {
    #expect(answers(["}"]) == [false])
    #expect(answers(["repeat 2 {", "} } {"]) == [true, false])
    #expect(answers(["repeat 2 {", "if shape.x > 1; move up"]) == [true, false])
  }

  @Test func stringsAndBlocksStillKeepAnEntryOpen() {
    #expect(answers(["echo \"abc", "def\""]) == [true, false])
    #expect(answers(["if \"a", "b\" == door.state"]) == [true, true])
    // A header across lines (in a string) is checked whole at the end of its line.
    #expect(answers(["if \"a", "b\" =="]) == [true, false])
    #expect(answers(["if shape.x > 1 { } else if shape.x > 0", "{ }"]) == [true, false])
  }

  @Test func anErrorOnceCertainStaysSo() {
    var scanner = EntryScanner()
    scanner.read(Array("repeat 2 {\n".utf8))
    scanner.read(Array("paint red:\n".utf8))
    #expect(!scanner.needsMoreInput)
    scanner.read(Array("{\n".utf8))
    #expect(!scanner.needsMoreInput)
    scanner.reset()
    scanner.read(Array("{\n".utf8))
    #expect(scanner.needsMoreInput)
  }

  @Test func aByteOrderMarkIsSkippedOnlyAtTheStart() {
    // At the start of an entry it is not text; on a later line it is a character the
    // whole text's lexer refuses, read line by line as well.
    let mark = "\u{FEFF}"
    #expect(answers([mark + "repeat 2", "{", "}"]) == [true, true, false])
    #expect(answers(["repeat 2 {", mark + "move up"]) == [true, false])
  }
}
