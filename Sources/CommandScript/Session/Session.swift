// The library's one entry point for hosts: compiles and runs scripts, keeps the receivers,
// the macros and the undo history between them, and hands back outputs and diagnostics.

/// What a script asks to show: values for the host to render as it likes (text on a
/// terminal, JSON lines, a test's expectations). The library itself never prints.
public enum Output: Equatable, Sendable {
  /// `show`: one receiver's state, structured and for people; `type` is its receiver
  /// type (the same as `receiver` for the instance named after its type).
  case state(receiver: String, type: String, state: StateValue, description: String)
  /// `show` when the host asked for more than `state` gives (``Session/showsViews``,
  /// ``Session/pictureSize``): the state with the receiver's view and picture.
  case shown(Shown)
  /// `history`: the undo steps, oldest first, then the undone ones.
  case history([HistoryEntry])
  /// `help`: text of at most 80 columns.
  case help(String)
  /// `pending`: the queued statements, in order, in canonical form.
  case pending([String])
  /// `run` (or a full batch): how many queued statements finished and how many failed.
  case queueRun(finished: Int, failed: Int)
  /// `echo`: one line of text.
  case echo(String)
  /// What a statement that prints nothing did ("undid \`paint red\`", "made \`back\`, a
  /// new door"), when ``Session/reportsEffects`` is set.
  case report(String)
}

/// What `show` tells of one receiver when the host asks for views or pictures.
public struct Shown: Equatable, Sendable {
  /// The receiver's name.
  public var receiver: String
  /// The receiver's type: the same as `receiver` but for instances made by `new`.
  public var type: String
  /// Its ``ReceiverBase/state``.
  public var state: StateValue
  /// Its ``ReceiverBase/stateDescription``.
  public var description: String
  /// The receiver's ``ReceiverBase/view`` when ``Session/showsViews`` is set.
  public var view: StateValue?
  /// The receiver's picture when ``Session/pictureSize`` gave room and it draws one.
  public var picture: Picture?

  /// What `show` tells of `receiver` (of `type`, by default its own name).
  public init(
    receiver: String, type: String? = nil, state: StateValue, description: String, view: StateValue? = nil,
    picture: Picture? = nil
  ) {
    self.receiver = receiver
    self.type = type ?? receiver
    self.state = state
    self.description = description
    self.view = view
    self.picture = picture
  }
}

/// Keeps the statements that take effect, as source text, so that running them again in
/// a new session restores this one (``Session/journal``).
public protocol StatementJournal: AnyObject {
  /// Keeps `text`, a statement about to run (or a definition in force), or throws why it
  /// cannot; the statement then does not run and fails with that reason.
  func record(_ text: String) throws(RecordFailure)
  /// The statement recorded last failed and was rolled back: forget it.
  func withdrawLast()
}

/// Why a journal could not keep a statement (no space left, an I/O error).
public struct RecordFailure: Error, Sendable {
  /// What went wrong, for the message.
  public var reason: String
  /// A failure saying `reason`.
  public init(reason: String) { self.reason = reason }
}

/// One line of `history`.
public struct HistoryEntry: Equatable, Sendable {
  /// From 1, oldest first.
  public var number: Int
  /// The statement in canonical form, on one line.
  public var statement: String
  /// Whether it has been undone (and can be redone).
  public var undone: Bool

  /// A line of `history`.
  public init(number: Int, statement: String, undone: Bool) {
    self.number = number
    self.statement = statement
    self.undone = undone
  }
}

/// Compile errors of one input: nothing of it ran.
public struct CompileErrors: Error, Equatable, Sendable {
  /// The errors (and the warnings found with them), in source order.
  public var diagnostics: [Diagnostic]
}

/// The one entry point for running CommandScript: the CLI's files, `-c` text, stdin and
/// REPL, and embedding apps, all go through a session.
///
/// ```swift
/// let session = Session(registry: registry)
/// session.onOutput = { print($0) }
/// let program = try session.compile(SourceFile(name: "demo", text: "move up; paint red"))
/// try session.execute(program)
/// ```
public final class Session {
  /// How many compile errors one input reports at most.
  public static let maxErrors = 100

  /// The receiver types the session was made with.
  public let registry: ReceiverRegistry
  /// Every source it has compiled, for diagnostics' locations.
  public private(set) var sources = SourceTable()
  // Internal rather than private so that extensions in other files (completion, macro
  // listings) can read them.
  var checkerState: CheckerState
  let commands = CommandTable()
  let invoker: Invoker

  /// At most this many undo steps are kept (nil: no limit); older ones are dropped, as
  /// with UndoManager's `levelsOfUndo`, so a long-running session holds bounded memory.
  public var historyLimit: Int? {
    get { invoker.historyLimit }
    set { invoker.historyLimit = newValue.map { max(0, $0) } }
  }

  /// At most this many receiver commands are executed until `resetSteps()` (nil: no
  /// limit). The statement that would exceed it fails, rolled back. A host sets it per
  /// run, or per statement in a REPL.
  public var stepLimit: Int? {
    didSet { resetSteps() }
  }

  /// Starts counting executed commands against `stepLimit` afresh.
  public func resetSteps() { invoker.remainingSteps = stepLimit ?? .max }

