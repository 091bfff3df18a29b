import CommandScript
import CommandScriptReceivers
import Foundation
import Testing

/// Every receiver's state, without the vehicle's audit-log count (`log` cannot be undone).
private func states(_ session: Session) -> [String] {
  session.receiverNames.map { name in
    var state = session.state(of: name)!
    if name == "vehicle", case .object(let members) = state { state = .object(members.filter { $0.key != "log" }) }
    return "\(name): \(state.json)"
  }
}

/// The tree without its times and texts (the export writes each step as the commands it
/// ran, with their receivers): numbers, parents, the order of children, curhead, newhead,
/// the current step.
private func shape(_ tree: HistoryTree) -> String {
  let nodes = tree.nodes.map { "\($0.number)<\($0.parent)>[\($0.children.map(String.init).joined(separator: ","))]" }
  return nodes.joined(separator: " ")
    + " roots \(tree.rootChildren) cur \(tree.current) last \(tree.lastNumber) curhead \(tree.curhead ?? -1) newhead \(tree.newhead ?? -1)"
}

@Suite struct ExportTreePropertyTests {
  /// A random session: statements (some fail, some in a `transaction`, named or not), `undo N`, `redo N`, `goto N`, `earlier N`,
  /// `later N` and moves by time on a clock that moves on by 0 to 20 seconds a step.
  private static func randomSession(_ generator: inout ProgramGenerator) -> [String] {
    var lines: [String] = []
    var made = 0
    for _ in 0..<1 + generator.random.below(30) {
      switch generator.random.below(100) {
      case ..<37:
        made += 1
        lines.append(generator.statement().text)
      case ..<41:
        made += 1
        lines.append("transaction { \(generator.statement().text) }")
      case ..<45:
        made += 1
        lines.append("transaction \"Step \(made)\" { \(generator.statement().text) }")
      case ..<57: lines.append("undo \(1 + generator.random.below(3))")
      case ..<65: lines.append("redo \(1 + generator.random.below(3))")
      case ..<78: lines.append("goto \(generator.random.below(made + 1))")
      case ..<85: lines.append("earlier \(1 + generator.random.below(4))")
      case ..<90: lines.append("later \(1 + generator.random.below(4))")
      case ..<95: lines.append("earlier \(1 + generator.random.below(40))s")
      default: lines.append("later \(1 + generator.random.below(40))s")
      }
    }
    return lines
  }

  @Test func anExportedTreeRunOnFreshReceiversIsTheSameTree() throws {
    var seeds = SplitMix64(seed: PropertyTests.seed ^ 0x7EE)
    for n in 0..<PropertyTests.count {
      var generator = ProgramGenerator(seed: seeds.next())
      let lines = Self.randomSession(&generator)
      let files = MemoryFileAccess()
      let original = Session(registry: .builtins)
      original.fileAccess = files
      var now = 1_000_000
      var ticks = SplitMix64(seed: UInt64(n))
      original.clock = {
        now += ticks.below(21)
        return now
      }
      for line in lines { try? original.run(SourceFile(name: "random", text: line)) }
      try original.run(SourceFile(name: "random", text: "export tree \"tree.cmd\""))
      let exported = try files.read("tree.cmd")
      let context =
        "session \(n) (CMDSCRIPT_PROPERTY_SEED repeats it):\n" + lines.joined(separator: "\n") + "\n— export:\n"
        + String(decoding: exported, as: UTF8.self)
      let replay = Session(registry: .builtins)
      replay.fileAccess = files
      do {
        try replay.run(SourceFile(name: "tree.cmd", bytes: exported))
      } catch {
        Issue.record("the export did not run: \(error)\n\(context)")
        continue
      }
      #expect(states(replay) == states(original), "\(context)")
      guard shape(replay.historyTree) == shape(original.historyTree) else {
        // Only a leaf that `earlier` by time made the child `redo` follows is out of a
        // `goto`'s reach; everything else must be the same.
        #expect(
          lines.contains { $0.hasPrefix("earlier") && $0.hasSuffix("s") },
          "\(shape(replay.historyTree))\n\(shape(original.historyTree))\n\(context)")
        continue
      }
      // Each step's name, and whether it is a transaction's, as live: `history --json`'s
      // `title`, and its `statement`'s first word.
      func transactions(_ tree: HistoryTree) -> [String] {
        // A transaction's title that is not its statement (which the export writes with
        // receivers) is its name. (A macro call's title, its macro's name, is not kept:
        // the export writes the commands it ran.)
        tree.nodes.map {
          let isTransaction = $0.statement.hasPrefix("transaction")
          return "\($0.number) \(isTransaction && $0.title != $0.statement ? $0.title : "") \(isTransaction)"
        }
      }
      #expect(transactions(replay.historyTree) == transactions(original.historyTree), "\(context)")
      // Exported again, the rebuilt tree gives the same file.
      try replay.run(SourceFile(name: "again", text: "export tree \"again.cmd\""))
      let again = try files.read("again.cmd")
      #expect(again == exported, "\(String(decoding: again, as: UTF8.self))\n\(context)")
    }
  }

  @Test func theScriptGoesToEveryParentAndEndsWhereTheSessionWas() throws {
    let files = MemoryFileAccess()
    let session = Session(registry: .builtins)
    session.fileAccess = files
    try session.run(
      SourceFile(
        name: "t", text: "move up; move down 2; paint red; undo 2; move left; goto 3; goto 1; export tree \"t.cmd\""))
    #expect(
      String(decoding: try files.read("t.cmd"), as: UTF8.self) == """
        # Written by `export tree`: run on fresh receivers, it makes the session's undo tree again, every branch, and ends where the session was.
        shape.move up
        shape.move down 2
        shape.paint red
        goto 1
        shape.move left
        goto 2
        goto 3
        goto 1

        """)
  }
}

@Suite struct ExportTreeTransactionTests {
  /// A transaction without a name is written as one, so that the replayed tree's steps have
  /// the live statements and titles.
  @Test func aTransactionStepIsWrittenAsATransaction() throws {
    let files = MemoryFileAccess()
    let session = Session(registry: .builtins)
    session.fileAccess = files
    try session.run(
      SourceFile(
        name: "t",
        text: "transaction { move up; move up }; transaction \"Paint\" { paint red }; undo; export tree \"t.cmd\""))
    let script = String(decoding: try files.read("t.cmd"), as: UTF8.self)
    #expect(script.contains("transaction { shape.move up; shape.move up }"), "\(script)")
    #expect(script.contains("transaction \"Paint\" { shape.paint red }"), "\(script)")
    let replay = Session(registry: .builtins)
    replay.fileAccess = files
    try replay.run(SourceFile(name: "t.cmd", bytes: try files.read("t.cmd")))
    #expect(replay.historyTree.nodes.map(\.title).last == "Paint")
    #expect(replay.historyTree.nodes.map { $0.statement.hasPrefix("transaction") } == [true, true])
  }
}
