import Foundation
import Testing

@testable import CommandScript

/// The canonical text of every statement of `text`; expects no problems.
private func canonical(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
  let symbols = SymbolTable()
  let (statements, problems) = parseAll(text, symbols: symbols)
  #expect(problems.isEmpty, "\(problems.map(summary))", sourceLocation: sourceLocation)
  return statements.map { $0.canonical }
}

private func parseProblems(_ text: String) -> [String] { parseAll(text).problems.map(summary) }

@Suite struct ParserTests {
  // MARK: Statement forms

  @Test func invocations() {
    #expect(canonical("move up 3") == ["move up 3"])
    #expect(canonical("shape.move up") == ["shape.move up"])
    #expect(canonical("door.open") == ["door.open"])
    #expect(canonical(#"log "a \"b\"" x"#) == [#"log "a \"b\"" x"#])
    #expect(canonical("zig $n -2") == ["zig $n -2"])
  }

  @Test func invocationStructure() {
    let symbols = SymbolTable()
    let (statements, _) = parseAll("shape.move up 3", symbols: symbols)
    guard let first = statements.first, case .invocation(let receiver?, let name, let span) = first.kind else {
      Issue.record("not an invocation: \(statements)")
      return
    }
    let arguments = Array(first.tree.arguments[span])
    #expect(symbols[receiver.name.symbol] == "shape")
    #expect(!receiver.isParameter)
    #expect(symbols[name.symbol] == "move")
    #expect(name.range.start == 6)
    guard arguments.count == 2, case .word(let up) = arguments[0], symbols[up.symbol] == "up",
      case .integer(3, let r) = arguments[1]
    else {
      Issue.record("arguments: \(arguments)")
      return
    }
    #expect(r.start == 14)
    #expect(first.range.start == 0)
    #expect(first.range.end == 15)
  }

