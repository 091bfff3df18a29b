@_spi(Benchmarking) import CommandScript
import CommandScriptObservation
import CommandScriptReceivers
import Foundation
import Testing

/// What a change costs a `SessionModel` as the history grows: it keeps the tree and the
/// history up to date step by step, so the work per change does not grow with the steps
/// (counted, not timed), `undo(n)` is one refresh, and what it shows is always what the
/// session reads whole.
@Suite struct SessionModelCostTests {
  /// Random steps, undos, redos, moves and saved marks, with and without a history limit:
  /// after each, the model's tree and history are the session's read whole.
  @Test(arguments: [nil, 1, 3, 7] as [Int?])
  func theModelAlwaysShowsWhatTheSessionHolds(limit: Int?) throws {
    let s = Session(registry: .builtins)
    s.limits.history = limit
    s.onDiagnostic = { _ in }
    let model = SessionModel(session: s)
    var random = SplitMix64(seed: 38 + UInt64(limit ?? 0))
    var log: [String] = []
    for round in 0..<400 {
      let pick = random.next() % 13
      log.append("\(pick)")
      switch pick {
      case 9:
        try s.beginGroup("Group")
        for _ in 0..<Int(random.next() % 3) { try s.perform("move", on: "shape", "right") }
        try s.endGroup()
      case 10: try s.perform("move", on: "shape", "up", coalescing: "typing")
      case 11: if random.next() % 4 == 0 { s.clearHistory() } else { s.breakCoalescing() }
      case 12: try s.withoutUndoRegistration { try s.perform("paint", on: "shape", "blue") }
      case 0, 1, 2: try s.perform("move", on: "shape", ["up", "down", "left"][Int(random.next() % 3)], 1)
      case 3: try s.undo(Int(random.next() % 3) + 1)
      case 4: try s.redo(Int(random.next() % 2) + 1)
      case 5:
        let last = s.historyTree.lastNumber
        if let target = s.historyTree.nodes.randomElement(using: &random)?.number ?? (last > 0 ? nil : 0) {
          try s.goto(target)
        }
      case 6: try? s.earlier(Int(random.next() % 3) + 1)
      case 7: try? s.later(Int(random.next() % 3) + 1)
      default: if random.next() % 2 == 0 { s.markSaved() } else { try s.perform("paint", on: "shape", "red") }
      }
      let tree = s.historyTree
      #expect(model.historyTree == tree, "round \(round)")
      #expect(model.history == s.history, "round \(round): \(log.suffix(6))")
      #expect(model.isAtSavedState == s.isAtSavedState, "round \(round)")
      #expect(model.canUndo == (s.undoCount > 0) && model.canRedo == (s.redoCount > 0), "round \(round)")
      if model.historyTree != tree || model.history != s.history { break }
    }
  }

  /// `undo(5)` is one refresh of the model, not five.
  @Test func anUndoOfManyStepsIsOneRefresh() throws {
    let s = Session(registry: .builtins)
    let model = SessionModel(session: s)
    for _ in 0..<5 { try s.perform("move", on: "shape", "up") }
    let before = model.refreshes
    try s.undo(5)
    #expect(model.refreshes == before + 1 && !model.canUndo && model.history.allSatisfy(\.undone))
    try model.run(SourceFile(name: "t", text: "redo 2; redo 2"))
    #expect(model.refreshes == before + 2 && model.history.map(\.undone) == [false, false, false, false, true])
  }

  /// The work the model does per change, counted as the lines of the tree and of the
  /// history it reads or writes, is the same at 10,000 steps as at 100.
  @Test func theWorkPerChangeDoesNotGrowWithTheHistory() throws {
    func work(after steps: Int) throws -> Int {
      let s = Session(registry: .builtins)
      for _ in 0..<steps { try s.perform("move", on: "shape", "up") }
      let model = SessionModel(session: s)
      let before = s.historyLinesRead
      // A step, an undo, a redo and a step on a new branch.
      try s.perform("move", on: "shape", "up")
      try s.undo()
      try s.redo()
      try s.undo()
      try s.perform("move", on: "shape", "left")
      withExtendedLifetime(model) {}
      return s.historyLinesRead - before
    }
    let (small, large) = (try work(after: 100), try work(after: 10_000))
    #expect(small > 0 && large <= 2 * small, "lines read per change: \(small) at 100 steps, \(large) at 10,000")
  }

  /// `CMDSCRIPT_BENCH_MODEL=1`: prints the model's cost per change at 100, 1,000 and
  /// 10,000 steps, against reading the history and tree whole as it did before (see
  /// bench/README.md). Times on a debug build are for comparison only.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["CMDSCRIPT_BENCH_MODEL"] != nil))
  func costPerChange() throws {
    for steps in [100, 1_000, 10_000] {
      let s = Session(registry: .builtins)
      for _ in 0..<steps { try s.perform("move", on: "shape", "up") }
      let model = SessionModel(session: s)
      let changes = 200
      let clock = ContinuousClock()
      let bare = try clock.measure {
        for i in 0..<changes { try s.perform("move", on: "shape", i % 2 == 0 ? "left" : "right") }
      }
      withExtendedLifetime(model) {}
      let plain = Session(registry: .builtins)
      for _ in 0..<steps { try plain.perform("move", on: "shape", "up") }
      let without = try clock.measure {
        for i in 0..<changes { try plain.perform("move", on: "shape", i % 2 == 0 ? "left" : "right") }
      }
      let whole = clock.measure {
        for _ in 0..<20 { _ = (plain.history, plain.historyTree, plain.historyTree.current) }
      }
      func ms(_ d: Duration, _ n: Int) -> String {
        String(
          format: "%.3f ms",
          Double(d.components.attoseconds) / 1e15 / Double(n) + Double(d.components.seconds) * 1e3 / Double(n))
      }
      print(
        "at \(steps) steps: \(ms(bare, changes)) per change with a SessionModel, \(ms(without, changes)) without"
          + " (the model's share \(ms(bare - without, changes))); reading the history and tree whole, as the"
          + " model did before: \(ms(whole, 20))")
    }
  }
}
