import ArgumentParser
@_exported import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `cmdscript` command line (files, `-c`, piped stdin, the REPL) for any registry:
/// an embedding app that adds its own receivers gets the whole tool with one call.
///
/// ```swift
/// var registry = ReceiverRegistry.builtins
/// try registry.register(Lamp.self)
/// CommandScriptTool.main(registry: registry)
/// ```
public enum CommandScriptTool {
  /// Parses the process's arguments (or `arguments`), runs, and exits with the status.
  /// `identity` names the tool, in its help, messages and file paths: an app's own tool
  /// gives its own (see ``ToolIdentity``).
  public static func main(
    registry: ReceiverRegistry, identity: ToolIdentity = .cmdscript, arguments: [String]? = nil
  ) -> Never {
    ToolIdentity.current = identity
    openClosedStandardDescriptors()
    let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
    if arguments.first == "fmt" { exit(format(Array(arguments.dropFirst()))) }
    if arguments == ["lsp"] { exit(flushed(LanguageServer(registry: registry).run())) }
    var options: Options
    if let parsed = Options(fastParsing: arguments) {
      options = parsed
    } else {
      let arguments = UsageScan(arguments)
      do {
        options = try CmdScript.parse(arguments.joiningNegativeValues).options
        options.filesBeforeCommands = arguments.filesBeforeCommands
      } catch {
        let status = CmdScript.exitCode(for: error)
        if arguments.wantsJSON, status != .success {
          Renderer(json: true, colour: false).renderRunError(CmdScript.message(for: error))
          Console.flush()
          exit(status.rawValue)
        }
        CmdScript.exit(withError: error)
      }
    }
    let driver = options.makeDriver(registry: registry)
    // Exits with the session alive: tearing it down would only free memory the process is
    // about to give back (80,000 instructions of a start-up's 1.4 million).
    // A verb that waits for a result (an app's request) blocks the tool until it is there.
    let waits = registry.types.contains { $0.verbs.contains { $0.waitsForResult } }
    withExtendedLifetime(driver) {
      exit(flushed(waits ? Session.waitingForResultsByBlocking { options.run(driver) } : options.run(driver)))
    }
  }

  /// `status` once standard output is written out: 74 if it could not be.
  private static func flushed(_ status: ExitStatus) -> Int32 {
    Console.flush()
    guard let failure = Console.out.writeError else { return status.rawValue }
    Console.err.message("write error: \(String(cString: strerror(failure)))")
    Console.err.flush()
    return ExitStatus.ioError.rawValue
  }

  /// `cmdscript fmt …`: the formatter's own command line.
  private static func format(_ arguments: [String]) -> Int32 {
    let command: FormatCommand
    do { command = try FormatCommand.parse(arguments) } catch { FormatCommand.exit(withError: error) }
    return flushed(command.run(renderer: Renderer(json: false, colour: Console.err.allowsColour)))
  }

  /// Opens `/dev/null` onto a closed standard descriptor, as coreutils do, so that no file
  /// the tool opens (the journal) becomes standard input, output or error. A closed
  /// standard input reads as empty; a closed output or error is opened read-only, so that
  /// writing to it still fails and is reported.
  private static func openClosedStandardDescriptors() {
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", O_RDONLY)
      // `open` takes the lowest free descriptor, which is `fd`; otherwise move it there.
      if opened >= 0, opened != fd {
        _ = dup2(opened, fd)
        close(opened)
      }
    }
  }
}

extension ErrorPolicy: ExpressibleByArgument {}
extension PictureMode: ExpressibleByArgument {}

