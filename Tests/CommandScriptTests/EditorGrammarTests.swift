import Foundation
import Testing

@testable import CommandScript

/// The TextMate grammar in `editors/` (VS Code, Sublime Text, GitHub's highlighter) is
/// made from the language's keyword table. This test fails when the table and the checked-in
/// grammar drift apart; `CMDSCRIPT_WRITE_GRAMMAR=1 swift test --filter EditorGrammarTests`
/// writes the grammar anew.
@Suite struct EditorGrammarTests {
  static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("editors/commandscript.tmLanguage.json")

  /// The grammar as JSON text. Words are classed as the keyword table declares them:
  /// statements (and the REPL's commands), the words of conditions, and the constants.
  static func grammar() -> String {
    let constants: Set<Keyword> = [.true, .false]
    let operators: Set<Keyword> = [.and, .or, .not]
    func words(_ keep: (Keyword) -> Bool) -> String {
      Keyword.allCases.filter(keep).map(\.rawValue).sorted().joined(separator: "|")
    }
    let statements = words { !constants.contains($0) && !operators.contains($0) }
    func rule(_ name: String, _ match: String) -> StateValue { ["name": .string(name), "match": .string(match)] }
    let grammar: StateValue = [
      "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
      "name": "CommandScript",
      "scopeName": "source.commandscript",
      "fileTypes": .array(["cmd"]),
      "firstLineMatch": "^#!.*\\bcmdscript\\b",
      "patterns": .array([
        rule("comment.line.number-sign.commandscript", "#.*$"),
        [
          "name": "string.quoted.double.commandscript", "begin": "\"", "end": "\"",
          "patterns": .array([
            rule("constant.character.escape.commandscript", "\\\\(?:[\"\\\\ntr$]|u\\{[0-9A-Fa-f]{1,6}\\})"),
            rule("variable.parameter.commandscript", "\\$[A-Za-z_0-9]+"),
          ]),
        ],
        rule("keyword.control.commandscript", "\\b(?:\(statements))\\b"),
        rule("keyword.operator.word.commandscript", "\\b(?:\(words { operators.contains($0) }))\\b"),
        rule("constant.language.commandscript", "\\b(?:\(words { constants.contains($0) }))\\b"),
        rule("variable.parameter.commandscript", "\\$[A-Za-z_0-9]+"),
        [
          "match": "\\b([A-Za-z_][A-Za-z_0-9]*)(\\.)([A-Za-z_][A-Za-z_0-9]*)\\b",
          "captures": [
            "1": ["name": "entity.name.type.receiver.commandscript"],
            "2": ["name": "punctuation.accessor.commandscript"],
            "3": ["name": "entity.name.function.member.commandscript"],
          ],
        ],
        // INTEGER, DECIMAL and DURATION (`2`, `-0.125`, `1.0e-7`, `30s`).
        rule("constant.numeric.commandscript", "-?\\b[0-9]+(?:\\.[0-9]+(?:[eE][+-]?[0-9]+)?|[smh])?\\b"),
        rule("keyword.operator.commandscript", "==|!=|<=|>=|<|>|=|\\+|-|\\*|/|%"),
        rule("punctuation.section.block.commandscript", "[{}]"),
        rule("punctuation.separator.statement.commandscript", ";"),
      ]),
    ]
    return grammar.json + "\n"
  }

  @Test func theCheckedInGrammarIsMadeFromTheKeywordTable() throws {
    let expected = Self.grammar()
    if ProcessInfo.processInfo.environment["CMDSCRIPT_WRITE_GRAMMAR"] != nil {
      try expected.write(to: Self.path, atomically: true, encoding: .utf8)
    }
    let checkedIn = try String(contentsOf: Self.path, encoding: .utf8)
    #expect(
      checkedIn == expected,
      "editors/commandscript.tmLanguage.json is not what the keyword table makes: CMDSCRIPT_WRITE_GRAMMAR=1 swift test --filter EditorGrammarTests"
    )
    for keyword in Keyword.allCases { #expect(checkedIn.contains(keyword.rawValue), "\(keyword)") }
  }

  /// Emacs's mode lists the keywords itself (its font-lock needs no TextMate grammar).
  @Test func theEmacsModeListsEveryKeyword() throws {
    let mode = try String(
      contentsOf: Self.path.deletingLastPathComponent().appendingPathComponent("emacs/commandscript.el"),
      encoding: .utf8)
    for keyword in Keyword.allCases { #expect(mode.contains("\"\(keyword.rawValue)\""), "\(keyword)") }
  }
}
