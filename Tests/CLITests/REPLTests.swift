import Foundation
import Testing

/// Where `python3` is on the PATH, if anywhere.
private let python3: URL? = {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for folder in path.split(separator: ":") {
    let url = URL(fileURLWithPath: String(folder)).appendingPathComponent("python3")
    if FileManager.default.isExecutableFile(atPath: url.path) { return url }
  }
  return nil
}()

/// The REPL in a real pseudo-terminal, driven by `repl_test.py` with pexpect, one scenario
/// after another: prompts and the continuation prompt, errors that do not end the session,
/// colour and NO_COLOR, tab completion, history recalled in a second run, Ctrl-C at the
/// prompt and during a long statement, record/end/macros and `macros save` with the
/// start-up file (and `--no-init`), `--safe` writing no file, `--session` resumed after SIGKILL, Ctrl-Z and `fg`,
/// pictures drawn by `show` (colour, NO_COLOR, a small terminal, `--pictures never`),
/// the terminal restored on SIGTERM and SIGHUP, and Ctrl-C during a plugin's call (rolled back,
/// the plugin alive) and a plugin that dies while the REPL goes on. Ctrl-D exits with 0.
@Suite("REPL")
struct REPLTests {
  @Test(
    "the REPL in a pseudo-terminal (repl_test.py)",
    .enabled(if: python3 != nil, "python3 is not installed: the REPL test needs python3 with pexpect"))
  func repl() throws {
    let script = CLI.packageRoot.appendingPathComponent("Tests/CLITests/repl_test.py")
    let (status, text) = try CLI.python(
      [script.path, CLI.binary.path], environment: CLI.isOptimized ? ["CMDSCRIPT_OPTIMIZED": "1"] : [:])
    if status == 2 {
      Issue.record("pexpect is missing (pip install pexpect):\n\(text)")
    } else {
      #expect(status == 0, "repl_test.py failed:\n\(text)")
    }
  }
}
