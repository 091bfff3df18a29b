import CommandScript
import Foundation
import Testing

/// A receiver with k verbs in at most 10 + 3k lines: the index checks every edit verb of a
/// list or text needs (`position`, `offset`, `span`), and the documented short form.
@Suite struct ShortReceiverTests {
  final class Buffer: Receiver {
    typealias Undo = Splice<String>
    static let typeName = "buffer"
    static let summary = "a text buffer"
    static let verbs: [Verb<Buffer>] = [
      Verb("insert", .integer("at"), .string("text"), summary: "insert text", restoring: \.text) {
        buffer, at, text throws(CommandFailure) in buffer.text.insert(contentsOf: text, at: try buffer.text.offset(at))
      },
      Verb("delete", .integer("at"), .integer("count"), summary: "delete text", restoring: \.text) {
        buffer, at, count throws(CommandFailure) in buffer.text.removeSubrange(try buffer.text.span(at, count))
      },
    ]
    var text = ""
    init() {}
    var state: StateValue { .string(text) }
  }

  @Test func indexesAreCheckedWithTheMessageAScriptsAuthorReads() throws {
    var registry = ReceiverRegistry()
    try registry.register(Buffer.self)
    let s = Session(registry: registry)
    try s.run(SourceFile(name: "t", text: #"buffer.insert 0 "held"; buffer.insert 2 "ouse"; buffer.delete 0 1"#))
    #expect(s.state(of: "buffer") == .string("eouseld"))
    for (script, message) in [
      (#"buffer.insert 9 "x""#, "buffer: there is no offset 9: the text has 7"),
      ("buffer.delete 5 3", "buffer: there are no 3 from offset 5: the text has 7"),
    ] {
      do {
        try s.run(SourceFile(name: "t", text: script))
        Issue.record("\(script) ran")
      } catch {
        guard case .runtime(let diagnostic) = error else { return #expect(Bool(false)) }
        #expect(diagnostic.message == message)
      }
    }
    #expect(throws: CommandFailure("there is no item 3: the list has 2")) { try [1, 2].position(3) }
    #expect(try ["a", "b"].position(2) == 1)
  }

  /// The receivers of "Write a receiver"'s "Keep it short" take at most 10 + 3k lines.
  @Test func theDocumentedReceiversAreShort() throws {
    let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../Sources/CommandScript/CommandScript.docc/WriteAReceiver.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    let section = text.components(separatedBy: "## Keep it short")[1].components(separatedBy: "\n## ")[0]
    let samples = section.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    #expect(samples.count == 2)
    for sample in samples {
      let lines = sample.split(separator: "\n").count
      let verbs = sample.components(separatedBy: "Verb(\"").count - 1
      #expect(lines <= 10 + 3 * verbs, "\(verbs) verbs in \(lines) lines")
    }
  }
}
