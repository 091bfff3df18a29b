import CommandScriptReceivers
import Testing

@testable import CommandScript

// Everything a statement makes the receivers do counts against the step limit: the
// commands it runs, and those that `undo`, `redo`, `goto`, `earlier` and `later` undo and
// redo. Counted, not timed: a pair `undo; redo` of a statement of many commands re-ran it
// for free, so 248 bytes of them ran a 5,000,000-command statement for 8.8 s.
@Suite struct StepBudgetTests {
  private func session(limit: Int) throws -> Session {
    let session = Session(registry: .builtins)
    session.limits.steps = limit
    // 40 commands in one step (and 20 turns of the loop).
    try session.run(SourceFile(name: "<big>", text: "repeat 20 { move up; move right }"))
    return session
  }

  private func failsAtTheLimit(_ session: Session, _ text: String) -> Bool {
    do {
      try session.run(SourceFile(name: "<t>", text: text))
      return false
    } catch {
      guard case .runtime(let diagnostic) = error else { return false }
      return diagnostic.message.contains("step limit")
    }
  }

  @Test func undoAndRedoPairsRunOutOfSteps() throws {
    let s = try session(limit: 150)
    // 60 steps spent; each `undo; redo` pair costs 80 more: the second pair fails.
    try s.run(SourceFile(name: "<1>", text: "undo; redo"))
    #expect(s.state(of: "shape") == ["x": .int(20), "y": .int(20), "color": .string("blue")])
    #expect(failsAtTheLimit(s, "undo; redo"))
    // Rolled back whole: the statement's undo is redone, the state is as before it.
    #expect(s.state(of: "shape") == ["x": .int(20), "y": .int(20), "color": .string("blue")])
    #expect(s.undoCount == 1)
  }

  @Test func movesThroughTheTreeCount() throws {
    let s = try session(limit: 110)
    try s.run(SourceFile(name: "<1>", text: "goto 0"))  // 60 + 40
    #expect(failsAtTheLimit(s, "goto 1"))  // 40 more than the 10 left
    #expect(failsAtTheLimit(s, "later 1"))
    #expect(s.historyTree.current == 0)
    s.resetSteps()
    try s.run(SourceFile(name: "<2>", text: "later 1"))
    #expect(s.historyTree.current == 1)
  }

  @Test func withoutALimitNothingIsCounted() throws {
    let s = Session(registry: .builtins)
    try s.run(SourceFile(name: "<a>", text: "repeat 20 { move up }; undo; redo; goto 0; later 1; earlier 1; redo"))
    #expect(s.state(of: "shape") == ["x": .int(0), "y": .int(20), "color": .string("blue")])
  }

  @Test func aHostsRollbackIsNotCharged() throws {
    let s = try session(limit: 60)
    #expect(failsAtTheLimit(s, "move up"))
    // Out of steps, the host can still roll back what the run did.
    try s.undo(downTo: 0)
    #expect(s.undoCount == 0)
    #expect(s.state(of: "shape") == ["x": .int(0), "y": .int(0), "color": .string("blue")])
  }
}
