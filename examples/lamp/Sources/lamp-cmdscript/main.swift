import CommandScriptCLI
import CommandScriptReceivers
import LampReceiver

// `cmdscript` with the built-in receivers and the lamp: files, -c, stdin, the REPL.
var registry = ReceiverRegistry.builtins
try registry.register(Lamp.self)
CommandScriptTool.main(registry: registry)
