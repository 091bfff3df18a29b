import CommandScript
import CommandScriptReceivers
import LampReceiver
import Testing

/// A session with the built-in receivers and the lamp.
private func session(_ text: String = "") throws -> Session {
  var registry = ReceiverRegistry.builtins
  try registry.register(Lamp.self)
  let session = Session(registry: registry)
  try session.run(SourceFile(name: "t", text: text))
  return session
}

extension Session {
  fileprivate func run(_ text: String) throws { try run(SourceFile(name: "t", text: text)) }
}

/// The lamp's state as `state(of:)` reports it.
private func lamp(on: Bool, level: Int) -> StateValue { ["on": .bool(on), "level": .int(level)] }

@Suite struct LampTests {
  @Test func registersAfterTheBuiltins() throws {
    #expect(try session().receiverNames == ["shape", "door", "board", "vehicle", "network", "lamp"])
  }

  @Test func startsOffAtFullLevel() throws {
    #expect(try session().state(of: "lamp") == lamp(on: false, level: 100))
  }

  @Test func dimOnUndo() throws {
    let s = try session("lamp.dim 30; lamp.on")
    #expect(s.state(of: "lamp") == lamp(on: true, level: 30))
    try s.run("undo")
    #expect(s.state(of: "lamp") == lamp(on: false, level: 30))
    try s.run("undo")
    #expect(s.state(of: "lamp") == lamp(on: false, level: 100))
  }

  @Test func bareVerbsReachTheLamp() throws {
    let s = try session("on; dim 0; off; dim 100; on")
    #expect(s.state(of: "lamp") == lamp(on: true, level: 100))
    #expect(s.undoCount == 5)
  }

  @Test func eachVerbUndoesToExactlyTheStateBefore() throws {
    let s = try session("dim 40")
    for command in ["on", "off", "dim 70", "on", "on", "dim 40", "off", "off"] {
      let before = s.state(of: "lamp")
      try s.run(command)
      try s.run("undo")
      #expect(s.state(of: "lamp") == before, "undo of `\(command)`")
      try s.run(command)
    }
  }

  @Test func undoAndRedoWithCounts() throws {
    let s = try session("on; dim 50; dim 20; off")
    try s.run("undo 3")
    #expect(s.state(of: "lamp") == lamp(on: true, level: 100))
    #expect(s.redoCount == 3)
    try s.run("redo 2")
    #expect(s.state(of: "lamp") == lamp(on: true, level: 20))
    try s.run("redo")
    #expect(s.state(of: "lamp") == lamp(on: false, level: 20))
    #expect(s.redoCount == 0)
  }

  @Test func dimOutOfRangeIsACompileErrorWithALocation() throws {
    let s = try session()
    let error = #expect(throws: Session.RunError.self) { try s.run("on\ndim 101") }
    guard case .compile(let errors)? = error else {
      Issue.record("expected compile errors, got \(String(describing: error))")
      return
    }
    #expect(errors.diagnostics.count == 1)
    let d = try #require(errors.diagnostics.first)
    #expect(d.severity == .error)
    #expect(d.location == SourceLocation(file: "t", line: 2, column: 5, length: 3))
    #expect(d.message.contains("0") && d.message.contains("100") && d.message.contains("101"))
    // Nothing ran, not even the valid `on` before it.
    #expect(s.state(of: "lamp") == lamp(on: false, level: 100))
    #expect(s.undoCount == 0)
  }

  @Test func macroUsingTheLampIsOneUndoStep() throws {
    let s = try session(
      """
      macro glow n { lamp.on; lamp.dim $n; door.open }
      glow 25
      """)
    #expect(s.state(of: "lamp") == lamp(on: true, level: 25))
    #expect(s.state(of: "door") == ["open": .bool(true), "locked": .bool(false)])
    #expect(s.history.map(\.statement) == ["glow 25"])
    try s.run("undo")
    #expect(s.state(of: "lamp") == lamp(on: false, level: 100))
    #expect(s.state(of: "door") == ["open": .bool(false), "locked": .bool(false)])
    // The macro's parameter takes its kind from `dim`: 0...100.
    #expect(throws: Session.RunError.self) { try s.run("glow 101") }
  }

  @Test func failingTransactionRollsBackTheLampToo() throws {
    let s = try session("lock; dim 60")
    let before = s.state(of: "lamp")
    let error = #expect(throws: Session.RunError.self) {
      try s.run("transaction { lamp.on; lamp.dim 10; door.open; lamp.off }")
    }
    guard case .runtime(let d)? = error else {
      Issue.record("expected a run-time failure, got \(String(describing: error))")
      return
    }
    #expect(d.message == "door: the door is locked")
    #expect(d.location == SourceLocation(file: "t", line: 1, column: 37, length: 9))
    #expect(s.state(of: "lamp") == before)
    #expect(s.state(of: "door") == ["open": .bool(false), "locked": .bool(true)])
    #expect(s.history.map(\.statement) == ["lock", "dim 60"])
  }
}
