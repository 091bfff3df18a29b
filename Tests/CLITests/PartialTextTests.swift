import CommandScript
import Testing

@testable import CommandScriptCLI

/// The REPL's and the editor server's questions of partial text, answered from the lexer's
/// tokens: a `;`, `{`, `}` or word in a string or a comment is what the parser takes it for.
@Suite struct PartialTextTests {
  // MARK: REPL

  @Test func fileNamesAreCompletedOnlyInASourceOrExportStatement() {
    #expect(FileNameCompletion.candidates(of: "", after: "move up; source ") != nil)
    #expect(FileNameCompletion.candidates(of: "", after: "source \"a.cmd\" ") == [])
    // In a string, or in a comment, `source` is no statement.
    #expect(FileNameCompletion.candidates(of: "", after: "echo \"a;source ") == nil)
    #expect(FileNameCompletion.candidates(of: "", after: "move up # x; source ") == nil)
  }

  @Test func theREPLsStatementsAreTheLanguagesDeclarations() {
    #expect(Session.replStatements.sorted() == ["end", "macros", "record"])
    #expect(REPL.Command.names == (Session.replStatements + ["exit", "quit"]).sorted())
    // Each declared statement is one the REPL performs.
    for name in Session.replStatements {
      #expect(REPL.Command(name) != nil, "\(name)")
      #expect(Session.isKeyword(name), "\(name)")
    }
  }

  @Test func aREPLStatementEndsWhereTheLexerSaysNotAtASemicolonOrHashInAString() {
    /// The command `line` starts with, and the rest with the blanks for what it took.
    func split(_ line: String) -> (REPL.Command, blanks: Int, rest: String)? {
      REPL.Command.split(line).map { command, rest in
        let blanks = rest.prefix { $0 == " " }.count
        return (command, blanks, String(rest.dropFirst(blanks)))
      }
    }
    let usage = REPL.Command.usage("usage: macros, or macros save")
    #expect(split("macros; show")! == (.macros, 8, "show"))
    #expect(split("end # done; or not")! == (.end, 0, ""))
    #expect(split("move up; record x") == nil)
    // A `;` or `#` in a string is the string's: the command takes the whole string.
    #expect(split(#"record "a;b""#)! == (.record(#""a;b""#), 0, ""))
    #expect(split(#"macros "a;b"; show"#)! == (usage, 14, "show"))
    #expect(split(#"macros save "x#y.cmd"; show"#)! == (usage, 23, "show"))
    // The blanks that stand for what the command took count scalars, as columns do.
    #expect(split("end ;é;show")! == (.end, 5, "é;show"))
  }

  // MARK: Editor server

  func document(_ text: String) -> Document {
    Document(uri: "file:///tmp/doc.cmd", bytes: Array(text.utf8))
  }

  @Test func signatureHelpCountsTheLexersArguments() {
    let text = "zig \"a b\" "
    #expect(document(text).commandBefore(text.utf8.count).map { "\($0.0) \($0.1)" } == "zig 1")
    let call = "echo \"x\"; door.lock "
    #expect(document(call).commandBefore(call.utf8.count).map { "\($0.0) \($0.1)" } == "door.lock 0")
  }

  @Test func completionSeesTheBlocksOpenAtTheCursor() {
    // A `}` in a string does not close the macro's body.
    let text = "macro zig steps {\n  echo \"}\"\n  move up $st"
    let (word, before) = document(text).wordAndTextBefore(text.utf8.count)
    #expect(word == "$st")
    #expect(CursorContext(before: before).macroParameters == ["steps"])
  }

  @Test func wordsInCommentsAndStringsAreNoNames() {
    let text = "door.open # door.lock\necho \"zig\"\nsource \"lib.cmd\" # source \"other.cmd\"\n"
    let doc = document(text)
    func offset(of piece: String, plus: Int = 1) -> Int {
      text.utf8.count - text[text.range(of: piece)!.lowerBound...].utf8.count + plus
    }
    #expect(doc.topic(at: offset(of: "door.open"))?.0 == "door.open")
    #expect(doc.topic(at: offset(of: "lock")) == nil)
    #expect(doc.word(at: offset(of: "zig")) == nil)
    #expect(doc.sourcedPath(at: offset(of: "lib.cmd")) == "lib.cmd")
    #expect(doc.sourcedPath(at: offset(of: "other.cmd")) == nil)
  }
}
