import CommandScriptReceivers
import Foundation
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

/// A host's own type for a receiver's state.
private struct Snapshot: Codable, Equatable {
  struct Item: Codable, Equatable {
    var title: String
    var done: Bool
  }
  var items: [Item]
  var progress: Double
  var count: Int
  var note: String?
  var tags: [String: Int]
}

@Suite struct StateValueCodingTests {
  @Test func aHostTypeRoundTripsThroughAStateKeepingItsKeyOrder() throws {
    let value = Snapshot(
      items: [.init(title: "ship it", done: false), .init(title: "tests", done: true)], progress: 0.5, count: 2,
      note: nil, tags: ["x": 1])
    let state = try StateValue(encoding: value)
    #expect(
      state.json
        == #"{"items": [{"title": "ship it", "done": false}, {"title": "tests", "done": true}], "progress": 0.5, "count": 2, "tags": {"x": 1}}"#
    )
    #expect(try state.decode(as: Snapshot.self) == value)
  }

  @Test func aReceiversStateDecodesIntoTheHostsType() throws {
    struct Door: Decodable, Equatable {
      var open: Bool
      var locked: Bool
    }
    let session = Session(registry: .builtins)
    try session.run(SourceFile(name: "t", text: "door.open"))
    #expect(try session.state(of: "door")?.decode(as: Door.self) == Door(open: true, locked: false))
    #expect(throws: DecodingError.self) { try session.state(of: "shape")?.decode(as: Door.self) }
    #expect(throws: DecodingError.self) { try StateValue.string("x").decode(as: Int.self) }
    #expect(try StateValue.int(3).decode(as: Double.self) == 3)
    #expect(try StateValue.int(200).decode(as: UInt8.self) == 200)
    #expect(throws: DecodingError.self) { try StateValue.int(300).decode(as: UInt8.self) }
  }

  @Test func doublesAreWrittenAsJSONNumbers() {
    #expect(StateValue.double(2.5).json == "2.5")
    #expect(StateValue.double(-0.125).compactDescription == "-0.125")
    #expect(StateValue.double(.nan).json == "null" && StateValue.double(.infinity).json == "null")
  }

  @Test func aStateIsCodableThroughJSON() throws {
    let state: StateValue = ["list": .array([.int(1), .double(1.5), .string("a"), .bool(true), .null])]
    let data = try JSONEncoder().encode(state)
    #expect(try JSONDecoder().decode(StateValue.self, from: data) == state)
  }
}
