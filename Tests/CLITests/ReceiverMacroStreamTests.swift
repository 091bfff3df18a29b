import Foundation
import Testing

// A macro with receiver parameters keeps its body's syntax tree, to check it again for each
// new binding. A stream renews its table of names once it holds a few hundred; the
// template's names then read as others' ("macro `secure` has no parameter `$d216`") or past
// the table's end (a crash). Each binding must check, however many names came before.
@Suite struct ReceiverMacroStreamTests {
  private let script =
    (["macro secure d { $d.close; $d.lock }"] + (0..<600).flatMap { ["new door d\($0)", "secure d\($0)"] })
    .joined(separator: "\n") + "\nshow d599\n"

  @Test func aStreamOfManyNamesKeepsTheTemplatesNames() throws {
    let result = try CLI.run(["-"], stdin: Array(script.utf8), timeout: 600)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdoutLines == ["d599 (door): closed, locked"], "\(result)")
  }

  @Test func checkingSuchAStreamSafelyPasses() throws {
    let result = try CLI.run(["--check", "--safe", "-"], stdin: Array(script.utf8), timeout: 600)
    #expect(result.status == 0, "\(result)")
  }
}
