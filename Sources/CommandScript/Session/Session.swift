// The one entry point for hosts: compiles sources (the compile half: sources, checker
// state, `source`), hands each program to its `Timeline` (the run side), and presents what
// the timeline tells as outputs, changes and diagnostics (Presenting.swift).

/// The one entry point for running CommandScript: the CLI's files, `-c` text, stdin and
/// REPL, and embedding apps, all go through a session.
///
/// ```swift
/// let session = Session(registry: registry)
/// session.onOutput = { print($0) }
/// let program = try session.compile(SourceFile(name: "demo", text: "move up; paint red"))
/// try session.execute(program)
/// ```
///
/// Which way to run (<doc:WaysToRun>): script text with ``run(_:)-1qicv`` (its async twin
/// for verbs that await, ``run(_:asOneStep:)`` for a user's script as one undo step); a
/// program checked before it runs with ``compile(_:)-(SourceFile)`` then ``execute(_:)``,
/// the two halves of `run`; values rather than text with the typed calls,
/// ``perform(_:on:_:coalescing:)``, ``group(_:_:)``, ``undo(_:)-9ehq`` and
/// ``redo(_:)-3lw46``, each written as the statement it stands for and run as `run` runs it.
/// The bounds a run keeps to are ``limits``.
public final class Session {
  /// How many compile errors one input reports at most.
  package static let maxErrors = 100

  /// The receiver types the session was made with.
  public let registry: ReceiverRegistry
  /// Every source it has compiled, for diagnostics' locations.
  package private(set) var sources = SourceTable()
  // Internal rather than private so that extensions in other files (completion, macro
  // listings) can read them.
  var checkerState: CheckerState
  let commands = CommandTable()
  /// The run side: the receivers, their history, the queue.
  let timeline: Timeline

  /// Starts counting executed commands against ``limits``' step limit, and the bytes
  /// counted against its value and output limits, afresh.
  public func resetSteps() { timeline.resetSteps() }

  /// How many undo steps the history limit has dropped so far.
  package var droppedSteps: Int { timeline.droppedSteps }

  /// How `source` reads and `export` writes files; nil refuses both (`--safe`), as a
  /// compile error where they stand.
  public var fileAccess: (any FileAccess)? {
    get { timeline.fileAccess }
    set {
      timeline.fileAccess = newValue
      checkerState.allowsFiles = newValue != nil
    }
  }

  /// Set (from any thread, or a signal handler) to stop the running program: the running
  /// statement between two commands (it is rolled back and fails with "interrupted"), or
  /// the next statement before it starts. ``run(_:)-1qicv`` clears it first; a host that
  /// compiles and executes itself clears it when an input starts.
  public let interruption: Interruption

  /// Receives what `show`, `history` and `help` produce.
  public var onOutput: (Output) -> Void = { _ in }
  /// Asked by every `show`: the room for a receiver's picture, or nil for none (the
  /// default). A function, so that a host can follow a terminal's size as it changes.
  public var pictureSize: () -> PictureSize? = { nil }
  /// Asked by every `help`: the columns its lines are broken to fit (80 by default; at
  /// least 40). A function, as `pictureSize`, so that it follows a terminal's width.
  package var helpWidth: () -> Int = { 80 }
  /// The script `help` ends with as an example: by default one for the built-in shape if
  /// the registry has it, else none. A host sets one that runs on its receivers.
  package var helpExample: String?
  /// Whether `show` includes receivers' views (the shape's recent path), for `--json`.
  public var showsViews = false
  /// Whether statements that change state without printing (`undo`, `redo`, `use`,
  /// `new`, `export`, `discard`) say what they did, as ``Output/report(_:)``: the REPL's
  /// habit, and `-v`'s.
  public var reportsEffects = false {
    didSet { timeline.tellsChanges = tellsDone }
  }
  /// Told of every statement that took effect on the receivers and every step undone or
  /// redone, once each, with the receivers it changed: what a UI redraws from. Not told
  /// of statements that failed (they were rolled back), ran no command, only defined
  /// something or asked something.
  /// The host's own listener; ``observeChanges(_:)`` adds others beside it.
  public var onChange: ((Change) -> Void)? {
    didSet { timeline.tellsChanges = tellsDone }
  }
  /// The observers added by ``observeChanges(_:)``, by their tokens' ids, in order.
  var changeObservers: [(id: Int, observer: (Change) -> Void)] = []
  var nextChangeObserver = 0
  /// The observers told once per run (SessionUpdates.swift).
  let updates = UpdateObservers()
  /// A host's open groups and coalescing calls (HostUndo.swift).
  let hostUndo = HostUndoState()
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
  public var isReplaying: Bool {
    get { timeline.isReplaying }
    set { timeline.isReplaying = newValue }
  }
  /// Turns for the async calls, so that an `undo` waits for the statement before it.
  let asyncTurns = AsyncTurns()
  /// Receives diagnostics produced while running that do not stop the run: warnings
  /// (such as "nothing to undo") and the failures of queued statements.
  public var onDiagnostic: (Diagnostic) -> Void = { _ in }