struct CmdScript: ParsableCommand {
  /// The tool's name, overview and example are its identity's (``ToolIdentity``), read
  /// when the arguments are parsed.
  static var configuration: CommandConfiguration {
    let tool = ToolIdentity.current
    let name = tool.name
    return CommandConfiguration(
      commandName: name,
      abstract: tool.overview,
      usage: """
        \(name) [--check] [--json] [-i] [-v] [-f <file> ...] [-c <text> ... | <script> [<argument> ...]]
        \(name) [--json] [--session <file>] [--no-init] [-q] [-]
        \(name) --session <file> --salvage-session <newfile>
        """,
      discussion: """
        With a script, runs it with $1, $2, ... standing for the arguments after it (as \
        bash, python and lua do; `--` before an argument that starts with `-`): \
        `\(name) spiral.cmd 5 red`. With -c, runs TEXT; several -c run in order. -f FILE, \
        repeatable, runs FILE in order with -c (as psql), before the script: \
        `-f defs.cmd -c 'zig 2'`; all of them are checked before any runs. With `-` or \
        piped standard input, checks and \
        runs each line as it arrives. On a terminal with no input, starts the REPL, which \
        first prints a one-line banner (the version, `help`, how to leave) unless -q. \
        With -i, runs the script, files or TEXT, then starts the REPL with the state they made \
        (without the start-up file); on piped standard input, runs it after them.

        The REPL: Tab completes (file names too, after source and export); Up recalls entries (a block whole), also from earlier sessions \
        ($XDG_STATE_HOME/\(name)/history, or $\(tool.environmentPrefix)_HISTORY); Ctrl-C cancels the \
        line or stops a running statement; `exit`, `quit` or Ctrl-D leaves (Ctrl-D at `...>` drops the unfinished entry). `record NAME` ... `end` records \
        a macro, `macros` lists the macros, `macros save` appends them to the start-up \
        file $XDG_CONFIG_HOME/\(name)/init.cmd, which the REPL sources when it starts.

        `\(name) fmt [--check] FILE...` lays scripts out in one canonical layout (see \
        `\(name) fmt --help`). `\(name) lsp` is the editor server (the Language \
        Server Protocol on standard input and output). A script named `fmt` or `lsp` runs \
        as `./fmt`.

        Example: \(name) -c '\(tool.example)'

        Exit status: 0 success; 1 a statement failed at run time (it was rolled back); \
        64 usage error; 65 compile errors (nothing ran), or a --session journal that is \
        damaged or no longer replays; 66 an input file cannot be read; 74 the output could \
        not be written, or the --session journal could not keep a statement (it did not run) \
        or be made durable.
        """,
      version: tool.version)
  }

  @Option(
    name: .customShort("c"),
    help: ArgumentHelp("Run TEXT as a script; several -c run in order, as files do.", valueName: "text"))
  var commands: [String] = []

  @Option(
    name: .customShort("f"),
    help: ArgumentHelp(
      "Run FILE; repeatable, in order with -c, each checked before any runs.", valueName: "file"))
  var scriptFiles: [String] = []

  @Flag(help: "Check the input for errors without running anything.")
  var check = false

  @Flag(
    name: .customShort("i"),
    help:
      "After the files or -c text, start the REPL with the state they made (or, when standard input is not a terminal, run it)."
  )
  var interactive = false

  @Flag(name: .customShort("q"), help: "Start the REPL without its banner.")
  var quiet = false

  @Flag(
    name: .customShort("v"),
    help:
      "Say what statements that print nothing did (`undo` says \"undid `paint red`\"; redo, use, new, export and discard too), as the REPL always does."
  )
  var verbose = false

  @Flag(help: "Write outputs to stdout, and diagnostics (usage and file errors too) to stderr, as JSON Lines.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "Journal every statement that takes effect to FILE, and first replay FILE if it exists, so that the session survives an exit or a crash (REPL and standard input).",
      valueName: "file"))
  var session: String?

  @Option(
    help: ArgumentHelp(
      "With --session FILE whose journal is damaged: copy the entries before the damage (all of them, if none is) into NEWFILE, a new session journal, and run nothing.",
      valueName: "newfile"))
  var salvageSession: String?

  @Flag(help: "Do not source the start-up file when the REPL starts.")
  var noInit = false

  @Flag(
    help:
      "Touch no files from scripts: `source` and `export` are refused (for scripts from strangers). The REPL writes no files either: no history file, and `macros save` is refused. Without --max-steps, sets a budget of 10,000,000 steps."
  )
  var safe = false

  @Option(
    help: ArgumentHelp(
      "When a statement fails (it is always rolled back): stop the run, continue with the next statement, or rollback everything the run did (and say on stderr what it undid). Exit status 1 in each case. The REPL always continues.",
      valueName: "stop|continue|rollback"))
  var onError = ErrorPolicy.stop

  @Option(
    help: ArgumentHelp(
      "Take at most N steps in the run (in the REPL: per entry): each receiver command, each loop turn (`repeat`, `while`) and each macro call is one. The statement that would exceed it fails, rolled back.",
      valueName: "n"))
  var maxSteps: Int?

  @Option(
    help: ArgumentHelp(
      "Keep at most N undo steps; older ones are dropped, so memory stays bounded however long the session.",
      valueName: "n"))
  var historyLimit: Int?

  @Option(
    help: ArgumentHelp(
      "When `show` draws the shape and the board as pictures: auto (when standard output is a terminal; elsewhere the one-line description, `shape: at (0, 1), red`), always (plain characters when not on a terminal or with NO_COLOR), never. --json shows the state and the view (the shape's path) instead.",
      valueName: "auto|always|never"))
  var pictures = PictureMode.auto

  @Argument(
    help: ArgumentHelp(
      "The script to run (`-` reads standard input), then its arguments: $1, $2, ... in the script.",
      valueName: "script"))
  var operands: [String] = []

  /// The script operand (or `-`).
  private var files: [String] { Array(operands.prefix(1)) }

  func validate() throws {
    if !commands.isEmpty && !files.isEmpty {
      throw ValidationError("Give either -c TEXT or a script, not both.")
    }
    if files == ["-"] && (operands.count > 1 || !scriptFiles.isEmpty) {
      throw ValidationError("`-` (standard input) takes no arguments and cannot be combined with -f.")
    }
    if interactive && (check || files == ["-"]) {
      throw ValidationError("-i goes with files or -c, not with --check or `-`.")
    }
    if let n = maxSteps, n < 0 { throw ValidationError("--max-steps must be 0 or more, not \(n).") }
    if let n = historyLimit, n < 0 { throw ValidationError("--history-limit must be 0 or more, not \(n).") }
    if salvageSession != nil && session == nil {
      throw ValidationError("--salvage-session needs --session FILE: the journal to salvage.")
    }
    if session != nil && (!commands.isEmpty || !scriptFiles.isEmpty || files.contains { $0 != "-" } || check) {
      throw ValidationError("--session works with the REPL and standard input, not with files, -c or --check.")
    }
  }

  /// What the command line asks for.
  var options: Options {
    Options(
      commands: commands, check: check, json: json, session: session, salvageSession: salvageSession,
      noInit: noInit, safe: safe, onError: onError, maxSteps: maxSteps, historyLimit: historyLimit, pictures: pictures,
      files: files, scriptArguments: Array(operands.dropFirst()), interactive: interactive, quiet: quiet,
      verbose: verbose, scriptFiles: scriptFiles)
  }
}

