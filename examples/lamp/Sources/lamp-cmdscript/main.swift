import CommandScriptCLI
import CommandScriptReceivers
import CommandScriptServer
import LampReceiver

// The whole command line (files, -c, stdin, the REPL, `serve`'s web page) for the built-in
// receivers and the lamp, under the tool's own name: its help, messages and files are
// `lamp-cmdscript`'s.
var registry = ReceiverRegistry.builtins
try registry.register(Lamp.self)
CommandScriptTool.main(
  registry: registry,
  identity: ToolIdentity(
    name: "lamp-cmdscript", version: "lamp-cmdscript 1.0 (CommandScript language version 2)",
    overview: "Script a dimmable lamp, with the built-in receivers.",
    example: "lamp.dim 30; lamp.on; undo; show lamp"),
  serve: WebApp.serve)
