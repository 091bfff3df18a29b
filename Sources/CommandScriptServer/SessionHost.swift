// The one owner of the served session: every entry from every page, every snapshot and every
// completion runs on its serial queue, one at a time, as the REPL runs one entry at a time.

import CommandScript
import CommandScriptCLI
import Dispatch
import Synchronization

/// Runs what pages send through one ``Session`` (its public API only), in arrival order,
/// on a queue of its own, so that a long statement blocks no connection and Ctrl-C can
/// interrupt it (``interruptIfRunning()``).
final class SessionHost: @unchecked Sendable {
  /// The reply to an entry that the page must complete first (an open block or string).
  static let incomplete = "incomplete"

  private let served: ServedSession
  private var session: Session { served.session }
  private let queue = DispatchQueue(label: "cmdscript.serve.session")
  private let running = Atomic<Bool>(false)
  /// Whether the journal failed: the server stops.
  let journalFailed = Atomic<Bool>(false)
  /// Change events collected while an entry runs.
  private var changes: [ChangeInfo] = []
  /// The same changes as the session told them: the page's history rows follow them.
  private var rawChanges: [Change] = []
  /// The entries waiting for the queue: while more wait, an entry's snapshot is left to
  /// the last of them.
  private let waiting = Atomic<Int>(0)
  /// Whether an entry ran since the last snapshot was taken (on the queue only).
  private var unsent = false
  /// The session as the pages were last sent it: a page that connects is sent it whole.
  private let sent = Mutex(PageState())
  /// The page's controls are made from these; they never change while serving.
  let declarations: Declarations

  init(_ served: ServedSession) {
    self.served = served
    declarations = Declarations(served.session.registry)
    queue.sync {
      session.showsViews = true
      session.reportsEffects = true
      session.pictureSize = { PictureSize(columns: 48, rows: 16) }
      session.helpWidth = { 72 }
      session.onChange = { [unowned self] in
        changes.append(ChangeInfo($0))
        rawChanges.append($0)
      }
      _ = takeSnapshot()
    }
  }

  /// Checks and runs `text` as one REPL entry would (a failing statement is rolled back and
  /// the next ones run), with the `--safe` step budget if set; `incomplete` if `text` needs
  /// more lines (``EntryReport/incomplete``). Hands `then`, on the session's queue, the
  /// report and, unless more entries wait, the snapshot after it if anything ran since the
  /// last one. Entries run in the order of the calls.
  func run(
    _ text: String, client: Int, id: Int?, then: @escaping @Sendable (EntryReport, Snapshot?) -> Void
  ) {
    waiting.add(1, ordering: .sequentiallyConsistent)
    queue.async { [self] in
      let (report, snapshot) = runOnQueue(text, client: client, id: id)
      then(report, snapshot)
    }
  }

  private func runOnQueue(_ text: String, client: Int, id: Int?) -> (EntryReport, Snapshot?) {
    let othersWait = waiting.subtract(1, ordering: .sequentiallyConsistent).newValue > 0
    var report = EntryReport(client: client, id: id, source: text)
    // The snapshot after the last of the entries waiting, if any of them ran.
    func outcome(ran: Bool) -> (EntryReport, Snapshot?) {
      unsent = unsent || ran
      guard unsent, !othersWait else { return (report, nil) }
      unsent = false
      return (report, takeSnapshot())
    }
    let bytes = Array(text.utf8)
    if Session.needsMoreInput(bytes) {
      report.incomplete = true
      return outcome(ran: false)
    }
    session.onOutput = { report.outputs.append(OutputInfo($0)) }
    session.onDiagnostic = { report.diagnostics.append(DiagnosticInfo($0)) }
    defer {
      session.onOutput = { _ in }
      session.onDiagnostic = { _ in }
    }
    session.interruption.clear()
    let program: Program
    do throws(CompileErrors) {
      program = try session.compile(SourceFile(name: "<page>", bytes: bytes))
    } catch {
      report.diagnostics += error.diagnostics.map(DiagnosticInfo.init)
      report.rejected = true
      return outcome(ran: false)
    }
    report.diagnostics += program.warnings.map(DiagnosticInfo.init)
    session.resetSteps()
    running.store(true, ordering: .sequentiallyConsistent)
    let failures = session.execute(program) { failure in
      report.diagnostics.append(DiagnosticInfo(failure))
      return true
    }
    running.store(false, ordering: .sequentiallyConsistent)
    report.failed = failures > 0
    if !served.entryEnded() { journalFailed.store(true, ordering: .sequentiallyConsistent) }
    return outcome(ran: true)
  }

  /// The session as the pages were last sent it, whole (what a page starts from).
  func fullSnapshot() -> Snapshot { sent.withLock { $0.full() } }