/// What the command line asks for, once parsed and validated: what a run reads, whichever
/// way the arguments were parsed (``CmdScript`` or ``Options/init(fastParsing:)``).
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
  /// The operands after the script: its `$1`, `$2`, ….
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

  /// The steps `--safe` allows without `--max-steps`: a script from a stranger cannot loop
  /// for ever.
  static let safeStepBudget = 10_000_000

  /// The driver for these options: its session made and set up to run them.
  func makeDriver(registry: ReceiverRegistry) -> Driver {
    let driver = Driver(registry: registry, json: json, checkOnly: check)
    driver.errorPolicy = onError
    if safe { driver.session.fileAccess = nil }
    driver.session.stepLimit = maxSteps ?? (safe ? Self.safeStepBudget : nil)
    driver.session.historyLimit = historyLimit
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
    if let session, let salvageSession { return salvage(session, into: salvageSession) }
    var resumed = false
    let isREPL = commands.isEmpty && scriptFiles.isEmpty && files.isEmpty && isatty(0) != 0
    driver.journalFailureEndsRun = !isREPL
    if let session {
      switch Journal.acquire(session) {
      case .success(let journal):
        // `export` must not replace the journal: later entries would go to the unlinked
        // file, and its lock and mode would be lost.
        if !safe { driver.session.fileAccess = POSIXFileAccess(protecting: [journal.path]) }
        switch driver.resume(journal, historyLimit: historyLimit) {
        case .success(let replayed): resumed = replayed > 0
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
          inputs.append(SourceFile(name: name, text: commands[commandsAdded]))
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
          inputs.append(SourceFile(name: path, bytes: bytes, arguments: isScript ? scriptArguments : nil))
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

  /// `--salvage-session`: the verified entries of the journal at `path`, up to any damage,
  /// into a new journal at `newPath`.
  private func salvage(_ path: String, into newPath: String) -> ExitStatus {
    let bytes: [UInt8]
    switch FileIO.read(path, limit: .max) {
    case .success(let read): bytes = read
    case .failure(let error):
      Console.err.message("cannot read \(path): \(error.reason)")
      return .noInput
    }
    let entries: [Journal.Entry]
    var left = "nothing was damaged"
    switch JournalFormat.parse(bytes) {
    case .success(let contents): entries = contents.entries
    case .failure(let damage):
      entries = damage.intact
      left = "left out line \(damage.line) on (\(damage.reason))"
    }
    if let error = Journal.create(newPath, holding: entries) {
      Console.err.message("cannot create \(error.path): \(error.reason)")
      return .noInput
    }
    Console.err.message("kept \(entries.count) entries of \(path) in \(newPath); \(left)")
    return .success
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
