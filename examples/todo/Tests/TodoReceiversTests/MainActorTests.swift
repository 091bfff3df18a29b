import CommandScript
import CommandScriptObservation
import Observation
import Synchronization
import Testing
import TodoReceivers

/// A SwiftUI-style view model, on the main actor: the to-do list's filter, a receiver
/// through a conformance isolated to the main actor, so scripts and undo reach it there.
@MainActor final class Filter: @MainActor Receiver {
  typealias Undo = Bool
  static let typeName = "filter"
  static let summary = "what the list view shows"
  static let verbs: [Verb<Filter>] = [
    Verb("open", .boolean("only"), summary: "show only open items", restoring: \.onlyOpen) { filter, only in
      filter.onlyOpen = only
    }
  ]
  var onlyOpen = false
  init() {}
  var state: StateValue { ["onlyOpen": .bool(onlyOpen)] }
}

@MainActor @Suite struct MainActorTests {
  @Test func aMainActorModelIsScriptedUndoneAndObserved() throws {
    var registry = ReceiverRegistry()
    try registry.register(TodoList.self) { _ in TodoList(notifier: Silent()) }
    try registry.register(Filter.self)
    let model = SessionModel(session: Session(registry: registry))
    let redraws = Mutex(0)
    func observe() {
      withObservationTracking {
        _ = model.state(of: "filter")
      } onChange: {
        redraws.withLock { $0 += 1 }
      }
    }
    observe()
    try model.run(SourceFile(name: "ui", text: "todo.add \"a\"; filter.open true"))
    #expect(model.session.receiver("filter", as: Filter.self)?.onlyOpen == true)
    #expect(redraws.withLock { $0 } == 1)  // one statement, one redraw
    observe()
    try model.run(SourceFile(name: "ui", text: "todo.add \"b\""))
    #expect(redraws.withLock { $0 } == 1)  // the filter did not change
    try model.run(SourceFile(name: "ui", text: "undo 2"))
    #expect(model.session.receiver("filter", as: Filter.self)?.onlyOpen == false)
    #expect(redraws.withLock { $0 } == 2)
    #expect(model.canRedo && model.redoMenuItemTitle == "Redo filter.open true")
  }
}

/// A notifier that sends nothing.
private struct Silent: Notifier {
  func send(_ message: String) {}
}
