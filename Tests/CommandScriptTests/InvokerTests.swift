import CommandScriptReceivers
import Testing

@testable import CommandScript

@Suite struct InvokerTests {
  // MARK: Undo steps

  @Test func aTopLevelStatementIsOneUndoStep() {
    let r = Recorder()
    r.run("macro zig { move up; move right; paint red }")
    for statement in [
      "zig", "repeat 3 { move up; bump }", "{ move up; paint green }", "transaction { move up; door.open }",
    ] {
      let before = r.allStates
      let steps = r.session.undoCount
      r.run(statement)
      #expect(r.session.undoCount == steps + 1, "\(statement)")
      #expect(r.allStates != before)
      r.run("undo")
      #expect(r.allStates == before, "\(statement)")
      #expect(r.session.undoCount == steps)
      r.run("redo")
    }
    #expect(r.session.undoCount == 4)
    #expect(r.warnings.isEmpty)
  }

  @Test func statementsOfOneInputAreSeparateSteps() {
    let r = Recorder()
    r.run("move up; move up\nmove up")
    #expect(r.session.undoCount == 3)
    r.run("undo")
    #expect(r.shape.y == 2)
  }

  @Test func statementsThatChangeNothingAreNotSteps() {
    let r = Recorder()
    r.run("repeat 0 { move up }; macro nothing { }; nothing; macro m n { repeat $n { move up } }; m 0")
    r.run("{ }; show; help; history; use door; transaction { }")
    #expect(r.session.undoCount == 0)
    #expect(r.session.history.isEmpty)
  }

  @Test func undoAndRedoTakeACount() {
    let r = Recorder()
    r.run("move up; move up; move up; paint red")
    r.run("undo 3")
    #expect(r.shape == (0, 1, "blue"))
    #expect((r.session.undoCount, r.session.redoCount) == (1, 3))
    r.run("redo 2")
    #expect(r.shape == (0, 3, "blue"))
    r.run("redo 1")
    #expect(r.shape == (0, 3, "red"))
    #expect(r.warnings.isEmpty)
  }

