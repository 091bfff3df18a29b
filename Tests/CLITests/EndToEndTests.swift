import Foundation
import Testing

/// The built `cmdscript` run end to end: files, `-c`, `-` and piped standard input,
/// `--check`, `--json`, `--help`, `--version` and every exit status.
@Suite("End to end")
struct EndToEndTests {
  /// A fresh folder with `files` (name → text) in it.
  private func folder(_ files: [String: String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("cmdscript-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, text) in files {
      try Data(text.utf8).write(to: url.appendingPathComponent(name))
    }
    return url
  }

  /// The diagnostic header lines of stderr (without source lines and carets).
  private func diagnostics(_ result: CLI.Result) -> [String] {
    result.stderrLines.filter { !$0.hasPrefix("    ") }
  }

  // MARK: Files

  @Test("-f files and the script run in order in one session: a macro of the -f file works in the script")
  func twoFilesOneSession() throws {
    let dir = try folder([
      "defs.cmd": "macro zig n { move up $n; move right $n }\npaint red\n",
      "main.cmd": "zig 2\nshow shape\n",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLI.run(["-f", "defs.cmd", "main.cmd"], in: dir)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutLines == ["shape: at (2, 2), red"], "\(result)")
    #expect(result.stderr == "", "\(result)")
  }

  @Test("a shebang script takes arguments: `./spiral.cmd 2 red` runs it with $1 = 2, $2 = red")
  func shebangScriptWithArguments() throws {
    let dir = try folder(["spiral.cmd": "paint $2\nrepeat $1 as i { move up $i }\nshow shape\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    // A shebang line names the interpreter by its path; `env` finds it on PATH.
    let result = try CLI.shell(
      #"ln -s "$CMDSCRIPT" cmdscript && { echo '#!/usr/bin/env cmdscript'; cat spiral.cmd; } > s.cmd"#
        + #" && chmod +x s.cmd && export PATH="$PWD:$PATH" && ./s.cmd 2 red && ./s.cmd 2"#, in: dir)
    #expect(result.status == 65, "\(result)")
    #expect(result.stdoutLines == ["shape: at (0, 3), red"], "\(result)")
    #expect(
      diagnostics(result) == [
        "./s.cmd:2:7: error: the script takes 2 arguments and was given 1", "note: usage: ./s.cmd COUNT COLOUR",
      ], "\(result)")
  }

  @Test("a compile error in the script means nothing of the -f file before it runs")
  func compileErrorInSecondFile() throws {
    let dir = try folder([
      "first.cmd": "show door\ndoor.open\nshow door\n",
      "second.cmd": "move up\n  paitn red\n",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLI.run(["-f", "first.cmd", "second.cmd"], in: dir)
    #expect(result.status == 65, "\(result)")
    #expect(result.stdout == "", "\(result)")
    #expect(
      result.stderrLines == [
        "second.cmd:2:3: error: unknown command `paitn` (did you mean `paint`?)",
        "      paitn red",
        "      ^~~~~",
      ], "\(result)")
  }

  @Test("compile errors of every file are reported, each with its file name")
  func errorsOfEveryFile() throws {
    let dir = try folder(["a.cmd": "mvoe up\n", "b.cmd": "door.opne\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try CLI.run(["-f", "a.cmd", "b.cmd"], in: dir)
    #expect(result.status == 65, "\(result)")
    #expect(
      diagnostics(result) == [
        "a.cmd:1:1: error: unknown command `mvoe` (did you mean `move`?)",
        "b.cmd:1:6: error: `door` has no verb `opne` (did you mean `open`?)",
      ], "\(result)")
  }

  @Test("a file that cannot be read: status 66, and nothing runs")
  func unreadableFile() throws {
    let dir = try folder(["ok.cmd": "show door\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let missing = try CLI.run(["-f", "ok.cmd", "missing.cmd"], in: dir)
    #expect(missing.status == 66, "\(missing)")
    #expect(missing.stdout == "", "\(missing)")
    #expect(missing.stderrLines == ["cmdscript: cannot read missing.cmd: No such file or directory"], "\(missing)")

    try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
    let directory = try CLI.run(["sub"], in: dir)
    #expect(directory.status == 66, "\(directory)")
    #expect(directory.stderrLines == ["cmdscript: cannot read sub: Is a directory"], "\(directory)")
  }

  @Test("a run-time failure stops the run with status 1, naming the failing command")
  func runtimeFailure() throws {
    let result = try CLI.run(
      command: "move up; show shape; transaction { move right; door.lock; door.open }; show shape")
    #expect(result.status == 1, "\(result)")
    // The statements before the failing one ran; the ones after it did not.
    #expect(result.stdoutLines == ["shape: at (0, 1), blue"], "\(result)")
    #expect(
      result.stderrLines == [
        "<command line>:1:59: error: door: the door is locked",
        "    move up; show shape; transaction { move right; door.lock; door.open }; show shape",
        "                                                              ^~~~~~~~~",
        "note: the transaction was rolled back: `door.lock`, `shape.move`",
      ], "\(result)")
  }

  // MARK: -c and standard input

  @Test("-c runs its text")
  func commandLineText() throws {
    let result = try CLI.run(command: "move up; paint red; undo; show shape")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutLines == ["shape: at (0, 1), blue"], "\(result)")
    #expect(result.stderr == "")
  }

  @Test("several -c run in order in one session, as psql runs them")
  func severalCommandLineTexts() throws {
    let result = try CLI.run(["-c", "move up", "-c", "move left; macro m { paint red }", "-c", "m; show shape"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutLines == ["shape: at (-1, 1), red"], "\(result)")
    #expect(result.stderr == "", "\(result)")
  }

  @Test("several -c are all checked before any runs; an error names which -c it is in")
  func severalCommandLineTextsCheckedFirst() throws {
    let result = try CLI.run(["-c", "move up; show shape", "-c", "paitn red"])
    #expect(result.status == 65, "\(result)")
    #expect(result.stdout == "", "\(result)")
    #expect(result.stderr.hasPrefix("<command line 2>:1:1: error: unknown command `paitn`"), "\(result)")
  }

  @Test("`-` reads standard input")
  func dash() throws {
    let result = try CLI.run(["-"], stdin: Array("move left 2\nshow shape\n".utf8))
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutLines == ["shape: at (-2, 0), blue"], "\(result)")
  }

  @Test("no arguments and empty piped input: nothing to do, status 0")
  func emptyStdin() throws {
    let result = try CLI.run([], stdin: [])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "" && result.stderr == "", "\(result)")
  }

  @Test("piped input: a later line's compile error keeps the earlier lines' effects, status 65")
  func streamCompileError() throws {
    let input = """
      move up
      repeat 2 {
        move right
      }
      show shape
      door.open; paitn red
      show door
      """
    let result = try CLI.run([], stdin: Array((input + "\n").utf8))
    #expect(result.status == 65, "\(result)")
    #expect(result.stdoutLines == ["shape: at (2, 1), blue"], "\(result)")
    // Line numbers count the whole stream, not the chunk.
    #expect(
      diagnostics(result) == ["<stdin>:6:12: error: unknown command `paitn` (did you mean `paint`?)"], "\(result)")
  }

  @Test("piped input: a block spanning lines runs when it closes; errors inside it are located stream-wide")
  func streamBlockSpanningLines() throws {
    let input = "show door\nrepeat 2 {\n  move up\n\n  move sideways\n}\n"
    let result = try CLI.run([], stdin: Array(input.utf8))
    #expect(result.status == 65, "\(result)")
    #expect(result.stdoutLines == ["door: closed, unlocked"], "\(result)")
    #expect(
      result.stderrLines == [
        "<stdin>:5:8: error: `sideways` is not a direction (up, down, left, right)",
        "      move sideways",
        "           ^~~~~~~~",
      ], "\(result)")
  }

  @Test("piped input: a run-time failure ends the stream with status 1")
  func streamRuntimeFailure() throws {
    let result = try CLI.run([], stdin: Array("door.lock\nshow door\ndoor.open\nshow door\n".utf8))
    #expect(result.status == 1, "\(result)")
    #expect(result.stdoutLines == ["door: closed, locked"], "\(result)")
    #expect(diagnostics(result) == ["<stdin>:3:1: error: door: the door is locked"], "\(result)")
  }

  @Test("piped input is run line by line as it arrives, with output and warnings flushed")
  func streaming() throws {
    let tool = try Interactive()
    tool.send("move up\nshow shape\n")
    // Standard input is still open: the output can only come from running line by line.
    #expect(tool.waitFor("shape: at (0, 1), blue"), "stdout: \(tool.stdout)\nstderr: \(tool.stderr)")
    tool.send("undo\nundo\n")
    #expect(tool.waitFor("<stdin>:4:1: warning: nothing to undo", onStderr: true), "stderr: \(tool.stderr)")
    tool.send("repeat 2 {\n")
    tool.send("  move right\n")
    tool.send("}\nshow shape\n")
    #expect(tool.waitFor("shape: at (2, 0), blue"), "stdout: \(tool.stdout)")
    tool.send("paitn red\n")
    tool.send("show shape\n")
    let status = tool.finish()
    #expect(status == 65)
    #expect(tool.stdout == "shape: at (0, 1), blue\nshape: at (2, 0), blue\n")
    #expect(
      lines(tool.stderr).filter { !$0.hasPrefix("    ") } == [
        "<stdin>:4:1: warning: nothing to undo",
        "<stdin>:9:1: error: unknown command `paitn` (did you mean `paint`?)",
      ], "\(tool.stderr)")
  }

  @Test("piped input: a statement complete but for its block waits for the `{` on a later line")
  func blockOnTheNextLine() throws {
    let tool = try Interactive()
    tool.send("repeat 2\n")
    // Nothing is compiled yet: `repeat 2` alone would be an error at the end of the input.
    Thread.sleep(forTimeInterval: 0.3)
    tool.send("{ move up }\nif shape.y == 2 # a comment\n")
    Thread.sleep(forTimeInterval: 0.3)
    tool.send("{ paint red } else\n")
    Thread.sleep(forTimeInterval: 0.3)
    tool.send("{ paint green }\nmacro zig n\n")
    Thread.sleep(forTimeInterval: 0.3)
    tool.send("{ move right $n }\nzig 3; show shape\n")
    #expect(tool.waitFor("shape: at (3, 2), red"), "stdout: \(tool.stdout)\nstderr: \(tool.stderr)")
    #expect(tool.finish() == 0)
    #expect(tool.stderr == "")
  }

  @Test("piped input: an error is reported as soon as it is certain, standard input still open")
  func certainErrorAtOnce() throws {
    // The `:` can be made right by no later line: reported before any more input.
    let colon = try Interactive()
    colon.send("move up\nif shape.x > 2:\n")
    #expect(colon.waitFor("<stdin>:2:15: error: unexpected `:`", onStderr: true), "stderr: \(colon.stderr)")
    #expect(colon.finish() == 65)
    // A statement awaiting its block, then a line that is not one: reported at that line,
    // though the line opens a block of its own.
    let header = try Interactive()
    header.send("if shape.x > 100\nrepeat 2 {\n")
    #expect(
      header.waitFor("<stdin>:2:1: error: expected `{` to start a block, found `repeat`", onStderr: true),
      "stderr: \(header.stderr)")
    #expect(header.finish() == 65)
  }

  // MARK: Options

  @Test("--check compiles only: nothing runs, so a failing script passes")
  func checkOnly() throws {
    let ok = try CLI.run(command: "door.lock; door.open; show", ["--check"])
    #expect(ok.status == 0, "\(ok)")
    #expect(ok.stdout == "" && ok.stderr == "", "\(ok)")

    let dir = try folder(["a.cmd": "macro zig n { move up $n }\n", "b.cmd": "zig 1; show\nzig x\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let bad = try CLI.run(["--check", "-f", "a.cmd", "b.cmd"], in: dir)
    #expect(bad.status == 65, "\(bad)")
    #expect(bad.stdout == "", "\(bad)")
    #expect(diagnostics(bad) == ["b.cmd:2:5: error: `$n` must be an integer ≥ 1, not the word `x`"], "\(bad)")

    let stream = try CLI.run(["--check"], stdin: Array("door.lock\ndoor.open\nshow\n".utf8))
    #expect(stream.status == 0, "\(stream)")
    #expect(stream.stdout == "", "\(stream)")
  }

  /// Parses one JSON object per line.
  private func jsonObjects(_ text: String) throws -> [[String: Any]] {
    try lines(text).map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
      return try #require(object as? [String: Any], "not a JSON object: \(line)")
    }
  }

  @Test("--json: `show` prints JSON Lines, one object per receiver")
  func jsonShow() throws {
    let result = try CLI.run(command: "move up; paint red; door.open; board.place 1 3; show; show door", ["--json"])
    #expect(result.status == 0, "\(result)")
    let objects = try jsonObjects(result.stdout)
    #expect(objects.map { $0["receiver"] as? String } == ["shape", "door", "board", "vehicle", "network", "door"])
    // The shape adds its view, the path of its moves; the others have none.
    #expect(objects.map { Set($0.keys) }.first == ["receiver", "state", "view"])
    #expect(objects.dropFirst().allSatisfy { Set($0.keys) == ["receiver", "state"] })
    let shape = try #require(objects.first?["state"] as? [String: Any])
    #expect(shape["x"] as? Int == 0 && shape["y"] as? Int == 1)
    let view = try #require(objects.first?["view"] as? [String: Any])
    #expect(view["path"] as? [[Int]] == [[0, 0], [0, 1]])
    let door = try #require(objects[1]["state"] as? [String: Any])
    #expect(door["open"] as? Bool == true && door["locked"] as? Bool == false)
    let board = try #require(objects[2]["state"] as? [String: Any])
    #expect(board["cells"] as? [String] == ["..X", "...", "..."])
    #expect(board["next"] as? String == "O")
    #expect(board["winner"] is NSNull)
  }

  @Test("--json: diagnostics on stderr are JSON objects with file, line, column, severity, message")
  func jsonDiagnostics() throws {
    let compile = try CLI.run(command: "move up\nundo x; paitn red", ["--json"])
    #expect(compile.status == 65, "\(compile)")
    #expect(compile.stdout == "")
    let errors = try jsonObjects(compile.stderr)
    #expect(errors.count == 2, "\(compile)")
    for error in errors {
      #expect(error["file"] as? String == "<command line>")
      #expect(error["severity"] as? String == "error")
      #expect(error["line"] as? Int == 2)
      #expect(error["message"] is String)
    }
    #expect(errors.map { $0["column"] as? Int } == [6, 9])
    #expect(errors.last?["message"] as? String == "unknown command `paitn`")
    #expect(errors.last?["suggestion"] as? String == "paint")

    let runtime = try CLI.run(command: "undo; door.lock; door.open", ["--json"])
    #expect(runtime.status == 1, "\(runtime)")
    let diagnostics = try jsonObjects(runtime.stderr)
    #expect(diagnostics.map { $0["severity"] as? String } == ["warning", "error"], "\(runtime)")
    #expect(diagnostics.last?["message"] as? String == "door: the door is locked")
    #expect(diagnostics.last?["column"] as? Int == 18)
  }

  @Test("--help: usage and the exit statuses, status 0")
  func help() throws {
    for flag in ["--help", "-h"] {
      let result = try CLI.run([flag])
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.contains("USAGE: cmdscript"), "\(result)")
      #expect(result.stdout.contains("--check") && result.stdout.contains("--json"), "\(result)")
      #expect(result.stdout.contains("65 compile errors"), "\(result)")
      #expect(result.stdout.contains("--salvage-session <newfile>"), "\(result)")
      // As words, wherever the help wraps its lines.
      let words = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(words.contains("the --session journal could not keep a statement"), "\(result)")
      #expect(words.contains("--salvage-session could not write NEWFILE"), "\(result)")
    }
  }

  @Test("each subcommand has a help page of its own, and the tool's help lists them")
  func subcommandHelp() throws {
    for arguments in [["lsp", "--help"], ["help", "lsp"]] {
      let lsp = try CLI.run(arguments)
      #expect(lsp.status == 0, "\(lsp)")
      #expect(lsp.stdout.contains("USAGE: cmdscript lsp"), "\(lsp)")
      #expect(lsp.stdout.contains("Language Server Protocol 3.17"), "\(lsp)")
      #expect(!lsp.stdout.contains("--session"), "\(lsp)")
    }
    let fmt = try CLI.run(["fmt", "--help"])
    #expect(fmt.status == 0 && fmt.stdout.contains("--diff"), "\(fmt)")
    let tool = try CLI.run(["help"])
    #expect(tool.status == 0, "\(tool)")
    #expect(tool.stdout.contains("`cmdscript lsp --help`") && tool.stdout.contains("`cmdscript fmt --help`"), "\(tool)")
    #expect(tool.stdout.contains("--salvage-session <newfile>"), "\(tool)")
    let extra = try CLI.run(["lsp", "x.cmd"])
    #expect(extra.status == 64, "\(extra)")
  }

  /// An app's tool (`CommandScriptTool.main`) shows the same page with its own identity:
  /// apart from the identity's overview and example, it names no built-in receiver.
  @Test("--help names no built-in receiver outside the tool's overview and example")
  func helpIsTheIdentitysOnly() throws {
    for arguments in [["--help"], ["fmt", "--help"], ["lsp", "--help"]] {
      let help = try CLI.run(arguments)
      #expect(help.status == 0, "\(help)")
      // The overview is the first paragraph; the example, its own line.
      let paragraphs = help.stdout.components(separatedBy: "\n\n").dropFirst()
      let rest = paragraphs.filter { !$0.hasPrefix("Example: ") }.joined(separator: "\n\n")
      for word in ["shape", "door", "board", "vehicle", "spiral", "paint", "move up"] {
        #expect(!rest.contains(word), "`\(arguments)` says \(word): \(rest)")
      }
    }
  }

  /// A receiver's description holds what a script gave it: `show` writes its control
  /// characters as `history` does, never raw to the terminal.
  @Test("show writes no terminal escapes from a receiver's strings")
  func showEscapesControlCharacters() throws {
    let result = try CLI.run(command: #"network.request "a\u{1B}[31mred\u{7}"; show network; history"#)
    #expect(result.status == 0, "\(result)")
    #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 7 }, "\(result)")
    #expect(result.stdoutLines.first == #"network: 1 pending (a\u{1B}[31mred\u{7}), 0 cancelled"#, "\(result)")
  }

  @Test("--version")
  func version() throws {
    let result = try CLI.run(["--version"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutLines.count == 1 && result.stdout.hasPrefix("cmdscript "), "\(result)")
  }

  @Test(
    "usage errors: status 64, nothing runs",
    arguments: [
      ["--bogus"],
      ["-c"],
      ["-f", "file.cmd", "-"],
      ["-i", "-"],
      ["--session", "s.cmdsession", "--check", "file.cmd"],
    ])
  func usageErrors(_ arguments: [String]) throws {
    let result = try CLI.run(arguments)
    #expect(result.status == 64, "\(result)")
    #expect(result.stdout == "", "\(result)")
    #expect(result.stderr.contains("Usage: cmdscript"), "\(result)")
  }

  // MARK: Rendering

  @Test("diagnostics are plain text when stderr is not a terminal, even without NO_COLOR")
  func noColourOnPipes() throws {
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = ["-c", "paitn red"]
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    process.environment = env
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    #expect(!text.contains("\u{1B}["), "\(text)")
    #expect(text.hasPrefix("<command line>:1:1: error: unknown command `paitn`"), "\(text)")
  }

  @Test("help text stays within 80 columns")
  func helpWidth() throws {
    let topics = ["", "shape", "door", "board", "move", "paint", "reset", "undo", "help", "repeat", "zig"]
    let text = "macro zig n c { move up $n; paint $c }\n" + topics.map { "help \($0)" }.joined(separator: "\n")
    let result = try CLI.run(command: text)
    #expect(result.status == 0, "\(result)")
    for line in result.stdoutLines {
      #expect(line.count <= 80, "\(line.count) columns: \(line)")
    }
  }

  @Test("help on `reset` does not show its internal default (0 stands for the current size)")
  func helpResetDefault() throws {
    let result = try CLI.run(command: "help reset; help board")
    #expect(result.status == 0, "\(result)")
    // 0 is outside 3...9: no script can write it, so help must not offer it.
    #expect(!result.stdout.contains("default 0"), "\(result)")
  }

  @Test("a long repeat is quick and one undo step")
  func longRepeat() throws {
    let result = try CLI.run(command: "repeat 20000 { move up; paint red }; show shape; undo; show shape; history")
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdoutLines == [
        "shape: at (0, 20000), red", "shape: at (0, 0), blue",
        "1  repeat 20000 { move up; paint red }   (undone)",
      ], "\(result)")
  }
}
