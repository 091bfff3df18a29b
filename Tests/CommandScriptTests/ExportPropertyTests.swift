import CommandScript
import CommandScriptReceivers
import Foundation
import Testing

/// Every receiver's state, without the vehicle's audit-log count: `log` cannot be undone,
/// so a redo in the original session writes lines that the exported steps write once.
private func states(_ session: Session) -> [String] {
  session.receiverNames.map { name in
    var state = session.state(of: name)!
    if name == "vehicle", case .object(let members) = state { state = .object(members.filter { $0.key != "log" }) }
    return "\(name): \(state.json)"
  }
}

@Suite struct ExportPropertyTests {
  @Test func anExportedHistoryReplayedOnFreshReceiversReachesTheSameState() throws {
    var seeds = SplitMix64(seed: PropertyTests.seed ^ 0xE4_90E7)
    for n in 0..<PropertyTests.count {
      var generator = ProgramGenerator(seed: seeds.next())
      let statements = (0..<1 + generator.random.below(12)).map { _ in generator.statement().text }
      let files = MemoryFileAccess()  // a thousand exports, no disk writes
      let original = Session(registry: .builtins)
      original.fileAccess = files
      for statement in statements {
        // Statements that do not compile or fail are part of the test input too.
        try? original.run(SourceFile(name: "random", text: statement))
      }
      try original.run(SourceFile(name: "random", text: "export \"out.cmd\""))
      let exported = try files.read("out.cmd")
      let replay = Session(registry: .builtins)
      let context = "program \(n) (CMDSCRIPT_PROPERTY_SEED repeats it):\n" + statements.joined(separator: "\n")
      do {
        try replay.run(SourceFile(name: "out.cmd", bytes: exported))
      } catch {
        Issue.record("the export did not run: \(error)\n\(String(decoding: exported, as: UTF8.self))\n— \(context)")
        continue
      }
      #expect(states(replay) == states(original), "\(String(decoding: exported, as: UTF8.self))\n— \(context)")
      #expect(replay.undoCount == original.undoCount, "one exported statement per undo step — \(context)")
    }
  }
}
