import CommandScriptReceivers
import Testing

@testable import CommandScript

/// The text of every `help` output.
private func helpTexts(_ outputs: [Output]) -> [String] {
  outputs.compactMap { if case .help(let text) = $0 { text } else { nil } }
}

/// Every line of `text` fits in 80 columns.
private func expectFits80(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) where line.count > 80 {
    Issue.record("line of \(line.count) columns: \(line)", sourceLocation: sourceLocation)
  }
}

@Suite struct SessionTests {
  // MARK: Compile, execute, run

  @Test func compileThenExecute() throws {
    let session = Session(registry: testRegistry())
    let program = try session.compile(SourceFile(name: "t", text: "move up; paint red\n\nshow"))
    #expect(program.count == 3)
    #expect(program.warnings.isEmpty)
    // Compiling runs nothing.
    #expect(session.state(of: "shape")?["y"] == .int(0))
    try session.execute(program)
    #expect(session.state(of: "shape") == ["x": .int(0), "y": .int(1), "color": .string("red")])
    // A program can run again.
    try session.execute(program)
    #expect(session.state(of: "shape")?["y"] == .int(2))
  }

  @Test func runReportsCompileAndRuntimeErrorsApart() {
    let session = Session(registry: testRegistry())
    #expect(throws: Session.RunError.self) { try session.run(SourceFile(name: "t", text: "paitn")) }
    do {
      try session.run(SourceFile(name: "f", text: "move up; paitn red"))
      Issue.record("no error")
    } catch {
      #expect(
        error
          == .compile(
            CompileErrors(diagnostics: [
              Diagnostic(
                .error, "unknown command `paitn`", at: SourceLocation(file: "f", line: 1, column: 10, length: 5),
                suggestion: "paint")
            ])))
    }
    // Nothing of an input with a compile error runs.
    #expect(session.state(of: "shape")?["y"] == .int(0))
    do {
      try session.run(SourceFile(name: "f", text: "counter.fail"))
      Issue.record("no error")
    } catch {
      #expect(
        error
          == .runtime(
            Diagnostic(
              .error, "counter: the counter fails on purpose",
              at: SourceLocation(file: "f", line: 1, column: 1, length: 12))))
    }
  }

  @Test func receivers() {
    let session = Session(registry: testRegistry())
    #expect(session.receiverNames == ["shape", "door", "board", "counter", "gate"])
    #expect(session.state(of: "nowhere") == nil)
    #expect(session.state(of: "counter") == ["count": .int(0), "log": .array([])])
  }

  @Test func eachSessionHasItsOwnReceivers() {
    let registry = testRegistry()
    let a = Session(registry: registry)
    let b = Session(registry: registry)
    try? a.run(SourceFile(name: "t", text: "move up; bump"))
    #expect(b.state(of: "shape")?["y"] == .int(0))
    #expect(b.state(of: "counter")?["count"] == .int(0))
  }

  // MARK: Compile errors

  @Test func multipleErrorsAreReportedInSourceOrder() {
    let r = Recorder()
    let diagnostics = r.compileErrors("paitn red\nmove up @\nrepeat x { mvoe }\n}\nuse 3; shape.jump")
    #expect(
      diagnostics.map(summary) == [
        "1:1: unknown command `paitn` [did you mean paint]",
        "2:9: unexpected character `@`",
        "3:8: the repeat count must be an integer ≥ 0, not the word `x`",
        "3:12: unknown command `mvoe` [did you mean move]",
        "4:1: unexpected `}`: no block is open",
        "5:5: expected a receiver name after `use`, found `3`",
        "5:14: `shape` has no verb `jump`",
      ])
    #expect(diagnostics.allSatisfy { $0.severity == .error && $0.location.file == "t" })
  }

  @Test func errorsAreCappedAtAHundred() {
    let r = Recorder()
    let diagnostics = r.compileErrors(String(repeating: "paitn\n", count: 150))
    #expect(diagnostics.count == 100)
    #expect(diagnostics.last?.location.line == 100)
    #expect(diagnostics.last?.notes == [Diagnostic.Note("150 errors in all; only the first 100 are shown")])
  }

  @Test func compileErrorsLeaveTheCheckerStateUnchanged() {
    let r = Recorder()
    _ = r.compileErrors("macro m { move up }\nuse gate\nmacro k { move up }\npaitn")
    #expect(r.compileErrors("m").map(summary) == ["1:1: unknown command `m`"])
    #expect(r.compileErrors("open").map(\.message).first?.hasPrefix("`open` is ambiguous") == true)
    // A redefinition in a failing input does not replace the definition in force.
    r.run("macro k { move up }")
    _ = r.compileErrors("macro k { move down }; paitn")
    r.run("k")
    #expect(r.shape.y == 1)
    #expect(r.session.help("m") == "")
  }

  @Test func aRuntimeFailureKeepsTheDefinitionsOfItsInput() {
    // Definitions take effect when checked: an input that compiled keeps them even if a
    // statement of it fails when run.
    let r = Recorder()
    _ = r.runtimeError("macro m { move up }; counter.fail; macro k { m }")
    r.run("m; k")
    #expect(r.shape.y == 2)
  }

  @Test func linesCountFromTheSourcesFirstLine() throws {
    let session = Session(registry: testRegistry())
    do {
      try session.run(SourceFile(name: "<stdin>", text: "move up\n  paitn", firstLine: 7))
      Issue.record("no error")
    } catch {
      guard case .compile(let errors) = error else { throw error }
      #expect(errors.diagnostics.map(summary) == ["8:3: unknown command `paitn` [did you mean paint]"])
    }
    #expect(session.sources.lineText(file: "<stdin>", line: 8) == "  paitn")
    #expect(session.sources.lineText(file: "<stdin>", line: 9) == nil)
    #expect(session.sources.lineText(file: "other", line: 8) == nil)
  }

  @Test func locationLengthsCountCharacters() {
    let r = Recorder()
    let diagnostics = r.compileErrors(#"log "héllo" x"#)
    #expect(diagnostics.first?.location == SourceLocation(file: "t", line: 1, column: 13, length: 1))
    let strings = r.compileErrors(#"paint "wörd""#)
    #expect(strings.first?.location == SourceLocation(file: "t", line: 1, column: 7, length: 6))
  }

  @Test func deepNestingThroughTheWholePipeline() {
    let r = Recorder()
    let errors = r.compileErrors(String(repeating: "{", count: 100_000))
    #expect(errors.first.map(summary) == "1:257: blocks are nested more than 256 deep")
    #expect(errors.count == 100)
    let deep = String(repeating: "repeat 1 { ", count: 256) + "move up" + String(repeating: " }", count: 256)
    r.run(deep)
    #expect(r.shape.y == 1)
    #expect(r.session.history.first?.statement.hasPrefix("repeat 1 { repeat 1 {") == true)
    r.run("undo")
    #expect(r.shape.y == 0)
  }

  // MARK: Outputs and warnings

  @Test func showOutputsStates() {
    let r = Recorder()
    r.run("move down 2; move right; door.open\nshow shape\nshow")
    #expect(r.outputs.count == 6)
    #expect(
      r.outputs.first
        == .state(
          receiver: "shape", type: "shape", state: ["x": .int(1), "y": .int(-2), "color": .string("blue")],
          description: "at (1, -2), blue"))
    let names = r.outputs.compactMap { if case .state(let name, _, _, _) = $0 { name } else { nil } }
    #expect(names == ["shape", "shape", "door", "board", "counter", "gate"])
    // A receiver without its own description gets the default `key=value` one.
    #expect(
      r.outputs[4]
        == .state(
          receiver: "counter", type: "counter", state: ["count": .int(0), "log": .array([])],
          description: "count=0 log=[]"))
  }

  @Test func warningsGoToTheCallbackNotTheOutput() {
    let r = Recorder()
    r.run("undo")
    #expect(r.outputs.isEmpty)
    #expect(r.warnings.map(\.severity) == [.warning])
    #expect(r.warnings.first?.description == "t:1:1: warning: nothing to undo")
  }

  // MARK: History

  @Test func historyListsStepsInCanonicalForm() {
    let r = Recorder()
    r.run("move up\nrepeat 2 {\n  paint   red # twice\n}\ndoor.open; { bump;log \"a\\tb\" }")
    r.run("undo 2\nmacro m { }; show; help")
    let expected = [
      HistoryEntry(number: 1, statement: "move up", undone: false),
      HistoryEntry(number: 2, statement: "repeat 2 { paint red }", undone: false),
      HistoryEntry(number: 3, statement: "door.open", undone: true),
      HistoryEntry(number: 4, statement: #"{ bump; log "a\tb" }"#, undone: true),
    ]
    #expect(r.session.history == expected)
    r.outputs = []
    r.run("history")
    #expect(r.outputs == [.history(r.session.historyTree)])
    guard case .history(let tree) = r.outputs.first else { return }
    #expect(tree.linear == expected)
    // A failing statement leaves the history as it was.
    _ = r.runtimeError("{ move up; counter.fail }")
    #expect(r.session.history == expected)
    // A new step starts a branch: the path to it is what the history lists as a line.
    r.run("  shape.move   left 2")
    #expect(
      r.session.history.map(\.statement) == ["move up", "repeat 2 { paint red }", "shape.move left 2"])
    #expect(r.session.history.last?.undone == false)
  }

  @Test func historyOfAMacroCallNamesTheCall() {
    let r = Recorder()
    r.run("macro zig n { move up $n }")
    r.run("zig 3")
    #expect(r.session.history == [HistoryEntry(number: 1, statement: "zig 3", undone: false)])
  }

  // MARK: Help

  @Test func helpOverviewMentionsEveryVerbAndFits80Columns() {
    let r = Recorder()
    r.run("macro zig n { move up $n }; help")
    let texts = helpTexts(r.outputs)
    #expect(texts.count == 1)
    let text = texts.first ?? ""
    for verb in ["move", "paint", "open", "close", "lock", "unlock", "place", "reset", "bump", "log", "check"] {
      #expect(text.contains(verb), "\(verb)")
    }
    for statement in ["undo", "redo", "history", "repeat", "macro", "transaction"] {
      #expect(text.contains(statement), "\(statement)")
    }
    #expect(text.contains("zig n"))
    expectFits80(text)
    #expect(r.session.help() == text)
  }

  @Test func helpOnTopics() {
    let r = Recorder()
    r.run("macro zig n c { move up $n; paint $c }")
    let shape = r.session.help("shape")
    #expect(shape.hasPrefix("shape: a shape that moves and is painted"))
    #expect(shape.contains("move <direction> [steps]"))
    #expect(shape.contains("steps: integer ≥ 1, default 1"))
    #expect(shape.contains("colour: colour (red orange"))
    // A verb of two types: a section for each, with an empty line in between…
    let open = r.session.help("open").split(separator: "\n", omittingEmptySubsequences: false)
    // …and the door's query `open`, after its verb and when the verb cannot work.
    #expect(open.count == 7)
    #expect(open[1] == "    unavailable while locked: the door is locked")
    #expect(open.first?.hasPrefix("door.open ") == true)
    #expect(open.contains { $0.hasPrefix("door.open ") && $0.hasSuffix("whether it is open: boolean") })
    #expect(open.last?.hasPrefix("gate.open ") == true)
    #expect(r.session.help("move").split(separator: "\n").count == 3)
    #expect(r.session.help("log").contains("(cannot be undone)"))
    // No example: this registry has no vehicle, which the examples are written for too.
    #expect(r.session.help("undo") == "undo [n]\n  undo the last n steps (default 1)")
    #expect(
      r.session.help("zig")
        == """
        macro zig n c
          $n: an integer ≥ 1
          $c: a colour (red, orange, yellow, green, teal, cyan, blue, purple, magenta,
            black, white, grey)
          defined as:
            macro zig n c { move up $n; paint $c }
        """)
    for topic in [
      "shape", "door", "board", "counter", "gate", "move", "place", "reset", "log", "undo", "macro", "help",
    ] {
      let text = r.session.help(topic)
      #expect(!text.isEmpty, "\(topic)")
      expectFits80(text)
    }
  }

  @Test func helpStatementOutputs() {
    let r = Recorder()
    r.run("help move; help")
    #expect(helpTexts(r.outputs) == [r.session.help("move"), r.session.help()])
  }

  // MARK: Determinism

  @Test func determinism() {
    let script = """
      #!/usr/bin/env cmdscript
      macro square n c { paint $c; repeat 4 { move up $n; move right $n } }
      square 2 red; square 3 green; undo; board.reset 4; board.place 4 4
      transaction { door.lock; bump 7; log "done" }
      undo 2; redo
      """
    let a = Recorder()
    let b = Recorder()
    a.run(script)
    b.run(script)
    #expect(a.allStates == b.allStates)
    #expect(a.session.history == b.session.history)
    #expect(a.warnings == b.warnings)
    #expect(a.shape == (8, 8, "red"))
  }
}

