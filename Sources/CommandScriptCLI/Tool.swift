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
    let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
    let options: Options
    if let parsed = Options(fastParsing: arguments) {
      options = parsed
    } else {
      do {
        options = try CmdScript.parse(arguments).options
      } catch {
        CmdScript.exit(withError: error)
      }
    }
    let status = options.run(registry: registry).rawValue
    Console.flush()
    exit(status)
  }
}

extension ErrorPolicy: ExpressibleByArgument {}

struct CmdScript: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cmdscript",
    abstract: "Run CommandScript: undoable command macros for shapes, doors, boards and more.",
    usage: """
      cmdscript [--check] [--json] [-c <text> ... | <file> ...]
      cmdscript [--json] [--session <file>] [--no-init] [-]
      """,
    discussion: """
      With files, runs them in order in one session; every file is checked before any \
      of them runs. With -c, runs TEXT; several -c run in order, like files, all \
      checked before any runs. With `-` or piped standard input, checks and \
      runs each line as it arrives. On a terminal with no input, starts the REPL.

      The REPL: Tab completes; Up recalls lines, also from earlier sessions \
      ($XDG_STATE_HOME/cmdscript/history, or $CMDSCRIPT_HISTORY); Ctrl-C cancels the \
      line or stops a running statement; Ctrl-D exits. `record NAME` ... `end` records \
      a macro, `macros` lists the macros, `macros save` appends them to the start-up \
      file $XDG_CONFIG_HOME/cmdscript/init.cmd, which the REPL sources when it starts.

      Example: cmdscript -c 'move up; paint red; undo; show'

      Exit status: 0 success; 1 a statement failed at run time (it was rolled back); \
      64 usage error; 65 compile errors (nothing ran); 66 an input file cannot be read.
      """,
    version: "cmdscript 0.1.0 (CommandScript language version 1)")

  @Option(
    name: .customShort("c"),
    help: ArgumentHelp("Run TEXT as a script; several -c run in order, as files do.", valueName: "text"))
  var commands: [String] = []

  @Flag(help: "Check the input for errors without running anything.")
  var check = false

  @Flag(help: "Write outputs to stdout, and diagnostics to stderr, as JSON Lines.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "Journal every statement that takes effect to FILE, and first replay FILE if it exists, so that the session survives an exit or a crash (REPL and standard input).",
      valueName: "file"))
  var session: String?

  @Flag(help: "Do not source the start-up file when the REPL starts.")
  var noInit = false

  @Flag(help: "Touch no files from scripts: `source` and `export` are refused (for scripts from strangers).")
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

  @Argument(help: ArgumentHelp("Script files to run in order (`-` reads standard input).", valueName: "file"))
  var files: [String] = []

  func validate() throws {
    if !commands.isEmpty && !files.isEmpty {
      throw ValidationError("Give either -c TEXT or files, not both.")
    }
    if files.filter({ $0 == "-" }).count > 0 && files.count > 1 {
      throw ValidationError("`-` (standard input) cannot be combined with files.")
    }
    if let n = maxSteps, n < 0 { throw ValidationError("--max-steps must be 0 or more.") }
    if let n = historyLimit, n < 0 { throw ValidationError("--history-limit must be 0 or more.") }
    if session != nil && (!commands.isEmpty || files.contains { $0 != "-" } || check) {
      throw ValidationError("--session works with the REPL and standard input, not with files, -c or --check.")
    }
  }

  /// What the command line asks for.
  var options: Options {
    Options(
      commands: commands, check: check, json: json, session: session, noInit: noInit, safe: safe, onError: onError,
      maxSteps: maxSteps, historyLimit: historyLimit, files: files)
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
  var noInit = false
  var safe = false
  var onError = ErrorPolicy.stop
  var maxSteps: Int?
  var historyLimit: Int?
  /// Script files, or `["-"]` for standard input.
  var files: [String] = []

  func run(registry: ReceiverRegistry) -> ExitStatus {
    let driver = Driver(registry: registry, json: json, checkOnly: check)
    driver.errorPolicy = onError
    if safe { driver.session.fileAccess = nil }
    driver.session.stepLimit = maxSteps
    driver.session.historyLimit = historyLimit
    var resumed = false
    if let session {
      switch Journal.acquire(session) {
      case .success(let journal): resumed = driver.resume(journal) > 0
      case .failure(let error):
        Console.err.line("cmdscript: cannot open the session \(error.path): \(error.reason)")
        return .noInput
      }
    }
    if !commands.isEmpty {
      // Named by position when there are several, so that a diagnostic says which.
      let inputs = commands.enumerated().map { i, text in
        SourceFile(name: commands.count == 1 ? "<command line>" : "<command line \(i + 1)>", text: text)
      }
      return driver.runWhole(inputs)
    } else if files == ["-"] || (files.isEmpty && isatty(0) == 0) {
      return driver.runStream(LineReader(descriptor: 0), name: "<stdin>")
    } else if files.isEmpty {
      driver.errorPolicy = .continue
      driver.stepLimitPerEntry = true
      return REPL(driver: driver, initFile: noInit || resumed ? nil : Paths.initFile).run()
    } else {
      var inputs: [SourceFile] = []
      for path in files {
        switch readFile(path) {
        case .success(let bytes): inputs.append(SourceFile(name: path, bytes: bytes))
        case .failure(let error):
          Console.err.line("cmdscript: cannot read \(error.path): \(error.reason)")
          return .noInput
        }
      }
      return driver.runWhole(inputs)
    }
  }
}
