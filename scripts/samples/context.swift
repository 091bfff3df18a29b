// What the Swift samples of README.md and the DocC catalog take as given, for
// scripts/check-samples: the app-side names they use without declaring them (the to-do
// list of examples/todo and its notifier, a weather receiver, the session and registry an
// app has, and an app's menu). Each sample is type-checked against the built library with
// this file beside it; nothing here runs.
import CommandScript
import CommandScriptReceivers

final class Notifier: Sendable {
  init() {}
}

final class TodoList: Receiver {
  struct Item: Sendable {
    var title: String
  }
  typealias Undo = [Item]
  static let typeName = "todo"
  static let summary = "a to-do list"
  static let verbs: [Verb<TodoList>] = []
  var items: [Item] = []
  init() {}
  init(notifier: Notifier) {}
  init(name: String, notifier: Notifier) {}
  var state: StateValue { .int(items.count) }
  func index(_ n: Int) throws(CommandFailure) -> Int { n - 1 }
}

final class Weather: Receiver {
  typealias Undo = String
  static let typeName = "weather"
  static let summary = "a forecast"
  static let verbs: [Verb<Weather>] = []
  var forecast = ""
  init() {}
  var state: StateValue { .string(forecast) }
  func forecast(for city: String) async throws(CommandFailure) -> String { city }
}

let notifier = Notifier()