  /// How many queued statements have failed so far (each was rolled back and reported).
  /// A queue run never stops a script, but a host should exit with failure if any did.
  package var failedQueuedStatements: Int { timeline.failedQueuedStatements }
  /// Receives the source text of each top-level statement that took effect (receiver
  /// commands, `undo`, `redo`, `macro`, `use`; not questions, and not a statement that
  /// failed and was rolled back): what a journal needs to replay the session exactly.
  public var onCommit: (String) -> Void {
    get { timeline.onCommit }
    set { timeline.onCommit = newValue }
  }
  /// Where the statements that take effect are kept so that replaying them restores the
  /// session (a host's journal): each is recorded before it runs and withdrawn if it
  /// fails, so a statement the journal cannot hold never takes effect.
  public var journal: (any StatementJournal)? {
    get { timeline.journal }
    set { timeline.journal = newValue }
  }

  /// A session with one instance of each of `registry`'s types, in their initial state.
  public init(registry: ReceiverRegistry) {
    self.registry = registry
    let checkerState = CheckerState(registry: registry)
    self.checkerState = checkerState
    helpExample = Help.shapeExample(for: registry.types)
    let interruption = Interruption()
    self.interruption = interruption
    timeline = Timeline(
      instances: checkerState.instances.map { checkerState.types[$0.type].make($0.name) },
      commands: commands, interruption: interruption)
    timeline.host = self
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
  package func compile(_ file: SourceFile, entriesEndingAt entryEnds: [Int]) throws(CompileErrors) -> [Program] {
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
    timeline.variables.declare(state.variables)
    timeline.define(macros: state.macros) { made in
      state.instances[made...].map { self.registry.types[$0.type].make($0.name) }
    }
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
    // A macro with receiver parameters keeps its body's syntax tree, whose names are this
    // table's numbers, to check it again at each new binding: the table stays while one is
    // in force (a fresh one made those names read as others', or past its end).
    if symbols.names.count > Self.maxReusedSymbols, !checkerState.macros.contains(where: { $0.template != nil }) {
      symbols = SymbolTable()
    }
    // The state moves to the checker, which changes it in place; it comes back as it was
    // unless the compilation is kept (`keep`).
    let mark = checkerState.mark
    var checker = Checker(state: checkerState.movedOut(), commands: commands, symbols: symbols)
    /// The state as it was, back in the session.
    func restore() {
      checkerState = checker.state.movedOut()
      checkerState.rollBack(to: mark)
    }
    checker.existsNow = { [timeline] in timeline.exists($0) }
    checker.checksOnly = !keeping
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
      restore()
      throw CompileErrors(diagnostics: diagnostics)
    }
    let warnings = problems.map { ($0.diagnostic(in: sources), $0.range) }
    guard keeping else {
      restore()
      return (checkerState, statements, warnings)
    }
    marksBeforeNew.merge(checker.marksBeforeNew) { $1 }
    // The caller keeps it (`keep`) at once.
    return (checker.state.movedOut(), statements, warnings)
  }

  /// The symbols the next compilation numbers names with. A table numbers the keywords
  /// when it is made, which took most of the time of compiling one line of a stream; it is
  /// kept from one compilation to the next until it holds more than `maxReusedSymbols`
  /// names, so that a stream of distinct words still holds bounded memory, and a checker's
  /// memos by symbol stay small.
  private var symbols = SymbolTable()
  static let maxReusedSymbols = 256

  /// Where the checker's state stood before each `new` compiled to run, by the statement's
  /// range: if a run stops before the `new`, what was defined from there on is taken back
  /// (see `Timeline.keepDefinitions`). Kept apart from the compiled statements, which are many, since
  /// `new`s are few; dropped with their source.
  private var marksBeforeNew: [SourceRange: CheckerState.Mark] = [:]

  /// What a statement that may become an undo step (or wait in the queue) is called where
  /// its text as written does not say it, by the statement's range: recorded at compile time
  /// from the syntax tree the parser built (``StatementTitle/record(_:in:bytes:into:)``), so that
  /// "undid …", `history`, undo titles and `pending` never parse a statement again. A
  /// statement written canonically (nearly every line of a stream) has none; dropped with
  /// their source.
  var statementTitles: [SourceRange: StatementTitle] = [:]

  /// Records the title of `statement`, not written canonically (see ``StatementTitle``).
  @inline(never) private func recordTitle(of statement: Statement, in tree: SyntaxTree, bytes: [UInt8]) {
    StatementTitle.record(statement, in: tree, bytes: bytes, into: &statementTitles)
  }

  /// A run stopped before the statement at `range`: if it is a `new`, takes back what was
  /// defined from it on (see `Timeline.keepDefinitions`) and returns true.
  func takeBackDefinitions(from range: SourceRange) -> Bool {
    guard let mark = marksBeforeNew[range] else { return false }
    checkerState.takeBack(since: mark)
    timeline.define(macros: checkerState.macros)
    return true
  }

  /// When `compile` next looks for sources nothing refers to.
  private var nextSourceSweep = 64

