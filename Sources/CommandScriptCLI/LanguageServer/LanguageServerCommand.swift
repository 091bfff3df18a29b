import ArgumentParser
import CommandScript

/// `cmdscript lsp`: the editor server's command line, which takes no arguments.
struct LanguageServerCommand: ToolSubcommand {
  static let name = "lsp"

  static var configuration: CommandConfiguration {
    let tool = ToolIdentity.current.name
    return CommandConfiguration(
      commandName: name,
      abstract: "Serve editors: the Language Server Protocol on standard input and output.",
      discussion: """
        An editor starts `\(tool) lsp` and speaks the Language Server Protocol 3.17 with \
        it over standard input and output (Content-Length framing, JSON-RPC 2.0; positions \
        in UTF-16 code units). It checks each open document as `\(tool) --check` does and \
        answers completion (what Tab offers in the REPL), hover and signature help (what \
        `help` says), definition, references, rename and document symbols of macros and \
        receivers made by `new`, semantic tokens, formatting (as `\(tool) fmt`) and quick \
        fixes for did-you-mean suggestions. Nothing in a document runs. The plugins named \
        by the project file of the working directory (\(tool).json) are started to ask \
        what they declare, then shut down.

        Exit status: 0 after `shutdown` then `exit`; 1 when the input ends or `exit` comes \
        without `shutdown`; 64 usage error.
        """)
  }

  func run(_ invocation: Invocation) -> ExitStatus {
    LanguageServer(registry: PluginSetUp.forEditorServer(invocation.registry)).run()
  }
}
