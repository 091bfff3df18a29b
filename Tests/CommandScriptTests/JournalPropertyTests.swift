import CommandScriptReceivers
import Foundation
import Testing

@testable import CommandScript

// The journal property: after any run, under any error policy, replaying what the
// session gave its journal restores exactly the live state: receivers, undo and redo
// stacks, macros. The programs are random (the generator of PropertyTests), run line by
// line as piped standard input is, with `source` of random files that source each other
// and fail inside; the policies are applied as the command line applies them.

/// A journal in memory: each entry a statement, and whether it failed (its rollback left
/// commands declared not undoable in effect).
private final class MemoryJournal: StatementJournal {
  var entries: [String] = []
  var failed: Set<Int> = []
  func record(_ text: String) throws(RecordFailure) { entries.append(text) }
  func withdrawLast() { entries.removeLast() }
  func keepFailed(leaving commands: [String], replays: Bool) {
    #expect(replays, "nothing here is interrupted")
    failed.insert(entries.count - 1)
  }

  /// Replays the entries into a fresh session, as a resume does: a failed one must fail.
  func replay(_ context: String) -> Session {
    let replay = Session(registry: .builtins)
    for (i, entry) in entries.enumerated() {
      if failed.contains(i) {
        #expect(throws: Session.RunError.self, "entry \(i + 1) `\(entry)` failed live — \(context)") {
          try replay.run(SourceFile(name: "journal", text: entry))
        }
      } else {
        #expect(throws: Never.self, "entry \(i + 1) `\(entry)` of \(entries) — \(context)") {
          try replay.run(SourceFile(name: "journal", text: entry))
        }
      }
    }
    return replay
  }
}

/// Everything replay must restore, the vehicle's audit log included: its lines are not
/// undoable, so a statement that failed leaves them, and the journal keeps it as failed.
private struct LiveState: Equatable, CustomStringConvertible {
  var states: [String]
  var log: StateValue?
  var history: [HistoryEntry]
  var undoCount: Int
  var redoCount: Int
  var macros: [String]

  init(_ session: Session) {
    states = comparableStates(of: session)
    log = session.state(of: "vehicle")?["log"]
    history = session.history
    undoCount = session.undoCount
    redoCount = session.redoCount
    macros = session.macroDefinitions.map { "\($0.name) \($0.parameters)" }
  }

  var description: String {
    states.joined(separator: "; ") + " log \(log?.json ?? "")"
      + " undo \(undoCount) redo \(redoCount) history \(history.map(\.statement))"
      + " macros \(macros)"
  }
}

private enum Policy: CaseIterable { case stop, `continue`, rollback }

@Suite struct JournalPropertyTests {
  static let count = ProcessInfo.processInfo.environment["CMDSCRIPT_PROPERTY_COUNT"].flatMap { Int($0) } ?? 300

  /// Runs `lines` as a stream under `policy`, as the command line does: each line compiled
  /// and run; a compile error ends the run, and a failure too unless the policy continues
  /// (rollback first undoes everything the run did).
  private func live(_ lines: [String], policy: Policy, journal: MemoryJournal) -> (Session, failed: Int) {
    let session = Session(registry: .builtins)
    session.journal = journal
    let mark = session.undoCount
    var failed = 0
    for (i, line) in lines.enumerated() {
      guard let program = try? session.compile(SourceFile(name: "<stdin>", text: line, firstLine: i + 1)) else {
        break
      }
      var keepGoing = true
      failed += session.execute(program) { _ in
        keepGoing = policy == .continue
        return keepGoing
      }
      if !keepGoing {
        if policy == .rollback { _ = try? session.undo(downTo: mark) }
        break
      }
    }
    return (session, failed)
  }

