import CommandScript

/// A text buffer. Each step's undo record is the run of text it changed (a `Splice`), not a
/// copy of the text, so a long session of edits keeps small records.
public final class TextBuffer: Receiver {
  public typealias Undo = Splice<String>
  public static let typeName = "text"
  public static let summary = "a text buffer"
  public static let verbs: [Verb<TextBuffer>] = [
    Verb("insert", .string("text"), summary: "append text", restoring: \.text) { $0.text += $1 }.named("Typing"),
    Verb("delete", .integer("count", 1...Int.max), summary: "delete from the end", restoring: \.text) {
      $0.text.removeLast(min($1, $0.text.count))
    }.named("Delete"),
    Verb("upper", summary: "upper-case the text", restoring: \.text) { $0.text = $0.text.uppercased() }
      .named("Make Upper Case"),
    Verb("clear", summary: "empty the buffer", restoring: \.text) { $0.text = "" }.named("Clear"),
  ]
  public private(set) var text = ""
  public init() {}
  public var state: StateValue { ["text": .string(text)] }
}
