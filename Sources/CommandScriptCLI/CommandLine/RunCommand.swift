import ArgumentParser
import CommandScript

/// Running scripts, `-c` text, standard input or the REPL: the tool's default command, and
/// the definition of its command line (``Options/init(fastParsing:)`` reads the common
/// cases alike, faster).
struct RunCommand: ToolSubcommand {
  static let name = "run"

  /// The tool's name, overview and example are its identity's (``ToolIdentity``), read
  /// when the arguments are parsed.
  static var configuration: CommandConfiguration {
    let tool = ToolIdentity.current
    let name = tool.name
    return CommandConfiguration(
      commandName: Self.name,
      abstract: tool.overview,
      usage: """
        \(name) [--check] [--json] [-i] [-v] [-f <file> ...] [-c <text> ... | <script>] [<argument> ...]
        \(name) [--json] [--session <file>] [--no-init] [-q] [- [<argument> ...]]
        \(name) --session <file> --salvage-session <newfile>
        """,
      discussion: """
        With a script, runs it with $1, $2, ... standing for the arguments after it (as \
        bash, python and lua do; `--` before an argument that starts with `-`): \
        `\(name) script.cmd 5 left`; a script given more arguments than it uses, or fewer, \
        is an error saying how many it takes. With -c, runs TEXT, with the arguments after \
        it as $1, $2, ... (as python3 -c); several -c run in order. `-` reads the script \
        from standard input, the arguments after it as $1, $2, ... (as bash -s). \
        --session FILE journals any of these, the arguments with the statements, and \
        replays FILE first. -f FILE, \
        repeatable, runs FILE in order with -c (as psql), before the script: \
        `-f defs.cmd -c 'routine 2'`; all of them are checked before any runs. With `-` or \
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

        \(subcommandList(name)) A script named as a subcommand (or `help`) runs as `./fmt`.

        Example: \(name) -c '\(tool.example)'

        Exit status: 0 success; 1 a statement failed at run time (it was rolled back); \
        64 usage error; 65 compile errors (nothing ran), or a --session file that is \
        damaged, is no journal or no longer replays; 66 an input file cannot be read; 74 the \
        output could not be written, or the --session journal could not keep a statement (it \
        did not run) or be made durable, or --salvage-session could not write NEWFILE.
        """,
      version: tool.version)
  }

  /// The other subcommands, each with its abstract.
  private static func subcommandList(_ name: String) -> String {
    CmdScript.subcommands.dropFirst().map { type in
      let abstract = type.configuration.abstract.dropLast()
      return
        "`\(name) \(type.name)`: \(abstract.prefix(1).lowercased() + abstract.dropFirst()) (`\(name) \(type.name) --help`)."
    }.joined(separator: " ")
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
      "Say what statements that print nothing did (`undo` says what it undid; redo, use, new, export and discard too; a move that ends a game, how it ended), as the REPL always does."
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
      "With --session FILE whose journal is damaged: copy the entries before the damage (all of them, if none is) into NEWFILE, a new session journal, and run nothing. A FILE that is no journal is read as a journal in the first format (no checksums) and converted.",
      valueName: "newfile"))
  var salvageSession: String?

  @Flag(help: "Do not source the start-up file when the REPL starts.")
  var noInit = false

  @Flag(
    help:
      "Touch no files from scripts: `source` and `export` are refused (for scripts from strangers). The REPL writes no files either: no history file, and `macros save` is refused. Without --max-steps, sets a budget of 10,000,000 steps (what undo, redo and tree moves undo and redo counts too). A string literal, and a string a statement makes (`\"$s$s\"`) or a variable is given, has at most 1 MiB; the strings made or given to variables have at most 64 MiB in all, and `echo` and `show` print at most 16 MiB, both counted with the steps."
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
      "When `show` draws receivers that have a picture as pictures: auto (when standard output is a terminal; elsewhere their one-line description), always (plain characters when not on a terminal or with NO_COLOR), never. --json shows the state and the view instead.",
      valueName: "auto|always|never"))
  var pictures = PictureMode.auto

  @Option(
    name: .customLong("plugin"),
    help: ArgumentHelp(
      "Start COMMAND (split into words as a shell would, but no shell runs it) as a plugin: its receiver types join the built-in ones (PLUGINS.md). Repeatable; runs under --safe too, and needs no trust. Beside it, the plugins named by a script's project file (\(ToolIdentity.current.name).json in its folder or above) start too, once you have trusted that file (`\(ToolIdentity.current.name) trust`), never under --safe or --check; a plugin named by both starts once, and its bare verbs never shadow the built-ins'.",
      valueName: "command"))
  var plugins: [String] = []

  @Option(help: PluginSetUp.timeoutHelp)
  var pluginTimeout: Double?

  @Option(help: PluginTrace.help)
  var pluginTrace: String?

  @Argument(
    help: ArgumentHelp(
      "The script to run (`-` reads standard input), then its arguments: $1, $2, ... in the script (with -c, all are arguments).",
      valueName: "script"))
  var operands: [String] = []

  /// The script operand (or `-`); none with -c, whose operands are all arguments.
  private var files: [String] { commands.isEmpty ? Array(operands.prefix(1)) : [] }

  /// The operands after the script, or all of them with -c: `$1`, `$2`, ….
  private var scriptArguments: [String] { commands.isEmpty ? Array(operands.dropFirst()) : operands }

  func validate() throws {
    if files == ["-"] && !scriptFiles.isEmpty {
      throw ValidationError("`-` (standard input) cannot be combined with -f.")
    }
    if interactive && (check || files == ["-"]) {
      throw ValidationError("-i goes with files or -c, not with --check or `-`.")
    }
    if let n = maxSteps, n < 0 { throw ValidationError("--max-steps must be 0 or more, not \(n).") }
    if let n = historyLimit, n < 0 { throw ValidationError("--history-limit must be 0 or more, not \(n).") }
    try PluginSetUp.validate(timeout: pluginTimeout)
    if salvageSession != nil && session == nil {
      throw ValidationError("--salvage-session needs --session FILE: the journal to salvage.")
    }
    if session != nil && check {
      throw ValidationError("--session runs and journals statements: it does not go with --check.")
    }
  }

  func run(_ invocation: Invocation) -> ExitStatus {
    var options = self.options
    options.filesBeforeCommands = UsageScan(invocation.arguments).filesBeforeCommands
    return options.run(invocation)
  }

  /// What the command line asks for.
  var options: Options {
    Options(
      commands: commands, check: check, json: json, session: session, salvageSession: salvageSession,
      noInit: noInit, safe: safe, onError: onError, maxSteps: maxSteps, historyLimit: historyLimit, pictures: pictures,
      files: files, scriptArguments: scriptArguments, interactive: interactive, quiet: quiet,
      verbose: verbose, scriptFiles: scriptFiles, plugins: plugins, pluginTimeout: pluginTimeout,
      pluginTrace: pluginTrace)
  }
}
