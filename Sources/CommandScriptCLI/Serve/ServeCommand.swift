import ArgumentParser
import CommandScript

/// What `NAME serve` asks for: the options a web server (CommandScriptServer's `WebApp`)
/// serves the session with.
public struct ServeOptions: Sendable, Equatable {
  /// The script to run before serving (not when the journal already holds entries), if any:
  /// one file, as a run's script operand.
  public var files: [String]
  /// The script's arguments (`$1`, `$2`, …), as a run passes the operands after the script.
  public var scriptArguments: [String] = []
  /// The port to listen on; 0 picks a free one.
  public var port: Int
  /// The address to listen on: 127.0.0.1 unless the command line says otherwise.
  public var host: String
  /// `--session JOURNAL`: the journal to resume and keep.
  public var session: String?
  /// `--allow-files`: statements from a page may touch files and take any number of steps.
  public var allowFiles: Bool
  /// `--plugin COMMAND`, in order: plugins whose receivers join the session (PLUGINS.md).
  public var plugins: [String]
  /// `--plugin-timeout SECONDS`; nil for the project file's, else the default.
  public var pluginTimeout: Double?

  /// Options as `NAME serve` would parse them.
  public init(
    files: [String] = [], port: Int = 8765, host: String = "127.0.0.1", session: String? = nil,
    allowFiles: Bool = false, plugins: [String] = [], pluginTimeout: Double? = nil, scriptArguments: [String] = []
  ) {
    self.files = files
    self.scriptArguments = scriptArguments
    self.port = port
    self.host = host
    self.session = session
    self.allowFiles = allowFiles
    self.plugins = plugins
    self.pluginTimeout = pluginTimeout
  }
}

/// `cmdscript serve`: the session as a local web page. The tool's `serve` (given to
/// ``CommandScriptTool/main(registry:identity:arguments:serve:)``) runs it; without one,
/// `NAME-serve` from beside the tool's executable does, so that the tool links no server.
struct ServeCommand: ToolSubcommand {
  static let name = "serve"

  static var configuration: CommandConfiguration {
    let tool = ToolIdentity.current.name
    return CommandConfiguration(
      commandName: name,
      abstract:
        "Serve the session as a web page: its receivers drawn, their verbs as buttons, menus and keys, a console and the history.",
      discussion: """
        Prints the address of the page as the first line on standard output, \
        http://127.0.0.1:PORT/?token=TOKEN, then runs FILE with its ARGs as `$1`, `$2`, … \
        (as `\(tool) FILE ARG…` does; not when --session resumes a journal that holds \
        entries), then serves the page. The token is new at each start, but with --session \
        JOURNAL it is kept beside the journal in JOURNAL.token (mode 0600) for the journal's \
        life, so that a page left open while the server restarts on the same port and \
        journal reconnects by itself, and a reload works. Every \
        request and the page's WebSocket must carry the token (in the address, or the cookie \
        the page sets from it), and come from that address (Host and Origin are checked). \
        Every click, menu choice and key press runs as one statement (`move up`) through the \
        same session, history and journal as a statement typed in the page's console, and \
        every page open on the address follows. Statements from a page run under --safe rules \
        (no `source` or `export`, 10,000,000 steps per entry) unless --allow-files.

        Each --plugin starts a plugin before FILE runs, as for a run (PLUGINS.md): its \
        receivers are drawn on the page as their `show` state, with their verbs as controls, \
        and a click on one runs through the plugin, undoable like any other. Without \
        --plugin, the plugins of the first FILE's project file (\(tool).json) start. A \
        plugin that cannot start ends serve with status 1; one that dies while serving makes \
        the statements that need it fail, and the server goes on.

        Serves until Ctrl-C or SIGTERM; Ctrl-C while a statement runs stops that statement \
        (rolled back), as in the REPL.

        Exit status: 0 stopped by Ctrl-C or SIGTERM; 1 a plugin cannot start or declare; 64 \
        usage error; 65, 66 or 74 as for a \
        run (a FILE that does not compile or fails, one that cannot be read, a --session \
        journal that is damaged or cannot be written); 69 the address and port cannot be \
        listened on, or the server cannot be run.

        Example: \(tool) serve --session shapes.cmdsession
        """)
  }

  @Argument(
    help: ArgumentHelp(
      "A script to run before serving, then its arguments ($1, $2, …), as for a run.", valueName: "file arg"))
  var operands: [String] = []

  @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "n"))
  var port: Int = ServeOptions().port

  @Option(
    help: ArgumentHelp(
      "The address to listen on (default 127.0.0.1, this machine only; any other is reachable from other machines, and is warned about).",
      valueName: "address"))
  var host = ServeOptions().host

  @Option(
    help: ArgumentHelp(
      "Journal every statement that takes effect to FILE, and first replay FILE if it exists, as the REPL's --session does.",
      valueName: "file"))
  var session: String?

  @Flag(help: "Let statements from the page touch files (`source`, `export`) and take any number of steps.")
  var allowFiles = false

  @Option(
    name: .customLong("plugin"),
    help: ArgumentHelp(
      "Start COMMAND (split into words as a shell would, but no shell runs it) as a plugin: its receivers join the session and the page (PLUGINS.md). Repeatable. Beside it, the plugins named by the first FILE's project file (\(ToolIdentity.current.name).json in its folder or above) start too, once you have trusted that file (`\(ToolIdentity.current.name) trust`); a plugin named by both starts once.",
      valueName: "command"))
  var plugins: [String] = []

  @Option(help: PluginSetUp.timeoutHelp)
  var pluginTimeout: Double?

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535, not \(port).") }
    try PluginSetUp.validate(timeout: pluginTimeout)
  }

  func run(_ invocation: Invocation) -> ExitStatus {
    guard let serve = invocation.serve else {
      // The arguments after `serve`, for `NAME-serve`, which parses them again.
      let rest = Array(invocation.arguments.drop { $0 != Self.name }.dropFirst())
      return ServedSession.execServer(rest)
    }
    let options = ServeOptions(
      files: Array(operands.prefix(1)), port: port, host: host, session: session, allowFiles: allowFiles,
      plugins: plugins,
      pluginTimeout: pluginTimeout, scriptArguments: Array(operands.dropFirst()))
    return ExitStatus(rawValue: serve(invocation.registry, options)) ?? .unavailable
  }
}
