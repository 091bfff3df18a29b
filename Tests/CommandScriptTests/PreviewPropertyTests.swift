import CommandScriptReceivers
import Foundation
import Testing

@testable import CommandScript

// The preview property (`cmdscript mcp`'s `preview`): on random statements (the
// generator of PropertyTests, as the journal property test uses it), a preview leaves the
// receivers, the history tree, the journal, the queue and the definitions exactly as they
// were, and its changes, outputs and success are what running the same script at the same
// step then does. It stops before a command that cannot be undone, and names it.

/// A journal in memory that counts what it was given.
private final class CountingJournal: StatementJournal {
  var entries: [String] = []
  func record(_ text: String) throws(RecordFailure) { entries.append(text) }
  func withdrawLast() { entries.removeLast() }
  func keepFailed(leaving commands: [String], replays: Bool) {}
}

/// Everything a preview must leave as it found it.
private struct Everything: Equatable {
  var states: [String]
  var tree: HistoryTree
  var journal: [String]
  var macros: [String]
  var pending: [String]
  var undoCount: Int
  var redoCount: Int
  var step: Int

  init(_ session: Session, _ journal: CountingJournal) {
    states = session.receiverStates.map { "\($0.receiver): \($0.state.json)" }
    tree = session.historyTree
    self.journal = journal.entries
    macros = session.macroDefinitions.map { "\($0.name) \($0.parameters)" }
    pending = session.pendingStatements
    undoCount = session.undoCount
    redoCount = session.redoCount
    step = session.currentStep
  }
}

@Suite struct PreviewPropertyTests {
  static let count = ProcessInfo.processInfo.environment["CMDSCRIPT_PREVIEW_COUNT"].flatMap { Int($0) } ?? 10_000

  @Test func previewTellsTheTruthAndLeavesEverythingAsItWas() {
    var seeds = SplitMix64(seed: 0x9E_7E5)
    var matched = 0
    var stopped = 0
    var previewed = 0
    var session = Session(registry: .builtins)
    var journal = CountingJournal()
    var generator = ProgramGenerator(seed: seeds.next())
    func fresh() {
      session = Session(registry: .builtins)
      journal = CountingJournal()
      session.journal = journal
      var time = 1_000
      session.clock = {
        time += 1
        return time
      }
      generator = ProgramGenerator(seed: seeds.next())
    }
    fresh()
    for n in 0..<Self.count {
      // A new session every 50 statements, so that histories of every size are met.
      if n % 50 == 0 { fresh() }
      let text = generator.statement().text
      let file = SourceFile(name: "script", text: text)
      let before = Everything(session, journal)
      let preview = session.preview(file)
      previewed += 1
      #expect(Everything(session, journal) == before, "preview \(n) `\(text)` changed the session")
      if let irreversible = preview.irreversible {
        stopped += 1
        #expect(preview.changes.isEmpty, "preview \(n) `\(text)` stopped before `\(irreversible.command)`")
        let refused = session.run(file, allowingIrreversible: false)
        #expect(!refused.ok && refused.irreversible == irreversible, "run \(n) `\(text)` was not refused")
        #expect(Everything(session, journal) == before, "a refused run \(n) `\(text)` changed the session")
        _ = session.run(file, allowingIrreversible: true)
        continue
      }
      let run = session.run(file, allowingIrreversible: false)
      let same = run.ok == preview.ok && run.changes == preview.changes && run.outputs == preview.outputs
      #expect(same, "statement \(n) `\(text)`: preview \(preview) but run \(run)")
      if same { matched += 1 }
    }
    print(
      "previews: \(previewed), matched the run: \(matched), stopped before a command that cannot be undone: \(stopped)")
    #expect(matched + stopped == previewed)
    // The generator's vehicle.log cannot be undone: previews stop before it, not rarely.
    #expect(stopped > Self.count / 200, "only \(stopped) previews stopped")
  }

  @Test func aPreviewStopsBeforeTheFirstCommandThatCannotBeUndoneAndNamesWhatFollows() {
    let session = Session(registry: .builtins)
    let report = session.preview(SourceFile(name: "s", text: "move up\nvehicle.log\nmove down"))
    #expect(report.ok)
    #expect(report.changes.map(\.receiver) == ["shape"])
    #expect(report.changes.first?.after?["y"] == .int(1))
    #expect(
      report.irreversible
        == IrreversibleCommand(
          command: "vehicle.log", statement: "vehicle.log", following: ["vehicle.log", "move down"]))
    #expect(session.state(of: "shape")?["y"] == .int(0))
    #expect(session.currentStep == 0 && session.historyTree.nodes.isEmpty)
  }

  @Test func aPreviewOfUndoRedoNewMacrosAndTheQueueIsTakenBackWhole() throws {
    let session = Session(registry: .builtins)
    try session.run(SourceFile(name: "s", text: "move up; paint red; undo; queue move left"))
    let journal = CountingJournal()
    session.journal = journal
    let states = session.receiverStates.map(\.state)
    let tree = session.historyTree
    let report = session.preview(
      SourceFile(name: "s", text: "redo\nundo 2\nnew door back\nback.open\nmacro m { move right }\nm\nrun\nbatch 2"))
    #expect(report.ok, "\(report.diagnostics)")
    #expect(Set(report.changes.map(\.receiver)) == ["shape", "back"])
    #expect(report.changes.first { $0.receiver == "back" }?.before == nil)
    #expect(session.receiverStates.map(\.state) == states)
    #expect(session.historyTree == tree)
    #expect(session.pendingStatements == ["move left"])
    #expect(session.macroDefinitions.isEmpty)
    #expect(journal.entries.isEmpty)
    #expect(session.receiverNames.contains("back") == false)
    // The names taken back are free: the same script runs, and does what the preview said.
    let run = session.run(
      SourceFile(name: "s", text: "redo\nundo 2\nnew door back\nback.open\nmacro m { move right }\nm\nrun\nbatch 2"),
      allowingIrreversible: false)
    #expect(run.changes == report.changes)
  }

  @Test func aRunThatFailsKeepsTheStatementsBeforeTheFailedOne() {
    let session = Session(registry: .builtins)
    let report = session.run(
      SourceFile(name: "s", text: "move up\ndoor.lock\ndoor.open\nmove down"), allowingIrreversible: false)
    #expect(!report.ok)
    #expect(report.diagnostics.contains { $0.severity == .error && $0.location.line == 3 })
    #expect(session.state(of: "shape")?["y"] == .int(1))
    #expect(session.state(of: "door")?["locked"] == .bool(true))
    #expect(session.currentStep == 2)
  }
}
