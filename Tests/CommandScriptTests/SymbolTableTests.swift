import Testing

@testable import CommandScript

@Suite struct SymbolTableTests {
  @Test func keywordsComeFirstInDeclarationOrder() {
    let symbols = SymbolTable()
    for (i, keyword) in Keyword.allCases.enumerated() {
      #expect(symbols.intern(keyword.rawValue) == SymbolTable.ID(i))
      #expect(Keyword(symbol: SymbolTable.ID(i)) == keyword)
    }
    #expect(Keyword(symbol: SymbolTable.ID(Keyword.allCases.count)) == nil)
    #expect(Keyword(symbol: -1) == nil)
  }

  @Test func aNameHasOneNumberAndItsText() {
    let symbols = SymbolTable()
    let move = symbols.intern("move")
    #expect(symbols.intern("move") == move)
    #expect(symbols.intern("mov") != move)
    #expect(symbols.intern("movee") != move)
    #expect(symbols[move] == "move")
  }

  /// Interns `names` (all different) in a new table: each gets its own number, keeps it
  /// when interned again, and reads back as its text.
  private func expectEachHasItsOwnNumber(_ names: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let symbols = SymbolTable()
    let ids = names.map(symbols.intern)
    #expect(Set(ids).count == names.count, sourceLocation: sourceLocation)
    #expect(names.map(symbols.intern) == ids, sourceLocation: sourceLocation)
    #expect(ids.map { symbols[$0] } == names, sourceLocation: sourceLocation)
  }

  @Test func thousandsOfNamesKeepTheirNumbersAsTheTableGrows() {
    // Short names (at most 8 bytes) and long ones have tables of their own; both grow.
    expectEachHasItsOwnNumber((0..<5000).map { "name\($0)" })
    expectEachHasItsOwnNumber((0..<3000).map { "a_long_name_\($0)" })
  }

  @Test func namesOfEveryLengthAreTheirOwn() {
    // Short names (at most 8 bytes) and long ones are kept apart; none may be taken for
    // another that shares its first bytes, or whose bytes differ by a NUL.
    var names = (0...12).map { String("abcdefghijkl".prefix($0)) }
    names += [
      "a\0", "\0a", "\0", "abcdefg\0", "abcdefgh\0", "\u{E9}t\u{E9}", "\u{1F600}\u{1F600}",
      "\u{1F600}\u{1F600}\u{1F600}",
    ]
    expectEachHasItsOwnNumber(names)
  }

  @Test func namesNumberedByTheLexerAndByTextAreTheSame() {
    // Each way first: the lexer numbers a name its text already numbered, and the reverse.
    let symbols = SymbolTable()
    let before = ["go", "gogogogo", "gogogogogo"].map(symbols.intern)
    let text = Array("go gogogogo gogogogogo up upupupup upupupupup".utf8)
    let lexed = text.withUnsafeBufferPointer { buffer in
      var lexer = Lexer(buffer, source: 0, symbols: symbols)
      return (0..<6).map { _ in lexer.next().symbol }
    }
    #expect(Array(lexed.prefix(3)) == before)
    #expect(["up", "upupupup", "upupupupup"].map(symbols.intern) == Array(lexed.suffix(3)))
    #expect(Set(lexed).count == 6)
  }

  @Test func thousandsOfWordsKeepTheirNumbersAsTheLexerGrowsTheTable() {
    let symbols = SymbolTable()
    let names = (0..<3000).flatMap { ["w\($0)", "word_\($0)_long"] }
    let text = Array(names.joined(separator: " ").utf8)
    let lex = {
      text.withUnsafeBufferPointer { buffer in
        var lexer = Lexer(buffer, source: 0, symbols: symbols)
        return names.map { _ in lexer.next().symbol }
      }
    }
    let ids = lex()
    #expect(Set(ids).count == names.count)
    #expect(lex() == ids)
    #expect(ids.map { symbols[$0] } == names)
    #expect(names.map(symbols.intern) == ids)
  }