  /// The history tree's rows `from..<to` as last sent, and the version they belong to.
  func rows(from: Int, to: Int) -> (version: Int, rows: [Snapshot.TreeRow]) {
    sent.withLock { ($0.version, $0.rows(from: from, to: to)) }
  }

  /// Hands `then`, on the session's queue, the history as a list (`history`'s steps).
  func history(then: @escaping @Sendable ([Snapshot.Step]) -> Void) {
    queue.async { [self] in
      then(session.history.map { Snapshot.Step(number: $0.number, statement: $0.statement, undone: $0.undone) })
    }
  }

  /// Hands `then`, on the session's queue, what Tab offers at the end of `prefix`: the
  /// words that may stand there and the length of the word they replace.
  func completions(after prefix: String, then: @escaping @Sendable ([String], Int) -> Void) {
    queue.async { [self] in
      let word = prefix.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "-" }
      let before = String(prefix.dropLast(word.count))
      let words = session.completions(of: String(word.reversed()), after: before)
      then(Array(words.prefix(200)), word.count)
    }
  }

  /// Asks the running statement, if any, to stop (rolled back); false if none runs.
  func interruptIfRunning() -> Bool {
    guard running.load(ordering: .sequentiallyConsistent) else { return false }
    session.interruption.request()
    return true
  }

  /// Waits for the running statement to end (asking it to stop) and makes the journal
  /// durable: after this, the process may exit with no entry half written.
  func finish() {
    session.interruption.request()
    queue.sync { _ = served.entryEnded() }
  }

  /// Must run on the queue.
  private func takeSnapshot() -> Snapshot {
    var snapshot = Snapshot()
    snapshot.changes = changes
    changes = []
    var shown: [Shown] = []
    let (output, diagnostic, limit) = (session.onOutput, session.onDiagnostic, session.limits.steps)
    session.onOutput = {
      switch $0 {
      case .shown(let one): shown.append(one)
      case .state(let receiver, let type, let state, let description):
        shown.append(Shown(receiver: receiver, type: type, state: state, description: description))
      default: break
      }
    }
    session.onDiagnostic = { _ in }
    session.limits.steps = nil
    session.resetSteps()
    if let program = try? session.compile(SourceFile(name: "<page>", text: "show")) {
      try? session.execute(program)
    }
    (session.onOutput, session.onDiagnostic, session.limits.steps) = (output, diagnostic, limit)
    session.resetSteps()
    snapshot.receivers = shown.map {
      Snapshot.Receiver(
        name: $0.receiver, type: $0.type, state: $0.state, description: $0.description, view: $0.view,
        picture: Snapshot.picture($0.picture), unavailable: unavailableVerbs(of: $0.receiver, type: $0.type))
    }
    let position = session.historyPosition
    let raw = rawChanges
    rawChanges = []
    snapshot.current = position.current
    snapshot.saved = session.savedStep
    snapshot.undoTitle = session.undoMenuItemTitle
    snapshot.redoTitle = session.redoMenuItemTitle
    snapshot.canUndo = session.undoCount > 0
    snapshot.canRedo = session.redoCount > 0
    let changes = snapshot.changes
    // Under a history limit steps are dropped and renumbered: the tree is drawn again.
    let mayFollow = session.limits.history == nil
    return sent.withLock { sent in
      let changedRows = sent.followRows(
        to: position, changes: raw, mayFollow: mayFollow, node: { session.historyNode($0) }, drawn: drawnRows)
      return sent.update(to: snapshot, changedRows: changedRows, changes: changes)
    }
  }

  /// The verbs of `receiver` that cannot work now, with why; nil for a type that declares
  /// no condition (so its receivers' JSON does not grow). Must run on the queue.
  private func unavailableVerbs(of receiver: String, type: String) -> [String: String]? {
    guard declarations.typesWithConditions.contains(type) else { return nil }
    return Dictionary(
      session.unavailableVerbs(of: receiver).map { ($0.verb, $0.reason) }, uniquingKeysWith: { a, _ in a })
  }

  /// The whole tree's rows, drawn (in time that grows with the history).
  private func drawnRows() -> [Snapshot.TreeRow] {
    let tree = session.historyTree
    // The steps the state stands on: the current one and its ancestors (one walk up, where
    // `isApplied` per row would search the nodes for each).
    let parents = Dictionary(tree.nodes.map { ($0.number, $0.parent) }, uniquingKeysWith: { a, _ in a })
    var applied = Set<Int>()
    var step = tree.current
    while step != 0, applied.insert(step).inserted, let parent = parents[step] { step = parent }
    return tree.rows.enumerated().map { index, row in
      let number = row.node.number
      let mark = number == tree.current ? "current" : applied.contains(number) ? "applied" : "undone"
      return Snapshot.TreeRow(
        index: index, prefix: row.prefix, number: number, parent: row.node.parent, statement: row.node.statement,
        mark: mark)
    }
  }
}
