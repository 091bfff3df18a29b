import CommandScript
import CommandScriptCLI
import CommandScriptReceivers

CommandScriptTool.main(registry: .builtins)
