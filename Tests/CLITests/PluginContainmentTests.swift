import Foundation
import Testing

/// Plugins that misbehave are contained: a flood of standard error does not hold the
/// timeout off, a line of it is bounded, control characters in it are escaped (JSON lines
/// under `--json`), and stopping a plugin stops the children it forked.
@Suite("Plugins contained")
struct PluginContainmentTests {
  static func faulty(_ mode: String) -> String {
    "python3 \(PluginTests.faults.appendingPathComponent("faulty.py").path) \(mode)"
  }

  @Test("--plugin-timeout holds while the plugin floods standard error")
  func timeoutHoldsUnderAFlood() throws {
    // The guard only catches a hang (today's quadratic trimming took minutes).
    let run = try CLI.run(
      ["--plugin-timeout", "2", "--plugin", Self.faulty("flood"), "-c", "gadget.fault"], timeout: 300)
    #expect(!run.timedOut, "timed out after 300 s")
    #expect(run.stderr.contains("did not answer `execute` within 2 s (--plugin-timeout)"), "\(run.status)")
    #expect(run.stderr.contains("faulty: flood line 0\n"))
  }

  @Test("standard error: control characters escaped, a line over 64 KiB cut, JSON lines under --json")
  func standardErrorIsBoundedAndEscaped() throws {
    let text = try CLI.run(["--plugin", Self.faulty("escapes"), "-c", "gadget.note"])
    #expect(!text.stderr.contains("\u{1b}") && !text.stderr.contains("\u{7}"), "\(text)")
    #expect(text.stderrLines.first == #"faulty: \u{1b}]0;pwned\u{7}\u{1b}[2Jtitle"#, "\(text)")
    let long = text.stderrLines.first { $0.hasPrefix("faulty: xxx") } ?? ""
    #expect(long == "faulty: " + String(repeating: "x", count: 64 << 10) + "… (cut at 64 KiB)")
    #expect(text.stderrLines.last == "faulty: after", "\(text)")
    let json = try CLI.run(["--json", "--plugin", Self.faulty("escapes"), "-c", "gadget.note"])
    let lines = json.stderrLines.map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] }
    #expect(lines.first??["plugin"] == "faulty" && lines.first??["stderr"] == "\u{1b}]0;pwned\u{7}\u{1b}[2Jtitle")
    #expect(lines.last??["stderr"] == "after" && lines.count == 3, "\(json)")
  }

  @Test("stopping a plugin stops its process group: a child it forked does not survive it")
  func childrenDoNotSurvive() throws {
    try inFolder { dir in
      let run = try CLI.run(["--plugin", Self.faulty("fork"), "-c", "gadget.set 1"], in: dir)
      #expect(run.status == 0, "\(run)")
      let pid = try String(contentsOf: dir.appendingPathComponent("child.pid"), encoding: .utf8)
      // Gone, or a zombie waiting for its new parent to reap it: not running. (A loaded
      // machine may take a moment to deliver the kill; a survivor sleeps for 300 s.)
      var stat: String?
      var state: Substring?
      for _ in 0..<600 {
        stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        state = stat.flatMap { $0.split(separator: ")").last?.split(separator: " ").first }
        if state == nil || state == "Z" { break }
        usleep(100_000)
      }
      #expect(state == nil || state == "Z", "the plugin's child \(pid) still runs after 60 s: \(stat ?? "")")
      if state != nil && state != "Z" { kill(pid_t(pid)!, SIGKILL) }
    }
  }
}
