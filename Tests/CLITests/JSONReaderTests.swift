import CommandScript
import Testing

@testable import CommandScriptCLI

/// The editor server's JSON reader: what the protocol's messages hold, read exactly, and
/// anything else refused with a reason, never a crash.
@Suite struct JSONReaderTests {
  private func parse(_ text: String) throws -> StateValue { try JSONReader.parse(Array(text.utf8)) }

  @Test func valuesOfEveryKind() throws {
    #expect(
      try parse(#" {"a": [1, -2, true, false, null], "b": {"c": "d"}, "e": [], "f": {}} "#)
        == [
          "a": .array([.int(1), .int(-2), .bool(true), .bool(false), .null]), "b": ["c": "d"], "e": .array([]),
          "f": .object([]),
        ])
    // A number that is not an integer is kept as its text.
    #expect(try parse("[1.5e3]") == .array([.string("1.5e3")]))
  }

  @Test func escapesAndSurrogatePairs() throws {
    #expect(try parse(#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00z""#) == .string("a\"\\/\u{8}\u{C}\n\r\té😀z"))
    // A lone surrogate becomes U+FFFD rather than an invalid string.
    #expect(try parse(#""\ud83dx""#) == .string("\u{FFFD}x"))
    // Text round-trips through the writer.
    let text = "line\nquote \" tab\t é 😀 \u{1}"
    #expect(try parse(StateValue.string(text).json) == .string(text))
  }

  @Test func badTextIsRefusedWithAReason() {
    for bad in ["", "{", "[1,]", "{\"a\" 1}", "\"abc", "tru", "[1 2]", "{} x", "\"\u{1}\"", "\"\\x\"", "-"] {
      #expect(throws: JSONReader.Failure.self, "\(bad)") { try parse(bad) }
    }
    #expect(throws: JSONReader.Failure.self) { try parse(String(repeating: "[", count: 100_000)) }
  }
}
