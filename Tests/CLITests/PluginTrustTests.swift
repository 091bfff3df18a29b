import Foundation
import Testing

/// Opening or checking a file never runs someone else's program: a project file's plugins
/// start only once the user trusted that file as it is (`cmdscript trust`), never for a
/// file of another user or in a folder others can write, never under `--safe`, for
/// `--check` or `fmt`. Each project file here names `touch ran`: the file `ran` appears
/// when its plugin was started.
@Suite("Project file trust")
struct PluginTrustTests {
  /// A project folder whose file names `touch ran` and `plugins`, with `s.cmd` beside it.
  static func project(_ dir: URL, plugins: [String] = ["touch ran"]) throws {
    let list = plugins.map { "\"\($0)\"" }.joined(separator: ", ")
    try Data("{\"plugins\": [\(list)]}".utf8).write(to: dir.appendingPathComponent("cmdscript.json"))
    try Data("echo hi\n".utf8).write(to: dir.appendingPathComponent("s.cmd"))
  }

  static func started(_ dir: URL) -> Bool {
    FileManager.default.fileExists(atPath: dir.appendingPathComponent("ran").path)
  }

  @Test("an untrusted project file starts nothing and says how to trust it; trusted, it starts; changed, not again")
  func trustAndChange() throws {
    try inFolder { dir in
      try Self.project(dir, plugins: [PluginTests.lamp])
      try Data("lamp.on\nshow lamp\n".utf8).write(to: dir.appendingPathComponent("s.cmd"))
      let untrusted = try CLI.run(["s.cmd"], in: dir)
      #expect(untrusted.stderr.contains("is not trusted, so its plugins did not start"), "\(untrusted)")
      #expect(untrusted.stderr.contains("run `cmdscript trust \(dir.path)/cmdscript.json`"), "\(untrusted)")
      #expect(untrusted.status == 65, "\(untrusted)")
      let trust = try CLI.run(["trust"], in: dir)
      #expect(trust.status == 0 && trust.stdout.hasPrefix("trusted \(dir.path)/cmdscript.json"), "\(trust)")
      let trusted = try CLI.run(["s.cmd"], in: dir)
      #expect(trusted.stdoutLines == ["lamp: on=yes level=100 colour=white"], "\(trusted)")
      try Data("{\"plugins\": [\"\(PluginTests.lamp)\"] }".utf8).write(to: dir.appendingPathComponent("cmdscript.json"))
      let changed = try CLI.run(["s.cmd"], in: dir)
      #expect(changed.stderr.contains("changed since it was trusted"), "\(changed)")
      #expect(changed.status == 65, "\(changed)")
    }
  }

  @Test("a trusted project file starts nothing for --check, fmt or under --safe")
  func checkFormatSafeStartNothing() throws {
    try inFolder { dir in
      try Self.project(dir)
      #expect(try CLI.run(["trust", "s.cmd"], in: dir).status == 0)
      for arguments in [
        ["--check", "s.cmd"], ["fmt", "s.cmd"], ["--safe", "s.cmd"], ["--check", "--json", "s.cmd"],
      ] {
        let run = try CLI.run(arguments, in: dir)
        #expect(!Self.started(dir), "\(arguments) started the project's plugin\n\(run)")
      }
      let check = try CLI.run(["--check", "s.cmd"], in: dir)
      #expect(check.stderr.contains("`--check` runs nothing"), "\(check)")
      _ = try CLI.run(["s.cmd"], in: dir)
      #expect(Self.started(dir), "the trusted file's plugin did not start for a run")
    }
  }

  @Test("`trust`s at once lose no entry: each file stays trusted")
  func concurrentTrustLosesNothing() throws {
    try inFolder { dir in
      let state = dir.appendingPathComponent("state").path
      let folders = (0..<8).map { dir.appendingPathComponent("p\($0)") }
      for folder in folders {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.project(folder)
      }
      let statuses = Statuses()
      DispatchQueue.concurrentPerform(iterations: folders.count) { i in
        let status = try? CLI.shell(
          "XDG_STATE_HOME='\(state)' '\(CLI.binary.path)' trust", in: folders[i], timeout: 120
        ).status
        statuses.set(i, status ?? -1)
      }
      #expect(statuses.all == Array(repeating: 0, count: folders.count))
      let list = try String(contentsOfFile: state + "/cmdscript/trusted", encoding: .utf8)
      #expect(list.split(separator: "\n").count == folders.count, "\(list)")
    }
  }

