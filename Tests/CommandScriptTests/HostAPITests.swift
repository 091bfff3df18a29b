import CommandScript
import CommandScriptReceivers
import Synchronization
import Testing

/// What a to-do list is given by the app that makes it: where notifications go.
private final class Notifier: Sendable {
  private let sent = Mutex<[String]>([])
  func send(_ text: String) { sent.withLock { $0.append(text) } }
  var messages: [String] { sent.withLock { $0 } }
}

/// A receiver with no `init()`: the app makes it, with its notifier.
private final class TodoList: ReceiverBase {
  typealias Undo = [String]
  static let typeName = "todo"
  static let summary = "a to-do list"
  static let verbs: [Verb<TodoList>] = [
    Verb("add", [Parameter("title", .string)], summary: "add an item", restoring: \.items) { list, args in
      list.items.append(args.string(0))
    }.named("Add Item"),
    Verb(
      "mark", [Parameter("how", .word(WordSet(words: ["urgent", "later"])))], summary: "mark the last item",
      restoring: \.items
    ) {
      list, args throws(CommandFailure) in
      guard let last = list.items.indices.last else { throw CommandFailure("the list is empty") }
      list.items[last] += args.wordIndex(0) == 0 ? "!" : "…"
    },
    Verb(notUndoable: "notify", summary: "send the list") { list, _ in
      list.notifier.send(list.items.joined(separator: ", "))
    },
  ]
  let name: String
  let notifier: Notifier
  var items: [String] = []
  init(name: String, notifier: Notifier) {
    self.name = name
    self.notifier = notifier
  }
  var state: StateValue { ["items": .array(items.map { .string($0) })] }
}

/// The messages of the compile errors `call` throws (none if it throws none or another).
private func compileErrors(_ call: () throws(Session.RunError) -> Void) -> [String] {
  do {
    try call()
  } catch {
    if case .compile(let errors) = error { return errors.diagnostics.map(\.message) }
  }
  return []
}

@Suite struct HostAPITests {
  private func session(_ notifier: Notifier = Notifier()) throws -> Session {
    var registry = ReceiverRegistry.builtins
    try registry.register(TodoList.self) { name in TodoList(name: name, notifier: notifier) }
    return Session(registry: registry)
  }

  @Test func theFactoryMakesEveryInstanceAndTheHostReachesThemTyped() throws {
    let notifier = Notifier()
    let s = try session(notifier)
    try s.run(SourceFile(name: "t", text: "new todo home; todo.add \"a\"; home.add \"b\"; home.notify"))
    let first = try #require(s.receiver("todo", as: TodoList.self))
    let home = try #require(s.receiver("home", as: TodoList.self))
    #expect(first.name == "todo" && first.items == ["a"])
    #expect(home.name == "home" && home.items == ["b"])
    #expect(home.notifier === notifier && notifier.messages == ["b"])
    // The very object the commands act on.
    try s.perform("add", on: "home", "c")
    #expect(home.items == ["b", "c"])
    #expect(s.receiver("home", as: Shape.self) == nil)
    #expect(s.receiver("nobody", as: TodoList.self) == nil)
    #expect(s.receiver("shape", as: Shape.self) != nil)
  }

  @Test func aReceiverWhoseNewWasUndoneIsNotReached() throws {
    let s = try session()
    try s.run(SourceFile(name: "t", text: "new todo work"))
    #expect(s.receiver("work", as: TodoList.self) != nil)
    try s.undo()
    #expect(s.receiver("work", as: TodoList.self) == nil)
  }

