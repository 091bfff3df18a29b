import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs inputs through one session and renders what comes out: the thin layer between
/// the command line and the library.
final class Driver {
  let session: Session
  let renderer: Renderer
  let checkOnly: Bool
  /// `--on-error`; the REPL always continues.
  var errorPolicy = ErrorPolicy.stop
  /// Whether `--max-steps` counts per entry (the REPL) rather than per run.
  var stepLimitPerEntry = false
  /// The arguments `$1`, `$2`, … of the stream's chunks (`cmdscript - ARG…`, and a
  /// journal's `#= arguments` while it is replayed); nil: none.
  var streamArguments: [String]?
  /// How many statements failed at run time so far.
  private(set) var failedStatements = 0
  /// The number of undo steps when the run started: what `rollback` returns to.
  lazy var runMark = session.undoCount
  /// `--session`: where the statements that take effect are journaled.
  private(set) var journal: Journal?
  /// Also told of every statement that takes effect (the REPL's macro recording).
  var onCommit: ((String) -> Void)?
  /// Given a resumed journal and its entries before they replay (the plugins' records).
  var beforeReplay: ((Journal, [Journal.Entry]) -> Void)?
  /// What stands between the session and the journal file, if anything (the plugins'
  /// journal: step ids and records); it journals to the file once attached.
  var journalClient: PluginJournal?
  /// Why the resume must stop, when a replayed statement cannot be reproduced.
  var resumeRefusal: String?
  /// Takes back, for real, the call a resumed journal ends in that was not answered (its
  /// entries), once the entries before it are replayed: with persistent plugins, whose
  /// state may hold some of it (PluginCallRollback.swift). Without it, such a call is cut.
  var takeBackUnansweredCall: ((Journal, Journal.Contents, [Journal.Entry]) -> ResumeFailure?)?
  /// The plugins this run started, by name; a journal names those it needs.
  var pluginNames: [String] = []

  init(registry: ReceiverRegistry, json: Bool, checkOnly: Bool) {
    session = Session(registry: registry)
    var renderer = Renderer(json: json, colour: !json && Console.err.allowsColour)
    renderer.wrapsDiagnostics = !json
    renderer.drawsHistory = !json && Console.out.isTerminal
    renderer.sourceExcerpt = { [unowned session] file, line, column, width in
      session.sources.excerpt(file: file, line: line, column: column, width: width)
    }
    self.renderer = renderer
    self.checkOnly = checkOnly
    session.onOutput = { [renderer] in renderer.render($0) }
    session.onDiagnostic = { [renderer] in renderer.render($0) }
    session.onCommit = { [unowned self] text in self.onCommit?(text) }
  }

  /// Whether the journal is being replayed: failures are collected, not shown.
  private var replaying = false
  /// The failures collected while replaying.
  private(set) var replayFailures: [Diagnostic] = []
  /// Where the journal ended when the run started: what a rollback cuts back to when the
  /// journal cannot take its `undo`.
  private var journalMark = Journal.Mark(offset: 0, chain: 0)

  /// How many queued statements had failed when the run started (in the journal's replay):
  /// not this run's.
  private var queuedFailuresBefore = 0

  /// Runs `body` as a journal's replay (JournalResume.swift): quietly, with no step limit
  /// and no history limit until the journal sets one, stopping at the first failure, whose
  /// diagnostics are kept in ``replayFailures``. What failed while replaying is not this
  /// run's.
  func replaying<T>(_ body: () -> T) -> T {
    let (output, warning, stepLimit, policy) = (
      session.onOutput, session.onDiagnostic, session.limits.steps, errorPolicy
    )
    session.onOutput = { _ in }
    session.onDiagnostic = { _ in }
    session.limits.steps = nil
    session.resetSteps()
    session.limits.history = nil
    errorPolicy = .stop
    replaying = true
    session.isReplaying = true
    defer {
      session.isReplaying = false
      (session.onOutput, session.onDiagnostic, session.limits.steps, errorPolicy) = (output, warning, stepLimit, policy)
      session.resetSteps()
      replaying = false
      replayFailures = []
      failedStatements = 0
      queuedFailuresBefore = session.failedQueuedStatements
    }
    return body()
  }

  /// Forgets the failures collected while replaying (a statement expected to fail).
  func forgetReplayFailures() { replayFailures.removeAll() }

