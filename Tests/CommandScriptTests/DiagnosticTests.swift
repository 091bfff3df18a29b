import Foundation
import Testing

@testable import CommandScript

@Suite struct DiagnosticTests {
  // MARK: Edit distance

  @Test func editDistance() {
    #expect(CommandScript.editDistance("", "") == 0)
    #expect(CommandScript.editDistance("", "abc") == 3)
    #expect(CommandScript.editDistance("abc", "") == 3)
    #expect(CommandScript.editDistance("move", "move") == 0)
    #expect(CommandScript.editDistance("move", "mode") == 1)
    #expect(CommandScript.editDistance("mov", "move") == 1)
    #expect(CommandScript.editDistance("movee", "move") == 1)
    #expect(CommandScript.editDistance("kitten", "sitting") == 3)
    #expect(CommandScript.editDistance("undo", "redo") == 2)
  }

  @Test func anAdjacentTranspositionCostsOne() {
    #expect(CommandScript.editDistance("paitn", "paint") == 1)
    #expect(CommandScript.editDistance("ab", "ba") == 1)
    #expect(CommandScript.editDistance("mvoe", "move") == 1)
    #expect(CommandScript.editDistance("abcd", "badc") == 2)
  }

  @Test func editDistanceIsSymmetric() {
    let words = ["", "a", "paint", "paitn", "move", "mvoe", "transaction", "trnsaction", "undo", "redo"]
    for a in words {
      for b in words {
        #expect(CommandScript.editDistance(a, b) == CommandScript.editDistance(b, a), "\(a) \(b)")
      }
    }
  }

  // MARK: Suggestions

  @Test func suggestion() {
    let verbs = ["move", "paint", "open", "close", "lock", "unlock", "place", "reset"]
    #expect(CommandScript.suggestion(for: "paitn", among: verbs) == "paint")
    #expect(CommandScript.suggestion(for: "mvoe", among: verbs) == "move")
    #expect(CommandScript.suggestion(for: "unlok", among: verbs) == "unlock")
    #expect(CommandScript.suggestion(for: "xyzzy", among: verbs) == nil)
    #expect(CommandScript.suggestion(for: "paint", among: [String]()) == nil)
  }

  @Test func suggestionAllowsAThirdOfTheWordAndAtLeastOne() {
    // One edit in a short word.
    #expect(CommandScript.suggestion(for: "mv", among: ["mo"]) == "mo")
    #expect(CommandScript.suggestion(for: "mv", among: ["move"]) == nil)
    // Three in an eleven-letter word, not four.
    #expect(CommandScript.suggestion(for: "trxnsxctxon", among: ["transaction"]) == "transaction")
    #expect(CommandScript.suggestion(for: "trxnsxctxxn", among: ["transaction"]) == nil)
    #expect(CommandScript.suggestion(for: "trnsactin", among: ["transaction"]) == "transaction")
    #expect(CommandScript.suggestion(for: "tarnsactino", among: ["transaction"]) == "transaction")
  }

  /// A suggestion's work is bounded however long the word and however many the candidates:
  /// a file of misspellings once took 19 s to check for 157 KB.
  @Test func suggestionWorkIsBounded() {
    let long = String(repeating: "ab", count: 32)
    #expect(CommandScript.suggestion(for: long + "x", among: [long + "y"]) == nil)
    #expect(CommandScript.suggestion(for: String(long.dropLast()) + "x", among: [long]) == long)
    // Candidates too long or too short to be close are not measured, so do not count.
    let far = (0..<5000).map { "candidate\($0)" }
    #expect(CommandScript.suggestion(for: "mvoe", among: far + ["move"]) == "move")
    // Of those that could be close, at most `maxMeasuredCandidates` are measured.
    let near = (0..<CommandScript.maxMeasuredCandidates).map { String(format: "q%03d", $0 % 1000) }
    #expect(CommandScript.suggestion(for: "mvoe", among: near + ["move"]) == nil)
  }

