import CommandScriptReceivers
import Testing

@testable import CommandScript

// Every statement that takes a number, given the numbers at the ends of `Int` (and 0, ±1
// beside them): none may trap, whatever the tree and the clock. A trap here kills the test
// process, so a failure is loud; each run must also end with a result, not a hang (the
// step limit bounds `repeat`).

/// The statements with a number in them: `N` stands for it.
let numericStatementTemplates = [
  "undo N", "redo N", "goto N", "earlier N", "later N", "earlier Ns", "later Ns", "earlier Nm", "later Nm",
  "earlier Nh", "later Nh", "history N", "batch N", "repeat N { move up }", "repeat N as i { echo ($i + 1) }",
  "move up N", "move down N", "move left N", "move right N", "move up N; move up N", "move down N; move down 1",
  "board.place N N", "board.reset N", "echo (N + N)", "echo (N - N)", "echo (N * N)", "echo (N / N)",
  "echo (N % N)", "echo (-N)", "echo (0 - N)", "echo (N + 1)", "echo (N - 1)", "echo (N * -1)", "echo (N / -1)",
  "echo (N % -1)", "echo (N + 0.5)", "echo (N * 1.5)", "echo (N / 0.5)", "echo (shape.x + N)",
  "if shape.x < N { move up }", "if N == N { move up }", "while shape.x > N { move left }",
  "macro m n { move up $n }; m N", "macro k n { echo ($n * $n) }; k N", "echo \"$N\"",
]

/// The ends of `Int` and their neighbours, as a script writes them.
let numericEdges = [
  Int.min, Int.min + 1, -1, 0, 1, Int.max - 1, Int.max,
].map(String.init)

@Suite struct NumericEdgeTests {
  /// A session with a small tree (a branch, an undone step) and the given clock.
  private func session(clock: @escaping () -> Int) -> Session {
    let session = Session(registry: .builtins)
    session.limits.steps = 10_000
    session.clock = clock
    try? session.run(SourceFile(name: "<setup>", text: "move up; move right; undo; move down; undo; move left 2"))
    return session
  }

  /// Clocks: the system's, one that goes backwards, and one at the ends of `Int`.
  private static let clocks: [(name: String, times: [Int])] = [
    ("steady", [1_000, 1_010, 1_020, 1_030, 1_040, 1_050]),
    ("backwards", [1_800_000_000, 5, 3, 1_700_000_000, 0, 2]),
    ("extreme", [Int.max, 0, Int.max - 1, 1, Int.max, 0]),
  ]

  @Test func noStatementTrapsOnAnyNumberAtTheEndsOfInt() {
    for clock in Self.clocks {
      for template in numericStatementTemplates {
        for number in numericEdges {
          var times = clock.times[...]
          let s = session { times.popFirst() ?? clock.times.last! }
          let text = template.replacingOccurrences(of: "N", with: number)
          // Any outcome but a trap: ran, refused, or failed with a message.
          do { try s.run(SourceFile(name: "<edge>", text: text)) } catch {}
          // The tree is still whole: a move to each end and a listing afterwards work
          // (with a fresh step budget: `repeat N` may have spent it).
          s.resetSteps()
          do { try s.run(SourceFile(name: "<after>", text: "goto 0; later 100; history")) } catch {
            Issue.record("after `\(text)` (clock \(clock.name)): \(error)")
          }
        }
      }
    }
  }

  @Test func movesByCountOrTimeAreClampedToTheEndsOfTheTree() throws {
    var now = 100
    let s = Session(registry: .builtins)
    s.clock = {
      now += 10
      return now
    }
    try s.run(SourceFile(name: "<a>", text: "move up; move up; move up; undo 3"))
    try s.run(SourceFile(name: "<b>", text: "later 9223372036854775807"))
    #expect(s.historyTree.current == 3)
    try s.run(SourceFile(name: "<c>", text: "earlier 9223372036854775807"))
    #expect(s.historyTree.current == 0)
    try s.run(SourceFile(name: "<d>", text: "later 2562047788015215h"))
    #expect(s.historyTree.current == 3)
    try s.run(SourceFile(name: "<e>", text: "earlier 2562047788015215h"))
    #expect(s.historyTree.current == 0)
  }

  /// The clock went back between the steps: the step made nearest the time asked for is
  /// the second (time 5), and `earlier` stops before it.
  @Test func earlierByTimeAfterTheClockWentBackwardsStopsBeforeTheNearestStep() throws {
    var times = [1_800_000_000, 5][...]
    let s = Session(registry: .builtins)
    s.clock = { times.popFirst() ?? 5 }
    try s.run(SourceFile(name: "<a>", text: "move up; move up"))
    try s.run(SourceFile(name: "<b>", text: "earlier 9223372036854775807s"))
    #expect(s.historyTree.current == 1)
  }
}
