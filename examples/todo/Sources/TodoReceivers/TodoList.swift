import CommandScript
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where a to-do list's notifications go: given by the app that makes the list.
public protocol Notifier: Sendable {
  func send(_ message: String)
}

/// A to-do list. It has no `init()`: the app makes it, with its notifier, through
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
    Verb("add", .string("title"), summary: "add an item", restoring: \.items) { list, title in
      list.items.append(Item(title: title))
    }.named("Add Item"),
    Verb("done", n, .boolean("done", default: true), summary: "mark item n done (or not)", restoring: \.items) {
      list, n, done throws(CommandFailure) in list.items[try list.index(n)].done = done
    }.named("Mark Done"),
    Verb("estimate", n, .decimal("hours", 0...1000), summary: "estimate item n", restoring: \.items) {
      list, n, hours throws(CommandFailure) in list.items[try list.index(n)].hours = hours
    }.named("Estimate"),
    Verb("remove", n, summary: "remove item n", restoring: \.items) { list, n throws(CommandFailure) in
      list.items.remove(at: try list.index(n))
    }.named("Remove Item"),
    Verb("rename", n, .string("title"), summary: "rename item n", restoring: \.items) {
      list, n, title throws(CommandFailure) in list.items[try list.index(n)].title = title
    }.named("Rename Item"),
    Verb(
      "import", [Parameter("url", .string)], summary: "add the titles a URL lists, one a line",
      awaiting: { _, args throws(CommandFailure) in try await titles(at: args.string(0)) },
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
  public init(notifier: any Notifier) { self.notifier = notifier }
  public var state: StateValue { ["items": .array(items.map { .string($0.title + ($0.done ? " (done)" : "")) })] }

  /// The lines of the text at `url`: a request, awaited.
  private static func titles(at url: String) async throws(CommandFailure) -> [String] {
    guard let address = URL(string: url) else { throw CommandFailure("`\(url)` is not a URL") }
    let body: Data
    do {
      let (data, response) = try await URLSession.shared.data(from: address)
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      guard status == 200 else { throw CommandFailure("\(url) answered HTTP \(status)") }
      body = data
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure("\(url) did not answer")
    }
    return String(decoding: body, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// The index of item `n` (from 1), or the failure that there is none.
  private func index(_ n: Int) throws(CommandFailure) -> Int {
    guard n <= items.count else { throw CommandFailure("there is no item \(n): the list has \(items.count)") }
    return n - 1
  }
}
