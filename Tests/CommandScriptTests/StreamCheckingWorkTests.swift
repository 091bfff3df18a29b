import CommandScriptReceivers
import Testing

@testable import CommandScript

// A stream's entries that make receivers are checked one at a time, each against the
// state the ones before left. That state must not be copied whole for each entry (a stream
// of `new door dN; secure dN` with a receiver macro was quadratic: 1,000 doors 0.26 s,
// 4,000 doors 2.49 s on the debug build). Checked by the work's shape, not by time.
@Suite struct StreamCheckingWorkTests {
  private func entries(_ session: Session, _ count: Int) throws {
    try session.run(SourceFile(name: "m", text: "macro secure d { $d.close; $d.lock }"))
    for i in 0..<count { try session.run(SourceFile(name: "e\(i)", text: "new door d\(i); secure d\(i)")) }
  }

  @Test func theRunsMacrosAreNotTheCheckersStorage() throws {
    let session = Session(registry: .builtins)
    try entries(session, 3)
    // Shared storage would be copied whole at the checker's next definition.
    let checkers = session.checkerState.macros.withUnsafeBufferPointer { $0.baseAddress }
    let runs = session.timeline.invoker.macros.withUnsafeBufferPointer { $0.baseAddress }
    #expect(checkers != runs)
    #expect(session.timeline.invoker.macros.count == session.checkerState.macros.count)
  }

  @Test func everyEntrysReceiversAndBindingsStay() throws {
    let session = Session(registry: .builtins)
    try entries(session, 50)
    #expect(session.timeline.invoker.unretained.count == session.timeline.invoker.instances.count)
    #expect(session.state(of: "d49") == ["open": .bool(false), "locked": .bool(true)])
    // Each entry is two steps: `undo 3` takes back d49 and d48's binding.
    try session.run(SourceFile(name: "again", text: "undo 3"))
    #expect(session.state(of: "d48") == ["open": .bool(false), "locked": .bool(false)])
    #expect(!session.receiverNames.contains("d49"))
    try session.run(SourceFile(name: "again", text: "secure d48"))
    #expect(session.state(of: "d48") == ["open": .bool(false), "locked": .bool(true)])
  }

  @Test func anEntryThatDoesNotCompileLeavesTheStateAsItWas() throws {
    let session = Session(registry: .builtins)
    try entries(session, 2)
    let before = session.checkerState.instances.count
    #expect(throws: Session.RunError.self) {
      try session.run(SourceFile(name: "bad", text: "new door x; macro m d { $d.lock }; movee up"))
    }
    #expect(session.checkerState.instances.count == before)
    #expect(session.checkerState.macro(named: "m") == nil)
    _ = try session.check([SourceFile(name: "checked", text: "new door y; macro n d { $d.lock }; n y")])
    #expect(session.checkerState.instances.count == before)
    #expect(session.checkerState.macro(named: "n") == nil)
    try session.run(SourceFile(name: "good", text: "new door x; secure x"))
    #expect(session.state(of: "x") == ["open": .bool(false), "locked": .bool(true)])
  }

  @Test func aVariableDeclaredInAnEntryThatDoesNotCompileIsNotDeclared() throws {
    let session = Session(registry: .builtins)
    #expect(throws: Session.RunError.self) {
      try session.run(SourceFile(name: "bad", text: "var x = 1; movee up"))
    }
    #expect(session.checkerState.globals["x"] == nil)
    _ = try? session.check([SourceFile(name: "checked", text: "let y = 2")])
    #expect(session.checkerState.globals["y"] == nil)
    // Assigning it is the compile error of a name never declared, not a failure at run time.
    #expect(throws: Session.RunError.self) { try session.run(SourceFile(name: "assign", text: "x = 5")) }
    try session.run(SourceFile(name: "good", text: "var x = 2"))
    #expect(session.checkerState.globals["x"] != nil)
  }
}
