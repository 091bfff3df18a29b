import CommandScript
import CommandScriptCLI
import CommandScriptReceivers
import CommandScriptServer

// `cmdscript serve …` runs this program (from beside `cmdscript`) with the arguments after
// `serve`, so that `cmdscript` itself links no web server.
CommandScriptTool.main(
  registry: .builtins, arguments: ["serve"] + CommandLine.arguments.dropFirst(), serve: WebApp.serve)
