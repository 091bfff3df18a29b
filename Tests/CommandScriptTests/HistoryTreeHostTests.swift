import CommandScript
import CommandScriptObservation
import CommandScriptReceivers
import Testing

/// The undo tree as a host sees it: `Session.historyTree`, the moves by number, count and
/// time (with an injected clock), the change events of a move, and the saved mark, in a
/// session and in a `SessionModel`.
@Suite struct HistoryTreeHostTests {
  private func session(clock start: Int = 50_000) -> (Session, () -> Void) {
    let session = Session(registry: .builtins)
    let time = Box(start)
    session.clock = { time.value }
    return (session, { time.value += 60 })
  }

  private final class Box: @unchecked Sendable {
    var value: Int
    init(_ value: Int) { self.value = value }
  }

  @Test func theTreeHasEveryStepWithItsParentChildrenTimeAndTitle() throws {
    let (s, tick) = session()
    for statement in ["move up", "paint red", "undo", "door.open"] {
      try s.run(SourceFile(name: "t", text: statement))
      tick()
    }
    let tree = s.historyTree
    #expect(tree.nodes.map(\.number) == [1, 2, 3] && tree.current == 3 && tree.lastNumber == 3)
    #expect(tree.node(1)?.children == [3, 2] && tree.node(3)?.parent == 1 && tree.rootChildren == [1])
    #expect(tree.nodes.map(\.time) == [50_000, 50_060, 50_180])
    #expect(tree.node(3)?.statement == "door.open" && tree.node(2)?.title == "paint red")
  }

  @Test func movesByNumberCountAndTimeTellEachStepUndoneAndRedone() throws {
    let (s, tick) = session()
    for statement in ["move up", "move up", "undo", "move right"] {
      try s.run(SourceFile(name: "t", text: statement))
      tick()
    }
    var changes: [Change] = []
    let observation = s.observeChanges { changes.append($0) }
    try s.goto(2)
    #expect(s.state(of: "shape") == Session(registry: .builtins).stateAfter("move up; move up"))
    // One change for the move, which says what it undid and redid.
    #expect(
      changes == [Change(movedBy: "goto 2", undoneSteps: [3], redoneSteps: [2], receivers: ["shape"])])
    try s.earlier(1)
    #expect(s.historyTree.current == 1)
    try s.later(5)
    #expect(s.historyTree.current == 3)
    // Time: the steps were made at 50000, 50060 and 50180, the current time is the last
    // redone's; two minutes back, the nearest step is 2 (made at 50060): before it.
    try s.earlier(seconds: 120)
    #expect(s.historyTree.current == 1 && s.historyTree.curhead == 2)
    try s.later(seconds: 3600)
    #expect(s.historyTree.current == 3)
    try s.goto(0)
    #expect(changes.count == 6 && changes.allSatisfy { $0.kind == .moved })
    #expect(changes.last?.undoneSteps == [3, 1] && changes.last?.redoneSteps == [])
    withExtendedLifetime(observation) {}
  }

  @Test func theSavedMarkSaysWhetherTheDocumentIsDirty() throws {
    let (s, _) = session()
    let model = SessionModel(session: s)
    try model.run(SourceFile(name: "t", text: "move up"))
    model.markSaved()
    #expect(model.isAtSavedState && s.isAtSavedState)
    try s.run(SourceFile(name: "t", text: "move up"))
    #expect(!model.isAtSavedState)
    try s.undo()
    #expect(model.isAtSavedState)
    try s.run(SourceFile(name: "t", text: "move left"))
    #expect(!model.isAtSavedState && model.historyTree.lastNumber == 3)
    try s.goto(1)
    #expect(model.isAtSavedState && model.historyTree.current == 1)
  }
}

extension Session {
  /// The shape's state in a fresh session after `text`.
  fileprivate func stateAfter(_ text: String) -> StateValue? {
    try? run(SourceFile(name: "t", text: text))
    return state(of: "shape")
  }
}