  /// How many undo steps the history limit has dropped so far.
  public var droppedSteps: Int { invoker.history.droppedSteps }

  /// How `source` reads and `export` writes files; nil refuses both (`--safe`), as a
  /// compile error where they stand.
  public var fileAccess: (any FileAccess)? = POSIXFileAccess() {
    didSet { checkerState.allowsFiles = fileAccess != nil }
  }

  /// Set (from any thread, or a signal handler) to stop the running program: the running
  /// statement between two commands (it is rolled back and fails with "interrupted"), or
  /// the next statement before it starts. ``run(_:)-1qicv`` clears it first; a host that
  /// compiles and executes itself clears it when an input starts.
  public let interruption = Interruption()

  /// Receives what `show`, `history` and `help` produce.
  public var onOutput: (Output) -> Void = { _ in }
  /// Asked by every `show`: the room for a receiver's picture, or nil for none (the
  /// default). A function, so that a host can follow a terminal's size as it changes.
  public var pictureSize: () -> PictureSize? = { nil }
  /// Asked by every `help`: the columns its lines are broken to fit (80 by default; at
  /// least 40). A function, as `pictureSize`, so that it follows a terminal's width.
  public var helpWidth: () -> Int = { 80 }
  /// The script `help` ends with as an example: by default one for the built-in shape if
  /// the registry has it, else none. A host sets one that runs on its receivers.
  public var helpExample: String?
  /// Whether `show` includes receivers' views (the shape's recent path), for `--json`.
  public var showsViews = false
  /// Whether statements that change state without printing (`undo`, `redo`, `use`,
  /// `new`, `export`, `discard`) say what they did, as ``Output/report(_:)``: the REPL's
  /// habit, and `-v`'s.
  public var reportsEffects = false
  /// Told of every statement that took effect on the receivers and every step undone or
  /// redone, once each, with the receivers it changed: what a UI redraws from. Not told
  /// of statements that failed (they were rolled back), ran no command, only defined
  /// something or asked something.
  public var onChange: ((Change) -> Void)?
  /// Turns an action name (a verb's declared one, a group's, a macro's name, or a
  /// statement) into the app's language, for undo titles and changes; as written by
  /// default.
  public var localizedActionName: (String) -> String = { $0 }
  /// An Undo or Redo menu item's title from a step's localised action name (nil: nothing
  /// to undo or redo): "Undo Insert Text" and "Undo" by default.
  public var menuItemTitle: (_ kind: Change.Kind, _ actionName: String?) -> String = { kind, name in
    let verb = kind == .redone ? "Redo" : "Undo"
    return name.map { "\(verb) \($0)" } ?? verb
  }
  /// Whether the statements run now restore the session from a record of what it did (a
  /// journal replayed): verbs see `.replay` as their arguments' ``Arguments/execution``,
  /// so that they restore their state without repeating what they did outside it.
  public var isReplaying = false
  /// The results of the requests of the statement that the async `run` is running.
  var awaiting: AwaitedResults?
  /// Turns for the async calls, so that an `undo` waits for the statement before it.
  let asyncTurns = AsyncTurns()
  /// Receives diagnostics produced while running that do not stop the run: warnings
  /// (such as "nothing to undo") and the failures of queued statements.
  public var onDiagnostic: (Diagnostic) -> Void = { _ in }

  /// Statements waiting for `run`.
  private var pendingQueue: [CompiledStatement] = []
  /// `batch N`: run the queue by itself whenever this many statements are pending.
  private var batchSize: Int?
  /// How many queued statements have failed so far (each was rolled back and reported).
  /// A queue run never stops a script, but a host should exit with failure if any did.
  public private(set) var failedQueuedStatements = 0
  /// Receives the source text of each top-level statement that took effect (receiver
  /// commands, `undo`, `redo`, `macro`, `use`; not questions, and not a statement that
  /// failed and was rolled back): what a journal needs to replay the session exactly.
  // Read once per statement and only ever replaced between runs by the host, never during
  // an access to it: the dynamic exclusivity check (a third of a plain statement's run)
  // is turned off, as for the shape's coordinates.
  @exclusivity(unchecked) public var onCommit: (String) -> Void = { _ in }
  /// Where the statements that take effect are kept so that replaying them restores the
  /// session (a host's journal): each is recorded before it runs and withdrawn if it
  /// fails, so a statement the journal cannot hold never takes effect.
  // Read once per statement, like `onCommit`: no dynamic exclusivity check.
  @exclusivity(unchecked) public var journal: (any StatementJournal)?

  /// A session with one instance of each of `registry`'s types, in their initial state.
  public init(registry: ReceiverRegistry) {
    self.registry = registry
    checkerState = CheckerState(registry: registry)
    helpExample = Help.shapeExample(for: registry.types)
    invoker = Invoker(
      instances: checkerState.instances.map { registry.types[$0.type].make($0.name) },
      commands: commands, interruption: interruption)
  }

  // MARK: Compiling and running

  /// Checks a whole source. On success the program is ready to run and the macros and
  /// `use` it declares are in force for what is compiled next; on failure nothing
  /// changes and every error of the source is reported.
  public func compile(_ file: SourceFile) throws(CompileErrors) -> Program {
    try compile([file])[0]
  }

