import CommandScript

/// A to-do list. It has no `init()`: the app makes it with what it needs, through
/// `registry.register(TodoList.self) { _ in TodoList(notifier: …) }`.
public final class TodoList: ReceiverBase {
  public struct Item: Sendable, Equatable {
    public var title: String
    public var done = false
    public var hours = 0.0
  }
  public typealias Undo = [Item]
  public static let typeName = "todo"
  public static let summary = "a to-do list"
  private static let n = TypedParameter.integer("n", 1...Int.max)
  public static let verbs: [Verb<TodoList>] = [
    Verb("add", .string("title"), summary: "add an item", restoring: \.items) { $0.items.append(Item(title: $1)) }
      .named("Add Item"),
    Verb("done", n, .boolean("done", default: true), summary: "mark item n done (or not)", restoring: \.items) {
      list, n, done throws(CommandFailure) in list.items[try list.items.position(n)].done = done
    }.named("Mark Done"),
    Verb("estimate", n, .decimal("hours", 0...1000), summary: "estimate item n", restoring: \.items) {
      list, n, hours throws(CommandFailure) in list.items[try list.items.position(n)].hours = hours
    }.named("Estimate"),
    Verb("remove", n, summary: "remove item n", restoring: \.items) { list, n throws(CommandFailure) in
      list.items.remove(at: try list.items.position(n))
    }.named("Remove Item"),
    Verb("rename", n, .string("title"), summary: "rename item n", restoring: \.items) {
      list, n, title throws(CommandFailure) in list.items[try list.items.position(n)].title = title
    }.named("Rename Item"),
    Verb(
      "import", [Parameter("url", .string)], summary: "add the titles a URL lists, one a line",
      awaiting: { list, args throws(CommandFailure) in try await list.source.lines(at: args.string(0)) },
      execute: { list, _, titles in
        defer { list.items += titles.map { Item(title: $0) } }
        return list.items
      }, undo: { list, _, items in list.items = items }
    ).named("Import"),
    Verb(notUndoable: "notify", summary: "send the open items") { list in
      guard Arguments.Execution.current == .live else { return }  // a restored session does not send again
      list.notifier.send(list.items.filter { !$0.done }.map(\.title).joined(separator: ", "))
    },
  ]
  public static let queries: [Query<TodoList>] = [
    Query("hours", .decimal(0...Double.infinity), summary: "the hours the open items need") { list, _ in
      .decimal(list.items.filter { !$0.done }.reduce(0) { $0 + $1.hours })
    }
  ]
  public private(set) var items: [Item] = []
  let notifier: any Notifier
  let source: any LineSource
  public init(notifier: any Notifier, source: any LineSource = HTTPLines()) {
    (self.notifier, self.source) = (notifier, source)
  }
  public var state: StateValue { ["items": .array(items.map { .string($0.title + ($0.done ? " (done)" : "")) })] }
}