  @Test func aProgramThatStopsBeforeANewTakesBackWhatWasDefinedFromThere() throws {
    // The definitions after a stop stay in force (they took effect when checked), but not
    // from a `new` that did not run: `m2` uses its door, which was never made, so the
    // journal could not replay it; and the name `d1` stands for nothing.
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("stop-\(UUID()).cmd").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "macro m1 { move up }\ndoor.lock\ndoor.open\nmacro m0 { move down }\nnew door d1\nmacro m2 { d1.close }"
      .write(toFile: path, atomically: true, encoding: .utf8)
    let session = Session(registry: .builtins)
    let journal = MemoryJournal()
    session.journal = journal
    let program = try session.compile(SourceFile(name: "t", text: "source \"\(path)\""))
    #expect(session.execute(program) { _ in false } == 1)
    #expect(session.macroDefinitions.map(\.name) == ["m1", "m0"])
    #expect(journal.entries == ["macro m1 { move up }", "door.lock", "macro m0 { move down }"])
    #expect(throws: Session.RunError.self) { try session.run(SourceFile(name: "t", text: "d1.open")) }
    #expect(LiveState(journal.replay("one program")) == LiveState(session))
    // The name is free for a `new` that runs.
    try session.run(SourceFile(name: "t", text: "new door d1; d1.open"))
    #expect(session.state(of: "d1")?["open"] == .bool(true))
  }

  @Test func replayingTheJournalRestoresTheLiveStateUnderEveryPolicy() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journal-property-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var seeds = SplitMix64(seed: 0x10_5EED)
    var sourcedFailures = 0
    var sourcedRuns = 0
    var failedKept = 0
    var returningCalls = 0
    for n in 0..<Self.count {
      var generator = ProgramGenerator(seed: seeds.next())
      // Files 0..<k, each of compiling statements (some fail at run time), each sourcing
      // only files before it, so none sources itself.
      let files = (0..<1 + generator.random.below(3)).map { k in
        let path = folder.appendingPathComponent("p\(n)-f\(k).cmd").path
        var lines = (0..<1 + generator.random.below(6)).map { _ in
          var statement = generator.statement()
          while !statement.compiles { statement = generator.statement() }
          return statement.text
        }
        if k > 0, generator.random.chance(50) {
          lines.insert(
            "source \"\(folder.appendingPathComponent("p\(n)-f\(generator.random.below(k)).cmd").path)\"",
            at: generator.random.below(lines.count + 1))
        }
        try? lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
      }
      let lines = (0..<1 + generator.random.below(10)).map { _ in
        generator.random.chance(30) ? "source \"\(generator.random.pick(files))\"" : generator.statement().text
      }
      // Macros that return values, called inside expressions.
      if lines.contains(where: { $0.range(of: #"(\(|if |= |assert )r[0-9]+ "#, options: .regularExpression) != nil }) {
        returningCalls += 1
      }
      for policy in Policy.allCases {
        let journal = MemoryJournal()
        let (session, failed) = live(lines, policy: policy, journal: journal)
        let context = "program \(n), --on-error \(policy):\n" + lines.joined(separator: "\n")
        if lines.contains(where: { $0.hasPrefix("source") }) {
          sourcedRuns += 1
          if failed > 0 { sourcedFailures += 1 }
        }
        #expect(!journal.entries.contains { $0.hasPrefix("source") }, "a `source` was journaled — \(context)")
        if !journal.failed.isEmpty { failedKept += 1 }
        let replay = journal.replay(context)
        #expect(LiveState(replay) == LiveState(session), "\n\(LiveState(session))\n\(LiveState(replay))\n— \(context)")
      }
    }
    // Failed statements that left log lines happen, and not rarely.
    #expect(failedKept >= Self.count / 100, "only \(failedKept) runs kept a failed statement")
    // Programs call macros that return values inside expressions, and not rarely.
    #expect(returningCalls > Self.count / 20, "only \(returningCalls) programs called a macro with `return`")
    // Failures inside sourced files happen, and not rarely.
    #expect(sourcedFailures > Self.count / 10, "only \(sourcedFailures) of \(sourcedRuns) runs with `source` failed")
  }
}
