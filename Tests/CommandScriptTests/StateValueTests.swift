import Testing

@testable import CommandScript

@Suite struct StateValueTests {
  @Test func scalarsAsJSON() {
    #expect(StateValue.null.json == "null")
    #expect(StateValue.bool(true).json == "true")
    #expect(StateValue.bool(false).json == "false")
    #expect(StateValue.int(-42).json == "-42")
    #expect(StateValue.int(Int.min).json == "-9223372036854775808")
    #expect(StateValue.string("hi").json == #""hi""#)
  }

  @Test func jsonEscaping() {
    #expect(StateValue.jsonQuoted(#"say "hi""#) == #""say \"hi\"""#)
    #expect(StateValue.jsonQuoted(#"a\b"#) == #""a\\b""#)
    #expect(StateValue.jsonQuoted("a\nb\rc\td") == #""a\nb\rc\td""#)
    #expect(StateValue.jsonQuoted("\u{0}\u{1}\u{1F}") == #""\u0000\u0001\u001f""#)
    // Everything else is kept as it is, including non-ASCII, DEL and `/`.
    #expect(StateValue.jsonQuoted("é🙂\u{7F}/") == "\"é🙂\u{7F}/\"")
    #expect(StateValue.jsonQuoted("") == #""""#)
  }

  @Test func objectKeysKeepTheirOrder() {
    let value: StateValue = ["z": .int(1), "a": .int(2), "m": .int(3)]
    #expect(value.json == #"{"z": 1, "a": 2, "m": 3}"#)
    #expect(value.compactDescription == "z=1 a=2 m=3")
    let reordered: StateValue = ["a": .int(2), "z": .int(1), "m": .int(3)]
    #expect(value != reordered)
  }

  @Test func nestedValues() {
    let value: StateValue = [
      "name": .string("line\n\"two\""),
      "cells": .array([.string("X.."), .null, .bool(true)]),
      "inner": ["k": .array([])],
      "empty": [:],
    ]
    #expect(
      value.json == #"{"name": "line\n\"two\"", "cells": ["X..", null, true], "inner": {"k": []}, "empty": {}}"#)
  }

  @Test func keysAreEscapedToo() {
    let value: StateValue = .object([StateValue.Member("a\"b", .int(1))])
    #expect(value.json == #"{"a\"b": 1}"#)
  }

  @Test func subscriptFindsAKey() {
    let value: StateValue = ["x": .int(1), "y": .int(2)]
    #expect(value["y"] == .int(2))
    #expect(value["z"] == nil)
    #expect(StateValue.int(1)["x"] == nil)
    #expect(StateValue.array([.int(1)])["x"] == nil)
  }

  @Test func compactDescription() {
    let value: StateValue = [
      "x": .int(1), "open": .bool(true), "locked": .bool(false), "winner": .null, "color": .string("blue"),
      "cells": .array([.string("X.."), .string("...")]),
    ]
    #expect(value.compactDescription == "x=1 open=yes locked=no winner=none color=blue cells=[X.., ...]")
  }
}