  @Test func theLexerNumbersWordsAndParameterNames() {
    let symbols = SymbolTable()
    let text = Array("move up; $up move".utf8)
    let tokens = text.withUnsafeBufferPointer { buffer in
      var lexer = Lexer(buffer, source: 0, symbols: symbols)
      return (0..<6).map { _ in lexer.next() }
    }
    #expect(tokens.map(\.kind) == [.word, .word, .semicolon, .parameter, .word, .endOfInput])
    #expect(tokens[0].symbol == tokens[4].symbol)
    #expect(tokens[1].symbol == tokens[3].symbol)  // `$up` is numbered without its `$`
    #expect(symbols[tokens[1].symbol] == "up")
  }

  @Test func wordsPastTheMemoizedSymbolsAreCheckedTheSame() throws {
    // Thousands of macro names first, so that `up`, `red` and `upp` are numbered past the
    // symbols the checker memoizes per parameter.
    let names = (0..<Int(Checker.memoizedSymbols) + 10).map { "m\($0)" }
    let definitions = names.map { "macro \($0) { }" }.joined(separator: "\n")
    let r = Recorder()
    #expect(
      r.compileErrors(definitions + "\nmove up 2; paint red; move upp").map(summary) == [
        "\(names.count + 1):28: `upp` is not a direction (up, down, left, right) [did you mean up]"
      ])
    r.run(definitions + "\nmove up 2; paint red; move left")
    #expect(r.state("shape") == ["x": .int(-1), "y": .int(2), "color": .string("red")])
  }

  @Test func aMacroDefinedLaterInTheSameCompilationIsCalledNotTakenForAVerb() {
    // The checker remembers by symbol that `zig` named no macro; the definition must
    // replace what it remembered.
    let r = Recorder()
    #expect(r.compileErrors("zig\nmacro zig { move up }\nzig").map(summary) == ["1:1: unknown command `zig`"])
    r.run("macro zig { move up }; zig; zig")
    #expect(r.state("shape")?["y"] == .int(2))
  }
}

/// `instance.verb values` as a small command, packed as the checker packs it; nil if the
/// values do not fit one (a string, or a third argument).
private func small(_ instance: Int32, _ verb: Int32, _ values: [Value]) -> CommandTable.SmallCommand? {
  var command = CommandTable.SmallCommand(instance: instance, verb: verb)
  for value in values {
    let fits =
      switch value {
      case .integer(let n): command.append(n, isWord: false)
      case .word(let n): command.append(n, isWord: true)
      case .decimal, .string, .boolean: false
      }
    guard fits else { return nil }
  }
  return command
}

@Suite struct CommandTableTests {
  @Test func aCommandIsStoredOnceHoweverItIsInterned() throws {
    let table = CommandTable()
    let command = try #require(small(0, 1, [.word(2), .integer(3)]))
    let id = table.intern(command)
    #expect(table.intern(command) == id)
    #expect(table.intern(ResolvedCommand(instance: 0, verb: 1, arguments: [.word(2), .integer(3)])) == id)
    #expect(table[id] == ResolvedCommand(instance: 0, verb: 1, arguments: [.word(2), .integer(3)]))
  }

  @Test func smallCommandsDifferInEveryField() {
    let table = CommandTable()
    func id(_ instance: Int32, _ verb: Int32, _ values: [Value]) -> Int32 {
      table.intern(small(instance, verb, values)!)
    }
    let ids = [
      id(0, 0, []), id(1, 0, []), id(0, 1, []), id(0, 0, [.integer(1)]), id(0, 0, [.word(1)]),
      id(0, 0, [.integer(1), .integer(2)]), id(0, 0, [.integer(2), .integer(1)]), id(0, 0, [.integer(1), .word(2)]),
      id(0, CommandTable.lifecycleVerb, []),
    ]
    #expect(Set(ids).count == ids.count)
    // Thousands of them, past several growths of the table, keep their numbers.
    let many = (0..<3000).map { id(0, 0, [.integer($0)]) }
    #expect((0..<3000).map { id(0, 0, [.integer($0)]) } == many)
    #expect(table[many[2999]].arguments == [.integer(2999)])
  }

  @Test func stringsAndThirdArgumentsDoNotFit() {
    #expect(small(0, 0, [.string("x")]) == nil)
    #expect(small(0, 0, [.integer(1), .integer(2), .integer(3)]) == nil)
    #expect(small(0, 0, [.integer(1), .word(2)])?.arguments == [.integer(1), .word(2)])
  }
}
