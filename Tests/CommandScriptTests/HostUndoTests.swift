import CommandScript
import CommandScriptObservation
import CommandScriptReceivers
import Testing

/// What UndoManager's users expect of a host's undo: open-ended groups, coalescing calls,
/// a cleared history, changes without undo registration, a user's script as one step; with
/// the tree, the journal and observers.
@Suite struct HostUndoTests {
  private final class Lines: StatementJournal {
    var lines: [String] = []
    func record(_ text: String) throws(RecordFailure) { lines.append(text) }
    func withdrawLast() { lines.removeLast() }
    func keepFailed(leaving commands: [String], replays: Bool) {}
  }

  private func shape(_ s: Session) -> (Int, Int) {
    guard case .int(let x)? = s.state(of: "shape")?["x"], case .int(let y)? = s.state(of: "shape")?["y"] else {
      return (.min, .min)
    }
    return (x, y)
  }

  @Test func aGroupMakesOneStepOfEverythingBetween() throws {
    let s = Session(registry: .builtins)
    let model = SessionModel(session: s)
    try s.perform("paint", on: "shape", "red")
    try s.beginGroup("Move")
    for _ in 0..<50 { try s.perform("move", on: "shape", "up") }
    try s.beginGroup("Inner")  // nested: the outermost makes the step
    try s.run(SourceFile(name: "drag", text: "move right; move right"))
    try s.endGroup()
    #expect(s.isGrouping && s.undoCount == 53)
    try s.endGroup()
    #expect(!s.isGrouping && s.undoCount == 2 && s.undoMenuItemTitle == "Undo Move")
    #expect(model.undoMenuItemTitle == "Undo Move" && model.history.count == 2)
    #expect(model.historyTree == s.historyTree && s.historyTree.nodes.count == 2)
    try s.undo()
    #expect(shape(s) == (0, 0) && s.redoMenuItemTitle == "Redo Move" && model.canRedo)
    try s.redo()
    #expect(shape(s) == (2, 50))
    #expect(throws: Session.RunError.self) { try s.endGroup() }
  }

  @Test func anUndoWhileAGroupIsOpenEndsItFirstAndAnEmptyGroupMakesNoStep() throws {
    let s = Session(registry: .builtins)
    try s.beginGroup("Nothing")
    try s.endGroup()
    #expect(s.undoCount == 0)
    try s.beginGroup("Two")
    try s.perform("move", on: "shape", "up")
    try s.perform("move", on: "shape", "up")
    try s.undo()  // ends the group, then undoes it whole
    #expect(!s.isGrouping && shape(s) == (0, 0) && s.redoCount == 1)
    #expect(throws: Session.RunError.self) { try s.endGroup() }
  }

  @Test func underAHistoryLimitAGroupIsUndoneWholeAndPushesOutNoStepWhileOpen() throws {
    let s = Session(registry: .builtins)
    s.limits.history = 2
    try s.perform("paint", on: "shape", "red")
    try s.beginGroup("Move")
    for _ in 0..<5 { try s.perform("move", on: "shape", "up") }
    try s.endGroup()
    try s.withoutUndoRegistration { for _ in 0..<3 { try s.perform("move", on: "shape", "right") } }
    #expect(s.undoCount == 2 && s.limits.history == 2)
    try s.undo()
    #expect(shape(s) == (3, 0))
    try s.undo()
    #expect(s.state(of: "shape")?["color"] != .string("red"))
  }

  @Test func withAJournalAGroupIsRefusedAndCallsDoNotCoalesce() throws {
    let s = Session(registry: .builtins)
    let journal = Lines()
    s.journal = journal
    #expect(throws: Session.RunError.self) { try s.beginGroup("Move") }
    try s.perform("move", on: "shape", "up", coalescing: "typing")
    try s.perform("move", on: "shape", "up", coalescing: "typing")
    // Each its own step, as the journal will replay them.
    #expect(s.undoCount == 2 && journal.lines == ["shape.move up", "shape.move up"])
    #expect(throws: Session.RunError.self) { try s.run(SourceFile(name: "u", text: "move up"), asOneStep: "Run") }
    var warnings: [String] = []
    s.onDiagnostic = { warnings.append($0.message) }
    s.clearHistory()
    #expect(s.undoCount == 2 && warnings.count == 1)
    try s.withoutUndoRegistration { try s.perform("move", on: "shape", "up") }
    #expect(s.undoCount == 3 && warnings.count == 2 && journal.lines.count == 3)
  }

