import CommandScriptReceivers
import Testing

@testable import CommandScript

/// The names `$` offers where a cursor is: one reading of scope (`Session.namesInScope`)
/// for Tab completion and the editor server.
@Suite struct NamesInScopeTests {
  let session = Session(registry: CompletionTests.registry())

  func names(_ text: String, textIsCompiled: Bool = false) -> [String] {
    session.namesInScope(before: text, textIsCompiled: textIsCompiled).map(\.name)
  }

  @Test func aBlocksNamesOnlyInsideItAndAfterTheirStatement() {
    let text = "let a = 1\nrepeat 2 as i {\n  var b = 2\n"
    #expect(names(text) == ["a", "i", "b"])
    #expect(session.completions(of: "$", after: text + "  echo (") == ["$a", "$b", "$i"])
    // Not yet bound while its own statement is typed.
    #expect(names(text + "  var c = ") == ["a", "i", "b"])
    // Gone with its block.
    #expect(names(text + "}\n") == ["a"])
    #expect(names("if true { let x = 1 }\n") == [])
  }

  @Test func macroParametersInsideTheMacro() {
    #expect(names("var total = 0\nmacro m n c {\n  let d = 3\n") == ["total", "n", "c", "d"])
    #expect(names("macro m n { move up $n }\n") == [])
    // An inner name hides an outer one of the same name.
    let hidden = session.namesInScope(before: "var n = 1\nmacro m n {\n")
    #expect(hidden.map(\.name) == ["n"])
    #expect(hidden.first?.binding == .parameter)
  }

  @Test func theSessionsTopLevelVariablesWithTheirKinds() throws {
    let earlier = Session(registry: CompletionTests.registry())
    _ = try earlier.run(SourceFile(name: "t", text: "let count = 3; var colour = red"))
    let found = earlier.namesInScope(before: "repeat 2 {\n  var s = \"x\"\n")
    #expect(found.map(\.name) == ["count", "colour", "s"])
    #expect(found.map(\.summary) == ["let, an integer", "var, a colour", "var"])
    #expect(earlier.completions(of: "$c", after: "repeat 2 {\n  move up ") == ["$colour", "$count"])
    #expect(earlier.completions(of: "$", after: "repeat 2 {\n  var t = ") == ["$colour", "$count"])
    #expect(earlier.completions(of: "$", after: "colour = ") == ["$colour", "$count"])
  }

  @Test func aCompiledTextsVariablesHaveTheirKinds() throws {
    let text = "let a = 1.5\nrepeat 2 {\n  var b = \"s\"\n  move up\n}\n"
    let compiled = Session(registry: CompletionTests.registry())
    _ = try compiled.compile(SourceFile(name: "doc.cmd", bytes: Array(text.utf8)))
    let inBlock = String(text.prefix(while: { $0 != "m" }))
    let found = compiled.namesInScope(before: inBlock, textIsCompiled: true)
    #expect(found.map(\.summary) == ["let, a decimal", "var, a string"])
    #expect(found.map(\.line) == [1, 3])
    #expect(found.map(\.column) == [5, 7])
  }
}
