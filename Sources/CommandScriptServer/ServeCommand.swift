// `NAME serve`'s command line: what it takes, its help, and what it asks for.

import ArgumentParser
import CommandScriptCLI

/// `NAME serve [FILE…] [--port N] [--host H] [--session JOURNAL] [--allow-files]`.
struct ServeCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    let name = ServedSession.toolName
    return CommandConfiguration(
      commandName: "\(name) serve",
      abstract:
        "Serve the session as a web page: its receivers drawn, their verbs as buttons, menus and keys, a console and the history.",
      discussion: """
        Runs the FILEs (unless --session resumes a journal that holds entries), then serves \
        a page at the address printed as the first line on standard output, \
        http://127.0.0.1:PORT/?token=TOKEN, with a new random token at each start. Every \
        request and the page's WebSocket must carry the token (in the address, or the cookie \
        the page sets from it), and come from that address (Host and Origin are checked). \
        Every click, menu choice and key press runs as one statement (`move up`) through the \
        same session, history and journal as a statement typed in the page's console, and \
        every page open on the address follows. Statements from a page run under --safe rules \
        (no `source` or `export`, 10,000,000 steps per entry) unless --allow-files.

        Serves until Ctrl-C or SIGTERM; Ctrl-C while a statement runs stops that statement \
        (rolled back), as in the REPL.

        Exit status: 0 stopped by Ctrl-C or SIGTERM; 64 usage error; 65, 66 or 74 as \
        for a run (a FILE that does not compile or fails, one that cannot be read, a \
        --session journal that is damaged or cannot be written); 69 cannot listen on the \
        address and port.

        Example: \(name) serve --session shapes.journal
        """)
  }

  @Argument(help: ArgumentHelp("Scripts to run before serving, in order.", valueName: "file"))
  var files: [String] = []

  @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "n"))
  var port: Int = 8765

  @Option(
    help: ArgumentHelp(
      "The address to listen on (default 127.0.0.1, this machine only; anything else is reachable from other machines and is warned about).",
      valueName: "address"))
  var host = "127.0.0.1"

  @Option(
    help: ArgumentHelp(
      "Journal every statement that takes effect to FILE, and first replay FILE if it exists, as the REPL's --session does.",
      valueName: "file"))
  var session: String?

  @Flag(help: "Let statements from the page touch files (`source`, `export`) and run without a step budget.")
  var allowFiles = false

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535, not \(port).") }
  }
}