  final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: Int32] = [:]
    func set(_ index: Int, _ value: Int32) { lock.withLock { values[index] = value } }
    var all: [Int32] { lock.withLock { values.keys.sorted().map { values[$0]! } } }
  }

  @Test("a project file of another user is never trusted, nor started")
  func anotherUsersFile() throws {
    guard getuid() == 0 else { return }  // Only root can give a file away.
    try inFolder { dir in
      try Self.project(dir)
      #expect(try CLI.run(["trust"], in: dir).status == 0)
      #expect(chown(dir.appendingPathComponent("cmdscript.json").path, 65534, 65534) == 0)
      let trust = try CLI.run(["trust"], in: dir)
      #expect(trust.status == 1 && trust.stderr.contains("belongs to another user"), "\(trust)")
      let run = try CLI.run(["s.cmd"], in: dir)
      #expect(run.stdoutLines == ["hi"] && run.stderr.contains("belongs to another user"), "\(run)")
      #expect(!Self.started(dir))
    }
  }

  @Test("a project file in a folder others can write (a sticky /tmp) is never trusted, nor started")
  func worldWritableFolder() throws {
    try inFolder { dir in
      try Self.project(dir)
      #expect(try CLI.run(["trust"], in: dir).status == 0)
      #expect(chmod(dir.path, 0o1777) == 0)
      let trust = try CLI.run(["trust"], in: dir)
      #expect(trust.status == 1 && trust.stderr.contains("in a folder other users can write"), "\(trust)")
      let run = try CLI.run(["s.cmd"], in: dir)
      #expect(run.stdoutLines == ["hi"] && run.stderr.contains("other users can write"), "\(run)")
      #expect(!Self.started(dir))
    }
  }

  @Test("`--plugin` beside the project file naming the same plugin starts it once")
  func pluginAndProjectFileStartOnce() throws {
    try inFolder { dir in
      try FileManager.default.copyItem(
        at: PluginTests.examples.appendingPathComponent("lamp.py"), to: dir.appendingPathComponent("lamp.py"))
      try FileManager.default.copyItem(
        at: CLI.packageRoot.appendingPathComponent("plugins/python/cmdscript_plugin.py"),
        to: dir.appendingPathComponent("cmdscript_plugin.py"))
      try Self.project(dir, plugins: ["python3 lamp.py"])
      try Data("lamp.on\nshow lamp\n".utf8).write(to: dir.appendingPathComponent("s.cmd"))
      #expect(try CLI.run(["trust"], in: dir).status == 0)
      for plugin in ["python3 lamp.py", PluginTests.lamp] {
        let run = try CLI.run(["--plugin", plugin, "s.cmd"], in: dir)
        #expect(run.status == 0 && run.stdoutLines == ["lamp: on=yes level=100 colour=white"], "\(run)")
        #expect(!run.stderr.contains("already registered"), "\(run)")
      }
      let help = try CLI.run(["--help"])
      let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(words.contains("a plugin named by both starts once"), "\(help)")
    }
  }

  @Test("a plugin's bare verbs never change what a script that does not name it means: built-ins win, with a warning")
  func builtInsKeepBareVerbs() throws {
    let lamp = CLI.packageRoot.appendingPathComponent("examples/lamp/lamp.cmd").path
    let check = try CLI.run(["--check", "--plugin", PluginTests.lamp, lamp])
    #expect(check.status == 0, "\(check)")
    #expect(
      check.stderr.contains("plugin `lamp`'s verb `lamp.paint` is shadowed by `shape.paint`: a bare `paint` means"),
      "\(check)")
    // The app's lamp script runs whole with the Python lamp (the README pairs them).
    let whole = try CLI.run(["--plugin", PluginTests.lamp, lamp])
    #expect(whole.status == 0, "\(whole)")
    #expect(whole.stdoutLines.contains("lamp: on=yes level=30 colour=white"), "\(whole)")
    let run = try CLI.run(["--plugin", PluginTests.lamp, "-c", "paint red; lamp.paint red; show lamp"])
    #expect(run.status == 0 && run.stdoutLines == ["lamp: on=no level=100 colour=red"], "\(run)")
  }
}
