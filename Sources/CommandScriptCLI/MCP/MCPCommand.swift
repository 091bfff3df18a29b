import ArgumentParser
import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `cmdscript mcp`: the session served to an AI agent over the Model Context Protocol
/// (docs/mcp.md). Set up as `serve` sets up its session (``ServedSession``): the journal
/// resumed, the FILEs run, the plugins started, `--safe`'s rules unless `--allow-files`.
struct MCPCommand: ToolSubcommand {
  static let name = "mcp"

  static var configuration: CommandConfiguration {
    let tool = ToolIdentity.current.name
    return CommandConfiguration(
      commandName: name,
      abstract:
        "Serve AI agents: the Model Context Protocol on standard input and output, every change checked first and undoable.",
      discussion: """
        An MCP client (an agent) starts `\(tool) mcp` and speaks the Model Context Protocol \
        with it over standard input and output: JSON-RPC 2.0, one message a line \
        (protocol versions 2025-03-26, 2025-06-18 and 2025-11-25 by `initialize`, and the stateless 2026-07-28 by `server/discover`). Nothing but the \
        protocol's messages is written to standard output; what the FILEs print and every \
        diagnostic go to standard error.

        Its tools: `describe` (the receivers, their verbs and queries, the statements), \
        `check` (a script checked, nothing run), `preview` (a script run, then taken back \
        whole: the changes it would make, and where it would stop before a command that \
        cannot be undone), `run` (a script run statement by statement, each atomic; \
        `expect` refuses it unless the session is still at that step; a command that \
        cannot be undone needs the `confirm` token `preview` gave), `undo`, `redo`, \
        `goto`, `history` and `show`. Every change they make is one step of the undo \
        tree, so the agent or its user can go back to any state.

        Runs the FILEs first (unless --session resumes a journal that holds entries), as \
        serve does. Statements run under --safe rules (no `source` or `export`, 10,000,000 \
        steps per call, the bounds of strings and output) unless --allow-files. With \
        --session, each call that changes the session is in the journal, made durable, \
        before it is answered, and a `run` the process ended during is taken back whole on \
        resume, from persistent plugins too. Each --plugin starts a plugin, as for a run; without one, \
        the first FILE's project file (cmdscript.json) names them.

        Exit status: 0 at the end of the input; 1 a plugin cannot start or declare; 64 \
        usage error; 65, 66 or 74 as for a run (a FILE that does not compile or fails, one \
        that cannot be read, a --session journal that is damaged or cannot be written).

        Example, in an MCP client's configuration: {"command": "\(tool)", "args": ["mcp", "--session", "work.cmdsession"]}
        """)
  }

  @Argument(help: ArgumentHelp("Scripts to run before serving, in order.", valueName: "file"))
  var files: [String] = []

  @Option(
    help: ArgumentHelp(
      "Journal every statement that takes effect to FILE, and first replay FILE if it exists, as the REPL's --session does.",
      valueName: "file"))
  var session: String?

  @Flag(help: "Let scripts touch files (`source`, `export`) and take any number of steps.")
  var allowFiles = false

  @Option(
    name: .customLong("plugin"),
    help: ArgumentHelp(
      "Start COMMAND (split into words as a shell would, but no shell runs it) as a plugin: its receivers join the session (PLUGINS.md). Repeatable. Without it, the plugins named by the first FILE's project file (cmdscript.json in its folder or above) start.",
      valueName: "command"))
  var plugins: [String] = []

  @Option(help: PluginSetUp.timeoutHelp)
  var pluginTimeout: Double?

  func validate() throws { try PluginSetUp.validate(timeout: pluginTimeout) }

  func run(_ invocation: Invocation) -> ExitStatus {
    // The protocol keeps standard output; anything else that writes there (what the FILEs
    // print) goes to standard error instead.
    let protocolOutput = fcntl(1, F_DUPFD_CLOEXEC, 3)
    guard protocolOutput >= 0, dup2(2, 1) >= 0 else {
      Console.err.message("mcp: cannot take standard output for the protocol")
      return .ioError
    }
    let served = ServedSession(
      registry: invocation.registry,
      options: ServeOptions(
        files: files, session: session, allowFiles: allowFiles, plugins: plugins, pluginTimeout: pluginTimeout))
    if let status = served.start(files: files, journalPath: session, allowFiles: allowFiles) {
      served.finish()
      return ExitStatus(rawValue: status) ?? .runtimeError
    }
    if !allowFiles {
      served.session.limits.string = Options.safeStringLimit
      served.session.limits.values = Options.safeValueLimit
      served.session.limits.output = Options.safeOutputLimit
    }
    let status = MCPServer(served: served, output: Channel(descriptor: protocolOutput)).run()
    served.finish()
    return status
  }
}
