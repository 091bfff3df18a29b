import Foundation
import Testing

/// Every `.cmd` script under `Scripts/` (and `examples/`) is one test case: run it as its
/// directives say and compare stdout, the diagnostic lines and the exit status.
@Suite("Golden scripts")
struct GoldenTests {
  @Test("script", arguments: GoldenScript.all())
  func script(_ script: GoldenScript) throws {
    let data = try [UInt8](Data(contentsOf: script.url))
    let expected = Expectations(parsing: data)
    for problem in expected.problems { Issue.record("\(script.id): bad directive: \(problem)") }
    guard expected.problems.isEmpty else { return }

    let folder = script.url.deletingLastPathComponent()
    let name = script.url.lastPathComponent
    var arguments = expected.arguments
    if expected.mode == .file { arguments.append(name) }
    let result = try CLI.run(arguments, stdin: expected.mode == .stdin ? data : nil, in: folder)
    let shownArguments = arguments.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }
    let reproduce =
      "reproduce: cd \(folder.path) && \(expected.mode == .stdin ? "cat \(name) | " : "")"
      + "cmdscript \(shownArguments.joined(separator: " "))"

    // Diagnostics name the script as `NAME.cmd`, `<stdin>` or `<command line>`.
    let prefixes = [name + ":", "<stdin>:", "<command line>:"]
    let stderr = result.stderrLines.map { line in
      prefixes.first(where: line.hasPrefix).map { String(line.dropFirst($0.count)) } ?? line
    }

    let context = "\(reproduce)\n\(result)"
    expectLines(result.stdoutLines, expected.stdout, "\(script.id): stdout", context: context)
    if !result.stdout.isEmpty, !result.stdout.hasSuffix("\n") {
      Issue.record("\(script.id): stdout does not end with a line break\n\(context)")
    }
    if let full = expected.stderrFull {
      expectLines(stderr, full, "\(script.id): stderr", context: context)
    } else {
      // The source line and caret under a diagnostic are indented by four spaces.
      let diagnostics = stderr.filter { !$0.hasPrefix("    ") }
      expectLines(diagnostics, expected.stderr, "\(script.id): diagnostic lines on stderr", context: context)
    }
    if result.timedOut {
      Issue.record("\(script.id): timed out after \(Int(result.timeout)) s (taken to hang)\n\(context)")
    } else if result.status != expected.exit {
      Issue.record("\(script.id): exit status \(result.status), expected \(expected.exit)\n\(context)")
    }
  }

  @Test("the scripts folder has the golden scripts, one folder per feature")
  func discovery() {
    let scripts = GoldenScript.find(in: GoldenScript.scriptsFolder, prefix: "")
    #expect(scripts.count >= 40, "found only \(scripts.count) scripts in \(GoldenScript.scriptsFolder.path)")
    for script in scripts {
      #expect(script.id.contains("/"), "\(script.id) should be in a feature folder")
    }
  }

  @Test("directives are parsed as the README says")
  func directives() {
    let text = """
      #!/usr/bin/env cmdscript
      # args: --json -c 'move up; show' "a \\"b\\""
      # mode: none
      # stdout: shape:  x
      # stdout:
      #stderr: 1:1: error: e
      # exit: 65
      # note: an ordinary comment
      # Expected: an ordinary comment too
      move up # stdout: not a directive
      """
    let e = Expectations(parsing: Array((text + "\r\n").utf8))
    #expect(e.problems == [])
    #expect(e.arguments == ["--json", "-c", "move up; show", "a \"b\""])
    #expect(e.mode == .none)
    #expect(e.stdout == ["shape:  x", ""])
    #expect(e.stderr == ["1:1: error: e"])
    #expect(e.exit == 65)

    let typo = Expectations(parsing: Array("# stdot: x\n# exit: x\n# bytes: crlf\n".utf8))
    #expect(
      typo.problems == [
        "line 1: unknown directive `stdot` (did you mean `stdout`?)",
        "line 2: exit must be a number, not `x`",
        "the file claims `bytes: crlf` but its bytes do not have it (was it normalised?)",
      ])
  }
}
