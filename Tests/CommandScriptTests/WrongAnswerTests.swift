import CommandScript
import Testing

/// A receiver whose queries answer what they did not declare: a defect in the receiver.
private final class Liar: Receiver {
  static let typeName = "liar"
  static let summary = "answers of the wrong kind"
  static let verbs: [Verb<Liar>] = [
    Verb(notUndoable: "take", .integer("n"), summary: "take a number") { _, _ in },
    Verb(notUndoable: "pick", .word("mood", Mood.self), summary: "take a mood") { _, _ in },
  ]
  enum Mood: String, CaseIterable, Sendable { case calm }
  static let queries: [Query<Liar>] = [
    Query("count", .integer, summary: "not an integer") { _, _ in .boolean(true) },
    Query("flag", .boolean, summary: "not a boolean") { _, _ in .string("yes") },
    Query("mood", .word(Mood.self), summary: "no such word") { _, _ in .word(3) },
    Query("ratio", .decimal, summary: "not finite") { _, _ in .decimal(.nan) },
  ]
  init() {}
  var state: StateValue { [:] }
}

@Suite struct WrongAnswerTests {
  @Test func aQueryThatAnswersAnotherKindFailsTheStatementInsteadOfTrapping() throws {
    let s = try session(of: Liar.self)
    for text in [
      "if liar.flag { }", "assert liar.flag or true", "echo (liar.mood)", "echo (liar.ratio * 2)", "echo (liar.ratio)",
      "assert liar.count > 1", "echo (liar.count + 1)", "take (liar.count)", "pick (liar.mood)",
    ] {
      #expect(
        failure(of: text, on: s) == .runtime("liar: a query answered a value of another kind than it declares"),
        "\(text)")
    }
  }
}
