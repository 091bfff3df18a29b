import Testing

@testable import CommandScript

private func kinds(_ text: String) -> [TokenKind] { lexAll(text).tokens.map(\.kind) }

private func lexProblems(_ bytes: [UInt8]) -> [String] { lexAll(bytes).problems.map(summary) }

private func lexProblems(_ text: String) -> [String] { lexProblems(Array(text.utf8)) }

/// `line:column` of every token.
private func positions(_ bytes: [UInt8]) -> [String] {
  lexAll(bytes).tokens.map { "\($0.line):\($0.column)" }
}

private func positions(_ text: String) -> [String] { positions(Array(text.utf8)) }

@Suite struct LexerTests {
  // MARK: Token kinds

  @Test func everyTokenKind() {
    let (tokens, problems) = lexAll("shape.move up 3 \"s\" $p ;\n{ } @")
    #expect(
      tokens.map(\.kind) == [
        .word, .dot, .word, .word, .integer, .string, .parameter, .semicolon, .newline, .leftBrace, .rightBrace,
        .invalid, .endOfInput,
      ])
    #expect(problems.map(summary) == ["2:5: unexpected character `@`"])
  }

  @Test func tokenRangesAndPositions() {
    let text = "shape.move up 3\n  paint"
    let (tokens, _) = lexAll(text)
    #expect(positions(text) == ["1:1", "1:6", "1:7", "1:12", "1:15", "1:16", "2:3", "2:8"])
    #expect(tokens.map { $0.range.end - $0.range.start } == [5, 1, 4, 2, 1, 1, 5, 0])
    #expect(tokens.allSatisfy { $0.range.source == 0 })
  }

  @Test func wordsMayHoldDigitsAndUnderscores() {
    let text = "_a b2 C_3d"
    let bytes = Array(text.utf8)
    bytes.withUnsafeBufferPointer { buffer in
      var lexer = Lexer(buffer, source: 0, symbols: SymbolTable())
      var words: [String] = []
      while true {
        let t = lexer.next()
        if t.kind == .endOfInput { break }
        #expect(t.kind == .word)
        words.append(lexer.text(of: t.range))
      }
      #expect(words == ["_a", "b2", "C_3d"])
    }
  }

  @Test func keywordsAreWords() {
    #expect(kinds("repeat macro undo queue") == [.word, .word, .word, .word, .endOfInput])
    #expect(Keyword(rawValue: "transaction") == .transaction)
    #expect(Keyword(rawValue: "queue") == .queue)
    #expect(Keyword(rawValue: "move") == nil)
  }

  // MARK: Integers

  @Test func integers() {
    let (tokens, problems) = lexAll("0 42 -7 9223372036854775807 -9223372036854775808")
    #expect(problems.isEmpty)
    #expect(tokens.dropLast().map(\.kind) == Array(repeating: .integer, count: 5))
    #expect(tokens.dropLast().map(\.integer) == [0, 42, -7, Int.max, Int.min])
  }

  @Test func integersOfEveryLengthAroundEighteenDigits() {
    // Up to 18 digits cannot overflow; longer ones are checked, leading zeros and all.
    var texts: [String] = []
    for length in 1...21 {
      texts += [String(repeating: "9", count: length), "1" + String(repeating: "0", count: length - 1)]
      texts += ["0000000000000000000000".prefix(length - 1) + "7"]
    }
    texts += ["9223372036854775807", "9223372036854775808", "9223372036854775808", "9223372036854775810"]
    texts += ["9300000000000000000", "18446744073709551616", "92233720368547758070"]
    for text in texts + texts.map({ "-" + $0 }) + ["-9223372036854775808", "-9223372036854775809"] {
      let (tokens, problems) = lexAll(text)
      if let value = Int(text) {
        #expect(tokens[0].kind == .integer && tokens[0].integer == value && problems.isEmpty, "\(text)")
      } else {
        #expect(tokens[0].kind == .invalid, "\(text)")
        #expect(problems.map(summary) == ["1:1: integer `\(text)` is too large"], "\(text)")
      }
      #expect(tokens[0].range.end == text.utf8.count, "\(text)")
    }
  }

  @Test func minusWithoutADigitIsTheOperator() {
    #expect(kinds("- 3") == [.minus, .integer, .endOfInput])
    #expect(lexProblems("- 3") == [])
  }

  @Test func operatorsAreTokens() {
    #expect(
      kinds("( ) == != < <= > >= + * / % -x") == [
        .leftParen, .rightParen, .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .plus, .star,
        .slash, .percent, .minus, .word, .endOfInput,
      ])
    #expect(kinds("a<=b") == [.word, .lessEqual, .word, .endOfInput])
    // `-3` stays one integer; a lone `=` assigns (the parser says `==` where it compares);
    // a lone `!` is no token.
    #expect(kinds("-3") == [.integer, .endOfInput])
    #expect(kinds("a = b") == [.word, .assign, .word, .endOfInput])
    #expect(lexProblems("if a = b") == [])
    #expect(lexProblems("!x") == ["1:1: unexpected `!`: write `not`"])
    #expect(lexProblems("x \\ y") == ["1:3: unexpected character `\\`"])
  }

  @Test func integerOverflowIsALocatedError() {
    let (tokens, problems) = lexAll("move up 99999999999999999999")
    #expect(tokens.map(\.kind) == [.word, .word, .invalid, .endOfInput])
    #expect(problems.map(summary) == ["1:9: integer `99999999999999999999` is too large"])
    #expect(problems[0].range.end - problems[0].range.start == 20)
    #expect(lexProblems("9223372036854775808") == ["1:1: integer `9223372036854775808` is too large"])
    #expect(lexProblems("-9223372036854775809") == ["1:1: integer `-9223372036854775809` is too large"])
  }

  @Test func wordStartingWithADigit() {
    let (tokens, problems) = lexAll("move 3abc up")
    #expect(tokens.map(\.kind) == [.word, .invalid, .word, .endOfInput])
    #expect(problems.map(summary) == ["1:6: a word cannot start with a digit: `3abc`"])
    #expect(tokens[1].range.end - tokens[1].range.start == 4)
  }

  // MARK: Strings

  @Test func stringEscapes() {
    let (tokens, problems) = lexAll(#""a\"b\\c\nd\te""#)
    #expect(problems.isEmpty)
    #expect(tokens[0].kind == .string)
    #expect(tokens[0].text == "a\"b\\c\nd\te")
    #expect(tokens[0].range.end == 15)
  }

  @Test func emptyString() {
    let (tokens, problems) = lexAll(#""""#)
    #expect(problems.isEmpty)
    #expect(tokens[0].kind == .string)
    #expect(tokens[0].text == "")
  }

  @Test func unknownEscapeIsLocated() {
    let (tokens, problems) = lexAll(#"log "ab\qc" x"#)
    #expect(problems.map(summary) == [#"1:8: unknown escape in string (use \", \\, \n, \t, \r, \$ or \u{HEX})"#])
    #expect(problems[0].range.end - problems[0].range.start == 2)
    // The string still ends where it should.
    #expect(tokens.map(\.kind) == [.word, .string, .word, .endOfInput])
    #expect(positions(#"log "ab\qc" x"#).last == "1:14")
  }

  @Test func escapedLineBreakStillCountsTheLine() {
    // An unknown escape of a line break must not lose the line.
    let text = "log \"a\\\nb\" x\nmove"
    #expect(lexProblems(text) == [#"1:7: unknown escape in string (use \", \\, \n, \t, \r, \$ or \u{HEX})"#])
    #expect(positions(text) == ["1:1", "1:5", "2:4", "2:5", "3:1", "3:5"])
  }

  @Test func escapedNonASCIICharacterIsOneProblem() {
    let text = "log \"\\é\" x"
    #expect(lexProblems(text) == [#"1:6: unknown escape in string (use \", \\, \n, \t, \r, \$ or \u{HEX})"#])
    #expect(positions(text) == ["1:1", "1:5", "1:10", "1:11"])
  }

  @Test func unterminatedStringIsLocatedAtTheOpeningQuote() {
    let (tokens, problems) = lexAll("move up\nlog \"abc\nmore text")
    #expect(problems.map(summary) == ["2:5: unterminated string"])
    #expect(problems[0].range.end - problems[0].range.start == 1)
    #expect(problems[0].notes.map(\.0) == ["the string starts here and runs to the end of the input"])
    #expect(tokens.map(\.kind) == [.word, .word, .newline, .word, .invalid, .endOfInput])
  }

  @Test func stringSpanningLines() {
    let text = "log \"one\ntwo\" x\ny"
    let (tokens, problems) = lexAll(text)
    #expect(problems.isEmpty)
    #expect(tokens[1].kind == .string)
    #expect(tokens[1].text == "one\ntwo")
    #expect(positions(text) == ["1:1", "1:5", "2:6", "2:7", "3:1", "3:2"])
  }

  @Test func stringSpanningCRLFLinesHasTheSameValueAsWithLF() {
    let (tokens, problems) = lexAll("log \"one\r\ntwo\" x")
    #expect(problems.isEmpty)
    #expect(tokens[1].text == "one\ntwo")
    #expect(positions("log \"one\r\ntwo\" x") == ["1:1", "1:5", "2:6", "2:7"])
    // A carriage return alone is kept.
    #expect(lexAll("\"a\rb\"").tokens[0].text == "a\rb")
  }

  @Test func columnsOnTheLineAfterANonASCIIStringLine() {
    #expect(positions("log \"é\nab\" x") == ["1:1", "1:5", "2:5", "2:6"])
  }

  @Test func nonASCIIInsideAStringCountsScalarsForColumns() {
    let text = "paint \"héllo wörld\" x"
    let (tokens, problems) = lexAll(text)
    #expect(problems.isEmpty)
    #expect(tokens[1].text == "héllo wörld")
    #expect(positions(text) == ["1:1", "1:7", "1:21", "1:22"])
    // The byte offset is further on than the column.
    #expect(tokens[2].range.start == 22)
    // A new line counts from 1 again.
    #expect(positions("\"é\"\nx") == ["1:1", "1:4", "2:1", "2:2"])
  }

  @Test func fourByteScalarsCountAsOneColumn() {
    #expect(positions("log \"🙂🙂\" x") == ["1:1", "1:5", "1:10", "1:11"])
  }

  @Test func nulByteInAString() {
    #expect(lexProblems(Array("log \"a".utf8) + [0] + Array("b\" x".utf8)) == ["1:7: NUL byte in string"])
  }

  // MARK: Parameters

  @Test func parameters() {
    let (tokens, problems) = lexAll("$n $long_name2")
    #expect(problems.isEmpty)
    #expect(tokens.map(\.kind) == [.parameter, .parameter, .endOfInput])
    #expect(tokens[1].range.end - tokens[1].range.start == 11)
  }

  @Test func bareDollar() {
    #expect(kinds("$ x") == [.invalid, .word, .endOfInput])
    #expect(lexProblems("move $ x") == ["1:6: `$` must be followed by a parameter name"])
    #expect(lexProblems("$-1") == ["1:1: `$` must be followed by a parameter name"])
    // `$1` is a script's argument.
    #expect(kinds("$1 $12") == [.parameter, .parameter, .endOfInput])
    #expect(lexProblems("$") == ["1:1: `$` must be followed by a parameter name"])
  }

  // MARK: Layout

  @Test func comments() {
    #expect(kinds("move # a comment; { still \"comment\nup") == [.word, .newline, .word, .endOfInput])
    #expect(kinds("# only a comment") == [.endOfInput])
    #expect(lexProblems("# ünïcode and @ and \u{1} are fine here").isEmpty)
  }

  @Test func nonASCIIInACommentDoesNotShiftTheNextLine() {
    #expect(positions("# ééé\nx") == ["1:6", "2:1", "2:2"])
  }

  @Test func shebangLine() {
    let text = "#!/usr/bin/env cmdscript\nmove up"
    #expect(kinds(text) == [.newline, .word, .word, .endOfInput])
    #expect(positions(text) == ["1:25", "2:1", "2:6", "2:8"])
    #expect(lexProblems(text).isEmpty)
  }

  @Test func emptyInput() {
    let (tokens, problems) = lexAll("")
    #expect(problems.isEmpty)
    #expect(tokens.map(\.kind) == [.endOfInput])
    #expect(positions("") == ["1:1"])
    // The end of input is sticky.
    [UInt8]().withUnsafeBufferPointer { buffer in
      var lexer = Lexer(buffer, source: 0, symbols: SymbolTable())
      #expect(lexer.next().kind == .endOfInput)
      #expect(lexer.next().kind == .endOfInput)
    }
  }

  @Test func blanksOnly() {
    #expect(kinds("  \t \r ") == [.endOfInput])
  }

  @Test func noTrailingNewline() {
    let (tokens, problems) = lexAll("move up")
    #expect(problems.isEmpty)
    #expect(tokens.map(\.kind) == [.word, .word, .endOfInput])
    #expect(tokens[2].range.start == 7)
  }

  @Test func crlfLineBreaks() {
    let text = "move up\r\npaint red\r\n"
    #expect(kinds(text) == [.word, .word, .newline, .word, .word, .newline, .endOfInput])
    // The end of the input is placed just after the last token, not on the empty line after it.
    #expect(positions(text) == ["1:1", "1:6", "1:9", "2:1", "2:7", "2:11", "2:10"])
    #expect(lexProblems(text).isEmpty)
  }

  @Test func byteOrderMarkIsSkipped() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("move up\nx".utf8)
    let (tokens, problems) = lexAll(bytes)
    #expect(problems.isEmpty)
    #expect(tokens.map(\.kind) == [.word, .word, .newline, .word, .endOfInput])
    #expect(positions(bytes) == ["1:1", "1:6", "1:8", "2:1", "2:2"])
    #expect(tokens[0].range.start == 3)
    // Only at the start: elsewhere it is a stray character.
    #expect(lexProblems("x \u{FEFF}") == ["1:3: unexpected character `\u{FEFF}`"])
  }

  @Test func onlyAByteOrderMark() {
    #expect(lexAll([0xEF, 0xBB, 0xBF]).tokens.map(\.kind) == [.endOfInput])
  }

  @Test func invalidUTF8Byte() {
    let bytes = Array("move ".utf8) + [0xFF] + Array(" up".utf8)
    let (tokens, problems) = lexAll(bytes)
    #expect(problems.map(summary) == ["1:6: invalid UTF-8 byte 0xFF"])
    #expect(tokens.map(\.kind) == [.word, .invalid, .word, .endOfInput])
    #expect(positions(bytes) == ["1:1", "1:6", "1:8", "1:10"])
    // A truncated sequence is one invalid byte, and lexing goes on after it.
    #expect(lexProblems([0xC3] + Array("x".utf8)) == ["1:1: invalid UTF-8 byte 0xC3"])
    #expect(kinds(String(decoding: [0xC3], as: UTF8.self)).count == 2)
  }

  @Test func invalidUTF8InAString() {
    #expect(lexProblems(Array("log \"a".utf8) + [0xFF] + Array("\"".utf8)) == ["1:5: string is not valid UTF-8"])
  }

  @Test func nonASCIICharacterOutsideAString() {
    let (tokens, problems) = lexAll("é x")
    #expect(problems.map(summary) == ["1:1: unexpected character `é`"])
    #expect(tokens.map(\.kind) == [.invalid, .word, .endOfInput])
    #expect(positions("é x") == ["1:1", "1:3", "1:4"])
  }

  @Test func nulByte() {
    let bytes = Array("move".utf8) + [0] + Array("up".utf8)
    let (tokens, problems) = lexAll(bytes)
    #expect(problems.map(summary) == ["1:5: NUL byte in the source"])
    #expect(tokens.map(\.kind) == [.word, .invalid, .word, .endOfInput])
  }

  @Test func controlCharacterIsShownAsAByte() {
    #expect(lexProblems("x \u{7}") == ["1:3: unexpected character byte 0x7"])
  }

  @Test func firstLineOffsetsLineNumbers() {
    let (tokens, _) = lexAll(Array("a\nb".utf8), firstLine: 10)
    #expect(tokens.map(\.line) == [10, 10, 11, 11])
  }

  @Test func advanceReadsIntoTokenWhatNextReturns() {
    let bytes = Array("move up 3; \"s\"\n$p.x".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      var byNext = Lexer(buffer, source: 0, symbols: SymbolTable())
      var byAdvance = Lexer(buffer, source: 0, symbols: SymbolTable())
      repeat {
        let t = byNext.next()
        byAdvance.advance()
        let u = byAdvance.token
        #expect(t.kind == u.kind && t.range == u.range && t.integer == u.integer && t.symbol == u.symbol)
      } while byNext.token.kind != .endOfInput
      // `stop` makes the current token the end of the input, where it is.
      var stopped = Lexer(buffer, source: 0, symbols: SymbolTable())
      stopped.advance()
      stopped.advance()
      stopped.stop()
      #expect(stopped.token.kind == .endOfInput)
      #expect(stopped.token.range == SourceRange(source: 0, start: 5, end: 7))
    }
  }

  @Test func lineNumbersPastThe32BitLimitAreClamped() {
    // Line breaks between tokens and inside a string both count; every line from 2^31 - 1
    // on is reported as 2^31 - 1.
    let last = Int(Int32.max)
    let (tokens, _) = lexAll(Array("a\nb \"x\ny\" c\nd".utf8), firstLine: last - 1)
    #expect(tokens.map(\.line) == [last - 1, last - 1, last, last, last, last, last, last])
    let (far, _) = lexAll(Array("a\nb".utf8), firstLine: last + 5)
    #expect(far.map(\.line) == [last, last, last, last])
  }

  // MARK: Hostile input

  @Test func aRunOfBytesThatStartNoTokenIsOneProblem() {
    let bytes = Array("move ".utf8) + [0xFF, 0xFE, 0x40, 0x01, 0xC3, 0xA9, 0] + Array(" up".utf8)
    let (tokens, problems) = lexAll(bytes)
    #expect(problems.map(summary) == ["1:6: invalid UTF-8 byte 0xFF (and 6 more bytes that start no token)"])
    #expect(tokens.map(\.kind) == [.word, .invalid, .word, .endOfInput])
    // The run ends where a token can start: `-3` is an integer, `$x` a parameter.
    #expect(kinds("@@-3 @@$x") == [.invalid, .integer, .invalid, .parameter, .endOfInput])
    #expect(
      lexProblems("@@ $$") == [
        "1:1: unexpected character `@` (and 1 more byte that starts no token)",
        "1:4: `$` must be followed by a parameter name (and 1 more byte that starts no token)",
      ])
  }

  @Test func aMegabyteOfGarbageMakesBoundedProblemsInLinearTime() {
    // Bytes that start no token, on one line, after a non-ASCII character (so columns must
    // be counted, not subtracted): one problem, and the column of what follows is right.
    let bytes = Array("é ".utf8) + [UInt8](repeating: 0xFF, count: 1 << 20) + Array(" up".utf8)
    let (tokens, problems) = lexAll(bytes)
    #expect(problems.count == 2)
    #expect(tokens.last(where: { $0.kind == .word })?.column == 4 + (1 << 20))
    // Problems of any kind stop being recorded at the limit.
    let strayDollars = [UInt8](String(repeating: "$ ", count: 5000).utf8)
    #expect(lexAll(strayDollars).problems.count == Lexer.maxProblems)
  }

  @Test func columnsOnALongNonASCIILineAreCountedOnce() {
    let line = String(repeating: "é x ", count: 50_000)
    let (tokens, problems) = lexAll(line)
    #expect(problems.count == Lexer.maxProblems)
    #expect(tokens[tokens.count - 2].column == 4 * 50_000 - 1)
  }

  @Test func invalidUTF8AndNULInAComment() {
    let bytes = Array("move up # caf\u{E9} ".utf8) + [0xFF, 0xFE, 0] + Array("\nmove # ok \u{1F600}\n#".utf8) + [0]
    #expect(lexProblems(bytes) == ["1:16: invalid UTF-8 byte 0xFF in a comment", "3:2: NUL byte in a comment"])
    // Overlong, surrogate and truncated sequences are not UTF-8.
    for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
      #expect(lexProblems([35] + bad).count == 1, "\(bad)")
    }
  }

  @Test func aCommentEndsAtItsLineBreakAndReportsItsFirstBadByteWhereverTheyAre() {
    // Comments are skipped 8 bytes at a time up to a line break, NUL or non-ASCII byte.
    let cases: [([UInt8], String?)] = [
      ([10], nil), ([0], "NUL byte in a comment"), ([0xFF], "invalid UTF-8 byte 0xFF in a comment"),
      ([0xC3, 0xA9], nil), ([0xF0, 0x9F, 0x98, 0x80], nil), ([0xE2, 0x82], "invalid UTF-8 byte 0xE2 in a comment"),
    ]
    for (special, message) in cases {
      for before in 0...17 {
        for after in [0, 3, 12] {
          let comment = [35] + Array(repeating: UInt8(ascii: "x"), count: before) + special
          // What follows the comment's line break is one word, `y`s and `move`.
          let ys = Array(repeating: UInt8(ascii: "y"), count: after)
          let bytes = comment + ys + Array((special == [10] ? "move" : "\nmove").utf8)
          let (tokens, problems) = lexAll(bytes)
          let label = "\(special) after \(before), \(after) more"
          let breakOffset = special == [10] ? comment.count - 1 : comment.count + after
          #expect(tokens.map(\.kind) == [.newline, .word, .endOfInput], "\(label)")
          #expect(tokens[0].range.start == breakOffset, "\(label)")
          #expect(tokens[1].line == 2 && tokens[1].column == 1, "\(label)")
          #expect(problems.map(summary) == (message.map { ["1:\(before + 2): \($0)"] } ?? []), "\(label)")
        }
      }
    }
  }

  @Test func aColumnAfterABadScalarEscapeCountsCharacters() {
    // The escape's skipped `é` is one column, as everywhere else.
    #expect(
      lexProblems("log \"\\u{é}\" @") == [
        "1:6: expected `\\u{HEX}` with one to six hex digits", "1:13: unexpected character `@`",
      ])
  }

  @Test func namesHaveAtMost256Characters() {
    let longest = String(repeating: "a", count: Lexer.maxWordLength)
    #expect(lexAll(longest + " $" + longest).problems.isEmpty)
    #expect(
      lexProblems(longest + "b $" + longest + "b")
        == [
          "1:1: a name can have at most 256 characters, this one has 257",
          "1:259: a name can have at most 256 characters, this one has 257",
        ])
  }

  @Test func aWordStartsWithALetterOrAnUnderscoreOnly() {
    for b in UInt8.min...UInt8.max {
      let starts = (65...90).contains(b) || (97...122).contains(b) || b == 95
      #expect(Lexer.isWordStart(b) == starts, "byte \(b)")
      #expect(Lexer.isWordContinue(b) == (starts || (48...57).contains(b)), "byte \(b)")
      // (`$x` is a parameter, so `$` is not tried first.)
      let words: [[UInt8]] = b == 36 ? [] : [[b], [b, 120]]
      for bytes in words + [[36, b], [36, b, 120, 120, 120, 120, 120, 120, 120, 120]] {
        let first = lexAll(bytes).tokens[0]
        let kind: TokenKind = bytes[0] == 36 ? .parameter : .word
        // After `$`, a digit starts a parameter too: a script's argument (`$1`).
        let startsHere = starts || (bytes[0] == 36 && (48...57).contains(b))
        #expect(
          (first.kind == kind && first.range.start == 0 && first.range.end == bytes.count) == startsHere, "\(bytes)")
      }
    }
  }

  @Test func aWordEndsAtTheFirstByteThatDoesNotContinueIt() {
    // Letters, digits and `_` continue a word; no other byte does, at any of the first 9
    // places of a word, whether 8 bytes or fewer are left in the input.
    func continues(_ b: UInt8) -> Bool {
      (65...90).contains(b) || (97...122).contains(b) || (48...57).contains(b) || b == 95
    }
    for b in UInt8.min...UInt8.max {
      for place in 1...9 {
        let prefix = Array(repeating: UInt8(ascii: "w"), count: place)
        for bytes in [prefix + [b], prefix + [b] + Array("xyzxyzxyz".utf8)] {
          let first = lexAll(bytes).tokens[0]
          let expected = continues(b) ? bytes.count : place
          #expect(first.kind == .word && first.range.end == expected, "byte \(b) at \(place) of \(bytes.count)")
        }
      }
    }
  }

  @Test func wordsOfEveryLengthAroundEightBytesEndingTheInputOrNot() {
    for length in 1...18 {
      let name = String("abcdefghijklmnopqr".prefix(length))
      for (text, after) in [(name, 0), (name + " ", 1), (name + ";x", 2), ("$" + name, 0), (name + "\n" + name, 0)] {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
          let symbols = SymbolTable()
          var lexer = Lexer(buffer, source: 0, symbols: symbols)
          let t = lexer.next()
          #expect(t.kind == (text.hasPrefix("$") ? .parameter : .word), "\(text)")
          #expect(t.range.end == bytes.count - after - (text.contains("\n") ? length + 1 : 0), "\(text)")
          #expect(symbols[t.symbol] == name, "\(text)")
          #expect(symbols.intern(name) == t.symbol, "\(text)")
          if text.contains("\n") {
            _ = lexer.next()
            #expect(lexer.next().symbol == t.symbol, "\(text)")
          }
        }
      }
    }
  }

  @Test func aShortNamesKeyHoldsItsBytesAlone() {
    // Names of 1 to 8 bytes followed by every byte value, and by enough bytes that 8 bytes
    // are loaded from the name's start: the name is numbered by its own bytes, whatever
    // follows it.
    for length in 1...8 {
      let name = Array("abcdefgh".utf8.prefix(length))
      for b in UInt8.min...UInt8.max {
        let bytes = name + [b] + Array("         ".utf8)
        let continues = (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == 0x5F
        bytes.withUnsafeBufferPointer { buffer in
          let symbols = SymbolTable()
          var lexer = Lexer(buffer, source: 0, symbols: symbols)
          let t = lexer.next()
          let spelled = continues ? name + [b] : name
          #expect(t.kind == .word && t.range.end == spelled.count, "\(length) \(b)")
          #expect(symbols[t.symbol] == String(decoding: spelled, as: UTF8.self), "\(length) \(b)")
          #expect(symbols.intern(String(decoding: spelled, as: UTF8.self)) == t.symbol, "\(length) \(b)")
        }
      }
    }
  }

  @Test func wordsThatShareTheirFirstEightBytesAreDifferentNames() {
    let text = "abcdefgh abcdefghi abcdefghij abcdefg abcdefgh_ abcdefgh0 abcdefgh abcdefghi $abcdefgh"
    let bytes = Array(text.utf8)
    bytes.withUnsafeBufferPointer { buffer in
      let symbols = SymbolTable()
      var lexer = Lexer(buffer, source: 0, symbols: symbols)
      let names = text.split(separator: " ")
      let ids = names.map { _ in lexer.next().symbol }
      #expect(Set(ids).count == 6)
      #expect(ids[6] == ids[0] && ids[7] == ids[1] && ids[8] == ids[0])
      #expect(ids.map { symbols[$0] } == names.map { String($0.drop { $0 == "$" }) })
    }
  }

  @Test func messagesQuoteAtMost32BytesOfALongToken() {
    let digits = String(repeating: "9", count: 1000)
    #expect(lexProblems(digits) == ["1:1: integer `\(digits.prefix(32))…` is too large"])
    #expect(lexProblems(digits + "x") == ["1:1: a word cannot start with a digit: `\(digits.prefix(32))…`"])
  }
}

