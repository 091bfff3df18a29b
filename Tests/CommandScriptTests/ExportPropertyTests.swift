import CommandScript
import CommandScriptReceivers
import Foundation
import Synchronization
import Testing

/// Files kept in memory, so that a thousand exports cost no disk writes.
private final class MemoryFiles: FileAccess {
  let files = Mutex<[String: [UInt8]]>([:])

  func read(_ path: String) throws(FileAccessError) -> [UInt8] {
    guard let bytes = files.withLock({ $0[path] }) else { throw FileAccessError("no such file") }
    return bytes
  }

  func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileAccessError) {
    files.withLock { $0[path] = bytes }
  }

  func canonicalPath(_ path: String) -> String { path }
}

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
      let files = MemoryFiles()
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
