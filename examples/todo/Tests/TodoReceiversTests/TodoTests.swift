import CommandScript
import Foundation
import Synchronization
import Testing
import TodoReceivers

/// A notifier that keeps what it was asked to send.
private final class KeptNotifications: Notifier {
  private let sent = Mutex<[String]>([])
  func send(_ message: String) { sent.withLock { $0.append(message) } }
  var messages: [String] { sent.withLock { $0 } }
}

/// The app's session: both receivers, the list made with `notifier`.
private func session(_ notifier: KeptNotifications = KeptNotifications()) throws -> Session {
  var registry = ReceiverRegistry()
  try registry.register(TextBuffer.self)
  try registry.register(TodoList.self) { _ in TodoList(notifier: notifier) }
  return Session(registry: registry)
}

@Suite struct TodoTests {
  @Test func theAppMakesTheListsAndReachesThemTyped() throws {
    let notifier = KeptNotifications()
    let s = try session(notifier)
    try s.run(SourceFile(name: "t", text: "new todo home"))
    try s.perform("add", on: "todo", "ship it")
    try s.perform("add", on: "home", "milk")
    try s.perform("notify", on: "home")
    #expect(s.receiver("todo", as: TodoList.self)?.items.map(\.title) == ["ship it"])
    #expect(s.receiver("home", as: TodoList.self)?.items.map(\.title) == ["milk"])
    #expect(notifier.messages == ["milk"])
  }

  @Test func typedCallsAreCheckedAndUndoneAsTypedStatements() throws {
    let s = try session()
    let text = try #require(s.receiver("text", as: TextBuffer.self))
    let pasted = "line one\r\nline two \u{0} with $1 and \"quotes\""
    try s.perform("insert", on: "text", .text(pasted))
    try s.perform("upper", on: "text")
    #expect(text.text == pasted.uppercased())
    try s.undo()
    #expect(text.text == pasted)
    try s.perform("delete", on: "text", 3)
    #expect(text.text == String(pasted.dropLast(3)))
    #expect(throws: Session.RunError.self) { try s.perform("delete", on: "text", 0) }
    #expect(throws: Session.RunError.self) { try s.perform("done", on: "todo", 1) }  // no item 1
    #expect(s.undoCount == 2)
  }

  @Test func aPasteIsOneNamedStep() throws {
    let s = try session()
    try s.perform("insert", on: "text", "draft")
    try s.group("Paste") { calls in
      calls.perform("clear", on: "text")
      calls.perform("insert", on: "text", "final")
      calls.perform("add", on: "todo", "review final")
    }
    #expect(s.undoMenuItemTitle == "Undo Paste")
    try s.undo()
    #expect(s.receiver("text", as: TextBuffer.self)?.text == "draft")
    #expect(s.receiver("todo", as: TodoList.self)?.items == [])
    #expect(s.undoMenuItemTitle == "Undo Typing" && s.redoMenuItemTitle == "Redo Paste")
  }

