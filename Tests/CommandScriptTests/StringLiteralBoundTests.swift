import CommandScriptReceivers
import Testing

@testable import CommandScript

// Under a string bound (`Session.limits.string`, which `--safe` sets to 1 MiB), a string
// literal longer than the bound is a located error before anything runs: the lexer stops
// keeping its text, so a 128 MB literal no longer ran in 980 MB.
@Suite struct StringLiteralBoundTests {
  @Test func aLiteralOverTheBoundIsALocatedErrorAndNothingRuns() {
    let session = Session(registry: .builtins)
    session.limits.string = 10
    var echoed: [String] = []
    session.onOutput = { if case .echo(let text) = $0 { echoed.append(text) } }
    do {
      try session.run(SourceFile(name: "t", text: "move up\necho \"0123456789a\"\nmove up"))
      Issue.record("ran")
    } catch {
      guard case .compile(let errors) = error else {
        Issue.record("\(error)")
        return
      }
      let messages = errors.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
      #expect(messages == ["2:6: string literal is longer than 10 bytes, the most a string may have here"])
    }
    #expect(echoed.isEmpty)
    #expect(session.state(of: "shape") == ["x": .int(0), "y": .int(0), "color": .string("blue")])
  }

  @Test func aLiteralAtTheBoundAndEscapesRun() throws {
    let session = Session(registry: .builtins)
    session.limits.string = 10
    var echoed: [String] = []
    session.onOutput = { if case .echo(let text) = $0 { echoed.append(text) } }
    try session.run(SourceFile(name: "t", text: "echo \"0123456789\"; echo \"a\\\"b\""))
    #expect(echoed == ["0123456789", "a\"b"])
  }

  @Test func theRestOfTheInputIsStillLexedAfterIt() {
    let session = Session(registry: .builtins)
    session.limits.string = 4
    do {
      try session.run(SourceFile(name: "t", text: "echo \"abc\\\"de\nfg\"\nmovee up"))
      Issue.record("ran")
    } catch {
      guard case .compile(let errors) = error else { return }
      let lines = errors.diagnostics.map(\.location.line)
      // The literal's error on line 1, and the misspelt command on line 3 where it is.
      #expect(lines == [1, 3], "\(errors.diagnostics.map(\.message))")
    }
  }

  @Test func withoutABoundLongLiteralsRun() throws {
    let session = Session(registry: .builtins)
    var echoed: [String] = []
    session.onOutput = { if case .echo(let text) = $0 { echoed.append(text) } }
    try session.run(SourceFile(name: "t", text: "echo \"\(String(repeating: "x", count: 100_000))\""))
    #expect(echoed.first?.count == 100_000)
  }
}
