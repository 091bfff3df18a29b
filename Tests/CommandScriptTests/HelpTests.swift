import CommandScriptReceivers
import Testing

@testable import CommandScript

/// An embedding app's receiver with long declarations, which help must still fit in 80 columns.
private final class Wordy: Receiver {
  static let typeName = "wordy"
  static let summary = String(repeating: "a receiver with a rather long summary, ", count: 4)
  static let verbs: [Verb<Wordy>] = [
    Verb(
      "speak",
      [
        Parameter("word", .word(WordSet(name: "word", words: (1...30).map { "word\($0)" }))),
        Parameter("times", .integer(1...Int.max), default: .integer(1)),
      ],
      summary: "say one of many words, which takes a long sentence to explain properly and fully"
    ) { _, _ in
    } undo: { _, _, _ in
    },
    Verb(notUndoable: "shout_\(String(repeating: "x", count: 90))", summary: "a verb with a name longer than a line") {
      _, _ in
    },
  ]

  init() {}

  var state: StateValue { .null }
}

private func longestLine(_ text: String) -> Int {
  text.split(separator: "\n", omittingEmptySubsequences: false).map(\.count).max() ?? 0
}

@Suite struct HelpTests {
  @Test func theIndexFitsATerminal() {
    let session = Session(registry: .builtins)
    try? session.run(SourceFile(name: "t", text: "macro zig n { move up $n }; macro wave { zig 1 }"))
    let lines = session.help().split(separator: "\n")
    // A 24-line terminal shows it whole, with room for the prompt; each name kind is there.
    #expect(lines.count <= 20, "\(lines.count) lines")
    for name in ["shape", "move", "repeat", "not", "==", "colour", "zig n"] {
      #expect(session.help().contains(name), "the index names \(name)")
    }
  }

  @Test func everyStatementWordAndOperatorHasHelpWithAnExampleThatChecks() throws {
    let session = Session(registry: .builtins)
    var examples: [(topic: String, example: String)] = []
    for keyword in Keyword.documented + Keyword.conditionWords {
      examples.append((keyword.rawValue, keyword.declaration.example))
    }
    for op in Help.operators { examples.append((op.symbol, Help.explain(op).example)) }
    for (topic, example) in examples {
      #expect(!example.isEmpty, "\(topic) has an example")
      #expect(session.help(topic).contains("example: " + example), "help \(topic) shows its example")
      // `source` reads its file when checked: its example names a file that need not exist.
      guard topic != Keyword.source.rawValue else { continue }
      #expect(throws: Never.self, "the example of \(topic) checks") {
        try session.check([SourceFile(name: "t", text: example)])
      }
    }
    #expect(session.help("repeat").contains("as i"))
  }

  @Test func helpOnAQueryNameNamesItsReceiver() {
    let session = Session(registry: .builtins)
    #expect(session.help("x").hasPrefix("shape.x "))
    #expect(session.help("winner").hasPrefix("board.winner "))
  }

  @Test func helpNamesOnlyExamplesThatExist() throws {
    // Without the built-in shape, no `move up` example and no `help shape.move`.
    let session = try CommandScriptTests.session(of: Wordy.self)
    #expect(session.helpExample == nil)
    #expect(!session.help().contains("Example:"))
    #expect(!session.help().contains("shape"))
    // Statements' and operators' examples are written for the built-in receivers.
    #expect(session.help("repeat") == "repeat n [as i] { ... }\n  " + Keyword.repeat.declaration.summary)
    #expect(!session.help("==").contains("example"))
    session.helpExample = "wordy.go; undo"
    #expect(session.help().contains("Example: wordy.go; undo"))
    #expect(
      Session(registry: .builtins).help().contains("Example: move up; paint red; repeat 4 { move right 2 }; undo"))
  }

  @Test func helpFitsTheWidthTheHostGives() {
    let session = Session(registry: .builtins)
    let wide = session.help().split(separator: "\n")
    #expect(wide.contains { $0.count > 60 })
    #expect(wide.allSatisfy { $0.count <= 80 })
    session.helpWidth = { 60 }
    for topic in [nil, "shape", "shape.move", "colour", "repeat"] {
      let lines = session.help(topic).split(separator: "\n")
      #expect(lines.allSatisfy { $0.count <= 60 }, "\(topic ?? "help"): \(lines.filter { $0.count > 60 })")
    }
    #expect(session.fittedToHelpWidth(String(repeating: "word ", count: 30)).split(separator: "\n").count == 3)
  }

  @Test func shortLinesAreLeftAlone() {
    let text = "one\n  two  three\n\nfour"
    #expect(Help.fitted(text) == text)
  }

  @Test func tableRowsContinueUnderTheirSecondColumn() {
    let row = "    speak <word>      " + Array(repeating: "lorem ipsum", count: 8).joined(separator: " ")
    #expect(
      Help.fitted(row).split(separator: "\n") == [
        "    speak <word>      lorem ipsum lorem ipsum lorem ipsum lorem ipsum lorem",
        "                      ipsum lorem ipsum lorem ipsum lorem ipsum",
      ])
  }

  @Test func otherLinesContinueTwoColumnsIn() {
    let line = "  $c: a colour (" + (1...20).map { "colour\($0)" }.joined(separator: ", ") + ")"
    let lines = Help.fitted(line).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { $0.count <= 80 })
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("    ") && !$0.hasPrefix("     ") })
    #expect(lines.joined(separator: " ").split(separator: " ") == line.split(separator: " "))
  }

  @Test func unbreakableLinesStayWhole() {
    let word = String(repeating: "x", count: 100)
    #expect(Help.fitted(word) == word)
    let spaces = String(repeating: " ", count: 100)
    #expect(Help.fitted(spaces) == spaces)
    #expect(Help.fitted("  " + word + " tail") == "  " + word + "\n    tail")
  }

  @Test func helpFitsEvenForLongDeclarations() throws {
    var registry = ReceiverRegistry.builtins
    try registry.register(Wordy.self)
    let session = Session(registry: registry)
    try session.run(SourceFile(name: "t", text: "macro chant w c { speak $w 2; paint $c }"))
    let longName = Wordy.verbs[1].name
    for topic in [nil, "wordy", "speak", "chant", "paint", "macro"] {
      let text = session.help(topic)
      let long = text.split(separator: "\n").filter { $0.count > 80 && !$0.contains(longName) }
      #expect(long.isEmpty, "\(topic ?? "overview"): \(long)")
    }
    #expect(session.help("speak").contains("word30"))
    #expect(longestLine(session.help("chant")) <= 80)
  }

  @Test func defaultsAreShownOnlyIfAScriptCouldWriteThem() {
    let session = Session(registry: testRegistry())
    #expect(session.help("move").contains("steps: integer ≥ 1, default 1"))
    #expect(session.help("bump").contains("by: integer -100...100, default 1"))
    // `board.reset` marks "the current size" with 0, outside 3...9.
    #expect(
      session.help("reset").contains("size: integer 3...9\n") || session.help("reset").hasSuffix("size: integer 3...9"))
    #expect(!session.help("board").contains("default 0"))
  }

  @Test func helpAndTheCheckerKnowTheSameNames() throws {
    let session = Session(registry: testRegistry())
    try session.run(SourceFile(name: "t", text: "macro zig { move up }"))
    for topic in ["shape", "gate", "move", "bump", "check", "zig", "undo", "transaction"] {
      #expect(!session.help(topic).isEmpty, "\(topic)")
      #expect(throws: Never.self) { try session.compile(SourceFile(name: "t", text: "help \(topic)")) }
    }
    #expect(session.help("nothing") == "")
  }
}