  /// Checks several sources in order as if they were one (later ones see earlier ones'
  /// macros, even where an earlier one has errors), so that every error of every source
  /// is reported and none is a follow-on of another. Either all compile, and their
  /// definitions are in force for what comes next, or nothing changes.
  public func compile(_ files: [SourceFile]) throws(CompileErrors) -> [Program] {
    let (state, statements, warnings) = try checkAll(files, keeping: true)
    keep(state)
    return statements.enumerated().map { i, s in
      Program(statements: s, warnings: i == 0 ? warnings.map(\.diagnostic) : [])
    }
  }

  /// Checks a source made of consecutive entries of a stream (each a line, with the lines
  /// that complete an open block or string) in one compilation: what compiling each entry
  /// in turn gives when compiling does not depend on running the entries before (no `new`,
  /// `source` or `export` among them), for a fraction of the cost. `entryEnds` holds where
  /// each entry ends in `file`'s bytes, ascending. Returns programs to run in order: each
  /// entry that has warnings is a program of its own, which carries them, so that a host
  /// can report them just before that entry runs. Either all compile, and their definitions
  /// are in force for what comes next, or nothing changes.
  public func compile(_ file: SourceFile, entriesEndingAt entryEnds: [Int]) throws(CompileErrors) -> [Program] {
    let fileSource = sources.count
    let (state, statements, warnings) = try checkAll([file], keeping: true)
    keep(state)
    /// The entry of a range of `file`, or the last one (a range in a sourced file).
    func entry(of range: SourceRange) -> Int {
      guard range.source == fileSource else { return entryEnds.count - 1 }
      return entryEnds.firstIndex { range.start < $0 } ?? entryEnds.count - 1
    }
    var warningsByEntry: [Int: [Diagnostic]] = [:]
    for (warning, range) in warnings { warningsByEntry[entry(of: range), default: []].append(warning) }
    guard !warningsByEntry.isEmpty else { return [Program(statements: statements[0], warnings: [])] }
    var programs: [Program] = []
    var run: [CompiledStatement] = []
    var current = 0
    var runWarnings = warningsByEntry[0] ?? []
    for statement in statements[0] {
      let before = current
      while current < entryEnds.count - 1, statement.range.start >= entryEnds[current] { current += 1 }
      // An entry with warnings is a program of its own.
      if current != before, warningsByEntry[before] != nil || warningsByEntry[current] != nil {
        programs.append(Program(statements: run, warnings: runWarnings))
        (run, runWarnings) = ([], warningsByEntry[current] ?? [])
      }
      run.append(statement)
    }
    programs.append(Program(statements: run, warnings: runWarnings))
    return programs
  }

  /// Puts in force what a compilation defined.
  private func keep(_ state: CheckerState) {
    checkerState = state
    invoker.macros = checkerState.macros
    invoker.add(
      checkerState.instances[invoker.instances.count...].map { registry.types[$0.type].make($0.name) })
  }

  /// Checks sources as ``compile(_:)-([SourceFile])`` does, but keeps nothing: what they
  /// compile to is dropped statement by statement, and their definitions do not stay in
  /// force. For `cmdscript --check`, whose input may be far larger than a program worth
  /// keeping. Returns the warnings.
  public func check(_ files: [SourceFile]) throws(CompileErrors) -> [Diagnostic] {
    try checkAll(files, keeping: false).warnings.map(\.diagnostic)
  }

  /// Parses and checks `files` in order with one checker: the state it ends in, each
  /// file's compiled statements (none unless `keeping`), and the warnings.
  private func checkAll(
    _ files: [SourceFile], keeping: Bool
  ) throws(CompileErrors) -> (
    state: CheckerState, statements: [[CompiledStatement]], warnings: [(diagnostic: Diagnostic, range: SourceRange)]
  ) {
    if sources.count >= nextSourceSweep { releaseUnusedSources() }
    if symbols.names.count > Self.maxReusedSymbols { symbols = SymbolTable() }
    var checker = Checker(state: checkerState, commands: commands, symbols: symbols)
    checker.existsNow = { [invoker] in $0 < invoker.instances.count && invoker.instances[$0].exists }
    var problems: [Problem] = []
    var sourcing: [String] = []
    let statements = files.map {
      check($0, with: &checker, sourcing: &sourcing, problems: &problems, keeping: keeping)
    }
    problems = (problems + checker.problems).sorted {
      ($0.range.source, $0.range.start) < ($1.range.source, $1.range.start)
    }
    guard !problems.contains(where: { $0.severity == .error }) else {
      var diagnostics = problems.prefix(Self.maxErrors).map { $0.diagnostic(in: sources) }
      if problems.count > Self.maxErrors {
        diagnostics[diagnostics.count - 1].notes.append(
          Diagnostic.Note("\(problems.count) errors in all; only the first \(Self.maxErrors) are shown"))
      }
      throw CompileErrors(diagnostics: diagnostics)
    }
    if keeping { statesBeforeNew.merge(checker.statesBeforeNew) { $1 } }
    return (checker.state, statements, problems.map { ($0.diagnostic(in: sources), $0.range) })
  }