  /// Journals what takes effect from now on to `journal`.
  func attach(_ journal: Journal) {
    self.journal = journal
    if let journalClient {
      journalClient.attach(journal)
      session.journal = journalClient
    } else {
      session.journal = journal
    }
    // Steps are stamped with the time their statement was journaled at, as a resume
    // stamps them from the journal's `#= time` records.
    session.clock = { [unowned journal] in journal.stamp }
    journalMark = journal.end
    // Group commit: what was journaled since the last write of output is made durable
    // with one sync, before that output.
    Console.beforeWriting = { [unowned self] in self.syncJournal() }
  }
  /// Whether the journal failed (a statement it could not keep, or a failed sync): a
  /// stream then ends with status 74.
  private(set) var journalFailed = false
  /// Whether a statement the journal cannot keep ends the run (not in the REPL).
  var journalFailureEndsRun = true

  /// Shows a diagnostic, or keeps it while replaying.
  func report(_ diagnostic: Diagnostic) {
    if replaying {
      if diagnostic.severity == .error { replayFailures.append(diagnostic) }
    } else if let watcher, diagnostic.severity == .error {
      watcher.reporting { renderer.render(diagnostic) }
    } else {
      renderer.render(diagnostic)
    }
  }

  /// Whether making the journal durable failed: what was not durable was cut off.
  private var syncFailed = false

  /// The REPL's: acknowledges Ctrl-C while a statement runs; an error is written in turn
  /// with it.
  var watcher: InterruptWatcher?

  /// Makes the journal durable; on failure says so, and the run must end (status 74).
  func syncJournal() -> Bool {
    guard let journal else { return true }
    guard let reason = journal.sync() else { return !syncFailed }
    syncFailed = true
    Console.err.message(
      "cannot make the session \(journal.path) durable: \(reason); it holds what was acknowledged before the last prompt"
    )
    Console.err.flush()
    journalFailed = true
    return false
  }

  /// Files and `-c` text: every input is checked (in order, so later ones see earlier
  /// ones' macros) before any of them runs.
  func runWhole(_ inputs: [SourceFile]) -> ExitStatus {
    defer { Console.flush() }
    let programs: [Program]
    do {
      if checkOnly {
        try session.check(inputs).forEach(renderer.render)
        return .success
      }
      programs = try session.compile(inputs)
    } catch {
      error.diagnostics.forEach(report)
      return .compileError
    }
    programs.forEach { $0.warnings.forEach(report) }
    _ = runMark
    for program in programs where !execute(program) { return .runtimeError }
    return finalStatus
  }

  /// The last statement that failed at run time.
  private(set) var lastFailure: Diagnostic?

  /// Runs a program under the error policy; false if the run must end here.
  func execute(_ program: Program) -> Bool {
    var keepGoing = true
    failedStatements += session.execute(program) { failure in
      lastFailure = failure
      Console.out.flush()
      report(failure)
      keepGoing = errorPolicy == .continue
      if let journal, journal.recordFailed {
        journal.recordFailed = false
        if journalFailureEndsRun {
          journalFailed = true
          keepGoing = false
        }
      }
      return keepGoing
    }
    if !keepGoing, errorPolicy == .rollback {
      do {
        let undone = try session.undo(downTo: runMark)
        if !undone.isEmpty {
          renderer.renderNote("the run was rolled back: " + Session.summary(of: undone, as: "undid"))
        }
      } catch {
        // The journal cannot take the rollback's `undo`: it drops the whole run instead.
        journal?.cut(to: journalMark)
        journalFailed = true
      }
    }
    return keepGoing
  }

  /// At the end of a run: a failed statement (under `continue`) or a failed queued
  /// statement (a queue run never stops a run) makes the run fail.
  var finalStatus: ExitStatus {
    failedStatements > 0 || session.failedQueuedStatements > queuedFailuresBefore ? .runtimeError : .success
  }

  /// Compiles and (unless checking only) runs one chunk of a stream or one REPL entry.
  func runChunk(_ bytes: [UInt8], name: String, firstLine: Int) -> ExitStatus {
    let source = SourceFile(name: name, bytes: bytes, firstLine: firstLine, arguments: streamArguments)
    let program: Program
    do {
      program = try session.compile(source)
    } catch {
      Console.out.flush()
      error.diagnostics.forEach(report)
      Console.err.flush()
      return .compileError
    }
    program.warnings.forEach(report)
    if stepLimitPerEntry { session.resetSteps() }
    let completed = checkOnly || execute(program)
    // Warnings (such as "nothing to undo") too, so that a program driving a stream
    // sees each chunk's whole response before it sends the next one.
    Console.flush()
    return completed ? .success : .runtimeError
  }
}