  @Test func anInvocationsRangeRunsFromItsFirstWordToItsLastArgument() {
    let text = "move; shape.move; move up; move 3 -4; log \"a b\"; shape.move $p; move\n  x.y a \"s\" 1 $q"
    let (statements, problems) = parseAll(text)
    #expect(problems.isEmpty)
    let bytes = Array(text.utf8)
    let spans = statements.map { String(decoding: bytes[$0.range.start..<$0.range.end], as: UTF8.self) }
    #expect(
      spans == [
        "move", "shape.move", "move up", "move 3 -4", "log \"a b\"", "shape.move $p", "move", "x.y a \"s\" 1 $q",
      ])
    #expect(statements.map { place(of: $0.range.start, in: text) }.last == "2:3")
  }

  @Test func statementsKeptFromEarlierCallsKeepTheirArguments() {
    // The parser reuses its syntax tree only when no statement refers to it.
    let symbols = SymbolTable()
    let bytes = Array("move up 1; paint red\nmove down 2; { paint blue; move left 3 }".utf8)
    let (kept, lastAlone) = bytes.withUnsafeBufferPointer { buffer in
      var parser = Parser(Lexer(buffer, source: 0, symbols: symbols))
      var kept: [ParsedStatement] = []
      while let statement = parser.nextStatement() { kept.append(statement) }
      var again = Parser(Lexer(buffer, source: 0, symbols: symbols))
      var last = ""
      while let statement = again.nextStatement() { last = statement.canonical }
      return (kept.map { $0.canonical }, last)
    }
    #expect(kept == ["move up 1", "paint red", "move down 2", "{ paint blue; move left 3 }"])
    #expect(lastAlone == "{ paint blue; move left 3 }")
  }

  @Test func nextRootReadsEachStatementIntoTheSameTree() {
    // What the checker's loop does: each statement is done with before the next is read,
    // so one tree serves them all, and a block's body is still whole in it.
    let bytes = Array("move up 1; { paint blue; move left 3 }\nshape.move down".utf8)
    let (texts, treesMade) = bytes.withUnsafeBufferPointer { buffer in
      var parser = Parser(Lexer(buffer, source: 0, symbols: SymbolTable()))
      var texts: [String] = []
      var trees: Set<ObjectIdentifier> = []
      while let root = parser.nextRoot() {
        texts.append(parser.tree.canonical(root))
        trees.insert(ObjectIdentifier(parser.tree))
      }
      return (texts, trees.count)
    }
    #expect(texts == ["move up 1", "{ paint blue; move left 3 }", "shape.move down"])
    #expect(treesMade == 1)
  }

  @Test func argumentKinds() {
    let symbols = SymbolTable()
    let (statements, _) = parseAll(#"f w 1 "s" $p"#, symbols: symbols)
    guard let first = statements.first, case .invocation(nil, _, let span) = first.kind, span.count == 4,
      case let arguments = Array(first.tree.arguments[span]),
      case .word(let w) = arguments[0], symbols[w.symbol] == "w", case .integer(1, _) = arguments[1],
      case .string(let s, _) = arguments[2], first.tree.strings[Int(s)] == "s",
      case .parameter(let p) = arguments[3], symbols[p.symbol] == "p"
    else {
      Issue.record("\(statements)")
      return
    }
    // A parameter's range includes the `$`.
    #expect(p.range.start == 10)
    #expect(p.range.end - p.range.start == 2)
  }

  @Test func blocksRepeatsTransactionsAndMacros() {
    #expect(canonical("{ move up; paint red }") == ["{ move up; paint red }"])
    #expect(canonical("{}") == ["{ }"])
    #expect(canonical("repeat 3 { move up }") == ["repeat 3 { move up }"])
    #expect(canonical("repeat $n {}") == ["repeat $n { }"])
    #expect(canonical("transaction { door.open; door.close }") == ["transaction { door.open; door.close }"])
    #expect(canonical("macro zig n k { move up $n; move right $k }") == ["macro zig n k { move up $n; move right $k }"])
    #expect(canonical("macro nothing {}") == ["macro nothing { }"])
    #expect(canonical("{ { move up } }") == ["{ { move up } }"])
    // A block's statements are consecutive in the tree, whatever is nested between them.
    #expect(
      canonical("repeat 2 { move up; { paint red; { move down } }; move left }; { paint blue }") == [
        "repeat 2 { move up; { paint red; { move down } }; move left }", "{ paint blue }",
      ])
    #expect(
      canonical("macro m a b { queue move up $a; transaction { paint $b }; move left }") == [
        "macro m a b { queue move up $a; transaction { paint $b }; move left }"
      ])
  }

  @Test func repeatStructureAndRange() {
    let (statements, _) = parseAll("repeat 3 { move up }; x")
    guard let first = statements.first, case .repeat(.integer(3, _), let body) = first.kind else {
      Issue.record("\(statements)")
      return
    }
    #expect(body.count == 1)
    #expect(first.range.start == 0)
    #expect(first.range.end == 20)
  }

  @Test func languageStatements() {
    #expect(
      canonical("use door; undo; undo 3; redo; redo 2; history; show; show shape; help; help move") == [
        "use door", "undo", "undo 3", "redo", "redo 2", "history", "show", "show shape", "help", "help move",
      ])
  }

  @Test func separators() {
    #expect(canonical(";;move up;;\n\n paint red ;\n") == ["move up", "paint red"])
    #expect(canonical("") == [])
    #expect(canonical("\n\n# just a comment\n") == [])
  }

  @Test func blocksSpanningLines() {
    #expect(canonical("repeat 2 {\n  move up\n\n  paint red\n}\nshow") == ["repeat 2 { move up; paint red }", "show"])
    #expect(canonical("{ move up\n}") == ["{ move up }"])
  }

  @Test func blockMayOpenOnTheNextLine() {
    #expect(canonical("repeat 3\n{ move up }") == ["repeat 3 { move up }"])
    #expect(canonical("macro m x\n\n{\nmove up $x\n}") == ["macro m x { move up $x }"])
    #expect(canonical("transaction\n{ door.open }") == ["transaction { door.open }"])
  }

  @Test func canonicalDescriptionRoundTrips() {
    let text = "repeat 4 { move right; paint green }"
    #expect(canonical(text) == [text])
    let spread = "repeat 4\n{\n  move right   # east\n  paint green\n}"
    #expect(canonical(spread) == [text])
    let nested = #"macro m a { transaction { repeat $a { log "x\ty"; shape.move up 2 } }; door.open }"#
    #expect(canonical(nested) == [nested])
    #expect(canonical(canonical(nested)[0]) == [nested])
  }

  // MARK: Errors and recovery

  @Test func severalSyntaxErrorsAreAllReported() {
    let symbols = SymbolTable()
    let (statements, problems) = parseAll(
      "move up @\nrepeat { move up }\nuse 3; paint red\nshow .\nmacro { }", symbols: symbols)
    #expect(
      problems.map(summary) == [
        "1:9: unexpected character `@`",
        "2:8: expected a repeat count, found `{`",
        "3:5: expected a receiver name after `use`, found `3`",
        "4:6: expected `;` or a line break after the statement, found `.`",
        "5:7: expected a macro name, found `{`",
      ])
    #expect(statements.map { $0.canonical } == ["paint red"])
  }

  @Test func recoverySkipsABlockOpenedInTheBrokenStatementWhole() {
    // Its `;` does not end the recovery, so its `}` is not reported as stray.
    let symbols = SymbolTable()
    let (statements, problems) = parseAll(
      "repeat 2 3 { move up; paint red }\nshow; use 4 { a; b\n c }; help", symbols: symbols)
    #expect(
      problems.map(summary) == [
        "1:10: expected `{` to start a block, found `3`",
        "2:11: expected a receiver name after `use`, found `4`",
      ])
    #expect(statements.map { $0.canonical } == ["show", "help"])
  }

  @Test func recoveryInsideABlockStopsAtItsClose() {
    let symbols = SymbolTable()
    let (statements, problems) = parseAll(
      "repeat 2 { use 3 }; paint red\n{ move @ }\n{ move up @\n paint red }", symbols: symbols)
    #expect(
      problems.map(summary) == [
        "1:16: expected a receiver name after `use`, found `3`",
        "2:8: unexpected character `@`",
        "3:11: unexpected character `@`",
      ])
    #expect(statements.map { $0.canonical } == ["repeat 2 { }", "paint red", "{ }", "{ paint red }"])
  }

  @Test func unexpectedTokens() {
    #expect(parseProblems("3 move") == ["1:3: expected `;` or a line break after the statement, found `move`"])
    #expect(parseProblems(#""s" 1"#) == ["1:5: expected `;` or a line break after the statement, found `1`"])
    #expect(parseProblems(") x") == ["1:1: expected a statement, found `)`"])
    #expect(
      parseProblems("$x") == ["1:1: expected a statement, found `$x` (a receiver parameter is written `$x.VERB`)"])
    #expect(parseProblems(". x") == ["1:1: " + ForeignWords.helpAndLeave])
    #expect(parseProblems("help ==; help %").isEmpty)
    #expect(parseProblems("shape.") == ["1:7: expected a verb after `shape.`, found the end of the input"])
    #expect(parseProblems("shape.3") == ["1:7: expected a verb after `shape.`, found `3`"])
    #expect(parseProblems("move up {") == ["1:9: expected an argument, found `{`"])
    #expect(parseProblems("macro m x 3 { }") == ["1:11: expected `{` to start a block, found `3`"])
    #expect(parseProblems("repeat 3\n\nmove up") == ["3:1: expected `{` to start a block, found `move`"])
    #expect(parseProblems("transaction move") == ["1:13: expected `{` to start a block, found `move`"])
    #expect(parseProblems("history 2 3") == ["1:11: expected `;` or a line break after the statement, found `3`"])
    #expect(parseProblems("undo 2 3") == ["1:8: expected `;` or a line break after the statement, found `3`"])
    #expect(parseProblems("undo {") == ["1:6: expected a count, found `{`"])
  }

  @Test func reservedWords() {
    #expect(parseProblems("record") == ["1:1: `record` is a statement of the interactive prompt, not of scripts"])
    #expect(
      parseProblems("move up\n  macros { move up }") == [
        "2:3: `macros` is a statement of the interactive prompt, not of scripts"
      ])
  }

  @Test func lexerProblemsAreNotReportedTwice() {
    #expect(parseProblems("move 3abc") == ["1:6: a word cannot start with a digit: `3abc`"])
    #expect(parseProblems("@") == ["1:1: unexpected character `@`"])
    #expect(parseProblems("use @") == ["1:5: unexpected character `@`"])
    #expect(parseProblems("repeat 2 @") == ["1:10: unexpected character `@`"])
  }

  @Test func unclosedBlockSaysWhereItWasOpened() {
    let symbols = SymbolTable()
    let text = "move up\nrepeat 2 {\n  move up\n"
    let (statements, problems) = parseAll(text, symbols: symbols)
    #expect(problems.map(summary) == ["3:10: expected `}` to close `{` opened at 2:10"])
    #expect(problems[0].notes.map(\.0) == ["the block opened here"])
    #expect(problems[0].notes.first?.1.map { place(of: $0.start, in: text) } == "2:10")
    #expect(statements.map { $0.canonical } == ["move up"])
  }

  @Test func strayClosingBrace() {
    let symbols = SymbolTable()
    let (statements, problems) = parseAll("move up }\n}\npaint red", symbols: symbols)
    #expect(
      problems.map(summary) == [
        "1:9: unexpected `}`: no block is open",
        "2:1: unexpected `}`: no block is open",
      ])
    #expect(statements.map { $0.canonical } == ["move up", "paint red"])
  }

  @Test func problemsAreInSourceOrder() {
    // The lexer's and the parser's problems are merged by position.
    let problems = parseAll("use 3\nmove @\n}").problems
    #expect(
      problems.map(summary) == [
        "1:5: expected a receiver name after `use`, found `3`",
        "2:6: unexpected character `@`",
        "3:1: unexpected `}`: no block is open",
      ])
  }

  // MARK: Nesting

  @Test func nestingTo256IsFine() {
    let text = String(repeating: "{", count: 256) + "move up" + String(repeating: "}", count: 256)
    let (statements, problems) = parseAll(text)
    #expect(problems.isEmpty)
    #expect(statements.count == 1)
    let repeats = String(repeating: "repeat 1 {", count: 256) + String(repeating: "}", count: 256)
    #expect(parseAll(repeats).problems.isEmpty)
  }

  @Test func nesting257IsALocatedError() {
    let text = "move up\n" + String(repeating: "{", count: 257) + String(repeating: "}", count: 257) + "\npaint red"
    let symbols = SymbolTable()
    let (statements, problems) = parseAll(text, symbols: symbols)
    #expect(problems.map(summary) == ["2:257: blocks are nested more than 256 deep"])
    // The too-deep block is dropped; the blocks around it and the statements after it stay.
    #expect(statements.count == 3)
    #expect(statements.last?.canonical == "paint red")
  }

  @Test func hundredThousandOpenBracesGiveAnErrorNotACrash() {
    let (_, problems) = parseAll(String(repeating: "{", count: 100_000))
    #expect(problems.first.map(summary) == "1:257: blocks are nested more than 256 deep")
    #expect(problems.contains { $0.message.hasPrefix("expected `}` to close `{` opened at") })
    let balanced = String(repeating: "{", count: 100_000) + String(repeating: "}", count: 100_000)
    #expect(parseAll(balanced).problems.map(summary) == ["1:257: blocks are nested more than 256 deep"])
    let repeats = String(repeating: "repeat 2 { ", count: 100_000)
    #expect(parseAll(repeats).problems.first.map(summary) == "1:2826: blocks are nested more than 256 deep")
  }

  // MARK: Limits on hostile input

  @Test func aRunOfStrayClosingBracesIsOneProblem() {
    let (statements, problems) = parseAll("move up }}} }\npaint red")
    #expect(problems.map(summary) == ["1:9: unexpected `}`: no block is open"])
    #expect(problems.first.map { $0.range.end - $0.range.start } == 5)
    #expect(statements.count == 2)
  }

  @Test func aCommandHasAtMost256Arguments() {
    let most = "move" + String(repeating: " up", count: Parser.maxArguments)
    #expect(parseAll(most).problems.isEmpty)
    #expect(parseProblems(most + " up; paint red") == ["1:774: a command can have at most 256 arguments"])
    let parameters = (0...Parser.maxArguments).map { "p\($0)" }.joined(separator: " ")
    #expect(parseProblems("macro m \(parameters) { }") == ["1:1179: a macro can have at most 256 parameters"])
  }

  @Test func parsingStopsAfterAThousandProblems() {
    let (_, problems) = parseAll(String(repeating: ".;", count: 50_000))
    #expect(problems.count == Lexer.maxProblems + 1)
    #expect(problems.last.map(summary) == "1:2000: too many errors (1000): the rest of the input is not checked")
    // Inside blocks too, and the blocks left open then are not reported.
    let inBlocks = String(repeating: "{", count: 10) + String(repeating: "@ ", count: 5000)
    #expect(parseAll(inBlocks).problems.count == Lexer.maxProblems + 1)
  }

  @Test func theLexersAndTheParsersProblemsCountTogether() {
    // Each `"\q" x;` is a lexer problem (the escape) and a parser problem (`x` after the
    // string), the parser's found once the lexer has moved on to the `;`: the 1000th
    // problem is the parser's for the 500th string, and parsing stops at the `;` after it.
    let (_, problems) = parseAll(String(repeating: "\"\\q\" x;", count: 600))
    #expect(problems.count == Lexer.maxProblems + 1)
    #expect(problems.filter { $0.message.hasPrefix("unknown escape") }.count == 500)
    #expect(problems.last.map(summary) == "1:3500: too many errors (1000): the rest of the input is not checked")
  }

  // MARK: Needing more input

  @Test func needsMoreInput() {
    let more = ["repeat 2 {", "{ {\n}", "log \"abc", "log \"a\\\"", "{\n# }\n", "macro m {\n log \"}\"\n"]
    for text in more { #expect(Parser.needsMoreInput(Array(text.utf8)), "\(text)") }
    let complete = ["", "move up", "repeat 2 { move up }", "log \"a{\"", "# {", "}", "log \"a\\\\\"", "{ }\n"]
    for text in complete { #expect(!Parser.needsMoreInput(Array(text.utf8)), "\(text)") }
    #expect(Session.needsMoreInput(Array("{".utf8)))
  }

  @Test func aStatementWithABlockAwaitsItOnTheNextLine() {
    // The statements that always have a block, as their declarations say.
    let headers = Keyword.allCases.filter(\.declaration.hasBlock)
    #expect(headers == [.repeat, .macro, .transaction, .if, .while, .try])
    for keyword in headers {
      // The usage without its optional parts (`repeat n [as i]`), whose `[` is no token.
      let line = keyword.declaration.usage.prefix { $0 != "{" }.replacing(/\[[^\]]*\]/, with: "")
      #expect(Parser.needsMoreInput(Array("\(line)\n".utf8)), "\(line)")
      #expect(!Parser.needsMoreInput(Array("\(line){ }\n".utf8)), "\(line)")
      #expect(!Parser.needsMoreInput(Array("move up; \(line){ }\n".utf8)), "\(line)")
    }
    for line in ["move up", "repeater", "ifx", "use door", "undo 2", "echo as e", "else as"] {
      #expect(!Parser.needsMoreInput(Array("\(line)\n".utf8)), "\(line)")
    }
    // `else as NAME` awaits its block too.
    #expect(Parser.needsMoreInput(Array("try { door.open } else as e\n".utf8)))
    #expect(Parser.needsMoreInput(Array("try { door.open } else  as  why  \n".utf8)))
  }

  @Test func entryScannerReadsAStringAcrossLinesAsTheLexerDoes() {
    // Fed a line at a time, a line that begins inside a string is lexed on from inside
    // it: `repeat` in a string is no statement, and `if` before the string still awaits its
    // block. Each answer is the one for the whole text so far.
    let entries: [([String], Bool)] = [
      (["echo \"x\n", "repeat 2\"\n"], false),
      (["echo \"x\n", "else\"\n"], false),
      (["if \"a\n", "b\" == door.state\n"], true),
      (["echo \"a\n", "b\" ; repeat 2\n"], true),
      (["echo \"{ # \n", "}\"\n"], false),
    ]
    for (lines, needsMore) in entries {
      var scanner = EntryScanner()
      var text: [UInt8] = []
      for line in lines {
        scanner.read(line.utf8)
        text += line.utf8
      }
      #expect(scanner.needsMoreInput == needsMore, "\(lines)")
      #expect(Parser.needsMoreInput(text) == needsMore, "\(lines)")
    }
  }

  @Test func entryScannerTakesStringsCommentsAndWordsFromTheLexer() {
    let more = ["echo \"#\" {\n", "echo \"a\" # \"\nrepeat 2\n", "echo \"\\u{7D}\" {", "log \"\\\\\" {"]
    for text in more { #expect(Parser.needsMoreInput(Array(text.utf8)), "\(text)") }
    let complete = ["echo \"{\" # {\n", "echo \"}\" }\n", "door.repeat 2\n", "echo \"repeat\"\n", "echo else_\n"]
    for text in complete { #expect(!Parser.needsMoreInput(Array(text.utf8)), "\(text)") }
  }

  /// Every golden script and example, read a line at a time: after each line the scanner
  /// says what it says of the whole text so far, the lexer's strings and comments being
  /// one reading however the text is cut into lines.
  @Test func entryScannerReadsEveryGoldenScriptLineByLineAsAWhole() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var count = 0
    for folder in ["Tests/CLITests/Scripts", "examples"] {
      let enumerator = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        guard url.pathExtension == "cmd", let data = FileManager.default.contents(atPath: url.path) else { continue }
        count += 1
        let bytes = [UInt8](data)
        var scanner = EntryScanner()
        var start = 0
        while start < bytes.count {
          let end = bytes[start...].firstIndex(of: 10).map { $0 + 1 } ?? bytes.count
          scanner.read(bytes[start..<end])
          let whole = Parser.needsMoreInput(Array(bytes[..<end]))
          #expect(scanner.needsMoreInput == whole, "\(url.lastPathComponent), byte \(end)")
          if scanner.needsMoreInput != whole { break }
          start = end
        }
      }
    }
    #expect(count > 200)
  }

  @Test func entryScannerReadsLineByLineInLinearTime() {
    // Fed a line at a time, it answers as for the whole text so far.
    let lines = ["macro m {\n", "  log \"a\\\"}\n", "  # }\n", "  move up\n", "}\n", "paint red\n"]
    var scanner = EntryScanner()
    var text: [UInt8] = []
    for line in lines {
      scanner.read(line.utf8)
      text += line.utf8
      #expect(scanner.needsMoreInput == Parser.needsMoreInput(text), "\(text)")
    }
    // A block of 100,000 lines: each line is read once, not the whole entry again.
    scanner = EntryScanner()
    scanner.read("{\n".utf8)
    for _ in 0..<100_000 { scanner.read("move up\n".utf8) }
    #expect(scanner.needsMoreInput)
    scanner.read("}\n".utf8)
    #expect(!scanner.needsMoreInput)
  }
}
