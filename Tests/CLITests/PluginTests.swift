import Foundation
import Testing

/// Plugins run as the user runs them: the reference plugins of `examples/plugins` (Python,
/// and Tcl with its state in a file) through `plugin check`, a transaction that fails
/// halfway, and a `--session` journal resumed; a plugin that breaks the receiver laws
/// caught by `plugin check`; `--safe` and the project file. (The faults of a plugin are
/// golden scripts, `Scripts/plugins/faults`; Ctrl-C during a plugin's call is in
/// repl_test.py's `plugins`.)
/// Runs `body` in a fresh folder, removed afterwards.
func inFolder(_ body: (URL) throws -> Void) throws {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cmdscript-plugin-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: dir) }
  try body(dir)
}

@Suite("Plugins")
struct PluginTests {
  static let examples = CLI.packageRoot.appendingPathComponent("examples/plugins")
  static let faults = CLI.packageRoot.appendingPathComponent("Tests/CLITests/Scripts/plugins/faults")
  static let lamp = "python3 \(examples.appendingPathComponent("lamp.py").path)"
  static let tally = "tclsh \(examples.appendingPathComponent("tally.tcl").path)"

  @Test("the reference plugins pass `plugin check`", arguments: [lamp, tally])
  func referencePluginsPassTheCheck(_ command: String) throws {
    try inFolder { dir in
      let result = try CLI.run(["plugin", "check", "--calls", "300", command], in: dir)
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.hasSuffix("300 random calls, no violations\n"), "\(result)")
    }
  }

  @Test("`plugin check` prints each law a plugin breaks, with the calls that show it")
  func theCheckFindsBrokenLaws() throws {
    let lawless = "python3 \(Self.faults.appendingPathComponent("lawless.py").path)"
    let result = try CLI.run(["plugin", "check", "--calls", "60", lawless])
    #expect(result.status == 1, "\(result)")
    for violation in [
      "violation: `execute; undo` of `counter.inc` did not leave the state as it was",
      "violation: `execute; undo; execute` (a redo) of `counter.stamp` did not give the state `execute` gave",
      "violation: the query `counter.peek` changed the state",
      "violation: `counter.colour` answered 7, not red|blue",
      "violation: `counter.jump` changed the state while declared unavailable while full (the counter is full)",
    ] {
      #expect(result.stdoutLines.contains(violation), "\(violation)\n\(result)")
    }
    // The calls that show the first violation, the undo's record included.
    #expect(
      result.stdout.contains("undo {instance: \"counter\", verb: \"inc\", arguments: [], undo: null}"), "\(result)")
    #expect(result.stdoutLines.last?.hasPrefix("plugin `lawless`: ") == true, "\(result)")
  }

  @Test("`plugin check` holds a plugin's batches to what the same calls do one by one")
  func theCheckFindsBadBatches() throws {
    let lawless = "python3 \(Self.faults.appendingPathComponent("lawless.py").path) batch"
    let result = try CLI.run(["plugin", "check", "--calls", "40", lawless])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stdoutLines.contains(
        "violation: a `batch` of `execute`s of `counter` did not give the state the same calls one by one gave"),
      "\(result)")
    #expect(result.stdout.contains("batch {\"calls\": [[\"execute\", \"counter\", \"inc\", [[]"), "\(result)")
  }

  @Test("a plugin that misdeclares fails `plugin check` at its declarations")
  func theCheckFindsBadDeclarations() throws {
    let faulty = "python3 \(Self.faults.appendingPathComponent("faulty.py").path) unknown-kind"
    let result = try CLI.run(["plugin", "check", faulty])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout.contains("of unknown kind `colour`"), "\(result)")
  }

  @Test("a persistent plugin's commands are not run again on resume; undo still works with the journaled records")
  func persistentPluginResumes() throws {
    try inFolder { dir in
      let journal = dir.appendingPathComponent("s.cmdsession")
      let count = dir.appendingPathComponent("tally.txt")
      let first = try runSession(
        journal, "tally.add 3\ntally.add 4\n{ tally.add 5; lamp.dim 10 }\ntally.add 1\nundo\nredo\n",
        ["--plugin", Self.tally, "--plugin", Self.lamp, "--on-error", "continue"], in: dir)
      #expect(first.status == 1, "\(first)")
      // The transaction that failed halfway (the lamp is off) took its `tally.add 5` back.
      #expect(try text(count) == "8\n", "\(first)")
      let resumed = try runSession(
        journal, "show tally\nundo\nshow tally\nundo\nundo\nshow tally\n",
        ["--plugin", Self.tally, "--plugin", Self.lamp],
        in: dir)
      #expect(resumed.status == 0, "\(resumed)")
      #expect(
        resumed.stdoutLines == ["tally: count=8", "tally: count=7", "tally: count=0"], "\(resumed)")
      #expect(try text(count) == "0\n")
    }
  }

  @Test("`export` leaves a persistent plugin's commands out, with a comment line: the script does not run them again")
  func exportLeavesPersistentCommandsOut() throws {
    try inFolder { dir in
      let count = dir.appendingPathComponent("tally.txt")
      let plugins = ["--plugin", Self.tally, "--plugin", Self.lamp]
      let first = try CLI.run(
        plugins + [
          "-c",
          #"tally.add 3; lamp.on; { tally.add 4; lamp.dim 40 }; transaction "bump" { tally.add 2 }; export "out.cmd""#,
        ], in: dir)
      #expect(first.status == 0, "\(first)")
      #expect(try text(count) == "9\n")
      #expect(
        try text(dir.appendingPathComponent("out.cmd")) == """
          # Written by `export`: run on fresh receivers, it reaches the state the session had.
          # Not run again, their state outlives the session: tally.add 3
          lamp.on
          # Not run again, their state outlives the session: tally.add 4
          { lamp.dim 40 }
          # Not run again, their state outlives the session: tally.add 2

          """)
      // Running the exported script rebuilds the lamp and leaves the tally as it is.
      let again = try CLI.run(plugins + ["-c", "source \"out.cmd\"; show lamp; show tally"], in: dir)
      #expect(again.stdoutLines == ["lamp: on=yes level=40 colour=white", "tally: count=9"], "\(again)")
      #expect(try text(count) == "9\n")
    }
  }

  @Test("a plugin whose state lives in its process is rebuilt on resume by running the journal again")
  func nonPersistentPluginResumes() throws {
    try inFolder { dir in
      let journal = dir.appendingPathComponent("s.cmdsession")
      let first = try runSession(
        journal, "lamp.on\nlamp.dim 30\nlamp.paint red\nundo\n", ["--plugin", Self.lamp], in: dir)
      #expect(first.status == 0, "\(first)")
      let resumed = try runSession(journal, "show lamp\nundo\nshow lamp\n", ["--plugin", Self.lamp], in: dir)
      #expect(
        resumed.stdoutLines == ["lamp: on=yes level=30 colour=white", "lamp: on=yes level=100 colour=white"],
        "\(resumed)")
    }
  }

  @Test("a script's project file starts its plugins, but not under --safe; --plugin runs under --safe")
  func projectFileAndSafe() throws {
    try inFolder { dir in
      try Data(#"{"plugins": ["\#(Self.lamp)"]}"#.utf8).write(to: dir.appendingPathComponent("cmdscript.json"))
      let sub = dir.appendingPathComponent("scripts")
      try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
      try Data("lamp.on\nshow lamp\n".utf8).write(to: sub.appendingPathComponent("s.cmd"))
      #expect(try CLI.run(["trust", "scripts/s.cmd"], in: dir).status == 0)
      let found = try CLI.run(["scripts/s.cmd"], in: dir)
      #expect(found.stdoutLines == ["lamp: on=yes level=100 colour=white"], "\(found)")
      let safe = try CLI.run(["--safe", "scripts/s.cmd"], in: dir)
      #expect(safe.status == 65, "\(safe)")
      let named = try CLI.run(["--safe", "--plugin", Self.lamp, "scripts/s.cmd"], in: dir)
      #expect(named.stdoutLines == ["lamp: on=yes level=100 colour=white"], "\(named)")
      try Data("{\"plugins\": 3}".utf8).write(to: dir.appendingPathComponent("cmdscript.json"))
      let bad = try CLI.run(["scripts/s.cmd"], in: dir)
      #expect(bad.status == 1, "\(bad)")
      #expect(bad.stderr.contains("cmdscript.json: `plugins` is not a list"), "\(bad)")
    }
  }

  @Test("a plugin command is split into words as a shell would, and run without a shell")
  func commandWords() throws {
    try inFolder { dir in
      let folder = dir.appendingPathComponent("a folder")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: Self.examples.appendingPathComponent("lamp.py"), to: folder.appendingPathComponent("lamp.py"))
      try FileManager.default.copyItem(
        at: CLI.packageRoot.appendingPathComponent("plugins/python/cmdscript_plugin.py"),
        to: folder.appendingPathComponent("cmdscript_plugin.py"))
      let quoted = try CLI.run(["--plugin", "python3 'a folder'/lamp.py", "-c", "lamp.on; show lamp"], in: dir)
      #expect(quoted.stdoutLines == ["lamp: on=yes level=100 colour=white"], "\(quoted)")
      // `;` is a word, not a shell's separator: nothing after it runs.
      let marker = dir.appendingPathComponent("ran")
      let noShell = try CLI.run(
        ["--plugin", "python3 'a folder/lamp.py' ; touch \(marker.path)", "-c", "lamp.on"], in: dir)
      #expect(noShell.status == 0, "\(noShell)")
      #expect(!FileManager.default.fileExists(atPath: marker.path))
    }
  }
}

