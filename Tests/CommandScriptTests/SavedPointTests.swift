import CommandScript
import CommandScriptObservation
import CommandScriptReceivers
import Testing

/// The saved point (``Session/markSaved()``) under a history limit: a saved state the
/// limit dropped can no longer be reached, so it is forgotten rather than compared with
/// the state that now stands before every kept step.
@Suite struct SavedPointTests {
  @Test func aSavedPointTheLimitDroppedIsGone() throws {
    let s = Session(registry: .builtins)
    s.markSaved()  // the document as opened
    s.limits.history = 1
    try s.perform("move", on: "shape", "up")
    try s.perform("move", on: "shape", "up")
    try s.undo()
    // The state is after the first move; the saved one (before it) is gone.
    #expect(!s.isAtSavedState && s.historyTree.saved == nil)
    try s.undo()
    #expect(!s.isAtSavedState)
  }

  @Test func fiveStepsUnderALimitOfTwoForgetTheSavedStart() throws {
    let s = Session(registry: .builtins)
    let model = SessionModel(session: s)
    model.markSaved()
    s.limits.history = 2
    for _ in 0..<5 { try s.perform("move", on: "shape", "up") }
    try s.undo(2)
    #expect(!s.isAtSavedState && !model.isAtSavedState && s.historyTree.saved == nil)
  }

  @Test func aSavedStepThatBecomesTheOldestStateStaysSaved() throws {
    let s = Session(registry: .builtins)
    s.limits.history = 1
    try s.perform("move", on: "shape", "up")
    s.markSaved()
    try s.perform("move", on: "shape", "up")
    // The saved state is now the one before every kept step.
    #expect(s.historyTree.saved == 0 && !s.isAtSavedState)
    try s.undo()
    #expect(s.isAtSavedState)
  }

  @Test func aSavedStateOnADroppedBranchIsGone() throws {
    let s = Session(registry: .builtins)
    try s.perform("move", on: "shape", "up")
    s.markSaved()
    try s.undo()
    s.limits.history = 1
    try s.perform("move", on: "shape", "left")
    try s.perform("move", on: "shape", "left")
    #expect(s.historyTree.saved == nil && !s.isAtSavedState)
  }
}
