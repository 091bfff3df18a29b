import CommandScript

/// A text buffer. Typing and deleting keep computed undo records (how much to remove, what
/// was removed), not copies of the text, so a long session of edits keeps small records.
public final class TextBuffer: Receiver {
  public enum Undo: Sendable { case remove(Int), append(String), replace(String) }
  public static let typeName = "text"
  public static let summary = "a text buffer"
  public static let verbs: [Verb<TextBuffer>] = [
    Verb(
      "insert", .string("text"), summary: "append text",
      execute: { buffer, text in
        buffer.text += text
        return .remove(text.count)
      }, undo: revert
    ).named("Typing"),
    Verb(
      "delete", .integer("count", 1...Int.max), summary: "delete from the end",
      execute: { buffer, count in
        let removed = String(buffer.text.suffix(count))
        buffer.text.removeLast(removed.count)
        return .append(removed)
      }, undo: revert
    ).named("Delete"),
    Verb("upper", summary: "upper-case the text", execute: { replace($0, with: $0.text.uppercased()) }, undo: revert)
      .named("Make Upper Case"),
    Verb("clear", summary: "empty the buffer", execute: { replace($0, with: "") }, undo: revert).named("Clear"),
  ]
  public private(set) var text = ""
  public init() {}
  public var state: StateValue { ["text": .string(text)] }

  /// Replaces the text, returning the record that puts it back.
  private static func replace(_ buffer: TextBuffer, with text: String) -> Undo {
    defer { buffer.text = text }
    return .replace(buffer.text)
  }

  private static func revert(_ buffer: TextBuffer, _ undo: Undo) {
    switch undo {
    case .remove(let count): buffer.text.removeLast(count)
    case .append(let removed): buffer.text += removed
    case .replace(let previous): buffer.text = previous
    }
  }
}
