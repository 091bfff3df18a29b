import CommandScriptReceivers
import Foundation
import Testing

@testable import CommandScript

private func format(_ text: String) throws -> String {
  try ScriptFormatter.format(SourceFile(name: "t", text: text))
}

/// The tokens of `text` but line breaks (which the formatter may merge into one blank
/// line), as kind and text: what the formatter must keep exactly.
private func tokens(_ text: String) -> [String] {
  lexAll(text).tokens.filter { $0.kind != .newline }.map { token in
    let bytes = Array(text.utf8)
    return "\(token.kind) "
      + String(decoding: bytes[token.range.start..<min(token.range.end, bytes.count)], as: UTF8.self)
  }
}

/// Each top-level statement in canonical form (the parser's), and whether the whole
/// compiles in a fresh session with the built-in receivers, with which messages.
private func meaning(_ text: String) -> (statements: [String], compiled: [String]) {
  let bytes = Array(text.utf8)
  let statements = bytes.withUnsafeBufferPointer { buffer in
    var parser = Parser(Lexer(buffer, source: 0, symbols: SymbolTable()))
    var canonical: [String] = []
    while let statement = parser.nextStatement() { canonical.append(statement.canonical) }
    return canonical
  }
  let session = Session(registry: .builtins)
  session.fileAccess = nil
  do {
    let program = try session.compile(SourceFile(name: "t", text: text))
    return (statements, program.warnings.map(\.message))
  } catch {
    return (statements, error.diagnostics.map(\.message))
  }
}

@Suite struct FormatterTests {
  @Test func blocksAreIndentedAndSpacesNormalised() throws {
    let text = """
      macro zig n {move up $n ;   move right $n}
      repeat 2
      {
      zig 1
          if shape.x>1 and not(door.locked) { echo "x" } else {move down}
      }
      if shape.x - 1 > -3 { move up (shape.x*2) }
      """
    #expect(
      try format(text) == """
        macro zig n { move up $n; move right $n }
        repeat 2
        {
          zig 1
          if shape.x > 1 and not (door.locked) { echo "x" } else { move down }
        }
        if shape.x - 1 > -3 { move up (shape.x * 2) }

        """)
  }

  @Test func commentsAndBlankLinesAreKept() throws {
    let text =
      "#!/usr/bin/env cmdscript\n\n\n\n# heading\nmove up    # trailing, as far as written\n{\n# inside\nmove down\n}\n\n\n"
    #expect(
      try format(text)
        == "#!/usr/bin/env cmdscript\n\n# heading\nmove up    # trailing, as far as written\n{\n  # inside\n  move down\n}\n"
    )
  }

  @Test func aMinusNeverJoinsAnIntegerIntoANewToken() throws {
    #expect(try format("echo (0 - 3)\necho (- 3)\necho (-(1))\n") == "echo (0 - 3)\necho (- 3)\necho (-(1))\n")
  }

  /// After a word of the language (`return`, `if`), a `-` is a sign: it stays with its
  /// operand; after an operand it subtracts.
  @Test func aMinusAfterAKeywordIsASign() throws {
    #expect(
      try format("macro f n { return  -$n }\nif -shape.x < 0 { echo (f 2) }\necho (shape.x -shape.y)\n")
        == "macro f n { return -$n }\nif -shape.x < 0 { echo (f 2) }\necho (shape.x - shape.y)\n")
  }

  @Test func stringsAreKeptAsWrittenEvenAcrossLines() throws {
    let text = "echo \"a  b\n   c\"\n   move up\n"
    #expect(try format(text) == "echo \"a  b\n   c\"\nmove up\n")
  }

  @Test func crlfAndTheEndOfTheFileBecomeOneLineBreak() throws {
    #expect(try format("move up\r\npaint red") == "move up\npaint red\n")
    #expect(try format("") == "")
    #expect(try format("\n\n# only\n") == "# only\n")
  }

  @Test func aScriptWithSyntaxErrorsIsNotFormatted() {
    #expect(throws: CompileErrors.self) { try format("repeat 2 { move up") }
    #expect(throws: CompileErrors.self) { try format("move up\u{0}") }
  }

  /// Every golden script and example, and random programs: formatting keeps every token
  /// and the meaning (the same statements, compiling alike), and formatting again changes
  /// nothing.
  @Test func formattingKeepsMeaningAndIsIdempotent() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var texts: [(String, String)] = []
    for folder in ["Tests/CLITests/Scripts", "examples"] {
      let enumerator = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        guard url.pathExtension == "cmd", let data = FileManager.default.contents(atPath: url.path) else { continue }
        texts.append((url.lastPathComponent, String(decoding: data, as: UTF8.self)))
      }
    }
    #expect(texts.count > 200)
    var seeds = SplitMix64(seed: 0x666d74)
    for n in 0..<300 {
      var generator = ProgramGenerator(seed: seeds.next())
      texts.append(
        (
          "random \(n)",
          (0..<1 + generator.random.below(12)).map { _ in generator.statement().text }.joined(separator: "\n")
        ))
    }
    var formattedCount = 0
    for (name, text) in texts {
      guard let formatted = try? format(text) else { continue }
      formattedCount += 1
      #expect(tokens(formatted) == tokens(text), "\(name)")
      let (before, after) = (meaning(text), meaning(formatted))
      #expect(after.statements == before.statements, "\(name)")
      #expect(after.compiled == before.compiled, "\(name)")
      #expect(try format(formatted) == formatted, "\(name): not idempotent")
    }
    #expect(formattedCount > 400)
  }
}