  /// The symbols the next compilation numbers names with. A table numbers the keywords
  /// when it is made, which took most of the time of compiling one line of a stream; it is
  /// kept from one compilation to the next until it holds more than `maxReusedSymbols`
  /// names, so that a stream of distinct words still holds bounded memory, and a checker's
  /// memos by symbol stay small.
  private var symbols = SymbolTable()
  static let maxReusedSymbols = 256

  /// The checker's state before each `new` compiled to run, by the statement's range: if a
  /// run stops before the `new`, what was defined from there on is taken back (see
  /// `keepDefinitions`). Kept apart from the compiled statements, which are many, since
  /// `new`s are few; dropped with their source.
  private var statesBeforeNew: [SourceRange: CheckerState] = [:]

  /// When `compile` next looks for sources nothing refers to.
  private var nextSourceSweep = 64

  /// Releases the text of sources that no undo or redo step, macro or queued statement
  /// refers to, keeping the newest few (a host may still hold their programs). Run every
  /// so many sources, so a long stream with a capped history holds bounded memory at
  /// amortised constant cost per input.
  private func releaseUnusedSources() {
    var kept = Set((max(0, sources.count - 8)..<sources.count))
    // Steps the history cap has dropped (below its floor) are never undone or listed.
    for step in invoker.history.steps[invoker.history.floor...] { kept.insert(step.statement.source) }
    for macro in checkerState.macros { kept.insert(macro.range.source) }
    for statement in pendingQueue { kept.insert(statement.range.source) }
    sources.keepOnly(kept)
    statesBeforeNew = statesBeforeNew.filter { kept.contains($0.key.source) }
    nextSourceSweep = sources.count + max(64, kept.count)
  }

  /// Parses and checks one source with `checker`, reading and checking the files it
  /// sources as their `source` statements come (so what follows sees their macros).
  /// `sourcing` holds the files being sourced, to refuse a file that sources itself.
  /// Adds the parse problems to `problems`; the checker keeps its own.
  private func check(
    _ file: SourceFile, with checker: inout Checker, sourcing: inout [String], problems: inout [Problem],
    keeping: Bool
  ) -> [CompiledStatement] {
    let id = sources.add(file)
    var compiled: [CompiledStatement] = []
    guard file.bytes.count <= SourceFile.maxSize else {
      problems.append(
        Problem(
          "`\(file.name)` is \(file.bytes.count) bytes, more than the \(SourceFile.maxSize) a source can have",
          at: SourceRange(source: id, start: 0, end: 0, line: file.firstLine, column: 1)))
      return compiled
    }
    // `$1` stands for this file's arguments, not for those of the file that sources it.
    let outerArguments = checker.scriptArguments
    checker.scriptArguments = file.arguments.map { ScriptArguments(script: file.name, values: $0) }
    defer {
      checker.noteScriptUsage()
      checker.scriptArguments = outerArguments
    }
    let parseProblems = file.bytes.withUnsafeBufferPointer { buffer in
      var parser = Parser(Lexer(buffer, source: id, firstLine: file.firstLine, symbols: checker.symbols))
      while let statement = parser.nextRoot() {
        guard let c = checker.check(statement, in: parser.tree) else { continue }
        guard case .directive(.source(let path, let range)) = c.action else {
          if keeping { compiled.append(c) }
          continue
        }
        let sourcedFile = source(
          path, at: range, from: file, with: &checker, sourcing: &sourcing, problems: &problems, keeping: keeping)
        if keeping, let sourcedFile {
          compiled.append(CompiledStatement(action: .directive(sourcedFile), range: c.range))
        }
      }
      return parser.allProblems
    }
    problems += parseProblems
    return compiled
  }

  /// Reads and checks the file a `source` statement names; nil (with a problem) if it
  /// cannot be read, sources itself, or does not compile.
  private func source(
    _ path: String, at range: SourceRange, from file: SourceFile, with checker: inout Checker,
    sourcing: inout [String], problems: inout [Problem], keeping: Bool
  ) -> Directive? {
    guard let fileAccess else { return nil }
    // Relative to the sourcing file's folder; from the working folder for `-c`, stdin
    // and the REPL, whose names are not paths.
    var resolved = path
    if !path.hasPrefix("/"), !file.name.hasPrefix("<"), let slash = file.name.lastIndex(of: "/") {
      resolved = String(file.name[...slash]) + path
    }
    let canonical = fileAccess.canonicalPath(resolved)
    if sourcing.contains(canonical) {
      problems.append(Problem("`\(path)` sources itself, which could never end", at: range))
      return nil
    }
    let bytes: [UInt8]
    do { bytes = try fileAccess.read(resolved) } catch {
      problems.append(Problem("cannot read `\(path)`: \(error.reason)", at: range))
      return nil
    }
    sourcing.append(canonical)
    defer { sourcing.removeLast() }
    let errorsBefore = checker.errorCount + problems.count { $0.severity == .error }
    let statements = check(
      SourceFile(name: resolved, bytes: bytes), with: &checker, sourcing: &sourcing, problems: &problems,
      keeping: keeping)
    if checker.errorCount + problems.count(where: { $0.severity == .error }) > errorsBefore {
      problems.append(Problem("`\(path)` does not compile (its errors are reported with its name)", at: range))
      return nil
    }
    return .sourced(statements)
  }

