import CommandScriptReceivers
import Testing

@testable import CommandScript

// How much work listing the tree takes, counted (not timed): asking whether each step is
// applied, as `history` does for every line, took a walk up the tree per step, so 32,000
// steps took 58 s. The count of step look-ups must grow with the steps, not their square.

@Suite struct HistoryListingWorkTests {
  /// The look-ups `isApplied` makes over every step of a line of `steps` steps, the last
  /// few undone, and a branch beside it.
  private func lookups(steps: Int) throws -> Int {
    let session = Session(registry: .builtins)
    try session.run(SourceFile(name: "<steps>", text: String(repeating: "move up\n", count: steps)))
    try session.run(SourceFile(name: "<branch>", text: "undo 3; move left; undo"))
    let tree = session.historyTree
    let counter = HistoryTree.LookupCounter()
    var applied = 0
    HistoryTree.$lookups.withValue(counter) {
      for node in tree.nodes where tree.isApplied(node.number) { applied += 1 }
    }
    #expect(applied == steps - 3)
    return counter.count
  }

  @Test func askingEveryStepWhetherItIsAppliedIsLinear() throws {
    #if DEBUG
      let small = try lookups(steps: 500)
      let large = try lookups(steps: 2_000)
      // 4× the steps: at most 4× the work, and at most a few look-ups a step.
      #expect(large <= 4 * max(small, 1) && large <= 4 * 2_000, "\(small) then \(large) look-ups")
    #endif
  }

  @Test func theStartStateIsAppliedAndNothingElse() throws {
    let session = Session(registry: .builtins)
    try session.run(SourceFile(name: "<a>", text: "move up; move up; goto 0"))
    let tree = session.historyTree
    #expect(tree.isApplied(0))
    #expect(!tree.isApplied(1) && !tree.isApplied(2))
  }
}