  @Test func tooLargeCountsDoWhatTheyCanAndWarn() {
    let r = Recorder()
    r.run("move up; move up")
    r.run("undo 5")
    #expect(r.shape.y == 0)
    r.run("redo 3")
    #expect(r.shape.y == 2)
    #expect(
      r.warnings == [
        Diagnostic(
          .warning, "only 2 of 5 steps could be undone", at: SourceLocation(file: "t", line: 1, column: 1, length: 6)),
        Diagnostic(
          .warning, "only 2 of 3 steps could be redone", at: SourceLocation(file: "t", line: 1, column: 1, length: 6)),
      ])
  }

  @Test func aNewStepClearsTheRedoStack() {
    let r = Recorder()
    r.run("move up; move up; undo")
    #expect(r.session.redoCount == 1)
    r.run("paint red")
    #expect(r.session.redoCount == 0)
    r.run("redo")
    #expect(r.shape == (0, 1, "red"))
    #expect(r.warnings.map(summary) == ["1:1: nothing to redo"])
  }

  @Test func aFailedStatementKeepsTheRedoStack() {
    let r = Recorder()
    r.run("move up; undo")
    #expect(r.runtimeError("{ move right; board.place 4 4 }") != nil)
    #expect(r.session.redoCount == 1)
    r.run("redo")
    #expect(r.shape == (0, 1, "blue"))
  }

  @Test func aStatementThatDidNothingKeepsTheRedoStack() {
    let r = Recorder()
    r.run("move up; undo")
    r.run("repeat 0 { move up }; show; macro m { }; m; { }")
    #expect(r.session.redoCount == 1)
    r.run("redo")
    #expect(r.shape.y == 1)
  }

  @Test func undoWithNothingWarnsAndChangesNothing() {
    let r = Recorder()
    let before = r.allStates
    r.run("\n  undo 2")
    r.run("redo")
    #expect(r.allStates == before)
    #expect(
      r.warnings == [
        Diagnostic(.warning, "nothing to undo", at: SourceLocation(file: "t", line: 2, column: 3, length: 6)),
        Diagnostic(.warning, "nothing to redo", at: SourceLocation(file: "t", line: 1, column: 1, length: 4)),
      ])
  }

  @Test func largeRepeatIsOneStep() {
    let r = Recorder()
    r.run("repeat 100000 { move up }")
    #expect(r.shape.y == 100_000)
    #expect(r.session.undoCount == 1)
    r.run("undo")
    #expect(r.shape.y == 0)
    r.run("redo")
    #expect(r.shape.y == 100_000)
  }

  // MARK: Atomic statements

  @Test func aFailingStatementIsRolledBack() {
    let r = Recorder()
    r.run("move up; paint red; door.open; board.place 2 2")
    let before = r.allStates
    let history = r.session.history
    let error = r.runtimeError("{ move left 5; paint green; door.close; board.place 1 1; bump 3\n  board.place 2 2 }")
    #expect(
      error
        == Diagnostic(
          .error, "board: cell 2 2 is taken by X", at: SourceLocation(file: "t", line: 2, column: 3, length: 15)))
    #expect(r.allStates == before)
    #expect(r.session.history == history)
    #expect(r.session.undoCount == 4)
    // The receivers' own undo records are intact: the earlier steps still undo exactly.
    r.run("undo 4")
    #expect(r.allStates == Recorder().allStates)
  }

  @Test func theStatementsAfterAFailureDoNotRun() {
    let r = Recorder()
    let error = r.runtimeError("move up; door.lock; door.open; move up")
    #expect(error.map(summary) == "1:21: door: the door is locked")
    #expect(r.shape.y == 1)
    #expect(r.state("door") == ["open": .bool(false), "locked": .bool(true)])
    #expect(r.session.undoCount == 2)
  }

  @Test func failureInsideARepeatRollsBackEveryIteration() {
    let r = Recorder()
    let error = r.runtimeError("repeat 3 { move up; board.place 1 1 }")
    #expect(error.map(summary) == "1:21: board: cell 1 1 is taken by X")
    #expect(r.allStates == Recorder().allStates)
    #expect(r.session.undoCount == 0)
  }

  @Test func failureInMacrosNamesTheCallChain() {
    let session = Session(registry: testRegistry())
    try? session.run(
      SourceFile(name: "defs", text: "macro zig r c { move up; board.place $r $c }\nmacro zag { paint red; zig 1 1 }"))
    var failure: Diagnostic?
    do {
      try session.run(SourceFile(name: "main", text: "zag\n  zag"))
    } catch {
      if case .runtime(let d) = error { failure = d }
    }
    #expect(failure?.severity == .error)
    #expect(failure?.message == "board: cell 1 1 is taken by X")
    #expect(failure?.location == SourceLocation(file: "defs", line: 1, column: 26, length: 17))
    #expect(
      failure?.notes == [
        Diagnostic.Note("in macro `zig` called here", at: SourceLocation(file: "defs", line: 2, column: 24, length: 7)),
        Diagnostic.Note("in macro `zag` called here", at: SourceLocation(file: "main", line: 2, column: 3, length: 3)),
      ])
    // The first `zag` ran; the second was rolled back.
    #expect(session.undoCount == 1)
    #expect(session.state(of: "shape")?["y"] == .int(1))
  }

  @Test func repeatZeroRunsNothing() {
    let r = Recorder()
    r.run("repeat 0 { board.place 9 9; counter.fail }")
    #expect(r.allStates == Recorder().allStates)
  }

  @Test func parametersAreBoundAtRunTime() {
    let r = Recorder()
    r.run("macro walk d n { repeat $n { move $d } }; walk up 3; walk left 2; walk down 1")
    #expect(r.shape == (-2, 2, "blue"))
    #expect(r.session.undoCount == 3)
    r.run("undo 2")
    #expect(r.shape == (0, 3, "blue"))
  }

  // MARK: Verbs that cannot be undone

  @Test func undoNamesWhatItCouldNotRevert() {
    let r = Recorder()
    r.run("log hello")
    r.run("{ bump 2; log a; bump 3 }")
    r.run("undo")
    #expect(r.state("counter") == ["count": .int(0), "log": .array([.string("hello"), .string("a")])])
    #expect(
      r.warnings == [
        Diagnostic(
          .warning, "undo could not revert `counter.log`: declared as not undoable",
          at: SourceLocation(file: "t", line: 1, column: 1, length: 4))
      ])
    // The step is undone all the same: the next undo takes the one before.
    r.run("undo")
    #expect(r.session.undoCount == 0)
    #expect(r.warnings.count == 2)
  }

  @Test func undoNamesEachUnrevertedVerbOnce() {
    let r = Recorder()
    r.run("repeat 100 { bump; log x }")
    r.run("undo")
    #expect(r.warnings.map(\.message) == ["undo could not revert `counter.log`: declared as not undoable"])
  }

  @Test func aRollbackSaysWhatItCouldNotRevert() {
    let r = Recorder()
    let error = r.runtimeError("{ bump 4; log a; log b; counter.fail }")
    #expect(error.map(summary) == "1:25: counter: the counter fails on purpose")
    #expect(
      error?.notes == [Diagnostic.Note("the rollback could not revert `counter.log`: declared as not undoable")])
    // Everything undoable is reverted, and no step is recorded.
    #expect(r.state("counter") == ["count": .int(0), "log": .array([.string("a"), .string("b")])])
    #expect(r.session.undoCount == 0)
    // A rollback of undoable commands only has no such note.
    #expect(r.runtimeError("{ bump; counter.fail }")?.notes == [])
  }

  @Test func redoDoesNotRepeatWhatUndoCouldNotRevert() {
    let r = Recorder()
    r.run("{ bump 2; log a }; undo; redo")
    #expect(r.state("counter") == ["count": .int(2), "log": .array([.string("a")])])
  }

  @Test func aStatementOfNotUndoableCommandsAloneIsNoStep() {
    let r = Recorder()
    r.run("bump 1; bump 2; undo; log a; repeat 3 { log b }; log c")
    // The redo stack is untouched: `bump 2` can still be redone.
    #expect(r.session.undoCount == 1 && r.session.redoCount == 1)
    r.run("undo")
    #expect(r.state("counter") == ["count": .int(0), "log": .array(["a", "b", "b", "b", "c"].map { .string($0) })])
    #expect(r.warnings.isEmpty)
    r.run("redo 2")
    #expect(r.state("counter")?["count"] == .int(3))
  }

  @Test func aRedoThatFailsIsRolledBackAndStaysRedoable() {
    let r = Recorder()
    r.run("{ bump 5; check; log stop }")
    #expect(r.state("counter")?["count"] == .int(15))
    r.run("undo")
    r.warnings = []
    // The log line stayed, so `check` now fails: the redo stops and `bump 5` is rolled back.
    r.run("redo")
    #expect(r.state("counter")?["count"] == .int(0))
    #expect(r.warnings.map(summary) == ["1:1: redo stopped: counter: the log says stop"])
    #expect((r.session.undoCount, r.session.redoCount) == (0, 1))
  }

  // MARK: Determinism

  @Test func theSameScriptReachesTheSameState() {
    let script = """
      macro zig n { repeat $n { move up; move right } }
      zig 3; paint teal; door.lock; board.place 2 2; board.place 1 3
      undo; board.place 3 1; bump -4; log "x"
      transaction { door.unlock; door.open }; undo 2; redo
      """
    let first = Recorder()
    first.run(script)
    let second = Recorder()
    second.run(script)
    #expect(first.allStates == second.allStates)
    #expect(first.session.history == second.session.history)
    #expect(first.allStates != Recorder().allStates)
  }
}