  /// Runs a compiled program, statement by statement. If a statement fails it is rolled
  /// back (the receivers are exactly as before it), the rest does not run, and the
  /// failure is thrown with the failing command's location and macro call chain.
  public func execute(_ program: Program) throws(Diagnostic) {
    var failure: Diagnostic?
    execute(program) { error in
      failure = error
      return false
    }
    if let failure { throw failure }
  }

  /// Runs a compiled program statement by statement; each statement of a sourced file is
  /// its own top-level statement. After a statement fails (it is rolled back first),
  /// `onFailure` is given the failure and says whether to go on with the next statement;
  /// an interruption (Ctrl-C) stops the program whatever it says. A `source` that stops
  /// is reported (as a warning) with how many of its statements did not run. Returns how
  /// many statements failed.
  @discardableResult
  public func execute(_ program: Program, onFailure: (Diagnostic) -> Bool) -> Int {
    var failures = 0
    var stopped = false
    // Whether the definitions that did not run still stay in force (see keepDefinitions).
    var keepsDefinitions = true
    // How many statements of each sourced file being run have run (or failed).
    var ran = 0
    func run(_ statements: [CompiledStatement]) {
      for (i, statement) in statements.enumerated() {
        if !stopped, case .directive(.sourced(let sourced)) = statement.action {
          let before = ran
          run(sourced)
          let all = Self.statementCount(sourced)
          if stopped, ran - before < all {
            warn(
              "`\(sourceText(of: statement.range))` stopped: \(all - (ran - before)) of its \(all) statements did not run",
              at: statement.range)
          }
          continue
        }
        if !stopped, interruption.isRequested {
          stopped = true
          failures += 1
          _ = onFailure(Problem("interrupted", at: statement.range).diagnostic(in: sources))
        }
        guard !stopped else {
          if keepsDefinitions { keepsDefinitions = keepDefinitions(of: statements[i...]) }
          return
        }
        ran += 1
        do {
          try execute(statement)
        } catch {
          failures += 1
          if !onFailure(error) || interruption.isRequested { stopped = true }
        }
      }
    }
    run(program.statements)
    return failures
  }

  /// How many statements `statements` holds, nested sourced files counted statement by
  /// statement.
  private static func statementCount(_ statements: [CompiledStatement]) -> Int {
    var count = 0
    for s in statements {
      if case .directive(.sourced(let inner)) = s.action { count += statementCount(inner) } else { count += 1 }
    }
    return count
  }

  /// Statements that did not run because the program stopped: the definitions among them
  /// (`macro`, `use`) took effect when checked, so they go to the journal all the same,
  /// which then replays to what is in force — up to the first `new` among them: from there
  /// on nothing stays in force (a definition may use the instance that was never made), and
  /// the names of the instances not made stand for nothing. Returns false from that `new`.
  private func keepDefinitions(of statements: ArraySlice<CompiledStatement>) -> Bool {
    for statement in statements {
      if let before = statesBeforeNew[statement.range] {
        let made = checkerState.instances
        checkerState = before
        // The instances stay numbered as the invoker numbers them; those not made are
        // withdrawn.
        checkerState.instances = made
        for i in before.instances.count..<made.count { checkerState.instances[i].withdrawn = true }
        invoker.macros = checkerState.macros
        return false
      }
      switch statement.action {
      case .directive(.sourced(let inner)): if !keepDefinitions(of: inner[...]) { return false }
      case .directive(.definition):
        let text = sourceText(of: statement.range)
        // A definition is in force whether or not the journal can hold it.
        try? journal?.record(text)
        onCommit(text)
      case .operation, .directive: break
      }
    }
    return true
  }

  /// Undoes steps until only `count` remain: how a host rolls back everything a run did
  /// (taking `undoCount` before the run). Steps the run itself undid are not brought back.
  /// The journal is given the rollback as one `undo N`; if it cannot take it, the rollback
  /// still happens and the failure is thrown, so the host can end the run.
  /// Returns the undone statements in canonical form, the last one first.
  @discardableResult
  public func undo(downTo count: Int) throws(RecordFailure) -> [String] {
    let steps = undoCount - max(0, count)
    guard steps > 0 else { return [] }
    var failure: RecordFailure?
    do { try journal?.record("undo \(steps)") } catch { failure = error }
    var undone: [String] = []
    while undoCount > max(0, count), let statement = undoLastStep(warning: "rolling back", at: nil) {
      undone.append(canonicalText(of: statement))
    }
    if let failure { throw failure }
    return undone
  }

  /// Compiles and runs a source: what a script file, `-c` text, a chunk of stdin or a
  /// REPL entry does.
  public func run(_ file: SourceFile) throws(RunError) {
    interruption.clear()
    let program: Program
    do { program = try compile(file) } catch { throw .compile(error) }
    do { try execute(program) } catch { throw .runtime(error) }
  }

  /// Why `run` stopped.
  public enum RunError: Error, Equatable {
    /// The source did not compile; nothing ran.
    case compile(CompileErrors)
    /// A statement failed and was rolled back; the statements after it did not run.
    case runtime(Diagnostic)
  }

