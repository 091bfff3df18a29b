import CommandScriptReceivers
import Testing

@testable import CommandScript

/// The compile errors of `text` in a fresh session (built-ins, counter and gate).
private func errors(
  _ text: String, registry: ReceiverRegistry = testRegistry(),
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [String] {
  Recorder(registry).compileErrors(text, sourceLocation: sourceLocation).map(summary)
}

/// Checks `text` with a bare checker and returns it, so tests can look at what it learnt.
private func checked(_ text: String, registry: ReceiverRegistry = .builtins) -> (Checker, [CompiledStatement]) {
  var checker = Checker(state: CheckerState(registry: registry), commands: CommandTable(), symbols: SymbolTable())
  let (statements, problems) = parseAll(text, symbols: checker.symbols)
  #expect(problems.isEmpty)
  let compiled = statements.compactMap { checker.check($0) }
  return (checker, compiled)
}

private let colours = "red, orange, yellow, green, teal, cyan, blue, purple, magenta, black, white, grey"
private let directions = "up, down, left, right"

@Suite struct CheckerTests {
  // MARK: Resolving names

  @Test func bareVerbGoesToTheOnlyTypeThatHasIt() {
    let r = Recorder()
    r.run("move up 2; paint red")
    #expect(r.shape == (0, 2, "red"))
    r.run("bump 5")
    #expect(r.state("counter")?["count"] == .int(5))
  }

  @Test func qualifiedVerb() {
    let r = Recorder()
    r.run("shape.move left 3; door.open; gate.open")
    #expect(r.shape.x == -3)
    #expect(r.state("door")?["open"] == .bool(true))
    #expect(r.state("gate")?["open"] == .bool(true))
  }

  @Test func compiledCommandIsResolvedToIndicesAndConstants() {
    let (checker, compiled) = checked("door.open\nmove up")
    // Both commands are interned ahead of running, with the default filled in, so each op
    // is just its command's index and range.
    guard compiled.count == 2, case .operation(.command(let open, let openRange)) = compiled[0].action,
      case .operation(.command(let move, let moveRange)) = compiled[1].action
    else {
      Issue.record("\(compiled)")
      return
    }
    #expect((open, move) == (0, 1))
    #expect(checker.commands[0] == ResolvedCommand(instance: 1, verb: 0, arguments: []))
    #expect(checker.commands[1] == ResolvedCommand(instance: 0, verb: 0, arguments: [.word(0), .integer(1)]))
    let text = "door.open\nmove up"
    #expect((place(of: openRange.start, in: text), openRange.end - openRange.start) == ("1:1", 9))
    #expect((place(of: moveRange.start, in: text), moveRange.end - moveRange.start) == ("2:1", 7))
    #expect(place(of: compiled[1].range.start, in: text) == "2:1")
  }

  @Test func ambiguousVerb() {
    #expect(
      errors("open") == ["1:1: `open` is ambiguous: write `door.open` or `gate.open`, or choose a receiver with `use`"])
    // Without a second type that has `open`, it is the door's.
    let r = Recorder(testRegistry(gate: false))
    r.run("open")
    #expect(r.state("door")?["open"] == .bool(true))
  }

  @Test func useChoosesTheReceiverForBareVerbs() {
    let r = Recorder()
    r.run("use gate; open")
    #expect(r.state("gate")?["open"] == .bool(true))
    #expect(r.state("door")?["open"] == .bool(false))
    // `use` lasts for later inputs, and verbs the used receiver lacks still resolve.
    r.run("move up")
    #expect(r.shape.y == 1)
    r.run("use door\nopen")
    #expect(r.state("door")?["open"] == .bool(true))
  }

  @Test func unknownNamesWithSuggestions() {
    #expect(errors("paitn red") == ["1:1: unknown command `paitn` [did you mean paint]"])
    #expect(errors("mvoe up") == ["1:1: unknown command `mvoe` [did you mean move]"])
    #expect(errors("hepl") == ["1:1: unknown command `hepl` [did you mean help]"])
    #expect(errors("xyzzy") == ["1:1: unknown command `xyzzy`"])
    #expect(errors("macro zig { move up }\nzgi") == ["2:1: unknown command `zgi` [did you mean zig]"])
    #expect(errors("shape.paitn red") == ["1:7: `shape` has no verb `paitn` [did you mean paint]"])
    #expect(errors("door.paint red") == ["1:6: `door` has no verb `paint`"])
    #expect(errors("shap.move up") == ["1:1: unknown receiver `shap` [did you mean shape]"])
    #expect(errors("use dor") == ["1:5: unknown receiver `dor` [did you mean door]"])
    #expect(errors("show shpe") == ["1:6: unknown receiver `shpe` [did you mean shape]"])
    #expect(errors("help paitn") == ["1:6: no help on `paitn` [did you mean paint]"])
    #expect(errors("paint purpel") == ["1:7: `purpel` is not a colour (\(colours)) [did you mean purple]"])
    #expect(errors("move upp") == ["1:6: `upp` is not a direction (\(directions)) [did you mean up]"])
  }

  @Test func errorsCarryTheFileAndSeverity() {
    let diagnostics = Recorder().compileErrors("move up\n  paitn red")
    #expect(
      diagnostics == [
        Diagnostic(
          .error, "unknown command `paitn`", at: SourceLocation(file: "t", line: 2, column: 3, length: 5),
          suggestion: "paint")
      ])
    #expect(diagnostics.first?.description == "t:2:3: error: unknown command `paitn` (did you mean `paint`?)")
  }

  // MARK: Arguments

  @Test func argumentCount() {
    #expect(errors("move") == ["1:1: `move` needs a direction (usage: move <direction> [steps])"])
    #expect(errors("move up 2 3") == ["1:11: `move` takes at most 2 arguments (usage: move <direction> [steps])"])
    #expect(errors("paint red blue green") == ["1:11: `paint` takes at most 1 argument (usage: paint <colour>)"])
    #expect(errors("door.open now") == ["1:11: `open` takes no arguments (usage: open)"])
    #expect(errors("board.place 1") == ["1:13: `place` needs a col (usage: place <row> <col>)"])
  }

  @Test func tooManyArgumentsSpanTheExtraOnes() {
    let diagnostics = Recorder().compileErrors("paint red blue green")
    #expect(diagnostics.first?.location.length == 10)
  }

  @Test func argumentKinds() {
    #expect(errors("move 3") == ["1:6: `direction` must be a direction (\(directions)), not 3"])
    #expect(errors("move up x") == ["1:9: `steps` must be an integer ≥ 1, not the word `x`"])
    #expect(errors(#"move "up""#) == ["1:6: `direction` must be a direction (\(directions)), not a string"])
    #expect(errors("log 3") == ["1:5: `text` must be a string, not 3"])
    #expect(errors(#"bump "3""#) == ["1:6: `by` must be an integer from -100 to 100, not a string"])
  }

  @Test func aBareWordIsAString() {
    let r = Recorder()
    r.run(#"log hello; log "two words""#)
    #expect(r.state("counter")?["log"] == .array([.string("hello"), .string("two words")]))
  }

  @Test func argumentRanges() {
    #expect(errors("move up 0") == ["1:9: `steps` must be an integer ≥ 1, not 0"])
    #expect(errors("bump 101") == ["1:6: `by` must be an integer from -100 to 100, not 101"])
    // Every bad argument of a command is reported.
    #expect(
      errors("board.place 0 10") == [
        "1:13: `row` must be an integer from 1 to 9, not 0",
        "1:15: `col` must be an integer from 1 to 9, not 10",
      ])
    // Also after a good one, and a bad word with a bad integer.
    #expect(errors("board.place 5 10") == ["1:15: `col` must be an integer from 1 to 9, not 10"])
    #expect(
      errors("move sideways 0") == [
        "1:6: `sideways` is not a direction (up, down, left, right)",
        "1:15: `steps` must be an integer ≥ 1, not 0",
      ])
  }

  @Test func defaults() {
    let r = Recorder()
    r.run("move up; bump; bump -3")
    #expect(r.shape.y == 1)
    #expect(r.state("counter")?["count"] == .int(-2))
  }

  @Test func defaultsOfEveryKindAndCommandsTooBigToPack() throws {
    var registry = ReceiverRegistry.builtins
    try registry.register(TestDial.self)
    let (checker, compiled) = checked(
      #"dial.point; dial.point left; dial.turn; dial.turn left; dial.turn right 5; dial.turn left 3 "y""#,
      registry: registry)
    let arguments = compiled.map { statement -> [Value] in
      guard case .operation(.command(let id, _)) = statement.action else { return [] }
      return checker.commands[id].arguments
    }
    #expect(
      arguments == [
        [.word(1)], [.word(0)],
        [.word(1), .integer(2), .string("x")], [.word(0), .integer(2), .string("x")],
        [.word(1), .integer(5), .string("x")], [.word(0), .integer(3), .string("y")],
      ])
  }

  @Test func aliasesResolveToTheirWord() {
    let (checker, compiled) = checked("paint gray")
    guard case .operation(.command(let paint, _)) = compiled.first?.action else {
      Issue.record("\(compiled)")
      return
    }
    #expect(checker.commands[paint].arguments == [.word(11)])
  }

  @Test func repeatAndUndoCounts() {
    #expect(errors("repeat -1 { }") == ["1:8: the repeat count must be an integer ≥ 0, not -1"])
    #expect(errors("repeat x { }") == ["1:8: the repeat count must be an integer ≥ 0, not the word `x`"])
    #expect(errors(#"repeat "2" { }"#) == ["1:8: the repeat count must be an integer ≥ 0, not a string"])
    #expect(errors("undo 0") == ["1:6: the count of `undo` must be at least 1"])
    #expect(errors("redo x") == ["1:6: the count of `redo` must be an integer"])
  }

  @Test func everyErrorOfAStatementIsReported() {
    #expect(
      errors("{ paitn; move 3\n  repeat x { mvoe } }") == [
        "1:3: unknown command `paitn` [did you mean paint]",
        "1:15: `direction` must be a direction (\(directions)), not 3",
        "2:10: the repeat count must be an integer ≥ 0, not the word `x`",
        "2:14: unknown command `mvoe` [did you mean move]",
      ])
  }

  // MARK: Macros

  @Test func macroParameters() {
    let r = Recorder()
    r.run("macro zig n k { move up $n; move right $k }\nzig 2 3")
    #expect(r.shape == (3, 2, "blue"))
    r.run("macro tint c { paint $c }; tint gray")
    #expect(r.shape.colour == "grey")
  }

  @Test func constraintsAreInferredFromTheSlots() {
    let (checker, _) = checked(
      "macro a n { move up $n; repeat $n { } }\nmacro b c d x { paint $c; board.place $d 2; move $x }\nmacro unused p { }",
      registry: testRegistry())
    let macros = checker.state.macros
    #expect(macros.map(\.name) == ["a", "b", "unused"])
    #expect(macros[0].constraints == [.kind(.integer(1...Int.max))])
    #expect(
      macros[1].constraints == [
        .kind(.word(Shape.colours)), .kind(.integer(1...9)),
        .kind(.word(WordSet(name: "direction", words: ["up", "down", "left", "right"]))),
      ])
    #expect(macros[2].constraints == [.any])
  }

  @Test func integerRangesIntersect() {
    #expect(
      errors("macro p n { board.place $n 1; bump $n }\np 10") == ["2:3: `$n` must be an integer from 1 to 9, not 10"])
    #expect(errors("macro r n { move up $n; repeat $n { } }\nr 0") == ["2:3: `$n` must be an integer ≥ 1, not 0"])
  }

  @Test func conflictingConstraintsAreAnError() {
    let diagnostics = Recorder().compileErrors("macro m x { move $x; paint $x }")
    #expect(
      diagnostics.map(summary) == [
        "1:28: parameter `$x` is used as a colour (\(colours)) here, but as a direction (\(directions)) before"
      ])
    #expect(
      diagnostics.first?.notes == [
        Diagnostic.Note("first used here", at: SourceLocation(file: "t", line: 1, column: 18, length: 2))
      ])
    #expect(
      errors("macro m x { move up $x; paint $x }") == [
        "1:31: parameter `$x` is used as a colour (\(colours)) here, but as an integer ≥ 1 before"
      ])
    #expect(
      errors("macro m x { log $x; bump $x }") == [
        "1:26: parameter `$x` is used as an integer from -100 to 100 here, but as a string before"
      ])
    // A macro with an error is not defined, but calls to it report nothing more.
    #expect(Recorder().compileErrors("macro m x { move $x; paint $x }\nm up").count == 1)
  }

  @Test func anErrorInAMacroBodyIsReportedOnce() {
    // The macro is not defined by the failing input, but its calls are not unknown either.
    #expect(errors("macro m n { paitn $n }\nm 2; m 3") == ["1:13: unknown command `paitn` [did you mean paint]"])
    #expect(errors("macro m x x { }\nm 1 2") == ["1:11: macro `m` has two parameters named `x`"])
    // A macro whose name is taken is not defined, so the name keeps its meaning.
    #expect(
      errors("macro move { }\nmove 3") == [
        "1:7: `move` is a verb of `shape` and cannot name a macro",
        "2:6: `direction` must be a direction (\(directions)), not 3",
      ])
  }

  @Test func parametersPassThroughToOtherMacros() {
    let r = Recorder()
    r.run("macro a n { move up $n }\nmacro b k { a $k; a 1 }\nb 3")
    #expect(r.shape.y == 4)
    #expect(errors("macro a n { move up $n }\nmacro b k { a $k }\nb 0") == ["3:3: `$k` must be an integer ≥ 1, not 0"])
    #expect(
      errors("macro a n { move up $n }\nmacro b k { a $k; paint $k }") == [
        "2:25: parameter `$k` is used as a colour (\(colours)) here, but as an integer ≥ 1 before"
      ])
    // A word passed through keeps its meaning.
    r.run("macro t c { paint $c }\nmacro u c { t $c }\nu red")
    #expect(r.shape.colour == "red")
  }

  @Test func callsAreCheckedAgainstInferredConstraints() {
    #expect(errors("macro z n { move up $n }; z 0") == ["1:29: `$n` must be an integer ≥ 1, not 0"])
    #expect(
      errors("macro z c { paint $c }; z purpel") == [
        "1:27: `purpel` is not a colour (\(colours)) [did you mean purple]"
      ])
    #expect(errors("macro z c { paint $c }; z 3") == ["1:27: `$c` must be a colour (\(colours)), not 3"])
  }

  @Test func macroArgumentCount() {
    #expect(errors("macro z n { }; z") == ["1:16: macro `z` takes 1 argument (n), got 0"])
    #expect(errors("macro z a b { }; z 1 2 3") == ["1:24: macro `z` takes 2 arguments (a b), got 3"])
    #expect(errors("macro z { }; z 1") == ["1:16: macro `z` takes 0 arguments (no arguments), got 1"])
  }

  @Test func undefinedParameter() {
    #expect(errors("macro m x { move $y }") == ["1:18: macro `m` has no parameter `$y` [did you mean $x]"])
    #expect(errors("macro m dist { move up $distance }") == ["1:24: macro `m` has no parameter `$distance`"])
  }

  @Test func parameterOutsideAMacro() {
    #expect(errors("move $p") == ["1:6: parameter `$p` used outside a macro"])
    #expect(errors("repeat $n { }") == ["1:8: parameter `$n` used outside a macro"])
  }

  @Test func macroCannotCallItself() {
    #expect(errors("macro r { move up; r }") == ["1:20: macro `r` cannot call itself: recursion could never end"])
    #expect(
      errors("macro r { repeat 2 { { r } } }") == ["1:24: macro `r` cannot call itself: recursion could never end"])
  }

  @Test func redefinitionAppliesToWhatFollows() {
    let r = Recorder()
    r.run("macro m { move up }; m; macro m { move down 5 }; m")
    #expect(r.shape.y == -4)
    // A macro that called the earlier definition keeps calling it.
    r.run("macro k { move up 10 }\nmacro n { k }\nmacro k { move down 10 }\nn")
    #expect(r.shape.y == 6)
    // And a redefinition may build on the definition it replaces: that is not recursion.
    r.run("macro n { n; n }\nn")
    #expect(r.shape.y == 26)
    // Across inputs too, with a different number of parameters.
    r.run("macro m x { move left $x }")
    r.run("m 2")
    #expect(r.shape.x == -2)
  }

  @Test func macroNames() {
    #expect(errors("macro move { }") == ["1:7: `move` is a verb of `shape` and cannot name a macro"])
    #expect(errors("macro log { }") == ["1:7: `log` is a verb of `counter` and cannot name a macro"])
    #expect(errors("macro undo { }") == ["1:7: `undo` is a statement of the language and cannot name a macro"])
    #expect(errors("macro repeat { }") == ["1:7: `repeat` is a statement of the language and cannot name a macro"])
    #expect(errors("macro door { }") == ["1:7: `door` is a receiver and cannot name a macro"])
    #expect(errors("macro m x x { }") == ["1:11: macro `m` has two parameters named `x`"])
  }

  /// The placement each statement declares (which help and completion read) is the one
  /// the checker enforces.
  @Test func declaredPlacementIsWhatTheCheckerEnforces() {
    for keyword in Keyword.allCases {
      let example: String
      switch keyword {
      case .undo, .redo, .history, .show, .help, .run, .pending, .discard, .earlier, .later: example = keyword.rawValue
      case .goto: example = "goto 0"
      case .use: example = "use door"
      case .repeat: example = "repeat 2 { }"
      case .macro: example = "macro m { }"
      case .transaction: example = "transaction { }"
      case .new: example = "new door back"
      case .queue: example = "queue move up"
      case .batch: example = "batch 2"
      case .source, .export: example = "\(keyword.rawValue) \"x.cmd\""
      case .if: example = "if true { }"
      case .while: example = "while false { }"
      case .try: example = "try { }"
      case .assert: example = "assert true"
      case .echo: example = "echo hello"
      case .let, .var: example = "\(keyword.rawValue) a = 1"
      case .break, .continue: example = "repeat 2 { \(keyword.rawValue) }"
      case .return:
        // In a macro's body only: refused in a block at the top level.
        #expect(keyword.declaration.placement == .macroBody)
        #expect(errors("{ return 1 }").first?.contains("stands only in a macro's body") == true)
        #expect(throws: Never.self) {
          try Session(registry: testRegistry()).compile(
            SourceFile(name: "t", text: "macro m { if true { return 1 } else { return 2 } }"))
        }
        example = "return 1"
      case .record, .end, .macros:
        #expect(keyword.declaration.placement == .repl)
        #expect(!Keyword.documented.contains(keyword))
        continue
      case .else, .as, .and, .or, .not, .true, .false:
        #expect(keyword.declaration.placement == .inside)
        #expect(!Keyword.documented.contains(keyword))
        continue
      }
      #expect(Keyword.documented.contains(keyword))
      var messages: [String] = []
      do {
        _ = try Session(registry: testRegistry()).compile(SourceFile(name: "t", text: "{ \(example) }"))
      } catch {
        messages = error.diagnostics.map(\.message)
      }
      let refused = messages.contains { $0.contains("can only stand at the top level") }
      #expect(refused == (keyword.declaration.placement == .topLevel), "\(keyword)")
    }
  }

  @Test func topLevelOnlyStatements() {
    #expect(errors("{ macro m { } }") == ["1:3: `macro` can only stand at the top level, not inside a block or macro"])
    #expect(
      errors("macro m { macro k { } }") == [
        "1:11: `macro` can only stand at the top level, not inside a block or macro"
      ])
    #expect(
      errors("repeat 2 { use door }") == ["1:12: `use` can only stand at the top level, not inside a block or macro"])
    #expect(
      errors("macro m { use door }") == ["1:11: `use` can only stand at the top level, not inside a block or macro"])
    #expect(errors("{ undo }") == ["1:3: `undo` can only stand at the top level, not inside a block or macro"])
    #expect(
      errors("transaction { redo 2 }") == ["1:15: `redo` can only stand at the top level, not inside a block or macro"])
    #expect(
      errors("macro m { history }") == ["1:11: `history` can only stand at the top level, not inside a block or macro"])
    #expect(errors("macro m { undo }") == ["1:11: `undo` can only stand at the top level, not inside a block or macro"])
  }

  @Test func questionsMayStandInBlocks() {
    let r = Recorder()
    r.run("repeat 2 { show door }; macro s { show; help move }; s")
    #expect(r.outputs.count == 2 + 5 + 1)
  }

  @Test func checkingIsLinearInTheSource() throws {
    // m9 expands to 10^10 commands; checking it must not expand anything.
    var text = "macro m0 { move up }\n"
    for i in 1..<10 {
      text += "macro m\(i) { " + Array(repeating: "m\(i - 1)", count: 10).joined(separator: "; ") + " }\n"
    }
    text += "macro m10 n { repeat $n { m9 } }\nm10 1\n"
    let session = Session(registry: testRegistry())
    let program = try session.compile(SourceFile(name: "t", text: text))
    #expect(program.count == 12)
    #expect(program.warnings.isEmpty)
  }
}

/// A type whose verbs have a word default, and three parameters (more than a command
/// packs without an array), with defaults of all three kinds.
private final class TestDial: Receiver {
  static let typeName = "dial"
  static let summary = "a dial for tests"
  private static let sides = WordSet(name: "side", words: ["left", "right"])
  static let verbs: [Verb<TestDial>] = [
    Verb("point", [Parameter("side", .word(sides), default: .word(1))], summary: "point to a side") { _, _ in
    } undo: { _, _, _ in
    },
    Verb(
      "turn",
      [
        Parameter("side", .word(sides), default: .word(1)), Parameter("by", .integer(0...9), default: .integer(2)),
        Parameter("label", .string, default: .string("x")),
      ], summary: "turn to a side"
    ) { _, _ in
    } undo: { _, _, _ in
    },
  ]

  init() {}

  var state: StateValue { [:] }
}
