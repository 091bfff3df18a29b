import Foundation
import Testing

@testable import CommandScriptCLI

/// The undo tree survives SIGKILL at any moment: a session (`--session`) of statements,
/// `undo`, `redo`, `goto`, `earlier` and `later` piped in slowly is killed at a random
/// moment, many times; after each resume every acknowledged statement is in the journal,
/// and the tree and the receivers are those of a clean run of the statements it holds.
@Suite struct HistoryTreeKillTests {
  /// A reproducible program whose every statement runs (a move with nowhere to go only
  /// warns), each followed by `echo N`, whose answer acknowledges it.
  private static func program(seed: UInt64, count: Int) -> [String] {
    var random = SplitMix(seed: seed)
    var made = 0
    var lines: [String] = []
    for n in 1...count {
      let statement: String
      switch random.next() % 100 {
      case ..<40:
        made += 1
        statement =
          ["move up", "move left", "paint red", "paint blue", "door.lock", "door.unlock"][
            Int(random.next() % 6)]
      case ..<52: statement = "undo \(1 + random.next() % 3)"
      case ..<62: statement = "redo \(1 + random.next() % 3)"
      case ..<76: statement = "goto \(random.next() % UInt64(made + 1))"
      case ..<84: statement = "earlier \(1 + random.next() % 4)"
      case ..<92: statement = "later \(1 + random.next() % 4)"
      // By time: the whole run takes a second or two, so an hour reaches the oldest or
      // the newest state whatever the seconds the steps were made in.
      case ..<96: statement = "earlier 1h"
      default: statement = "later 1h"
      }
      lines.append(statement)
      lines.append("echo \(n)")
    }
    return lines
  }

  /// `history --json` without times, then `show`.
  private static func picture(_ result: CLI.Result) throws -> String {
    let lines = result.stdoutLines
    let json = try #require(lines.first { $0.hasPrefix("{") }, "\(result)")
    return ([try historyWithoutTimes(json: json)] + lines.drop { $0 != json }.dropFirst()).joined(separator: "\n")
  }

  @Test func theTreeSurvivesSIGKILLAtRandomMoments() throws {
    let rounds = 50
    var random = SplitMix(seed: 0x27_4B11)
    var acknowledgedInAll = 0
    for round in 0..<rounds {
      try withJournal { journal in
        let folder = journal.deletingLastPathComponent()
        let input = folder.appendingPathComponent("input")
        let out = folder.appendingPathComponent("out")
        let program = Self.program(seed: random.next(), count: 150)
        try Data((program.joined(separator: "\n") + "\n").utf8).write(to: input)
        // A slow producer (a line every few milliseconds), killed 20 to 250 ms in.
        let delay = 20 + Int(random.next() % 230)
        let script = """
          while IFS= read -r line; do printf '%s\\n' "$line"; sleep 0.002; done < "$3" \
            | "$0" --session "$1" --on-error continue > "$2" 2>/dev/null &
          pid=$!
          sleep \(Double(delay) / 1000)
          kill -9 $pid
          wait $pid 2>/dev/null
          exit 0
          """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, CLI.binary.path, journal.path, out.path, input.path]
        try process.run()
        process.waitUntilExit()
        // The last whole line echoed is the last statement acknowledged.
        let echoed = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        let acknowledged = echoed.split(separator: "\n").compactMap { Int($0) }.last ?? 0
        acknowledgedInAll += acknowledged
        let resumed = try runSession(journal, "history\nshow\n", ["--json"])
        #expect(resumed.status == 0, "round \(round): \(resumed)")
        // The statements the journal holds: a prefix of the program, at least up to the
        // last one acknowledged (none, and no file, when killed before its first record).
        let journaled = FileManager.default.fileExists(atPath: journal.path) ? try text(journal) : ""
        let held = journaled.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(Array(program.prefix(held.count)) == held, "round \(round): \(held.suffix(4))")
        #expect(held.count >= 2 * acknowledged, "round \(round): \(held.count) entries, \(acknowledged) acknowledged")
        let clean = try CLI.run(
          ["--json", "--on-error", "continue"],
          stdin: Array((held.filter { !$0.hasPrefix("echo") } + ["history", "show", ""]).joined(separator: "\n").utf8))
        #expect(try Self.picture(resumed) == Self.picture(clean), "round \(round) (\(held.count) entries)")
      }
    }
    #expect(acknowledgedInAll > rounds, "only \(acknowledgedInAll) statements acknowledged in all")
  }
}
