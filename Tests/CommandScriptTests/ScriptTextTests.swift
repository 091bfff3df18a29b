import Testing

@testable import CommandScript

/// The one writer of values as script text (`ScriptString`): whatever it writes, the lexer
/// reads back as the same value, so no other writer is needed.
@Suite struct ScriptTextWriterTests {
  /// The one token `text` lexes to (and the end), with no problem.
  private func onlyToken(_ text: String) -> LexedToken? {
    let (tokens, problems) = lexAll(text)
    guard problems.isEmpty, tokens.count == 2, tokens[1].kind == .endOfInput else { return nil }
    return tokens[0]
  }

  private func written(_ token: LexedToken, in text: String) -> String {
    String(decoding: Array(text.utf8)[token.range.start..<token.range.end], as: UTF8.self)
  }

  @Test(arguments: [0, 1, -1, 7, -42, 1_000_000, Int.max, Int.min + 1, Int.min])
  func integersReadBack(n: Int) {
    let text = ScriptString.argument(.integer(n))
    let token = onlyToken(text)
    #expect(token?.kind == .integer && token?.integer == n, "\(text)")
  }

  @Test(arguments: [
    0.0, -0.0, 1.0, -1.0, 0.1, -2.5, 1.5e-7, -1.5e-7, 1.0e300, -1.0e300, 123_456.789, .ulpOfOne,
    .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
  ])
  func decimalsReadBack(x: Double) {
    let text = ScriptString.argument(.decimal(x))
    let token = onlyToken(text)
    #expect(token?.kind == .decimal, "\(text)")
    let read = token.map { Double(bitPattern: UInt64(UInt(bitPattern: $0.integer))) }
    #expect(read?.bitPattern == x.bitPattern, "\(text)")
  }

  @Test func booleansAndWordsAreWords() {
    for (value, expected) in [(Value.boolean(true), "true"), (.boolean(false), "false")] {
      let text = ScriptString.argument(value)
      #expect(onlyToken(text)?.kind == .word && text == expected)
    }
    let colours = ["red", "green", "blue"]
    for i in colours.indices {
      let text = ScriptString.argument(.word(i), words: colours)
      let token = onlyToken(text)
      #expect(token?.kind == .word && token.map { written($0, in: text) } == colours[i])
    }
  }

  @Test(arguments: 0..<300) func stringsReadBackAsTheSameTextWithNoParameter(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed))
    let pool: [String] = [
      "\"", "\\", "$", "$x", "${x}", "$(", "$1", "$$", "\\$", "\n", "\r\n", "\t", "\0", "\u{1B}", "\u{7F}", "#",
      ";", "{", "}", " ", "a", "é", "✓", "😀", "\u{10FFFF}", "\u{FEFF}", "\u{85}", "\u{2028}",
    ]
    let value = (0..<Int(random.next() % 12)).map { _ in pool[Int(random.next() % UInt64(pool.count))] }.joined()
    let text = ScriptString.argument(.string(value))
    let token = onlyToken(text)
    #expect(token?.kind == .string, "\(text)")
    // One piece of text: no `$NAME` was made of the value's dollar signs.
    #expect(token.map { ScriptString.pieces(of: $0.text) } == [.text(value)], "\(text)")
  }

  @Test func operandsPutNegativeNumbersInParentheses() {
    #expect(ScriptString.operand(.integer(-3)) == "(-3)")
    #expect(ScriptString.operand(.decimal(-0.5)) == "(-0.5)")
    #expect(ScriptString.operand(.integer(3)) == "3")
    #expect(ScriptString.operand(.word(1), words: ["a", "b"]) == "b")
    #expect(ScriptString.operand(.string("a\"b")) == #""a\"b""#)
  }

  @Test func anInterpolatedStringReadsBackAsItsPieces() {
    let cases: [[ScriptString.Piece]] = [
      [.parameter("i"), .text("th")], [.text("a$"), .parameter("b")], [.text("\"q\" "), .parameter("x"), .text("!")],
      [.parameter("a"), .parameter("b")], [.text("$x is not "), .parameter("x")],
    ]
    for pieces in cases {
      let text = ScriptString.interpolated(pieces)
      let token = onlyToken(text)
      #expect(token?.kind == .string, "\(text)")
      #expect(token.map { ScriptString.pieces(of: $0.text) } == pieces, "\(text)")
    }
  }
}

/// "undid …", `history`, undo titles and `pending` name a statement by its canonical form,
/// recorded when it was compiled, never by parsing it again.
@Suite struct StatementTitleTests {
  @Test func statementsWrittenCanonicallyRecordNothing() throws {
    let session = Session(registry: testRegistry())
    try session.run(SourceFile(name: "t", text: "move up; move left 9; door.open; bump -1\nshape.move up"))
    #expect(session.statementTitles.isEmpty)
    #expect(session.history.map(\.statement) == ["move up", "move left 9", "door.open", "bump -1", "shape.move up"])
  }

  @Test func otherStatementsAreNamedInCanonicalForm() throws {
    let r = Recorder()
    r.session.reportsEffects = true
    r.run("move  up # a comment\nmove left 09\nrepeat 2 {\n  paint red\n}\ntransaction \"Tint\" { paint  blue }")
    r.run("queue move\tdown")
    #expect(r.session.pendingStatements == ["move down"])
    #expect(r.session.undoActionName == "Tint")
    #expect(
      r.session.history.map(\.statement) == [
        "move up", "move left 9", "repeat 2 { paint red }", "transaction \"Tint\" { paint blue }",
      ])
    r.outputs = []
    r.run("discard; undo 4")
    #expect(
      r.outputs.last
        == .report(
          "undid 4 steps: `transaction \"Tint\" { paint blue }`, `repeat 2 { paint red }`, `move left 9`, `move up`"
        ))
    // Only the statements not written canonically hold a title (`queue S` and its `S`).
    #expect(r.session.statementTitles.count == 6)
  }
}
