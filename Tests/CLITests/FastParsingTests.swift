import Testing

@testable import CommandScriptCLI

/// `Options(fastParsing:)` must either decline or agree exactly with ArgumentParser
/// (``CmdScript``, whose default command ``RunCommand`` stays the definition of the command
/// line).
@Suite struct FastParsingTests {
  /// Checks one argument list: nil from the fast path, or exactly what ArgumentParser gives
  /// (which then must not fail). Returns whether the fast path answered.
  @discardableResult
  static func check(_ arguments: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
    guard let fast = Options(fastParsing: arguments) else { return false }
    do {
      let parsed = try CmdScript.parseAsRoot(arguments)
      #expect(fast == (parsed as? RunCommand)?.options, "\(arguments)", sourceLocation: sourceLocation)
    } catch {
      Issue.record(
        "fast path accepted \(arguments), ArgumentParser refused it: \(error)", sourceLocation: sourceLocation)
    }
    return true
  }

  /// The command lines the fast path is for, and what they mean.
  @Test(arguments: [
    ([], Options()),
    (["-c", ""], Options(commands: [""])),
    (["-c", "move up; show"], Options(commands: ["move up; show"])),
    (["-c", "x -c y"], Options(commands: ["x -c y"])),
    (["-c", "check"], Options(commands: ["check"])),
    (["-c", "a=b"], Options(commands: ["a=b"])),
    (["-c", " -x"], Options(commands: [" -x"])),
    (["-"], Options(files: ["-"])),
    (["a.cmd"], Options(files: ["a.cmd"])),
    (["a.cmd", "b.cmd", "c"], Options(files: ["a.cmd"], scriptArguments: ["b.cmd", "c"])),
    (["./help"], Options(files: ["./help"])),
    (["fmt.cmd"], Options(files: ["fmt.cmd"])),
    (["c"], Options(files: ["c"])),
    (["a-b", "x=-y", "é.cmd"], Options(files: ["a-b"], scriptArguments: ["x=-y", "é.cmd"])),
    (["--check", "a.cmd"], Options(check: true, files: ["a.cmd"])),
    (["--check", "a.cmd", "check"], Options(check: true, files: ["a.cmd"], scriptArguments: ["check"])),
  ])
  func answers(_ arguments: [String], _ expected: Options) {
    #expect(Options(fastParsing: arguments) == expected, "\(arguments)")
    #expect(Self.check(arguments))
  }

  /// Everything else goes to ArgumentParser: other options, help and version, `--`,
  /// operands that start with `-`, and what needs validation.
  @Test(arguments: [
    ["-c"],
    ["-c", "-"],
    ["-c", "-x"],
    ["-c", "--check"],
    ["-c", "--"],
    ["-c", "-c"],
    ["-cx"],
    ["-c", "x", "-c", "y"],
    ["-c", "x", "a.cmd"],
    ["a.cmd", "-c", "x"],
    ["--c", "x"],
    ["--command", "x"],
    ["-c=x"],
    ["--"],
    ["--", "a.cmd"],
    ["--", "-x"],
    ["a.cmd", "--"],
    ["-x"],
    ["-", "-"],
    ["-", "a.cmd"],
    ["a.cmd", "-"],
    ["a.cmd", "--check"],
    ["a.cmd", "--json"],
    ["a.cmd", "-h"],
    [""],
    ["a.cmd", ""],
    ["-h"],
    ["--help"],
    ["-help"],
    ["--version"],
    ["--experimental-dump-help"],
    ["--generate-completion-script"],
    ["--generate-completion-script", "bash"],
    ["--check"],
    ["--check", "-"],
    ["--check", "a.cmd", "-"],
    ["--check", "--check", "a.cmd"],
    ["--check", "--json", "a.cmd"],
    ["--json"],
    ["--safe", "a.cmd"],
    ["--no-init"],
    ["--session", "s.journal"],
    ["--on-error", "continue", "a.cmd"],
    ["--max-steps", "10", "a.cmd"],
    ["--history-limit", "5"],
    // Subcommands, and ArgumentParser's `help`.
    ["help"],
    ["fmt"],
    ["fmt", "a.cmd"],
    ["lsp"],
    ["run", "a.cmd"],
  ])
  func declines(_ arguments: [String]) {
    #expect(Options(fastParsing: arguments) == nil, "\(arguments)")
  }

  /// Every list of up to three arguments from a set of awkward ones: wherever the fast
  /// path answers, ArgumentParser agrees.
  @Test func agreesWithArgumentParserOnShortLists() {
    let pool = ["-c", "", "x", "-", "--", "-x", "-cx", "--c", "--check", "-h", "help", "--version", "a.cmd"]
    var lists: [[String]] = [[]]
    var last: [[String]] = [[]]
    for _ in 1...3 {
      last = last.flatMap { list in pool.map { list + [$0] } }
      lists += last
    }
    var answered = 0
    for arguments in lists where Self.check(arguments) { answered += 1 }
    #expect(answered > 0)
  }
}
