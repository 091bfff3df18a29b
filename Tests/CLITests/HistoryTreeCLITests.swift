import CommandScript
import CommandScriptReceivers
import Foundation
import Testing

@testable import CommandScriptCLI

/// `history` on the undo tree: a plain list in a pipe, a picture on a terminal, and under
/// `--json` one object with the keys of Vim's `undotree()`; and the moves end to end.
@Suite struct HistoryTreeCLITests {
  /// The README's example tree: steps 2 and 3 on a branch beside step 4.
  private func readmeTree() throws -> HistoryTree {
    let session = Session(registry: .builtins)
    var now = 1000
    session.clock = {
      defer { now += 1 }
      return now
    }
    try session.run(SourceFile(name: "t", text: "move up; move down 2; paint red; undo 2; move left"))
    return session.historyTree
  }

  @Test func aPipeGetsEveryStepInTheOrderMade() throws {
    #expect(
      HistoryDrawing.list(of: try readmeTree()) == [
        "1  move up", "2  move down 2   (undone)", "3  paint red   (undone)", "4  move left   (after 1)",
      ])
  }

  @Test func aTerminalGetsTheTreeWithTheCurrentStateMarked() throws {
    let lines = HistoryDrawing.picture(of: try readmeTree()).map { $0.dropLast(8) }
    #expect(lines == ["* 1  move up       ", "├─o 2  move down 2 ", "│ o 3  paint red   ", "@ 4  move left     "])
  }

  @Test func jsonHasVimsKeysAndTheStatements() throws {
    let result = try CLI.run(command: "move up; move down; undo; move left; undo; history", ["--json"])
    #expect(result.status == 0, "\(result)")
    let line = try #require(result.stdoutLines.last)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["seq_last"] as? Int == 3 && object["seq_cur"] as? Int == 1 && object["time_cur"] is Int)
    let entries = try #require(object["entries"] as? [[String: Any]])
    // Vim's list: step 1, then the branch `redo` follows (3, undone last: curhead and
    // newhead), with 2 as its alternative.
    #expect(entries.map { $0["seq"] as? Int } == [1, 3])
    #expect(entries[1]["curhead"] as? Int == 1 && entries[1]["newhead"] as? Int == 1)
    #expect(entries[1]["statement"] as? String == "move left" && entries[1]["title"] as? String == "move left")
    let alternatives = try #require(entries[1]["alt"] as? [[String: Any]])
    #expect(alternatives.map { $0["seq"] as? Int } == [2] && alternatives[0]["time"] is Int)
    let linear = try #require(object["history"] as? [[String: Any]])
    #expect(linear.map { $0["number"] as? Int } == [1, 3] && linear.map { $0["undone"] as? Bool } == [false, true])
  }

  @Test func jsonEscapesTheStatements() throws {
    let result = try CLI.run(command: "macro m x { move up }; m \"a\\\"b\\\\c\\t\"; history", ["--json"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutLines.last?.contains(#""statement": "m \"a\\\"b\\\\c\\t\"""#) == true, "\(result)")
  }

  @Test func movesEndToEnd() throws {
    let result = try CLI.run(
      command:
        "move up; move up; undo; move right; goto 2; show shape; earlier 1; show shape; later 5; show shape; goto 0; show shape"
    )
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdoutLines == [
        "shape: at (0, 2), blue", "shape: at (0, 1), blue", "shape: at (1, 1), blue", "shape: at (0, 0), blue",
      ])
  }

  @Test func aStepTheTreeDoesNotHoldIsALocatedError() throws {
    let result = try CLI.run(command: "move up; goto 5")
    #expect(result.status == 1)
    #expect(result.stderr.contains("1:10: error: there is no step 5 in the history"), "\(result)")
  }
}

/// The journal keeps the tree: a resume replays the statements, moves included, and comes
/// back with every branch, every number and the current position.
@Suite struct HistoryTreeJournalTests {
  /// `history --json` of a session, its last line, with the times left out.
  private static func treeWithoutTimes(_ result: CLI.Result) throws -> String {
    try historyWithoutTimes(json: try #require(result.stdoutLines.last))
  }

  @Test func aResumeRestoresEveryBranchNumberAndThePosition() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tree-journal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let journal = dir.appendingPathComponent("s.cmdsession").path
    let input =
      "move up\nmove up\nundo 2\npaint red\nmove left\ngoto 2\nearlier 1\nredo\nlater 2\ngoto 4\nundo\nhistory\n"
    let live = try CLI.run(["--json", "--session", journal], stdin: Array(input.utf8))
    #expect(live.status == 0, "\(live)")
    let resumed = try CLI.run(["--json", "--session", journal], stdin: Array("history\n".utf8))
    #expect(resumed.status == 0, "\(resumed)")
    let tree = try Self.treeWithoutTimes(live)
    #expect(tree.contains(#""seq_cur":3"#) && tree.contains(#""seq_last":4"#), "\(tree)")
    #expect(try Self.treeWithoutTimes(resumed) == tree)
    // The journal keeps each step's time: the resumed tree is the same, times included.
    #expect(resumed.stdoutLines.last == live.stdoutLines.last, "\(resumed)\n\(live)")
  }

  /// A journal whose steps were made minutes apart (`#= time` records written as a
  /// session would): `earlier 90s`, journaled, lands at the same step after a resume,
  /// because the steps keep the times they were made at.
  @Test func aTimeMoveLandsWhereItDidLive() throws {
    try withJournal(
      JournalFormat.file([
        "#= time 1000000", "move up", "#= time 1000060", "move up", "#= time 1000120", "move up",
        "#= time 1000180", "earlier 90s",
      ])
    ) { journal in
      let resumed = try runSession(journal, "history\nshow shape\n", ["--json"])
      #expect(resumed.status == 0, "\(resumed)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(resumed.stdoutLines.first!.utf8)) as? [String: Any])
      // The step made nearest 90 seconds before the current state's time (1000121) is step
      // 2 (1000060); `earlier` by time stops before it: after step 1.
      #expect(object["seq_cur"] as? Int == 1, "\(resumed)")
      let entries = try #require(object["entries"] as? [[String: Any]])
      #expect(entries.map { $0["time"] as? Int } == [1_000_000, 1_000_060, 1_000_120], "\(resumed)")
    }
  }
}

/// A line of `history --json` with the times left out, its keys sorted: what a clean run
/// of the same statements prints too.
func historyWithoutTimes(json line: String) throws -> String {
  var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  object["time_cur"] = nil
  func strip(_ entries: [[String: Any]]) -> [[String: Any]] {
    entries.map { entry in
      var entry = entry
      entry["time"] = nil
      if let alt = entry["alt"] as? [[String: Any]] { entry["alt"] = strip(alt) }
      return entry
    }
  }
  object["entries"] = strip(object["entries"] as? [[String: Any]] ?? [])
  return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
}