@Suite struct SessionCheckTests {
  @Test func checkReportsWhatCompileWouldAndKeepsNothing() throws {
    let s = Session(registry: .builtins)
    let warnings = try s.check([SourceFile(name: "a", text: "macro up2 { move up; move up }; up2; undo; undo")])
    #expect(warnings.isEmpty)
    // The macro is not in force afterwards, and nothing ran.
    #expect(throws: CompileErrors.self) { try s.compile(SourceFile(name: "b", text: "up2")) }
    #expect(s.state(of: "shape")?["y"] == .int(0))
    #expect(s.undoCount == 0)
    do {
      _ = try s.check([SourceFile(name: "c", text: "move up\npaitn red")])
      Issue.record("expected an error")
    } catch {
      #expect(error.diagnostics.map(\.message) == ["unknown command `paitn`"])
      #expect(error.diagnostics.first?.location.line == 2)
    }
    let transaction = try s.check([SourceFile(name: "d", text: "transaction { vehicle.log; vehicle.save }")])
    #expect(
      transaction.map(\.message) == [
        "`vehicle.log` cannot be undone: if a command after it fails, the rollback leaves it in effect"
      ])
  }
}

@Suite struct SessionLimitTests {
  private func run(_ session: Session, _ text: String) throws(Session.RunError) {
    try session.run(SourceFile(name: "t", text: text))
  }

