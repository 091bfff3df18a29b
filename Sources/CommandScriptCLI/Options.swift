import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the command line asks for, once parsed and validated: what a run reads, whichever
/// way the arguments were parsed (``RunCommand`` or ``Options/init(fastParsing:)``).
struct Options: Equatable {
  /// Each `-c TEXT`, in order.
  var commands: [String] = []
  var check = false
  var json = false
  /// `--session FILE`.
  var session: String?
  /// `--salvage-session NEWFILE`.
  var salvageSession: String?
  var noInit = false
  var safe = false
  var onError = ErrorPolicy.stop
  var maxSteps: Int?
  var historyLimit: Int?
  var pictures = PictureMode.auto
  /// The script operand, or `["-"]` for standard input.
  var files: [String] = []
  /// The operands after the script (or `-`), or with `-c` all of them: its `$1`, `$2`, ….
  var scriptArguments: [String] = []
  /// `-i`: the REPL (or standard input) after the files or `-c`.
  var interactive = false
  /// `-q`: no banner.
  var quiet = false
  /// `-v`: statements report what they did, as in the REPL.
  var verbose = false
  /// `-f FILE`, in order; they run before the operand files.
  var scriptFiles: [String] = []
  /// For each `-c`, in order, how many of `scriptFiles` come before it on the command line.
  var filesBeforeCommands: [Int] = []
  /// `--plugin COMMAND`, in order.
  var plugins: [String] = []
  /// `--plugin-timeout SECONDS`.
  var pluginTimeout: Double?
  /// `--plugin-trace FILE`.
  var pluginTrace: String?

  /// The steps `--safe` allows without `--max-steps`: a script from a stranger cannot loop
  /// for ever.
  static let safeStepBudget = 10_000_000
  /// The longest string a statement may make under `--safe`: 1 MiB.
  static let safeStringLimit = 1 << 20
  /// The bytes of strings statements may make under `--safe`, with the step budget: 64 MiB.
  static let safeValueLimit = 64 << 20
  /// The bytes `echo` and `show` may print under `--safe`, with the step budget: 16 MiB.
  static let safeOutputLimit = 16 << 20

  /// Runs what the options ask for with the invocation's registry.
  func run(_ invocation: Invocation) -> ExitStatus {
    // Plugins (`--plugin`, the project file) join the registry before the session is made;
    // with none, nothing of them runs.
    var registry = invocation.registry
    let plugins = PluginSetUp.start(for: self, registry: &registry)
    let driver = makeDriver(registry: registry)
    plugins?.attach(to: driver)
    // The session stays alive until the process exits: tearing it down would only free
    // memory the process is about to give back (80,000 instructions of a start-up's 1.4
    // million).
    _ = Unmanaged.passRetained(driver)
    // A verb that waits for a result (an app's request) blocks the tool until it is there.
    let waits = registry.types.contains { $0.verbs.contains { $0.waitsForResult } }
    let status = waits ? Session.waitingForResultsByBlocking { run(driver) } : run(driver)
    return plugins?.finish(status, endsWith1OnFault: !isREPL) ?? status
  }

  /// Whether the run is the REPL alone (no files, no `-c`, a terminal).
  var isREPL: Bool { commands.isEmpty && scriptFiles.isEmpty && files.isEmpty && isatty(0) != 0 }

  /// The driver for these options: its session made and set up to run them.
  func makeDriver(registry: ReceiverRegistry) -> Driver {
    let driver = Driver(registry: registry, json: json, checkOnly: check)
    driver.errorPolicy = onError
    if safe {
      driver.session.fileAccess = nil
      driver.session.limits.string = Self.safeStringLimit
      driver.session.limits.values = Self.safeValueLimit
      driver.session.limits.output = Self.safeOutputLimit
    }
    driver.session.limits.steps = maxSteps ?? (safe ? Self.safeStepBudget : nil)
    driver.session.limits.history = historyLimit
    if driver.session.helpExample == nil { driver.session.helpExample = ToolIdentity.current.example }
    if json {
      driver.session.showsViews = true
    } else {
      driver.session.pictureSize = { [pictures] in pictures.pictureSize }
      driver.session.helpWidth = { terminalSize()?.columns ?? 80 }
    }
    return driver
  }