  /// Releases the text of sources that no undo or redo step, macro or queued statement
  /// refers to, keeping the newest few (a host may still hold their programs). Run every
  /// so many sources, so a long stream with a capped history holds bounded memory at
  /// amortised constant cost per input.
  private func releaseUnusedSources() {
    var kept = timeline.sourcesInUse.union(max(0, sources.count - 8)..<sources.count)
    for macro in checkerState.macros { kept.insert(macro.range.source) }
    sources.keepOnly(kept)
    marksBeforeNew = marksBeforeNew.filter { kept.contains($0.key.source) }
    statementTitles = statementTitles.filter { kept.contains($0.key.source) }
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
          at: SourceRange(source: id, start: 0, end: 0)))
      return compiled
    }
    // `$1` stands for this file's arguments, not for those of the file that sources it.
    let outerArguments = checker.scriptArguments
    checker.scriptArguments = file.arguments.map {
      ScriptArguments(
        script: file.name, values: $0, checksWithoutValues: !keeping,
        refusesExtraAt: file.checksArgumentCount
          ? SourceRange(source: id, start: 0, end: 0) : nil)
    }
    defer {
      checker.noteScriptUsage()
      checker.scriptArguments = outerArguments
    }
    let parseProblems = Parser.parse(
      file.bytes, source: id, firstLine: file.firstLine, symbols: checker.symbols,
      maxStringBytes: timeline.limits.string ?? .max
    ) { parser in
      // A sourced file stops being checked at Ctrl-C (checking 100 MB takes seconds).
      // Checking only: a plain command known to check is not compiled, since nothing would
      // run it; it is judged as the parser reads it, never written as a statement. (The
      // checker's flag rather than `keeping`: a test of `keeping` here made the optimizer
      // copy the loop, and then call `check` out of line.) Not once interrupted, so that
      // the loop's test of that comes between any two commands. A local function marked
      // for inlining: as a closure, the optimizer called it (0.25 M instructions more).
      @inline(__always) func isPlainCommandChecked(_ name: Name, _ arguments: UnsafeBufferPointer<ArgumentNode>) -> Bool
      {
        checker.checksOnly && (sourcing.isEmpty || !interruption.isRequested)
          && checker.checksPlainCommand(name, arguments: arguments)
      }
      while sourcing.isEmpty || !interruption.isRequested, parser.readRoot(droppingCommand: isPlainCommandChecked) {
        // The statement is read in the parser, not copied, until here.
        let statement = parser.root
        guard let c = checker.check(statement, in: parser.tree) else { continue }
        guard case .directive(.source(let path, let range)) = c.action else {
          if keeping {
            // Nearly every statement of a stream is written canonically: it costs a few
            // comparisons, and no look at the session's titles.
            if !parser.tree.isWrittenCanonically(statement, in: file.bytes) {
              recordTitle(of: statement, in: parser.tree, bytes: file.bytes)
            }
            compiled.append(c)
          }
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
    // Relative to the sourcing file's folder — the folder of the file itself, not of a
    // link to it, as bash and python find a script's own folder; from the working folder
    // for `-c`, stdin and the REPL, whose names are not paths.
    var resolved = path
    if !path.hasPrefix("/"), !file.name.hasPrefix("<") {
      let sourcing = fileAccess.realFolder(of: file.name) ?? file.name
      if let slash = sourcing.lastIndex(of: "/") { resolved = String(sourcing[...slash]) + path }
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
    if interruption.isRequested {
      problems.append(Problem("interrupted while checking `\(path)`: nothing of it ran", at: range))
      return nil
    }
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
    settling { timeline.execute(program.statements) { onFailure(diagnostic(of: $0)) } }
  }

  /// Undoes steps until only `count` remain: how a host rolls back everything a run did
  /// (taking `undoCount` before the run). Steps the run itself undid are not brought back.
  /// The journal is given the rollback as one `undo N`; if it cannot take it, the rollback
  /// still happens and the failure is thrown, so the host can end the run.
  /// Returns the undone statements in canonical form, the last one first.
  @discardableResult
  package func undo(downTo count: Int) throws(RecordFailure) -> [String] {
    try settling { () throws(RecordFailure) in try timeline.undo(downTo: count) }.map(canonicalText)
  }

  /// Compiles and runs a source: what a script file, `-c` text, a chunk of stdin or a
  /// REPL entry does. The way to run script text; ``compile(_:)-(SourceFile)`` and
  /// ``execute(_:)`` are its halves, for a host that checks before it runs.
  public func run(_ file: SourceFile) throws(RunError) {
    let program = try compiledToRun(file)
    do { try execute(program) } catch { throw .runtime(error) }
  }

  /// The first half of a `run`, the sync one and the async one: the interruption cleared,
  /// `file` compiled, or its errors as the run's.
  func compiledToRun(_ file: SourceFile) throws(RunError) -> Program {
    interruption.clear()
    do { return try compile(file) } catch { throw .compile(error) }
  }

  /// Why `run` stopped.
  public enum RunError: Error, Equatable {
    /// The source did not compile; nothing ran.
    case compile(CompileErrors)
    /// A statement failed and was rolled back; the statements after it did not run.
    case runtime(Diagnostic)
  }
}