  @Test func performChecksTheCallAsTheSameStatementTypedAndMakesOneStep() throws {
    let s = try session()
    var committed: [String] = []
    s.onCommit = { committed.append($0) }
    try s.perform("move", on: "shape", "up", 3)
    try s.perform("paint", "red")
    try s.perform("add", on: "todo", "mark")  // a string parameter: written as a string
    try s.perform("mark", on: "todo", "urgent")
    #expect(s.state(of: "shape")?["y"] == .int(3))
    #expect(s.state(of: "shape")?["color"] == .string("red"))
    #expect(s.receiver("todo", as: TodoList.self)?.items == ["mark!"])
    #expect(s.undoCount == 4)
    #expect(committed == ["shape.move up 3", "paint red", "todo.add \"mark\"", "todo.mark urgent"])
    #expect(
      compileErrors { () throws(Session.RunError) in try s.perform("paint", on: "shape", "mauve") }
        == [
          "`mauve` is not a colour (red, orange, yellow, green, teal, cyan, blue, purple, magenta, black, white, grey)"
        ])
    #expect(
      compileErrors { () throws(Session.RunError) in try s.perform("paint", on: "shape", "dark red") }
        == [
          "`colour` must be a colour (red, orange, yellow, green, teal, cyan, blue, purple, magenta, black, white, grey), not a string"
        ])
    #expect(compileErrors { () throws(Session.RunError) in try s.perform("move", on: "shape", "up", 0) }.count == 1)
    #expect(compileErrors { () throws(Session.RunError) in try s.perform("fly", on: "shape") }.count == 1)
    #expect(s.undoCount == 4)
  }

  @Test func anyTextReachesTheReceiverExactly() throws {
    let s = try session()
    let texts = ["nul \u{0} here", "crlf\r\nand cr\r", "$1 $x \\ \" # { }", "😀\u{1B}[0m", ""]
    for text in texts { try s.perform("add", on: "todo", .text(text)) }
    #expect(s.receiver("todo", as: TodoList.self)?.items == texts)
  }

  @Test func aFailingCallChangesNothing() throws {
    let s = try session()
    do {
      try s.perform("mark", on: "todo", "later")
      Issue.record("expected a run-time error")
    } catch .runtime(let failure) {
      #expect(failure.message == "todo: the list is empty")
    }
    #expect(s.undoCount == 0)
  }

  @Test func aGroupIsOneStepAllOrNothing() throws {
    let s = try session()
    try s.group { calls in
      calls.perform("add", on: "todo", "a")
      calls.perform("add", on: "todo", "b")
      calls.perform("move", on: "shape", "right", 2)
    }
    #expect(s.receiver("todo", as: TodoList.self)?.items == ["a", "b"])
    #expect(s.undoCount == 1)
    #expect(throws: Session.RunError.self) {
      try s.group { calls in
        calls.perform("add", on: "todo", "c")
        calls.perform("lock", on: "door")
        calls.perform("open", on: "door")  // the door is locked: fails
      }
    }
    #expect(s.receiver("todo", as: TodoList.self)?.items == ["a", "b"])
    #expect(s.state(of: "door")?["locked"] == .bool(false))
    try s.undo()
    #expect(s.receiver("todo", as: TodoList.self)?.items == [])
    #expect(s.state(of: "shape")?["x"] == .int(0))
    try s.redo()
    #expect(s.receiver("todo", as: TodoList.self)?.items == ["a", "b"])
    // Nothing added, nothing run; a body that throws runs none of its calls.
    try s.group { _ in }
    let cancelled = Session.RunError.runtime(
      Diagnostic(.error, "cancelled", at: SourceLocation(file: "<app>", line: 1, column: 1)))
    #expect(throws: cancelled) {
      try s.group { calls throws(Session.RunError) in
        calls.perform("add", on: "todo", "d")
        throw cancelled
      }
    }
    #expect(s.undoCount == 1 && s.redoCount == 0)
  }

  @Test func undoAndRedoTakeCounts() throws {
    let s = try session()
    for _ in 0..<4 { try s.perform("move", on: "shape", "up") }
    try s.undo(3)
    #expect(s.state(of: "shape")?["y"] == .int(1))
    try s.redo(2)
    #expect(s.state(of: "shape")?["y"] == .int(3))
    var warnings: [String] = []
    s.onDiagnostic = { warnings.append($0.message) }
    try s.redo(5)
    #expect(s.state(of: "shape")?["y"] == .int(4))
    #expect(warnings.count == 1)
  }

  @Test func stepsAreNamedForUndoMenus() throws {
    let s = try session()
    #expect(s.undoActionName == nil && s.undoMenuItemTitle == "Undo" && s.redoMenuItemTitle == "Redo")
    try s.perform("add", on: "todo", "milk")
    #expect(s.undoActionName == "Add Item" && s.undoMenuItemTitle == "Undo Add Item")
    try s.perform("move", on: "shape", "up", 3)
    #expect(s.undoActionName == "shape.move up 3")
    try s.run(SourceFile(name: "t", text: "macro tidy { todo.add \"x\"; move left }\ntidy"))
    #expect(s.undoActionName == "tidy")
    try s.group("Paste") { calls in
      calls.perform("add", on: "todo", "a")
      calls.perform("add", on: "todo", "b")
    }
    #expect(s.undoMenuItemTitle == "Undo Paste")
    try s.group { calls in calls.perform("add", on: "todo", "c") }
    #expect(s.undoActionName == "transaction { todo.add \"c\" }")
    try s.undo(2)
    #expect(s.redoMenuItemTitle == "Redo Paste" && s.undoActionName == "tidy")
    s.localizedActionName = { ["Add Item": "Ajouter un élément", "Paste": "Coller"][$0] ?? $0 }
    s.menuItemTitle = { kind, name in (kind == .redone ? "Rétablir" : "Annuler") + (name.map { " « \($0) »" } ?? "") }
    #expect(s.redoMenuItemTitle == "Rétablir « Coller »")
    try s.undo(2)
    #expect(s.undoMenuItemTitle == "Annuler « Ajouter un élément »")
  }

  @Test func aNamedTransactionKeepsItsNameInTheJournalTheQueueAndExport() throws {
    let s = try session()
    let files = MemoryFileAccess()
    s.fileAccess = files
    var journal: [String] = []
    s.onCommit = { journal.append($0) }
    try s.group("Paste \"this\"") { calls in calls.perform("add", on: "todo", "a") }
    try s.run(
      SourceFile(name: "t", text: "transaction \"Lift\" { move up }\nqueue transaction \"Later\" { move up }\nrun"))
    #expect(journal.first == "transaction \"Paste \\\"this\\\"\" { todo.add \"a\" }")
    #expect(s.history.map(\.statement).last == "transaction \"Later\" { move up }")
    #expect(s.undoActionName == "Later")
    // A session restored from the journal titles the steps as the live one did.
    let restored = try session()
    for entry in journal { try restored.run(SourceFile(name: "journal", text: entry)) }
    for expected in ["Later", "Lift", "Paste \"this\""] {
      #expect(restored.undoActionName == expected)
      try restored.undo()
    }
    // So does one that ran the export.
    try s.run(SourceFile(name: "t", text: "export \"out.cmd\""))
    let exported = String(decoding: try files.read("out.cmd"), as: UTF8.self)
    #expect(exported.contains("transaction \"Lift\" { shape.move up }"), "\(exported)")
    let replayed = try session()
    try replayed.run(SourceFile(name: "out.cmd", text: exported))
    #expect(replayed.undoActionName == "Later")
  }

  @Test func oneChangePerStepWithTheReceiversItChanged() throws {
    let s = try session()
    var changes: [Change] = []
    s.onChange = { changes.append($0) }
    let script = """
      move up; paint red
      macro both { todo.add "x"; door.close }
      use door
      show
      repeat 0 { move up }
      both
      new todo home
      if shape.x > 5 { move left }
      """
    try s.run(SourceFile(name: "t", text: script))
    #expect(
      changes == [
        Change(kind: .done, actionName: "move up", receivers: ["shape"]),
        Change(kind: .done, actionName: "paint red", receivers: ["shape"]),
        Change(kind: .done, actionName: "both", receivers: ["todo", "door"]),
        Change(kind: .done, actionName: "new todo home", receivers: ["home"]),
      ])
    changes.removeAll()
    #expect(throws: Session.RunError.self) { try s.run(SourceFile(name: "t", text: "door.lock; door.open")) }
    #expect(changes.count == 1)  // the lock, not the open that failed
    changes.removeAll()
    try s.undo(2)
    try s.redo()
    _ = try s.undo(downTo: 0)
    #expect(changes.map(\.kind) == [.undone, .undone, .redone] + Array(repeating: .undone, count: 4))
    #expect(changes[0] == Change(kind: .undone, actionName: "door.lock", receivers: ["door"]))
    #expect(changes[1] == Change(kind: .undone, actionName: "new todo home", receivers: ["home"]))
  }

  @Test func verbsTellALiveRunFromARedoAndAReplay() throws {
    let s = try CommandScriptTests.session(of: ExecutionProbe.self)
    let probe = try #require(s.receiver("probe", as: ExecutionProbe.self))
    try s.run(SourceFile(name: "t", text: "act; undo; redo"))
    s.isReplaying = true
    try s.run(SourceFile(name: "t", text: "act"))
    s.isReplaying = false
    try s.perform("act")
    #expect(probe.seen == [.live, .redo, .replay, .live])
  }

  @Test func aRestoredSessionGetsItsAuditLinesBackWithoutSendingThemAgain() throws {
    let sent = Mutex<[String]>([])
    var registry = ReceiverRegistry()
    try registry.register(Vehicle.self) { _ in Vehicle(audit: { line in sent.withLock { $0.append(line) } }) }
    let live = Session(registry: registry)
    var journal: [String] = []
    live.onCommit = { journal.append($0) }
    try live.run(SourceFile(name: "t", text: "save; log; { send; log }; undo; redo"))
    #expect(sent.withLock { $0.count } == 2)  // redo did not send the second line again
    let restored = Session(registry: registry)
    restored.isReplaying = true
    for entry in journal { try restored.run(SourceFile(name: "journal", text: entry)) }
    restored.isReplaying = false
    #expect(restored.state(of: "vehicle") == live.state(of: "vehicle"))
    #expect(sent.withLock { $0.count } == 2)
    try restored.run(SourceFile(name: "t", text: "log"))
    #expect(sent.withLock { $0.count } == 3)
  }
}

/// Records why each of its commands ran.
private final class ExecutionProbe: Receiver {
  static let typeName = "probe"
  static let summary = "remembers how it was run"
  static let verbs: [Verb<ExecutionProbe>] = [
    Verb("act", summary: "act") { probe, args in
      probe.seen.append(args.execution)
    } undo: { _, _, _ in
    }
  ]
  var seen: [Arguments.Execution] = []
  init() {}
  var state: StateValue { ["runs": .int(seen.count)] }
}
