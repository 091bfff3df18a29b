import CommandScript
import CommandScriptCLI
import TodoReceivers

#if canImport(Glibc)
  import Glibc
#endif

/// Notifications go to standard error in the command-line tool.
struct StandardErrorNotifier: Notifier {
  func send(_ message: String) {
    let line = Array("notify: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }
}

var registry = ReceiverRegistry()
try registry.register(TextBuffer.self)
try registry.register(TodoList.self) { _ in TodoList(notifier: StandardErrorNotifier()) }
CommandScriptTool.main(
  registry: registry,
  identity: ToolIdentity(
    name: "todo-cmdscript", version: "todo-cmdscript 1.0 (CommandScript language version 2)",
    overview: "Script a text buffer and a to-do list.",
    example: "todo.add \"ship it\"; todo.done 1; undo; show todo"))