  /// Runs one top-level statement; one that changes something is given to the journal
  /// before it runs (and withdrawn if it fails), so that it takes effect only if the
  /// journal holds it.
  private func execute(_ statement: CompiledStatement) throws(Diagnostic) {
    guard statement.changesTheSession else {
      try runStatement(statement)
      return
    }
    let text = sourceText(of: statement.range)
    if let journal {
      do { try journal.record(text) } catch {
        throw Problem("not run: the session cannot keep it: \(error.reason)", at: statement.range)
          .diagnostic(in: sources)
      }
    }
    do { try runStatement(statement) } catch {
      journal?.withdrawLast()
      throw error
    }
    onCommit(text)
  }

  /// Runs one top-level statement (written, or taken from the queue) atomically.
  private func runStatement(_ statement: CompiledStatement) throws(Diagnostic) {
    guard !isReplaying || Arguments.running == .replay else {
      var failure: Diagnostic?
      Arguments.$running.withValue(.replay) {
        do throws(Diagnostic) { try runStatement(statement) } catch { failure = error }
      }
      if let failure { throw failure }
      return
    }
    switch statement.action {
    case .operation(let op): try run(op, statement)
    case .directive(let directive): try perform(directive)
    }
  }

  /// Runs an operation on the receivers as one atomic step.
  private func run(_ op: Op, _ statement: CompiledStatement) throws(Diagnostic) {
    do {
      guard onChange != nil || statement.isTransaction || awaiting != nil else {
        try invoker.run(op, statement: statement.range, request: answer)
        return reportNew(op)
      }
      var change: Change?
      let name = stepName(of: statement)
      try invoker.run(op, statement: statement.range, request: answer) { instances, madeAStep in
        if madeAStep, let name { self.invoker.nameLastStep(name) }
        if madeAStep, let entries = self.awaiting?.entries, !entries.isEmpty { self.invoker.keepResults(entries) }
        guard self.onChange != nil else { return }
        change = Change(
          kind: .done, actionName: self.actionName(of: op, statement: statement.range, name: name),
          receivers: instances.map { self.checkerState.instances[$0].name })
      }
      reportNew(op)
      if let change { onChange?(change) }
    } catch {
      throw failure(error, in: statement)
    }
  }

  /// Says that a `new` made its instance, when the session reports effects.
  private func reportNew(_ op: Op) {
    if reportsEffects, case .command(let id, _) = op, commands.heads[Int(id)].verb == CommandTable.lifecycleVerb {
      let instance = checkerState.instances[Int(commands.heads[Int(id)].instance)]
      report("made `\(instance.name)`, a new \(checkerState.types[instance.type].name)")
    }
  }

  /// The diagnostic for a statement's failure, with its macro calls and what its rollback
  /// did.
  private func failure(_ error: RunFailure, in statement: CompiledStatement) -> Diagnostic {
    var problem = Problem(error.message, at: error.range)
    problem.notes = error.calls.map { ("in macro `\($0.macro)` called here", $0.at) }
    if statement.isTransaction {
      let list = error.reverted.map { "`\($0)`" }.joined(separator: ", ")
      problem.notes.append(("the transaction was rolled back: " + (list.isEmpty ? "nothing had run" : list), nil))
    }
    if !error.notReverted.isEmpty {
      let list = error.notReverted.map { "`\($0)`" }.joined(separator: ", ")
      problem.notes.append(("the rollback could not revert \(list): declared as not undoable", nil))
    }
    return problem.diagnostic(in: sources)
  }

  private func answer(_ request: Invoker.Request) {
    switch request {
    case .show(let instances):
      let shown = instances ?? Array(invoker.instances.indices)
      let size = pictureSize()
      for i in shown where invoker.instances[i].exists {
        let box = invoker.instances[i]
        let type = checkerState.types[checkerState.instances[i].type].name
        if showsViews || size != nil {
          onOutput(
            .shown(
              Shown(
                receiver: box.name, type: type, state: box.state(), description: box.stateDescription(),
                view: showsViews ? box.view() : nil, picture: size.flatMap(box.picture))))
        } else {
          onOutput(.state(receiver: box.name, type: type, state: box.state(), description: box.stateDescription()))
        }
      }
    case .help(let topic):
      onOutput(.help(help(topic)))
    case .echo(let line):
      onOutput(.echo(line))
    case .caught(let failure):
      var problem = Problem(
        "`try` caught: \(failure.message); it was rolled back", at: failure.range, severity: .warning)
      problem.notes = failure.calls.map { ("in macro `\($0.macro)` called here", $0.at) }
      if !failure.notReverted.isEmpty {
        let list = failure.notReverted.map { "`\($0)`" }.joined(separator: ", ")
        problem.notes.append(("the rollback could not revert \(list): declared as not undoable", nil))
      }
      onDiagnostic(problem.diagnostic(in: sources))
    }
  }