@Suite struct StringLiteralTests {
  @Test func aWrittenStringLiteralLexesBackToItsText() {
    for text in ["plain", "a \"quote\"", "back\\slash", "two\nlines\tand a tab", "é ✓ \u{1}", ""] {
      let (tokens, problems) = lexAll(Lexer.stringLiteral(text))
      #expect(problems.isEmpty, "\(text)")
      #expect(tokens.first?.kind == .string && tokens.first?.text == text, "\(text)")
    }
  }

  @Test(arguments: 0..<300) func anyStringWrittenAsALiteralReadsBackExactly(seed: Int) {
    // Whatever a host holds (NUL, CR and CRLF, a `$` before a name, other controls, any
    // plane), the literal reads back as the same scalars.
    var random = SplitMix64(seed: UInt64(seed))
    let pool: [String] = [
      "\0", "\r", "\r\n", "\n", "\t", "\"", "\\", "$", "$x", "$1", "$$", "\u{7F}", "\u{1B}", "{", "}", "#",
      "a", "Z", " ", "é", "✓", "😀", "\u{10FFFF}", "\u{FEFF}",
    ]
    let text = (0..<Int(random.next() % 12)).map { _ in pool[Int(random.next() % UInt64(pool.count))] }.joined()
    let literal = ScriptString.literal(text)
    let (tokens, problems) = lexAll(literal)
    #expect(problems.isEmpty, "\(literal)")
    #expect(tokens.first?.kind == .string, "\(literal)")
    #expect(tokens.first.map { Array(ScriptString.plain($0.text).unicodeScalars) } == Array(text.unicodeScalars))
  }

  @Test func scalarEscapesNameAnyScalarAndReportTheRest() {
    let (tokens, problems) = lexAll(#""\u{41}\u{0}\u{1F600}\u{24}x""#)
    #expect(problems.isEmpty)
    #expect(tokens.first.map { ScriptString.plain($0.text) } == "A\u{0}😀$x")
    #expect(lexProblems(#""\u{D800}""#) == ["1:2: `\\u{D800}` is not a Unicode scalar value"])
    #expect(lexProblems(#""\u{110000}""#) == ["1:2: `\\u{110000}` is not a Unicode scalar value"])
    for bad in [#""\u{}""#, #""\u41""#, #""\u{1234567}""#, #""\u{4G}""#, #""\u{41 ""#] {
      #expect(lexProblems(bad) == ["1:2: expected `\\u{HEX}` with one to six hex digits"], "\(bad)")
    }
    // After a bad escape the string goes on: one problem, and the rest is read.
    #expect(lexProblems(#""\u{zz} ok" move"#).count == 1)
  }
}
