import Foundation
import Testing

/// The journal property (CommandScriptTests' JournalPropertyTests) with a persistent
/// plugin: random programs of every statement that makes a decision (`if` / `else if` /
/// `else`, `while`, `try` / `else`, `repeat` with its turn, `transaction`, a failing
/// command, `undo`, `redo`) on the notes plugin, whose queries change as its commands run.
/// Undoing the whole history, the notes shown after each step, must give the same in the
/// session that ran the program and in a new process that resumed its journal: the resume
/// took every branch the live run took, and each undo takes back the note it did.
@Suite("Plugin replay property")
struct PluginReplayPropertyTests {
  static let count =
    ProcessInfo.processInfo.environment["CMDSCRIPT_PROPERTY_COUNT"].flatMap { Int($0) }.map {
      max(1, $0 / 20)
    } ?? 12

  /// A small seeded generator (SplitMix64): a failure names its seed.
  struct Generator {
    var state: UInt64
    var notes = 0
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    mutating func note() -> String {
      notes += 1
      return "notes.add \"n\(notes)\""
    }

    mutating func condition() -> String {
      let op = ["<", "<=", ">", ">=", "==", "!="][next(6)]
      return next(3) == 0 ? "notes.count % 2 == \(next(2))" : "notes.count \(op) \(next(8))"
    }

    mutating func block(_ depth: Int) -> String {
      "{ " + (0...next(2)).map { _ in statement(depth + 1) }.joined(separator: "; ") + " }"
    }

    mutating func statement(_ depth: Int) -> String {
      guard depth < 3 else { return note() }
      switch next(10) {
      case 0, 1: return note()
      case 2: return "if \(condition()) \(block(depth)) else if \(condition()) \(block(depth)) else \(block(depth))"
      case 3: return "if \(condition()) \(block(depth))"
      case 4: return "while notes.count < \(next(10)) { \(note()) }"
      case 5:
        let failing = next(2) == 0 ? "; notes.fail" : ""
        return "try { \(note())\(failing) } else \(block(depth))"
      case 6: return "repeat \(next(4)) as i { if $i % 2 == notes.count % 2 { \(note()) } }"
      case 7: return "transaction \"t\(next(100))\" \(block(depth))"
      case 8: return depth == 0 ? ["undo", "redo", "notes.fail"][next(3)] : note()
      default: return "{ \(note()); if \(condition()) { \(note()) } }"
      }
    }
  }

  @Test("a resumed journal of random decisions on a persistent plugin undoes as the live session does")
  func resumedDecisionsMatchTheLiveSession() throws {
    for seed in 1...Self.count {
      var generator = Generator(state: UInt64(seed) &* 7919)
      let program = (0..<(4 + generator.next(6))).map { _ in generator.statement(0) }.joined(separator: "\n") + "\n"
      let unwind = "show notes\n" + String(repeating: "undo\nshow notes\n", count: 40)
      try inFolder { dir in
        let live = dir.appendingPathComponent("live")
        let resumed = dir.appendingPathComponent("resumed")
        for folder in [live, resumed] {
          try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let options = ["--on-error", "continue"]
        let whole = try runSession(
          live.appendingPathComponent("s"), program + unwind, PluginJournalTests.notes(live) + options, in: live)
        let first = try runSession(
          resumed.appendingPathComponent("s"), program, PluginJournalTests.notes(resumed) + options, in: resumed)
        let second = try runSession(
          resumed.appendingPathComponent("s"), unwind, PluginJournalTests.notes(resumed) + options, in: resumed)
        let shown = { (result: CLI.Result) in result.stdoutLines.filter { $0.hasPrefix("notes: ") } }
        #expect(
          shown(whole) == shown(second),
          "seed \(seed), program:\n\(program)\nlive: \(whole)\nfirst: \(first)\nresumed: \(second)")
        #expect(PluginJournalTests.phantoms(resumed) == "", "seed \(seed)")
        #expect(try PluginJournalTests.stored(resumed) == PluginJournalTests.stored(live), "seed \(seed)")
      }
    }
  }
}
