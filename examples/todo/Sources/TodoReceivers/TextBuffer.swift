import CommandScript

/// A text buffer. Typing and deleting keep computed undo records (how much to remove, what
/// was removed), not copies of the text, so a long session of edits keeps small records.
public final class TextBuffer: Receiver {
  public enum Undo: Sendable { case remove(Int), append(String), replace(String) }
  public static let typeName = "text"
  public static let summary = "a text buffer"
  public static let verbs: [Verb<TextBuffer>] = [
    Verb("insert", [Parameter("text", .string)], summary: "append text") { buffer, args in
      buffer.text += args.string(0)
      return .remove(args.string(0).count)
    } undo: { buffer, _, undo in
      buffer.revert(undo)
    }.named("Typing"),
    Verb("delete", [Parameter("count", .integer(1...Int.max))], summary: "delete from the end") { buffer, args in
      let removed = String(buffer.text.suffix(args.int(0)))
      buffer.text.removeLast(removed.count)
      return .append(removed)
    } undo: { buffer, _, undo in
      buffer.revert(undo)
    }.named("Delete"),
    Verb("upper", summary: "upper-case the text") { buffer, _ in
      defer { buffer.text = buffer.text.uppercased() }
      return .replace(buffer.text)
    } undo: { buffer, _, undo in
      buffer.revert(undo)
    }.named("Make Upper Case"),
    Verb("clear", summary: "empty the buffer") { buffer, _ in
      defer { buffer.text = "" }
      return .replace(buffer.text)
    } undo: { buffer, _, undo in
      buffer.revert(undo)
    }.named("Clear"),
  ]
  public private(set) var text = ""
  public init() {}
  public var state: StateValue { ["text": .string(text)] }

  private func revert(_ undo: Undo) {
    switch undo {
    case .remove(let count): text.removeLast(count)
    case .append(let removed): text += removed
    case .replace(let previous): text = previous
    }
  }
}