  @Test func callsWithTheSameKeyCoalesceUntilSomethingElseHappens() throws {
    let s = Session(registry: .builtins)
    var changes: [Change.Kind] = []
    let observation = s.observeChanges { changes.append($0.kind) }
    for _ in 0..<5 { try s.perform("move", on: "shape", "up", coalescing: "typing") }
    #expect(s.undoCount == 1 && changes.count == 5 && s.undoMenuItemTitle == "Undo shape.move up")
    s.breakCoalescing()
    try s.perform("move", on: "shape", "up", coalescing: "typing")
    #expect(s.undoCount == 2)
    try s.perform("move", on: "shape", "right", coalescing: "other")  // another key
    try s.perform("move", on: "shape", "right", coalescing: "typing")
    #expect(s.undoCount == 4)
    try s.perform("paint", on: "shape", "red")  // another step between
    try s.perform("move", on: "shape", "right", coalescing: "typing")
    #expect(s.undoCount == 6)
    try s.undo()
    try s.redo()  // an undo and a redo between
    try s.perform("move", on: "shape", "right", coalescing: "typing")
    #expect(s.undoCount == 7)
    try s.undo(7)
    #expect(shape(s) == (0, 0))
    try s.redo()
    #expect(shape(s) == (0, 5))
    #expect(s.historyTree.nodes.count == 7)
    withExtendedLifetime(observation) {}
  }

  @Test func clearingKeepsTheStateAndTheSavedPointOnlyIfCurrent() throws {
    let s = Session(registry: .builtins)
    let model = SessionModel(session: s)
    try s.perform("move", on: "shape", "up")
    s.markSaved()
    try s.perform("move", on: "shape", "up")
    try s.undo()
    s.clearHistory()
    #expect(shape(s) == (0, 1) && !s.canUndoOrRedo && s.isAtSavedState && s.historyTree.saved == 0)
    #expect(!model.canUndo && !model.canRedo && model.history.isEmpty && model.isAtSavedState)
    try s.perform("move", on: "shape", "right")
    s.clearHistory()
    #expect(!s.isAtSavedState && s.historyTree.saved == nil)
    try s.perform("move", on: "shape", "right")
    try s.undo(5)  // no further than the cleared state
    #expect(shape(s) == (1, 1) && model.historyTree == s.historyTree)
  }

  @Test func changesWithoutRegistrationMakeNoStepAndAreTold() throws {
    let s = Session(registry: .builtins)
    let model = SessionModel(session: s)
    var changes = 0
    let observation = s.observeChanges { _ in changes += 1 }
    try s.perform("move", on: "shape", "up")
    try s.withoutUndoRegistration {
      try s.perform("move", on: "shape", "right")
      try s.run(SourceFile(name: "load", text: "move right; paint blue"))
    }
    #expect(shape(s) == (2, 1) && s.undoCount == 1 && s.redoCount == 0 && changes == 4)
    #expect(model.state(of: "shape")?["x"] == .int(2) && model.history.count == 1)
    try s.undo()  // the step before is still undone, by its own record
    #expect(shape(s) == (2, 0) && s.state(of: "shape")?["color"] == .string("blue"))
    withExtendedLifetime(observation) {}
  }

  @Test func aUsersScriptIsOneStepAndItsErrorsAreInItsFile() throws {
    let s = Session(registry: .builtins)
    try s.perform("paint", on: "shape", "red")
    let script = "macro zig { move up; move right }\nzig\nzig\nmove down"
    try s.run(SourceFile(name: "user.cmd", text: script), asOneStep: "Run Script")
    #expect(s.undoCount == 2 && s.undoMenuItemTitle == "Undo Run Script" && shape(s) == (2, 1))
    try s.undo()
    #expect(shape(s) == (0, 0))
    try s.redo()
    let failing = "zig\nmove up\ndoor.lock\ndoor.open"
    do {
      try s.run(SourceFile(name: "user.cmd", text: failing), asOneStep: "Run Script")
      Issue.record("it ran")
    } catch {
      guard case .runtime(let diagnostic) = error else { return #expect(Bool(false)) }
      #expect(diagnostic.location.file == "user.cmd" && diagnostic.location.line == 4)
    }
    // All or nothing: what it did is undone and forgotten.
    #expect(shape(s) == (2, 1) && s.undoCount == 2 && s.redoCount == 0 && s.historyTree.nodes.count == 2)
  }
}

extension Session {
  fileprivate var canUndoOrRedo: Bool { undoCount > 0 || redoCount > 0 }
}
