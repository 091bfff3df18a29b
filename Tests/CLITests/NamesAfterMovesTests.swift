import Foundation
import Testing

// A name after a move through the tree stands for the receiver by that name in the state
// the tree is in, however the statements came: a journal resumed and an `export tree`
// replayed reach the same receivers. (A file and a pipe: the golden scripts
// instances/name-follows-goto*.cmd.)

@Suite struct NamesAfterMovesTests {
  private let branches = "new door d1; undo; new door d1\ngoto 1\nd1.lock\n"

  @Test func aResumedJournalFollowsTheBranch() throws {
    try withFolder { dir in
      let journal = dir.appendingPathComponent("names.cmdsession").path
      let first = try CLI.run(["--session", journal, "-"], stdin: Array((branches + "echo (d1.locked)\n").utf8))
      #expect(first.status == 0, "\(first)")
      #expect(first.stdoutLines == ["true"], "\(first)")
      let resumed = try CLI.run(["--session", journal, "-"], stdin: Array("echo (d1.locked)\nshow d1\n".utf8))
      #expect(resumed.status == 0, "\(resumed)")
      #expect(resumed.stdoutLines == ["true", "d1 (door): closed, locked"], "\(resumed)")
    }
  }

  @Test func anExportedTreeReplaysToTheSameReceivers() throws {
    try withFolder { dir in
      let live = try CLI.run(
        ["-"], stdin: Array((branches + "export tree \"tree.cmd\"\nhistory\n").utf8), in: dir)
      #expect(live.status == 0, "\(live)")
      let script = try String(contentsOf: dir.appendingPathComponent("tree.cmd"), encoding: .utf8)
      let replayed = try CLI.run(["-"], stdin: Array((script + "echo (d1.locked)\nhistory\n").utf8), in: dir)
      #expect(replayed.status == 0, "\(replayed)\n\(script)")
      #expect(replayed.stdoutLines.first == "true", "\(replayed)\n\(script)")
      #expect(Array(replayed.stdoutLines.dropFirst()) == live.stdoutLines.filter { !$0.hasPrefix("exported") })
      // And a command after the replay goes to that door too.
      let again = try CLI.run(["-"], stdin: Array((script + "d1.unlock\necho (d1.locked)\n").utf8), in: dir)
      #expect(again.stdoutLines == ["false"], "\(again)")
    }
  }
}
