import CommandScript
import CommandScriptReceivers
import Foundation
import Testing

@testable import CommandScriptCLI

/// What `record NAME` … `end` keeps of the statements typed in between.
@Suite struct MacroRecordingTests {
  /// Runs `lines` as REPL entries while recording, and returns the recorded statements.
  private func recorded(_ lines: [String]) throws -> [String] {
    let session = Session(registry: .builtins)
    let recording = MacroRecording(name: "m", session: session)
    session.onCommit = { recording.commit($0, session: session) }
    for line in lines {
      try session.run(SourceFile(name: "<stdin>", text: line))
    }
    return recording.statements
  }

  @Test func aSourcedFileIsRecordedAsTheStatementsItRan() throws {
    try withFolder { folder in
      let path = folder.appendingPathComponent("one.cmd").path
      try "move up\n".write(toFile: path, atomically: true, encoding: .utf8)
      let got = try recorded(["paint red", "source \"\(path)\""])
      #expect(got == ["paint red", "move up"])
    }
  }

  @Test func aStatementThatStandsOnlyAtTheTopLevelIsNotRecorded() throws {
    let got = try recorded(["move up", "new door back", "paint red"])
    #expect(got == ["move up", "paint red"])
  }

  @Test func eachStatementThatMadeOneStepIsRecorded() throws {
    let got = try recorded(["move up", "repeat 2 { move left }", "show shape"])
    #expect(got == ["move up", "repeat 2 { move left }"])
  }
}
