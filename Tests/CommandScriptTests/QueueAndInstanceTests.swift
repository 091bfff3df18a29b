import CommandScript
import CommandScriptReceivers
import Testing

@Suite struct QueueAndInstanceTests {
  private func session() -> (Session, Box) {
    let s = Session(registry: .builtins)
    let box = Box()
    s.onOutput = { box.outputs.append($0) }
    s.onDiagnostic = { box.diagnostics.append($0) }
    return (s, box)
  }

  final class Box {
    var outputs: [Output] = []
    var diagnostics: [Diagnostic] = []
  }

  @Test func queuedStatementsRunLaterEachItsOwnUndoStep() throws {
    let (s, box) = session()
    try s.run(SourceFile(name: "t", text: "queue move up; queue { move right; paint red }; pending"))
    #expect(box.outputs == [.pending(["move up", "{ move right; paint red }"])])
    #expect(s.undoCount == 0)
    try s.run(SourceFile(name: "t", text: "run"))
    #expect(box.outputs.last == .queueRun(finished: 2, failed: 0))
    #expect(s.undoCount == 2)
    try s.run(SourceFile(name: "t", text: "undo"))
    #expect(s.state(of: "shape") == ["x": .int(0), "y": .int(1), "color": .string("blue")])
  }

  @Test func aFailingQueuedStatementIsRolledBackAloneAndCounted() throws {
    let (s, box) = session()
    try s.run(
      SourceFile(name: "t", text: "door.lock\nqueue move up\nqueue { move up; door.open }\nqueue move left\nrun"))
    #expect(box.outputs.last == .queueRun(finished: 2, failed: 1))
    #expect(
      box.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
        "3:18 door: the door is locked"
      ])
    #expect(s.failedQueuedStatements == 1)
    #expect(s.state(of: "shape") == ["x": .int(-1), "y": .int(1), "color": .string("blue")])
  }

  @Test func aBatchRunsTheQueueWhenFull() throws {
    let (s, box) = session()
    try s.run(SourceFile(name: "t", text: "batch 2; queue move up"))
    #expect(s.undoCount == 0)
    try s.run(SourceFile(name: "t", text: "queue move up"))
    #expect(box.outputs == [.queueRun(finished: 2, failed: 0)])
    #expect(s.state(of: "shape")?["y"] == .int(2))
  }

  @Test func newInstancesAreUndoableAndChecked() throws {
    let (s, _) = session()
    try s.run(SourceFile(name: "t", text: "new door back; back.lock"))
    #expect(s.receiverNames.contains("back"))
    #expect(s.state(of: "back") == ["open": .bool(false), "locked": .bool(true)])
    try s.run(SourceFile(name: "t", text: "undo 2"))
    #expect(s.state(of: "back") == nil)
    #expect(throws: Session.RunError.self) { try s.run(SourceFile(name: "t", text: "back.open")) }
    try s.run(SourceFile(name: "t", text: "redo 2"))
    #expect(s.state(of: "back") == ["open": .bool(false), "locked": .bool(true)])
    #expect(throws: Session.RunError.self) { try s.run(SourceFile(name: "t", text: "new door back")) }
  }
}
