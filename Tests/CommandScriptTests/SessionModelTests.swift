import CommandScript
import CommandScriptObservation
import CommandScriptReceivers
import Observation
import Synchronization
import Testing

/// Stands for a view: counts the times Observation reports that what `read` read has
/// changed. As a view, it reads again (and so tracks again) only when it is next drawn:
/// ``draw()``, after each statement.
private final class View: Sendable {
  private let state = Mutex((reports: 0, stale: false))
  private let read: @Sendable () -> Void

  init(_ read: @escaping @Sendable () -> Void) {
    self.read = read
    withObservationTracking(read) { [self] in state.withLock { $0 = ($0.reports + 1, true) } }
  }

  func draw() {
    guard state.withLock({ $0.stale }) else { return }
    state.withLock { $0.stale = false }
    withObservationTracking(read) { [self] in state.withLock { $0 = ($0.reports + 1, true) } }
  }

  /// How many times it was told to redraw.
  var redraws: Int { state.withLock { $0.reports } }
}

@Suite struct SessionModelTests {
  private func model() -> (Session, SessionModel) {
    let session = Session(registry: .builtins)
    return (session, SessionModel(session: session))
  }

  @Test func aViewIsToldOnceAStatementOfWhatItReads() throws {
    let (session, model) = model()
    nonisolated(unsafe) let shown = model
    let door = View { _ = shown.state(of: "door") }
    let menu = View { _ = (shown.canUndo, shown.undoMenuItemTitle, shown.history) }
    func run(_ statement: () throws -> Void) rethrows {
      try statement()
      door.draw()
      menu.draw()
    }
    try run { try model.run(SourceFile(name: "t", text: "move up")) }
    #expect(door.redraws == 0 && menu.redraws == 1)
    #expect(model.undoMenuItemTitle == "Undo move up" && model.canUndo)
    try run { try session.perform("open", on: "door") }  // not through the model: its change event
    #expect(door.redraws == 1 && menu.redraws == 2)
    #expect(model.state(of: "door")?["open"] == .bool(true))
    // A definition, a question, a no-op: nothing a view shows changes.
    try run { try model.run(SourceFile(name: "t", text: "macro m { }; show; repeat 0 { door.close }")) }
    #expect(door.redraws == 1 && menu.redraws == 2)
    try run { try session.undo() }
    #expect(door.redraws == 2 && menu.redraws == 3)
    #expect(model.state(of: "door")?["open"] == .bool(false))
    #expect(model.redoMenuItemTitle == "Redo door.open" && model.history.map(\.undone) == [false, true])
  }

  @Test func theQueueIsShownWhenRunThroughTheModel() throws {
    let (_, model) = model()
    nonisolated(unsafe) let shown = model
    let pending = View { _ = shown.pending }
    try model.run(SourceFile(name: "t", text: "queue move up; queue paint red"))
    pending.draw()
    #expect(model.pending == ["move up", "paint red"] && pending.redraws == 1)
    try model.run(SourceFile(name: "t", text: "run"))
    #expect(model.pending == [] && pending.redraws == 2)
    #expect(model.state(of: "shape")?["color"] == .string("red"))
  }

  @Test func theListenerThatWasThereStillHearsOfChanges() throws {
    let session = Session(registry: .builtins)
    var heard: [Change.Kind] = []
    session.onChange = { heard.append($0.kind) }
    let model = SessionModel(session: session)
    try session.run(SourceFile(name: "t", text: "move up; undo"))
    #expect(heard == [.done, .undone])
    #expect(model.canRedo && !model.canUndo)
  }

  /// Setting `onChange` after the model was made, or adding another observer, leaves the
  /// model following the session.
  @Test func theModelKeepsFollowingBesideOtherObservers() throws {
    let session = Session(registry: .builtins)
    let model = SessionModel(session: session)
    var heard: [String] = []
    session.onChange = { heard.append("onChange \($0.actionName)") }
    var observation: ChangeObservation? = session.observeChanges { heard.append("observer \($0.kind)") }
    try session.perform("open", on: "door")
    #expect(model.state(of: "door")?["open"] == .bool(true) && model.canUndo)
    #expect(heard == ["onChange door.open", "observer done"])
    observation?.cancel()
    try session.undo()
    #expect(model.state(of: "door")?["open"] == .bool(false) && model.canRedo)
    #expect(heard == ["onChange door.open", "observer done", "onChange door.open"])
    // Released, a token stops its observer too.
    observation = session.observeChanges { heard.append("second \($0.kind)") }
    try session.redo()
    observation = nil
    try session.undo()
    #expect(heard.filter { $0.hasPrefix("second") } == ["second redone"])
    #expect(model.canRedo)
  }
}
