import Foundation
import Testing

@testable import CommandScript

/// A new statement's sites that no `switch` can flag, flagged here: grammar.md's grammar
/// has every statement `help` lists. (The code sites are flagged by the compiler; the help
/// goldens, `EditorGrammarTests` and `CheckerTests.declaredPlacementIsWhatTheCheckerEnforces`
/// flag the help index, the editor grammars and `Keyword.documented`.)
@Suite struct StatementDocumentationTests {
  static let grammar = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("grammar.md")

  /// The rules of grammar.md's EBNF blocks, by name: `undo` → ` "undo" , [ INTEGER ] ;`.
  static func rules() throws -> [String: String] {
    let text = try String(contentsOf: grammar, encoding: .utf8)
    var rules: [String: String] = [:]
    var rest = text[...]
    while let open = rest.range(of: "```ebnf\n"),
      let close = rest.range(of: "\n```", range: open.upperBound..<rest.endIndex)
    {
      var name: String?
      for line in rest[open.upperBound..<close.lowerBound].split(separator: "\n") {
        // A rule starts at the line's start (`name        = …`); its body runs on until the next.
        if let first = line.first, first.isLetter, let equals = line.firstIndex(of: "=") {
          name = line[..<equals].trimmingCharacters(in: .whitespaces)
          rules[name!] = String(line[line.index(after: equals)...])
        } else if let name {
          rules[name, default: ""] += "\n" + line
        }
      }
      rest = rest[close.upperBound...]
    }
    return rules
  }

  /// Each statement is an alternative of `statement`: a quoted word (`"run"`) or a rule of
  /// its own that starts with the word (`undo = "undo" , …`).
  @Test func grammarHasEveryStatement() throws {
    let rules = try Self.rules()
    let statement = try #require(rules["statement"], "grammar.md has no `statement` rule in its ```ebnf block")
    let alternatives = Set(
      statement.split(whereSeparator: { "|=,;\n".contains($0) }).map { $0.trimmingCharacters(in: .whitespaces) })
    for keyword in Keyword.documented {
      let word = keyword.rawValue
      let quoted = alternatives.contains("\"\(word)\"")
      let ruled =
        alternatives.contains(word)
        && (rules[word]?.trimmingCharacters(in: .whitespaces).hasPrefix("\"\(word)\"") ?? false)
      #expect(
        quoted || ruled,
        "grammar.md: `statement` has no alternative for `\(word)` (a `\"\(word)\"` or a rule `\(word) = \"\(word)\" …`)"
      )
    }
  }
}