/// The README's plugin, for real: its `counter.py` passes `plugin check`, and each `$`
/// command shown after it prints what the README says (source excerpts aside).
@Suite struct READMEPluginTests {
  @Test("the README's Python plugin and its transcript")
  func readmePlugin() throws {
    let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "\n## Plugins\n").dropFirst().first)
    let plugin = try #require(
      section.components(separatedBy: "```python\n").dropFirst().first?.components(separatedBy: "```\n").first)
    let transcript = try #require(
      section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```\n").first)
    try inFolder { dir in
      try Data(plugin.utf8).write(to: dir.appendingPathComponent("counter.py"))
      try FileManager.default.copyItem(
        at: CLI.packageRoot.appendingPathComponent("plugins/python/cmdscript_plugin.py"),
        to: dir.appendingPathComponent("cmdscript_plugin.py"))
      var commands: [(line: String, expected: [String])] = []
      for line in transcript.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
        if line.hasPrefix("$ ") {
          commands.append((String(line.dropFirst(2)), []))
        } else {
          commands[commands.count - 1].expected.append(String(line))
        }
      }
      #expect(commands.count == 3)
      for (line, expected) in commands {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line + " 2>&1"]
        var environment = CLI.environment
        environment["PATH"] =
          CLI.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        process.currentDirectoryURL = dir
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("    ") }
        #expect(lines == expected, "\(line)")
      }
    }
  }
}