  @Test func aSourceLargerThanTheLimitIsOneLocatedErrorAndNothingRuns() throws {
    // Positions are kept in 32 bits; a larger source is refused before it is read.
    let s = Session(registry: .builtins)
    let huge = SourceFile(name: "huge.cmd", bytes: [UInt8](repeating: UInt8(ascii: " "), count: SourceFile.maxSize + 1))
    do {
      _ = try s.compile([SourceFile(name: "a.cmd", text: "move up"), huge])
      Issue.record("expected the large source to be refused")
    } catch {
      #expect(
        error.diagnostics.map(\.message) == [
          "`huge.cmd` is 2147483648 bytes, more than the 2147483647 a source can have"
        ])
      #expect(error.diagnostics.first?.location.line == 1)
      #expect(error.diagnostics.first?.location.file == "huge.cmd")
    }
    #expect(s.state(of: "shape")?["y"] == .int(0))
  }

  @Test func theStatementThatWouldExceedTheStepLimitFailsRolledBack() throws {
    let s = Session(registry: .builtins)
    // Each turn and each command is a step: 8 here, and 14 for the next.
    s.limits.steps = 20
    try run(s, "repeat 4 { move up }")
    do {
      try run(s, "repeat 7 { move right }")
      Issue.record("expected the step limit to stop the statement")
    } catch .runtime(let diagnostic) {
      #expect(diagnostic.message == "the step limit was reached")
    } catch {
      Issue.record("unexpected \(error)")
    }
    #expect(s.state(of: "shape") == ["x": .int(0), "y": .int(4), "color": .string("blue")])
    s.resetSteps()
    try run(s, "repeat 7 { move right }")
    #expect(s.state(of: "shape")?["x"] == .int(7))
  }

  /// Runs `text` in `s`, which must fail at run time; returns the failure's message.
  private func runtimeFailure(_ s: Session, _ text: String) -> String? {
    do {
      try run(s, text)
    } catch .runtime(let diagnostic) {
      return diagnostic.message
    } catch {
      Issue.record("unexpected \(error)")
    }
    return nil
  }

  /// How many requests the network has pending.
  private func pending(_ s: Session) -> Int? {
    guard case .array(let requests)? = s.state(of: "network")?["pending"] else { return nil }
    return requests.count
  }

  @Test func theStatementThatWouldPassTheValueLimitFailsRolledBack() throws {
    let s = Session(registry: .builtins)
    s.limits.values = 100
    try run(s, #"macro ask s { request "https://$s" }"#)
    // 9 + 9 + 4 + 12 bytes of strings made: 34.
    try run(s, #"ask "a"; ask "b"; ask ("c" + "def")"#)
    #expect(
      runtimeFailure(s, #"{ move up; repeat 10 as i { ask "example.org/$i" } }"#)
        == "the strings made would pass 100 bytes, the most the statements may make here")
    #expect(pending(s) == 3)
    #expect(s.state(of: "shape")?["y"] == .int(0))
    // Reset with the steps: the host's next entry has the whole budget again (34 bytes a
    // turn: 13 for the argument, 21 for the address).
    s.resetSteps()
    try run(s, #"repeat 2 as i { ask "example.org/$i" }"#)
    #expect(pending(s) == 5)
  }

  @Test func theStatementThatWouldPassTheOutputLimitFailsAfterWhatItPrinted() throws {
    let s = Session(registry: .builtins)
    var echoed: [String] = []
    var shown = 0
    s.onOutput = { output in
      switch output {
      case .echo(let line): echoed.append(line)
      case .state: shown += 1
      default: break
      }
    }
    s.limits.output = 30
    // "hello\n" six bytes a turn: the sixth would pass 30.
    #expect(
      runtimeFailure(s, "{ move up; repeat 10 { echo hello } }")
        == "the output would pass 30 bytes, the most the statements may print here")
    #expect(echoed.count == 5)
    #expect(s.state(of: "shape")?["y"] == .int(0))
    // `show` counts its states' text: the door's alone is too much now, and fails at the
    // statement, before it prints.
    s.resetSteps()
    #expect(runtimeFailure(s, "{ paint red; show door; show door }") != nil)
    #expect(shown == 1)
    #expect(s.state(of: "shape")?["color"] == .string("blue"))
    // No limit: nothing counted.
    s.limits.output = nil
    try run(s, "repeat 10 { echo hello; show door }")
    #expect(echoed.count == 15 && shown == 11)
  }

  @Test func aHistoryLimitKeepsOnlyTheNewestStepsAndTheirUndoRecords() throws {
    let s = Session(registry: .builtins)
    s.limits.history = 3
    // Enough steps that dropped ones are removed in batches, not only marked.
    let colours = ["red", "green", "yellow", "black", "white", "grey", "teal", "cyan"]
    let n = 2_500
    for i in 0..<n { try run(s, "{ paint \(colours[i % colours.count]); move up }") }
    #expect(s.undoCount == 3)
    #expect(s.droppedSteps == n - 3)
    #expect(s.history.map(\.number) == [n - 2, n - 1, n])
    try run(s, "undo 5")
    // Exactly the three newest steps were undone: the paint of step n - 3 is in force.
    #expect(
      s.state(of: "shape") == ["x": .int(0), "y": .int(n - 3), "color": .string(colours[(n - 4) % colours.count])])
    try run(s, "redo 3")
    #expect(s.state(of: "shape") == ["x": .int(0), "y": .int(n), "color": .string(colours[(n - 1) % colours.count])])
  }
}

