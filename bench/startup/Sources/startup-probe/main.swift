// `startup-probe STAGE` does what `cmdscript -c ''` does up to STAGE, then exits:
//
//   nothing   exits at once: loading the binary and the Swift runtime
//   args      parses `-c ''` with ArgumentParser (a command declared like cmdscript's)
//   registry  builds the built-in receiver registry (`ReceiverRegistry.builtins`)
//   session   builds the registry and a session, and compiles and runs the empty script
//   tool      the whole `cmdscript -c ''` (`CommandScriptTool.main`)
//
// Differences between the stages' times are what each stage costs at start-up.
import ArgumentParser
import CommandScript
import CommandScriptCLI
import CommandScriptReceivers

#if canImport(Glibc)
  import Glibc
#endif

/// Declared like `cmdscript`'s command, so that parsing costs the same.
struct Probe: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cmdscript", abstract: "A start-up probe.", version: "probe")

  @Option(name: .customShort("c"), help: ArgumentHelp("Run TEXT as a script.", valueName: "text"))
  var command: String?

  @Flag(help: "Check the input for errors without running anything.")
  var check = false

  @Flag(help: "Write outputs to stdout, and diagnostics to stderr, as JSON Lines.")
  var json = false

  @Argument(help: ArgumentHelp("Script files to run in order.", valueName: "file"))
  var files: [String] = []
}

let stage = CommandLine.argc > 1 ? String(cString: CommandLine.unsafeArgv[1]!) : "nothing"
switch stage {
case "nothing":
  exit(0)
case "args":
  let probe = try Probe.parse(["-c", ""])
  exit(probe.command == nil ? 1 : 0)
case "registry":
  let registry = ReceiverRegistry.builtins
  exit(registry.types.isEmpty ? 1 : 0)
case "session":
  let session = Session(registry: .builtins)
  do {
    try session.run(SourceFile(name: "<command line>", text: ""))
  } catch {
    exit(1)
  }
  exit(session.receiverNames.isEmpty ? 1 : 0)
case "tool":
  CommandScriptTool.main(registry: .builtins, arguments: ["-c", ""])
default:
  print("startup-probe: unknown stage \(stage)")
  exit(64)
}