  /// Runs what the options ask for with `driver` (made by ``makeDriver(registry:)``).
  func run(_ driver: Driver) -> ExitStatus {
    if let session, let salvageSession { return salvageJournal(session, into: salvageSession) }
    var resumed = false
    let isREPL = self.isREPL
    driver.journalFailureEndsRun = !isREPL
    if let session {
      switch Journal.acquire(session) {
      case .success(let journal):
        // The arguments go to the journal with the statements they are used in, so a
        // resume replays the same script.
        journal.arguments = scriptArguments
        // `export` must not replace the journal: later entries would go to the unlinked
        // file, and its lock and mode would be lost.
        if !safe { driver.session.fileAccess = POSIXFileAccess(protecting: [journal.path]) }
        switch driver.resume(journal, historyLimit: historyLimit) {
        case .success(let replayed):
          resumed = replayed > 0
          if resumed, !quiet, isREPL || interactive {
            // As a REPL that picks up where it was says so; scripts and pipes stay quiet.
            Console.err.message(
              "resumed \(replayed) statement\(replayed == 1 ? "" : "s") from \(session)")
          }
        case .failure(let failure): return failure.status
        }
      case .failure(let error):
        driver.renderer.renderRunError("cannot open the session \(error.path): \(error.reason)", file: error.path)
        return .noInput
      }
    }
    // After the journal's replay, which must not report again what it restores.
    driver.session.reportsEffects = verbose
    let nothingGiven = commands.isEmpty && scriptFiles.isEmpty && files.isEmpty
    if files == ["-"] || (nothingGiven && isatty(0) == 0) {
      // `cmdscript - ARG…`: the arguments of the script read from standard input (as
      // `bash -s`); checked a line at a time, so more of them than it uses go unnoticed.
      if files == ["-"], !scriptArguments.isEmpty { driver.streamArguments = scriptArguments }
      return driver.runStream(LineReader(descriptor: 0), name: "<stdin>")
    } else if nothingGiven {
      return repl(driver, initFile: noInit || resumed ? nil : Paths.initFile)
    } else {
      // `-c` texts and `-f` files in the order written (as psql), then the script.
      var inputs: [SourceFile] = []
      var commandsAdded = 0
      /// Adds the texts of the `-c` options written before the `-f` file numbered `index`.
      func addCommands(before index: Int) {
        while commandsAdded < commands.count,
          commandsAdded >= filesBeforeCommands.count || filesBeforeCommands[commandsAdded] <= index
        {
          // Named by position when there are several, so that a diagnostic says which.
          let name = commands.count == 1 ? "<command line>" : "<command line \(commandsAdded + 1)>"
          // `-c TEXT ARG…`: the arguments are each text's (as `python3 -c`); one text must
          // use them all.
          var text = SourceFile(
            name: name, text: commands[commandsAdded], arguments: scriptArguments.isEmpty ? nil : scriptArguments)
          text.checksArgumentCount = commands.count == 1
          inputs.append(text)
          commandsAdded += 1
        }
      }
      for (index, path) in (scriptFiles + files).enumerated() {
        addCommands(before: index)
        // A FIFO is read to its end (`cmdscript <(make-script)`); a device is refused.
        switch FileIO.read(path, pipes: true) {
        case .success(let bytes):
          // The script operand takes the arguments after it; `-f` files take none.
          let isScript = index == scriptFiles.count
          var file = SourceFile(name: path, bytes: bytes, arguments: isScript ? scriptArguments : nil)
          file.checksArgumentCount = isScript
          inputs.append(file)
        case .failure(let error):
          driver.renderer.renderRunError("cannot read \(path): \(error.reason)", file: path)
          return .noInput
        }
      }
      addCommands(before: .max)
      let status = driver.runWhole(inputs)
      return interactive ? stayInteractive(driver) : status
    }
  }

  private func repl(_ driver: Driver, initFile: String?) -> ExitStatus {
    driver.errorPolicy = .continue
    driver.stepLimitPerEntry = true
    let repl = REPL(driver: driver, initFile: initFile, safe: safe)
    if !quiet && !json { repl.banner = ToolIdentity.current.banner }
    return repl.run()
  }

  /// `-i`, once the files or `-c` have run (whatever their status, as `python -i`): the
  /// REPL without the start-up file (as `python -i` skips PYTHONSTARTUP), or standard
  /// input when it is not a terminal.
  private func stayInteractive(_ driver: Driver) -> ExitStatus {
    guard isatty(0) != 0 else { return driver.runStream(LineReader(descriptor: 0), name: "<stdin>") }
    return repl(driver, initFile: nil)
  }
}