@Suite struct SourceReleaseTests {
  @Test func aLongStreamWithACappedHistoryHoldsBoundedSources() throws {
    let s = Session(registry: .builtins)
    s.limits.history = 10
    try s.run(SourceFile(name: "<stdin>", text: "macro zig n { move up $n }", firstLine: 1))
    for line in 2...5_000 {
      try s.run(SourceFile(name: "<stdin>", text: "zig 1", firstLine: line))
    }
    // The macro's chunk, the chunks of the ten steps kept, and the newest few.
    #expect(s.sources.files.count < 100)
    #expect(s.history.count == 10)
    #expect(s.history.first?.statement == "zig 1")
    #expect(s.help("zig").hasPrefix("macro zig n"))
    #expect(s.state(of: "shape")?["y"] == .int(4_999))
  }

  @Test func aRuntimeErrorInAnOldMacroStillNamesItsSource() throws {
    let s = Session(registry: .builtins)
    try s.run(SourceFile(name: "defs", text: "macro jam { door.lock; door.open }"))
    for i in 0..<300 { try s.run(SourceFile(name: "<stdin>", text: "move up", firstLine: i + 1)) }
    do {
      try s.run(SourceFile(name: "<stdin>", text: "jam", firstLine: 400))
      Issue.record("expected jam to fail")
    } catch .runtime(let d) {
      #expect(d.location.description == "defs:1:24")
      #expect(s.sources.lineText(file: "defs", line: 1) == "macro jam { door.lock; door.open }")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}

@Suite struct SessionReportTests {
  @Test func aSessionReportsNothingUnlessAsked() {
    let r = Recorder()
    r.run("move up; undo; redo; new door back; use back; queue lock; discard")
    #expect(r.outputs.isEmpty)
  }

  @Test func whenAskedEachStatementThatPrintsNothingSaysWhatItDid() {
    let r = Recorder()
    r.session.reportsEffects = true
    r.run("move up; paint red; undo; redo; new door back; use back; queue lock; queue lock; discard; undo 2")
    #expect(
      r.outputs == [
        .report("undid `paint red`"), .report("redid `paint red`"), .report("made `back`, a new door"),
        .report("now using `back`"), .report("dropped 2 pending statements"),
        .report("undid 2 steps: `new door back`, `paint red`"),
      ])
    // A failed statement reports nothing, and a macro definition is quiet.
    r.outputs = []
    r.run("macro m { move up }")
    #expect(r.outputs.isEmpty)
  }

  @Test func manyStepsAreListedFiveAtMost() {
    #expect(Session.summary(of: ["a"], as: "undid") == "undid `a`")
    #expect(
      Session.summary(of: ["a", "b", "c", "d", "e", "f", "g"], as: "redid")
        == "redid 7 steps: `a`, `b`, `c`, `d`, `e`, and 2 more")
  }
}
