import CommandScript
import Testing

/// A document whose verbs edit its text through the `restoring:` form with `Splice` records.
private final class Document: Receiver {
  typealias Undo = Splice<String>
  static let typeName = "doc"
  static let summary = "a text"
  static let verbs: [Verb<Document>] = [
    Verb("type", .string("text"), summary: "append", restoring: \.text) { $0.text += $1 },
    Verb("insert", .integer("at", 0...Int.max), .string("text"), summary: "insert", restoring: \.text) {
      doc, at, text throws(CommandFailure) in
      guard at <= doc.text.count else { throw CommandFailure("past the end") }
      doc.text.insert(contentsOf: text, at: doc.text.index(doc.text.startIndex, offsetBy: at))
    },
    Verb("upper", [], summary: "upper-case", restoring: \.text) { doc, _ in doc.text = doc.text.uppercased() },
  ]
  var text = ""
  init() {}
  var state: StateValue { ["text": .string(text)] }
}

@Suite struct SpliceTests {
  @Test func aSpliceRevertsAnyEditOfAStringOrAnArray() {
    var random = SplitMix64(seed: PropertyTests.seed ^ 0x5_911CE)
    let pieces = ["", "a", "ab", "é", "e\u{301}", "🇫🇷", "\n", "aaa", "ba"]
    for _ in 0..<2_000 {
      let old = (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined()
      let new = (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined()
      var edited = new
      Splice(from: old, to: new).revert(&edited)
      #expect(Array(edited.utf8) == Array(old.utf8), "\(old.debugDescription) -> \(new.debugDescription)")
      var numbers = Array(new.unicodeScalars.map(\.value))
      Splice(from: Array(old.unicodeScalars.map(\.value)), to: numbers).revert(&numbers)
      #expect(numbers == Array(old.unicodeScalars.map(\.value)))
    }
  }

  @Test func theRestoringFormKeepsTheRunAStepChangedAndUndoesExactly() throws {
    let s = try session(of: Document.self)
    try s.run(SourceFile(name: "t", text: "type \"hello world\"; insert 5 \",\"; upper; type \"!\""))
    #expect(s.receiver("doc", as: Document.self)?.text == "HELLO, WORLD!")
    #expect(failure(of: "insert 99 \"x\"", on: s) == .runtime("doc: past the end"))
    for expected in ["HELLO, WORLD", "hello, world", "hello world", ""] {
      try s.undo()
      #expect(s.receiver("doc", as: Document.self)?.text == expected)
    }
    try s.redo(4)
    #expect(s.receiver("doc", as: Document.self)?.text == "HELLO, WORLD!")
  }

  /// An app's text field bound to the receiver's text changes it outside the session:
  /// undo fails with a clear error and changes nothing, rather than trapping.
  @Test func aValueChangedOutsideTheVerbsFailsTheUndoAndChangesNothing() throws {
    let s = try session(of: Document.self, TestCounter.self)
    try s.run(SourceFile(name: "t", text: "type \"hello world\"\ncounter.bump 2"))
    let doc = try #require(s.receiver("doc", as: Document.self))
    doc.text = "hi"
    let expected =
      "cannot undo `type \"hello world\"`: the undo record of `doc.type` no longer fits `doc`: its state was changed outside the session's verbs; nothing was undone"
    // `undo 2` undoes the counter's step first; it is redone when the doc's step fails.
    #expect(failure(of: "undo 2", on: s) == .runtime(expected))
    #expect(s.undoCount == 2)
    #expect(s.state(of: "counter") == ["count": .int(2), "log": .array([])])
    #expect(doc.text == "hi")
    // The host's own undo call fails the same way, and the session goes on.
    try s.undo()
    #expect(throws: Session.RunError.self) { try s.undo() }
    #expect(doc.text == "hi" && s.undoCount == 1)
    try s.run(SourceFile(name: "t", text: "type \"!\""))
    try s.undo()
    #expect(doc.text == "hi")
  }

  @Test func aRecordFitsOnlyAValueOfTheLengthTheEditLeft() {
    let splice = Splice(from: "hello", to: "hello world")
    #expect(splice.fits("hello world") && splice.fits("HELLO WORLD") && !splice.fits("hi"))
    var changed = "hi"
    splice.revert(&changed)  // does not fit: a wrong result, but no trap
    #expect(changed == "hi")
    let numbers = Splice(from: [1, 2], to: [1, 2, 3, 4])
    var shorter = [9]
    #expect(!numbers.fits(shorter))
    numbers.revert(&shorter)
    #expect(shorter == [9])
  }
}
