import CommandScript
import CommandScriptReceivers
import Testing

// A run's bounds are one value, `Session.limits`, that the timeline owns: set whole or a
// field at a time, read back as set (a negative history or string bound as 0), and each
// field in force on its own.
@Suite struct LimitsTests {
  private func fails(_ session: Session, _ text: String, saying words: String) -> Bool {
    do {
      try session.run(SourceFile(name: "<t>", text: text))
      return false
    } catch {
      guard case .runtime(let diagnostic) = error else { return false }
      return diagnostic.message.contains(words)
    }
  }

  @Test func noBoundsByDefault() {
    #expect(Session(registry: .builtins).limits == Session.Limits())
  }

  @Test func readBackAsSetWithNegativeBoundsAsZero() {
    let s = Session(registry: .builtins)
    s.limits = Session.Limits(history: 5, steps: 6, string: 7, values: 8, output: 9)
    #expect(s.limits == Session.Limits(history: 5, steps: 6, string: 7, values: 8, output: 9))
    s.limits.history = -3
    s.limits.string = -1
    #expect(s.limits.history == 0 && s.limits.string == 0)
  }

  @Test func aNewStepLimitCountsAfresh() throws {
    let s = Session(registry: .builtins)
    s.limits.steps = 3
    try s.run(SourceFile(name: "<t>", text: "move up; move up; move up"))
    #expect(fails(s, "move up", saying: "step limit"))
    // Another field changed: the count goes on.
    s.limits.history = 100
    #expect(fails(s, "move up", saying: "step limit"))
    // A new step limit: counted afresh.
    s.limits.steps = 2
    try s.run(SourceFile(name: "<t>", text: "move up; move up"))
    #expect(fails(s, "move up", saying: "step limit"))
    s.resetSteps()
    try s.run(SourceFile(name: "<t>", text: "move up"))
  }

  @Test func historyBoundDropsOldSteps() throws {
    let s = Session(registry: .builtins)
    s.limits.history = 2
    try s.run(SourceFile(name: "<t>", text: "move up; move up; move up"))
    #expect(s.undoCount == 2 && s.droppedSteps == 1)
  }
}