  /// Carries out a directive: the session's own business (its history, queue, files and
  /// definitions), not the receivers'.
  private func perform(_ directive: Directive) throws(Diagnostic) {
    switch directive {
    case .sourced(let statements):
      // Each statement of a sourced file is its own top-level statement and undo step.
      for sourced in statements { try runStatement(sourced) }
    case .export(let path, let range):
      try export(to: path, at: range)
    case .source:
      preconditionFailure("checking a `source` reads the file and makes it `sourced`")
    case .definition(let used):
      // It took effect when checked.
      if reportsEffects, let used { report("now using `\(used)`") }
    case .history:
      onOutput(.history(history))
    case .queue(let queued, let range, let isTransaction):
      pendingQueue.append(CompiledStatement(action: .operation(queued), range: range, isTransaction: isTransaction))
      if let batchSize, pendingQueue.count >= batchSize { runQueue() }
    case .runQueue: runQueue()
    case .listQueue: onOutput(.pending(pendingStatements))
    case .discardQueue:
      if reportsEffects {
        report(
          pendingQueue.count == 1 ? "dropped 1 pending statement" : "dropped \(pendingQueue.count) pending statements")
      }
      pendingQueue.removeAll()
    case .batch(let size):
      batchSize = size
      if let size, pendingQueue.count >= size { runQueue() }
    case .undo(let count, let range):
      var done = 0
      var undone: [String] = []
      while done < count, let statement = undoLastStep(warning: "undo", at: range) {
        done += 1
        if reportsEffects { undone.append(canonicalText(of: statement)) }
      }
      if !undone.isEmpty { report(Self.summary(of: undone, as: "undid")) }
      if done < count {
        warn(done == 0 ? "nothing to undo" : "only \(done) of \(count) steps could be undone", at: range)
      }
    case .redo(let count, let range):
      var done = 0
      var redone: [String] = []
      defer { if !redone.isEmpty { report(Self.summary(of: redone, as: "redid")) } }
      do {
        while done < count, invoker.history.redoCount > 0 {
          let step = invoker.history.steps[invoker.history.applied].statement
          guard try invoker.redoStep() else { break }
          if let onChange { onChange(change(.redone, step: invoker.history.applied - 1)) }
          done += 1
          if reportsEffects { redone.append(canonicalText(of: step)) }
        }
        if done < count {
          warn(done == 0 ? "nothing to redo" : "only \(done) of \(count) steps could be redone", at: range)
        }
      } catch {
        warn("redo stopped: \(error.message)", at: range)
      }
    }
  }

  /// Undoes the last undo step, if there is one, and returns its statement's range. What
  /// it could not revert (commands declared not undoable) is a warning, `what could not
  /// revert …`, at `range` or else at the step's statement.
  private func undoLastStep(warning what: String, at range: SourceRange?) -> SourceRange? {
    guard invoker.history.undoCount > 0 else { return nil }
    let statement = invoker.history.steps[invoker.history.applied - 1].statement
    guard let notUndone = invoker.undoStep() else { return nil }
    if let onChange { onChange(change(.undone, step: invoker.history.applied)) }
    if !notUndone.isEmpty {
      let list = notUndone.map { "`\($0)`" }.joined(separator: ", ")
      warn("\(what) could not revert \(list): declared as not undoable", at: range ?? statement)
    }
    return statement
  }

  private func report(_ text: String) { onOutput(.report(text)) }

  /// How the session's reports tell of steps ("undid \`paint red\`", or "undid 3 steps:
  /// \`a\`, \`b\`, \`c\`", listing five at most), for a host's own reports in the same words.
  public static func summary(of steps: [String], as verb: String) -> String {
    guard steps.count > 1 else { return "\(verb) `\(steps[0])`" }
    let shown = steps.prefix(5).map { "`\($0)`" }.joined(separator: ", ")
    return "\(verb) \(steps.count) steps: \(shown)" + (steps.count > 5 ? ", and \(steps.count - 5) more" : "")
  }

  private func warn(_ message: String, at range: SourceRange) {
    onDiagnostic(Problem(message, at: range, severity: .warning).diagnostic(in: sources))
  }

  /// Runs every pending statement in order, each atomic and its own undo step. One that
  /// fails is rolled back alone and reported; the rest still run.
  private func runQueue() {
    let queued = pendingQueue
    pendingQueue.removeAll()
    var failed = 0
    for statement in queued {
      do {
        try runStatement(statement)
      } catch {
        failed += 1
        onDiagnostic(error)
      }
    }
    failedQueuedStatements += failed
    onOutput(.queueRun(finished: queued.count - failed, failed: failed))
  }

  // MARK: Questions

  /// Whether `text` ends inside a block or a string, so that a line-by-line reader (the
  /// REPL, piped stdin) should read more lines before compiling it.
  public static func needsMoreInput(_ text: [UInt8]) -> Bool { Parser.needsMoreInput(text) }

  /// Whether `word` is reserved by the language (a statement, a word of conditions, or
  /// a REPL command), so that no receiver, verb or macro can take it.
  public static func isKeyword(_ word: some StringProtocol) -> Bool { Keyword(rawValue: String(word)) != nil }

  /// Whether a statement beginning with `keyword` may stand only at the top level (so not
  /// in a block or a macro body), as the language declares it.
  public static func standsOnlyAtTopLevel(_ keyword: some StringProtocol) -> Bool {
    guard let keyword = Keyword(rawValue: String(keyword)) else { return false }
    switch keyword.declaration.placement {
    case .anywhere, .inside: return false
    case .topLevel, .repl: return true
    }
  }