  /// Only the first `maxSuggestedProblems` problems of a compilation get a suggestion (a
  /// host shows no more), so that each further one costs no look at every name.
  @Test func onlyTheFirstProblemsGetASuggestion() {
    let count = Checker.maxSuggestedProblems + 20
    var checker = Checker(
      state: CheckerState(registry: testRegistry()), commands: CommandTable(), symbols: SymbolTable())
    let (statements, _) = parseAll(String(repeating: "paitn red\n", count: count), symbols: checker.symbols)
    for statement in statements { _ = checker.check(statement) }
    #expect(checker.problems.count == count)
    #expect(checker.problems.prefix(Checker.maxSuggestedProblems).allSatisfy { $0.suggestion == "paint" })
    #expect(checker.problems.dropFirst(Checker.maxSuggestedProblems).allSatisfy { $0.suggestion == nil })
  }

  @Test func suggestionPrefersTheClosestThenTheFirst() {
    #expect(CommandScript.suggestion(for: "paints", among: ["pants", "paint"]) == "pants")
    #expect(CommandScript.suggestion(for: "lck", among: ["lock", "lick"]) == "lock")
    #expect(CommandScript.suggestion(for: "lck", among: ["lick", "lock"]) == "lick")
    #expect(CommandScript.suggestion(for: "clse", among: ["close", "clse"]) == "clse")
  }

  // MARK: Diagnostics

  @Test func descriptionNamesFileLineColumnAndSeverity() {
    let location = SourceLocation(file: "demo.cmd", line: 3, column: 7, length: 5)
    #expect(location.description == "demo.cmd:3:7")
    let error = Diagnostic(.error, "unknown command `paitn`", at: location, suggestion: "paint")
    #expect(error.description == "demo.cmd:3:7: error: unknown command `paitn` (did you mean `paint`?)")
    let warning = Diagnostic(.warning, "nothing to undo", at: location)
    #expect(warning.description == "demo.cmd:3:7: warning: nothing to undo")
  }

  @Test func diagnosticsAreValues() {
    let location = SourceLocation(file: "f", line: 1, column: 1)
    #expect(location.length == 1)
    let a = Diagnostic(.error, "m", at: location, notes: [Diagnostic.Note("n", at: location)])
    #expect(a == Diagnostic(.error, "m", at: location, notes: [Diagnostic.Note("n", at: location)]))
    #expect(a != Diagnostic(.error, "m", at: location, notes: [Diagnostic.Note("n")]))
    #expect(a != Diagnostic(.warning, "m", at: location, notes: [Diagnostic.Note("n", at: location)]))
    #expect(a != Diagnostic(.error, "m", at: SourceLocation(file: "f", line: 1, column: 2), notes: a.notes))
  }

  @Test func problemBecomesADiagnosticWithLocations() {
    var sources = SourceTable()
    _ = sources.add(SourceFile(name: "first", text: "x"))
    let id = sources.add(SourceFile(name: "second", text: "move\n  \"héllo\" x"))
    let string = SourceRange(source: id, start: 7, end: 15)
    var problem = Problem("bad", at: string, suggestion: "good")
    problem.notes = [("here", SourceRange(source: 0, start: 0, end: 1)), ("no place", nil)]
    let diagnostic = problem.diagnostic(in: sources)
    #expect(
      diagnostic
        == Diagnostic(
          .error, "bad", at: SourceLocation(file: "second", line: 2, column: 3, length: 7),
          notes: [
            Diagnostic.Note("here", at: SourceLocation(file: "first", line: 1, column: 1, length: 1)),
            Diagnostic.Note("no place"),
          ],
          suggestion: "good"))
    // An empty range (the end of the input) still has a caret's width.
    let end = SourceRange(source: 0, start: 1, end: 1)
    #expect(sources.location(of: end).length == 1)
    #expect(Problem("w", at: end, severity: .warning).diagnostic(in: sources).severity == .warning)
  }
}
