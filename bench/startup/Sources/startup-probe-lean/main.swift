// `startup-probe-lean -c TEXT` does what `cmdscript -c TEXT` does, without ArgumentParser:
// it reads `-c` by hand, builds the built-in registry and a session, and compiles and runs
// TEXT. Linked without CommandScriptCLI and ArgumentParser (so without FoundationEssentials
// and readline), it shows what start-up would cost with a hand-written command line.
import CommandScript
import CommandScriptReceivers

#if canImport(Glibc)
  import Glibc
#endif

guard CommandLine.argc == 3, String(cString: CommandLine.unsafeArgv[1]!) == "-c" else {
  print("usage: startup-probe-lean -c TEXT")
  exit(64)
}
let session = Session(registry: .builtins)
do {
  try session.run(SourceFile(name: "<command line>", text: String(cString: CommandLine.unsafeArgv[2]!)))
} catch {
  exit(1)
}
exit(0)
