import Foundation
import Testing

/// `plugin check` covers what it claims: per verb, the calls that succeeded and were
/// undone, and a verb that never succeeded fails the check; small ranges are taken whole
/// and a parameter's `examples` used; the seed is printed and taken; the plugin runs in a
/// scratch folder (working directory and HOME) and is told `"check": true`.
@Suite("plugin check's coverage")
struct PluginCheckTests {
  static let picky = "python3 \(PluginTests.faults.appendingPathComponent("picky.py").path)"

  @Test("a verb that never succeeded fails the check; its examples make it succeed")
  func neverSucceededFails() throws {
    let bare = try CLI.run(["plugin", "check", "--calls", "100", Self.picky], timeout: 120)
    #expect(bare.status == 1, "\(bare)")
    #expect(
      bare.stdoutLines.contains(
        "violation: `mv` never succeeded in 50 calls: give samples (an `examples` list for each of its parameters, PLUGINS.md)"
      ), "\(bare)")
    // 0 to 40, each in turn: 37 comes up within 50 calls, whatever the seed.
    #expect(bare.stdoutLines.contains("  `files.pick`: 1 of 50 calls succeeded, 1 undone"), "\(bare)")
    // `picky` (not `unsafe`): it ran in a scratch folder that is its HOME, told "check": true.
    #expect(bare.stdoutLines.last == "plugin `picky`: 1 law broken, 1 time in 100 random calls", "\(bare)")
    let examples = try CLI.run(["plugin", "check", "--calls", "100", Self.picky + " examples"], timeout: 120)
    #expect(examples.status == 0, "\(examples)")
    #expect(examples.stdoutLines.contains("  `files.mv`: 1 of 50 calls succeeded, 1 undone"), "\(examples)")
    #expect(examples.stdoutLines.last == "plugin `picky`: 100 random calls, no violations", "\(examples)")
  }

  @Test("the seed is printed, and --seed repeats the same calls")
  func seedIsPrintedAndTaken() throws {
    let lawless = "python3 \(PluginTests.faults.appendingPathComponent("lawless.py").path)"
    let first = try CLI.run(["plugin", "check", "--calls", "30", lawless], timeout: 120)
    let seed = try #require(first.stdoutLines.first?.split(separator: " ").dropFirst(3).first, "\(first)")
    #expect(first.stdoutLines.first == "plugin check: seed \(seed) (the same calls again: --seed \(seed))")
    let again = try CLI.run(["plugin", "check", "--calls", "30", "--seed", String(seed), lawless], timeout: 120)
    #expect(again.stdout == first.stdout, "\(first)\n\(again)")
  }
}
