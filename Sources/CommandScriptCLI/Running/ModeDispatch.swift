import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The CLI's `main`, as jlox's: with the options read (CommandLine/), a run sets up its
// plugins and session, resumes the journal it is given, then runs a script file and the
// `-c` texts, standard input, or the REPL.

extension Options {
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
