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
  public static func main(registry: ReceiverRegistry, arguments: [String]? = nil) -> Never {
    openClosedStandardDescriptors()
    let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
    let options: Options
    if let parsed = Options(fastParsing: arguments) {
      options = parsed
    } else {
      let arguments = UsageScan(arguments)
      do {
        options = try CmdScript.parse(arguments.joiningNegativeValues).options
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
    var status = options.run(registry: registry)
    Console.flush()
    if let failure = Console.out.writeError {
      Console.err.line("cmdscript: write error: \(String(cString: strerror(failure)))")
      Console.err.flush()
      status = .ioError
    }
    exit(status.rawValue)
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
  static let configuration = CommandConfiguration(
    commandName: "cmdscript",
    abstract: "Run CommandScript: undoable command macros for shapes, doors, boards and more.",
    usage: """
      cmdscript [--check] [--json] [-c <text> | <file> ...]
      cmdscript [--json] [--session <file>] [--no-init] [-]
      cmdscript --session <file> --salvage-session <newfile>
      """,
    discussion: """
      With files, runs them in order in one session; every file is checked before any \
      of them runs. With -c, runs TEXT. With `-` or piped standard input, checks and \
      runs each line as it arrives. On a terminal with no input, starts the REPL.

      The REPL: Tab completes; Up recalls lines, also from earlier sessions \
      ($XDG_STATE_HOME/cmdscript/history, or $CMDSCRIPT_HISTORY); Ctrl-C cancels the \
      line or stops a running statement; Ctrl-D exits. `record NAME` ... `end` records \
      a macro, `macros` lists the macros, `macros save` appends them to the start-up \
      file $XDG_CONFIG_HOME/cmdscript/init.cmd, which the REPL sources when it starts.

      Example: cmdscript -c 'move up; paint red; undo; show'

      Exit status: 0 success; 1 a statement failed at run time (it was rolled back); \
      64 usage error; 65 compile errors (nothing ran), or a --session journal that is \
      damaged or no longer replays; 66 an input file cannot be read; 74 the output could \
      not be written, or the --session journal could not keep a statement (it did not run) \
      or be made durable.
      """,
    version: "cmdscript 0.1.0 (CommandScript language version 1)")

  @Option(name: .customShort("c"), help: ArgumentHelp("Run TEXT as a script.", valueName: "text"))
  var command: String?

  @Flag(help: "Check the input for errors without running anything.")
  var check = false

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
      "Touch no files from scripts: `source` and `export` are refused (for scripts from strangers). The REPL writes no files either: no history file, and `macros save` is refused."
  )
  var safe = false

  @Option(
    help: ArgumentHelp(
      "When a statement fails (it is always rolled back): stop the run, continue with the next statement, or rollback everything the run did. Exit status 1 in each case. The REPL always continues.",
      valueName: "stop|continue|rollback"))
  var onError = ErrorPolicy.stop

  @Option(
    help: ArgumentHelp(
      "Execute at most N receiver commands in the run (in the REPL: per entry); the statement that would exceed it fails, rolled back.",
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

  @Argument(help: ArgumentHelp("Script files to run in order (`-` reads standard input).", valueName: "file"))
  var files: [String] = []

  func validate() throws {
    if command != nil && !files.isEmpty {
      throw ValidationError("Give either -c TEXT or files, not both.")
    }
    if files.filter({ $0 == "-" }).count > 0 && files.count > 1 {
      throw ValidationError("`-` (standard input) cannot be combined with files.")
    }
    if let n = maxSteps, n < 0 { throw ValidationError("--max-steps must be 0 or more, not \(n).") }
    if let n = historyLimit, n < 0 { throw ValidationError("--history-limit must be 0 or more, not \(n).") }
    if salvageSession != nil && session == nil {
      throw ValidationError("--salvage-session needs --session FILE: the journal to salvage.")
    }
    if session != nil && (command != nil || files.contains { $0 != "-" } || check) {
      throw ValidationError("--session works with the REPL and standard input, not with files, -c or --check.")
    }
  }

  /// What the command line asks for.
  var options: Options {
    Options(
      command: command, check: check, json: json, session: session, salvageSession: salvageSession, noInit: noInit,
      safe: safe, onError: onError, maxSteps: maxSteps, historyLimit: historyLimit, pictures: pictures, files: files)
  }
}

/// What the command line asks for, once parsed and validated: what a run reads, whichever
/// way the arguments were parsed (``CmdScript`` or ``Options/init(fastParsing:)``).
struct Options: Equatable {
  /// `-c TEXT`.
  var command: String?
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
  /// Script files, or `["-"]` for standard input.
  var files: [String] = []

  func run(registry: ReceiverRegistry) -> ExitStatus {
    let driver = Driver(registry: registry, json: json, checkOnly: check)
    driver.errorPolicy = onError
    if safe { driver.session.fileAccess = nil }
    driver.session.stepLimit = maxSteps
    driver.session.historyLimit = historyLimit
    if let session, let salvageSession { return salvage(session, into: salvageSession) }
    if json {
      driver.session.showsViews = true
    } else {
      driver.session.pictureSize = { [pictures] in pictures.pictureSize }
    }
    var resumed = false
    let isREPL = command == nil && files.isEmpty && isatty(0) != 0
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
    if let command {
      return driver.runWhole([SourceFile(name: "<command line>", text: command)])
    } else if files == ["-"] || (files.isEmpty && isatty(0) == 0) {
      return driver.runStream(LineReader(descriptor: 0), name: "<stdin>")
    } else if files.isEmpty {
      driver.errorPolicy = .continue
      driver.stepLimitPerEntry = true
      return REPL(driver: driver, initFile: noInit || resumed ? nil : Paths.initFile, safe: safe).run()
    } else {
      var inputs: [SourceFile] = []
      for path in files {
        // A FIFO is read to its end (`cmdscript <(make-script)`); a device is refused.
        switch FileIO.read(path, pipes: true) {
        case .success(let bytes): inputs.append(SourceFile(name: path, bytes: bytes))
        case .failure(let error):
          driver.renderer.renderRunError("cannot read \(path): \(error.reason)", file: path)
          return .noInput
        }
      }
      return driver.runWhole(inputs)
    }
  }

  /// `--salvage-session`: the verified entries of the journal at `path`, up to any damage,
  /// into a new journal at `newPath`.
  private func salvage(_ path: String, into newPath: String) -> ExitStatus {
    let bytes: [UInt8]
    switch FileIO.read(path, limit: .max) {
    case .success(let read): bytes = read
    case .failure(let error):
      Console.err.line("cmdscript: cannot read \(path): \(error.reason)")
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
      Console.err.line("cmdscript: cannot create \(error.path): \(error.reason)")
      return .noInput
    }
    Console.err.line("cmdscript: kept \(entries.count) entries of \(path) in \(newPath); \(left)")
    return .success
  }
}