  /// The receiver instances' names, in order.
  public var receiverNames: [String] { invoker.instances.filter(\.exists).map(\.name) }

  /// The receiver called `name`, as its own type: the object the session's commands act
  /// on, for a host to read (to draw it, say). Nil if there is none by that name, it is not
  /// an `R`, or the `new` that made it was undone. Change it only through the session (a
  /// command, ``perform(_:on:_:)-48pne``), or undo and the journal will not know of the change.
  public func receiver<R: ReceiverBase>(_ name: String, as type: R.Type = R.self) -> R? {
    invoker.instances.last { $0.name == name && $0.exists }?.object as? R
  }

  /// The state of the receiver called `name`.
  public func state(of name: String) -> StateValue? {
    invoker.instances.first { $0.name == name && $0.exists }?.state()
  }

  /// Asks the receiver called `receiver` its query `query`, with `arguments` (defaults
  /// filled in), as a condition in a script would; nothing changes. Throws if there is no
  /// such receiver or query, the arguments do not fit its parameters, or the receiver
  /// cannot answer (a cell outside the board).
  public func ask(_ receiver: String, _ query: String, _ arguments: [Value] = []) throws(CommandFailure) -> Answer {
    guard let index = invoker.instances.lastIndex(where: { $0.name == receiver && $0.exists }) else {
      throw CommandFailure("no receiver named `\(receiver)`")
    }
    let type = checkerState.types[checkerState.instances[index].type]
    guard let q = type.queryIndex(query) else { throw CommandFailure("`\(type.name)` has no query `\(query)`") }
    let parameters = type.queries[q].parameters
    guard arguments.count <= parameters.count, arguments.count >= type.queries[q].requiredCount else {
      throw CommandFailure("`\(type.name).\(query)` takes \(type.queries[q].signature)")
    }
    var values = arguments
    for (i, parameter) in parameters.enumerated() {
      if i >= values.count { values.append(parameter.defaultValue!) }
      guard parameter.kind.accepts(values[i]) else {
        throw CommandFailure(
          "`\(parameter.name)` of `\(type.name).\(query)` must be \(Constraint(parameter.kind).description)")
      }
    }
    return try invoker.instances[index].ask(q, Arguments(values))
  }

  /// The statements `queue` holds for `run`, as written canonically.
  public var pendingStatements: [String] { pendingQueue.map { canonicalText(of: $0.range) } }

  /// How many steps `undo` can take.
  public var undoCount: Int { invoker.history.undoCount }
  /// How many steps `redo` can take.
  public var redoCount: Int { invoker.history.redoCount }

  /// The undo steps, oldest first, then the undone ones.
  public var history: [HistoryEntry] {
    invoker.history.listed.map { entry in
      HistoryEntry(number: entry.number, statement: canonicalText(of: entry.step.statement), undone: entry.undone)
    }
  }

  /// `text` with its lines broken to fit ``helpWidth``, as `help` breaks its own: for a
  /// host's additions to help (the REPL's commands).
  public func fittedToHelpWidth(_ text: String) -> String { Help.fitted(text, width: max(40, helpWidth())) }

  /// The help text for a topic (nil: the overview). On a macro it ends with the
  /// definition as written.
  public func help(_ topic: String? = nil) -> String {
    let text = Help.text(topic: topic, state: checkerState, example: helpExample, width: max(40, helpWidth()))
    guard let topic, let index = checkerState.macroByName[topic] else { return text }
    let definition = sourceText(of: checkerState.macros[index].range)
    return text + "\n  defined as:\n"
      + definition.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "    " + $0 }.joined(separator: "\n")
  }

  /// The text of `range` as written.
  func sourceText(of range: SourceRange) -> String {
    String(decoding: sources[range.source].bytes[range.start..<range.end], as: UTF8.self)
  }

  /// The statement at `range` in canonical one-line form, parsed again from its source
  /// (so history costs no text per step).
  func canonicalText(of range: SourceRange) -> String {
    let bytes = Array(sources[range.source].bytes[range.start..<range.end])
    return bytes.withUnsafeBufferPointer { buffer in
      let symbols = SymbolTable()
      var parser = Parser(Lexer(buffer, source: range.source, symbols: symbols))
      return parser.nextStatement()?.canonical ?? String(decoding: bytes, as: UTF8.self)
    }
  }

  /// The name `transaction "NAME" { … }` gives its undo step, parsed again from its
  /// source (so that a compiled statement carries no name: checking a million of them
  /// would copy it), or nil for any other statement.
  func stepName(of statement: CompiledStatement) -> String? {
    guard statement.isTransaction else { return nil }
    let range = statement.range
    let bytes = Array(sources[range.source].bytes[range.start..<range.end])
    return bytes.withUnsafeBufferPointer { buffer in
      var parser = Parser(Lexer(buffer, source: range.source, symbols: SymbolTable()))
      guard let parsed = parser.nextStatement(), case .transaction(_, let name?) = parsed.root.kind else { return nil }
      return ScriptString.plain(parsed.tree.strings[Int(name)])
    }
  }
}