  @Test func theUIIsToldOncePerStepWithWhatChanged() throws {
    let s = try session()
    var changes: [Change] = []
    s.onChange = { changes.append($0) }
    try s.perform("add", on: "todo", "a")
    try s.perform("rename", on: "todo", 1, "b")
    try s.perform("notify", on: "todo")  // no undo step, but it took effect
    try s.run(SourceFile(name: "t", text: "show; macro m { }; repeat 0 { text.clear }"))
    #expect(throws: Session.RunError.self) { try s.perform("remove", on: "todo", 2) }
    try s.undo()
    #expect(
      changes == [
        Change(kind: .done, actionName: "Add Item", receivers: ["todo"]),
        Change(kind: .done, actionName: "Rename Item", receivers: ["todo"]),
        Change(kind: .done, actionName: "todo.notify", receivers: ["todo"]),
        Change(kind: .undone, actionName: "Rename Item", receivers: ["todo"]),
      ])
  }

  @Test func aNotificationAloneIsNotUndoneAndARestoredSessionDoesNotSendAgain() throws {
    let notifier = KeptNotifications()
    let live = try session(notifier)
    var journal: [String] = []
    live.onCommit = { journal.append($0) }
    try live.perform("add", on: "todo", "ship it")
    try live.perform("notify", on: "todo")
    #expect(live.undoActionName == "Add Item")  // the notification is no step
    let restored = try session(notifier)
    restored.isReplaying = true
    for entry in journal { try restored.run(SourceFile(name: "journal", text: entry)) }
    restored.isReplaying = false
    #expect(restored.state(of: "todo") == live.state(of: "todo"))
    #expect(notifier.messages == ["ship it"])
  }

  @Test func decimalAndBooleanArgumentsDecide() throws {
    let s = try session()
    try s.run(SourceFile(name: "t", text: "todo.add \"a\"; todo.add \"b\"; todo.estimate 1 2.5; todo.estimate 2 1"))
    try s.perform("estimate", on: "todo", 2, 0.75)
    #expect(s.receiver("todo", as: TodoList.self)?.items.map(\.hours) == [2.5, 0.75])
    try s.run(SourceFile(name: "t", text: "assert todo.hours == 3.25; todo.done 1; assert todo.hours < 1"))
    try s.perform("done", on: "todo", 1, false)  // open again
    try s.run(SourceFile(name: "t", text: "if todo.hours > 3 { todo.done 2 true }"))
    #expect(s.receiver("todo", as: TodoList.self)?.items.map(\.done) == [false, true])
    #expect(throws: Session.RunError.self) { try s.perform("estimate", on: "todo", 1, 1000.5) }
    #expect(throws: Session.RunError.self) { try s.perform("done", on: "todo", 1, "maybe") }
    try s.undo(4)  // the three `done` and the estimate of 0.75
    #expect(s.receiver("todo", as: TodoList.self)?.items.map(\.hours) == [2.5, 1])
  }

  @Test func anImportIsARequestAwaitedAndRolledBackIfAnotherFails() async throws {
    let server = try ListServer()
    let s = try session()
    try await s.perform("import", on: "todo", .text(server.url("week")))
    #expect(s.receiver("todo", as: TodoList.self)?.items.map(\.title) == ["plan", "ship"])
    #expect(s.undoActionName == "Import")
    do {
      try await s.run(
        SourceFile(name: "t", text: "{ todo.import \"\(server.url("week"))\"; todo.import \"\(server.url("none"))\" }"))
      Issue.record("expected the second import to fail")
    } catch {
      guard case .runtime(let diagnostic) = error else { throw error }
      #expect(diagnostic.message == "todo: \(server.url("none")) answered HTTP 404")
    }
    #expect(s.receiver("todo", as: TodoList.self)?.items.count == 2)  // the first import rolled back
    try await s.undo()
    try await s.redo()  // the result it had; no second request
    #expect(s.receiver("todo", as: TodoList.self)?.items.map(\.title) == ["plan", "ship"])
    #expect(try server.requests() == ["/week", "/week", "/none"])
  }

  @Test func undoTitlesAreLocalised() throws {
    let s = try session()
    s.localizedActionName = { ["Typing": "Frappe"][$0] ?? $0 }
    s.menuItemTitle = { kind, name in (kind == .redone ? "Rétablir" : "Annuler") + (name.map { " \($0)" } ?? "") }
    try s.perform("insert", on: "text", "x")
    #expect(s.undoMenuItemTitle == "Annuler Frappe")
  }

  @Test func threeThousandInsertsUndoExactly() throws {
    // Each insert's undo record is a count, not a copy of the text.
    let s = try session()
    let line = String(repeating: "x", count: 100)
    for _ in 0..<3000 { try s.perform("insert", on: "text", .text(line)) }
    #expect(s.receiver("text", as: TextBuffer.self)?.text.count == 300_000)
    try s.undo(3000)
    #expect(s.receiver("text", as: TextBuffer.self)?.text == "")
  }
}
