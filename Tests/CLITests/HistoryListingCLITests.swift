import CommandScriptReceivers
import Foundation
import Testing

@testable import CommandScript
@testable import CommandScriptCLI

/// `history` as drawn and listed: `@` at the state before every step, numbers of two
/// digits lined up, `history N` (the last N, as bash's), and the work a listing takes
/// counted, not timed.
@Suite struct HistoryListingCLITests {
  private func tree(_ text: String) throws -> HistoryTree {
    let session = Session(registry: .builtins)
    var now = 1000
    session.clock = {
      defer { now += 1 }
      return now
    }
    try session.run(SourceFile(name: "t", text: text))
    return session.historyTree
  }

  @Test func theStartStateIsMarkedAfterGotoZero() throws {
    let lines = HistoryDrawing.picture(of: try tree("move up; move down; goto 0"))
    #expect(lines.first == "@ 0  (before every step)", "\(lines)")
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("o ") }, "\(lines)")
    #expect(lines.filter { $0.contains("@") }.count == 1, "\(lines)")
  }

  @Test func twoDigitNumbersKeepTheStatementsInOneColumn() throws {
    let picture = HistoryDrawing.picture(of: try tree(String(repeating: "move up\n", count: 12)))
    let columns = Set(picture.map { $0.distance(from: $0.startIndex, to: $0.firstRange(of: "move")!.lowerBound) })
    #expect(columns.count == 1, "\(picture)")
    let list = HistoryDrawing.list(of: try tree(String(repeating: "move up\n", count: 12)))
    #expect(Set(list.map { $0.firstRange(of: "move")!.lowerBound.utf16Offset(in: $0) }).count == 1, "\(list)")
  }

  @Test func aCountShowsTheLastSteps() throws {
    var listed = try tree(String(repeating: "move up\n", count: 12))
    listed.shownSteps = 3
    #expect(HistoryDrawing.list(of: listed) == ["10  move up", "11  move up", "12  move up"])
    #expect(HistoryDrawing.picture(of: listed).count == 3)
    listed.shownSteps = 50
    #expect(HistoryDrawing.list(of: listed).count == 12)
  }

  @Test func historyNEndToEnd() throws {
    let result = try CLI.run(command: "repeat 3 { move up }; move left; move right; paint red; history 2")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutLines == ["3  move right", "4  paint red"], "\(result)")
  }

  /// The work of drawing and listing, in look-ups of steps: a line of 4× the steps takes
  /// at most about 4× the work (a walk up the tree per step took 58 s at 32,000 steps).
  @Test func listingAndDrawingAreLinearInTheSteps() throws {
    #if DEBUG
      func work(_ steps: Int) throws -> (list: Int, picture: Int) {
        let t = try tree(String(repeating: "move up\n", count: steps) + "undo 2\nmove left\nundo")
        let (list, picture) = (HistoryTree.LookupCounter(), HistoryTree.LookupCounter())
        HistoryTree.$lookups.withValue(list) { _ = HistoryDrawing.list(of: t) }
        HistoryTree.$lookups.withValue(picture) { _ = HistoryDrawing.picture(of: t) }
        return (list.count, picture.count)
      }
      let (small, large) = (try work(500), try work(2_000))
      #expect(large.list <= 5 * max(small.list, 100), "list: \(small.list) then \(large.list) look-ups")
      #expect(large.picture <= 5 * max(small.picture, 100), "picture: \(small.picture) then \(large.picture) look-ups")
    #endif
  }
}
