import Testing

@testable import CommandScript

private func range(_ start: Int) -> SourceRange {
  SourceRange(source: 0, start: start, end: start + 1, line: 1, column: start + 1)
}

/// A history with steps of the given numbers of commands, all applied.
private func history(_ stepSizes: [Int]) -> History {
  var h = History()
  var id: Int32 = 0
  for (i, size) in stepSizes.enumerated() {
    for _ in 0..<size {
      h.record(id)
      id += 1
    }
    h.commitStep(statement: range(i), op: .help(topic: nil))
  }
  return h
}

@Suite struct HistoryTests {
  @Test func empty() {
    let h = History()
    #expect(h.undoCount == 0)
    #expect(h.redoCount == 0)
    #expect(h.appliedEnd == 0)
    #expect(h.steps.isEmpty)
    #expect(h.commands.isEmpty)
  }

  @Test func stepsAreRangesOfCommands() {
    let h = history([3, 2, 1])
    #expect(h.undoCount == 3)
    #expect(h.redoCount == 0)
    #expect(Array(h.commands) == [0, 1, 2, 3, 4, 5])
    #expect(h.steps.map(\.end) == [3, 5, 6])
    #expect((0..<3).map(h.start(of:)) == [0, 3, 5])
    #expect(h.steps.map(\.statement.start) == [0, 1, 2])
    #expect(h.appliedEnd == 6)
  }

  @Test func undoAndRedoMoveTheBoundary() {
    var h = history([3, 2])
    h.didUndo()
    #expect(h.undoCount == 1)
    #expect(h.redoCount == 1)
    #expect(h.appliedEnd == 3)
    // Undone commands stay, to be redone.
    #expect(h.commands.count == 5)
    h.didUndo()
    #expect(h.appliedEnd == 0)
    h.didRedo()
    #expect(h.undoCount == 1)
    #expect(h.redoCount == 1)
  }

  @Test func takingTheRedoStackLeavesOnlyAppliedSteps() {
    var h = history([3, 2, 4])
    #expect(h.takeRedoStack() == nil)
    h.didUndo()
    h.didUndo()
    let saved = h.takeRedoStack()
    #expect(saved.map { Array($0.commands) } == [3, 4, 5, 6, 7, 8])
    #expect(saved?.steps.map(\.end) == [5, 9])
    #expect(h.commands.count == 3)
    #expect(h.steps.count == 1)
    #expect(h.redoCount == 0)
    // The redo stack comes back whole when the new statement did nothing.
    h.restore(saved!)
    #expect(h.commands.count == 9)
    #expect(h.steps.map(\.end) == [3, 5, 9])
    #expect(h.undoCount == 1)
    #expect(h.redoCount == 2)
  }

  @Test func aNewStepReplacesTheRedoStack() {
    var h = history([3, 2])
    h.didUndo()
    _ = h.takeRedoStack()
    h.record(42)
    h.commitStep(statement: range(9), op: .help(topic: nil))
    #expect(Array(h.commands) == [0, 1, 2, 42])
    #expect(h.steps.map(\.end) == [3, 4])
    #expect(h.undoCount == 2)
    #expect(h.redoCount == 0)
  }

  @Test func discardDropsTheRunningStatementsCommands() {
    var h = history([2])
    h.record(7)
    h.record(8)
    h.discard(from: 2)
    #expect(Array(h.commands) == [0, 1])
    #expect(h.steps.count == 1)
  }
}
