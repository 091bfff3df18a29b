import CommandScriptReceivers
import Testing

@testable import CommandScript

/// A receiver type for registration tests: only its name and verbs matter.
private protocol Stub: Receiver, SendableMetatype {}

extension Stub {
  static var summary: String { "a stub" }
  var state: StateValue { .null }
}

/// An undoable verb that does nothing.
private func verb<R: Stub>(_ name: String, _ parameters: [Parameter] = []) -> Verb<R> where R.Undo == Void {
  Verb(name, parameters, summary: "does nothing") { _, _ in
  } undo: { _, _, _ in
  }
}

private final class ReservedTypeName: Stub {
  static let typeName = "repeat"
  static let verbs: [Verb<ReservedTypeName>] = []
}

private final class LaterReservedTypeName: Stub {
  static let typeName = "queue"
  static let verbs: [Verb<LaterReservedTypeName>] = []
}

private final class ReservedVerbName: Stub {
  static let typeName = "stub"
  static let verbs: [Verb<ReservedVerbName>] = [verb("go"), verb("undo")]
}

private final class DuplicateVerb: Stub {
  static let typeName = "stub"
  static let verbs: [Verb<DuplicateVerb>] = [verb("go"), verb("stop"), verb("go")]
}

private final class HyphenatedName: Stub {
  static let typeName = "my-stub"
  static let verbs: [Verb<HyphenatedName>] = []
}

private final class EmptyName: Stub {
  static let typeName = ""
  static let verbs: [Verb<EmptyName>] = []
}

private final class DigitFirstName: Stub {
  static let typeName = "3d"
  static let verbs: [Verb<DigitFirstName>] = []
}

private final class NonASCIIName: Stub {
  static let typeName = "tür"
  static let verbs: [Verb<NonASCIIName>] = []
}

private final class SpacedVerbName: Stub {
  static let typeName = "stub"
  static let verbs: [Verb<SpacedVerbName>] = [verb("go up")]
}

private final class RequiredAfterOptional: Stub {
  static let typeName = "stub"
  static let verbs: [Verb<RequiredAfterOptional>] = [
    verb(
      "go",
      [Parameter("a", .integer(0...9)), Parameter("b", .integer(0...9), default: .integer(1)), Parameter("c", .string)])
  ]
}

private final class WrongDefaults: Stub {
  static let typeName = "stub"
  static let verbs: [Verb<WrongDefaults>] = [
    verb("say", [Parameter("text", .string, default: .integer(3))])
  ]
}

private final class WordOutsideItsSet: Stub {
  static let typeName = "stub"
  static let verbs: [Verb<WordOutsideItsSet>] = [
    verb("go", [Parameter("steps", .integer(1...9), default: .integer(0))]),  // "not given": allowed
    verb("turn", [Parameter("way", .word(Shape.Direction.self), default: .word(4))]),
  ]
}

private final class Valid: Stub {
  static let typeName = "stub_2"
  static let verbs: [Verb<Valid>] = [
    verb(
      "go",
      [
        Parameter("a", .integer(0...9)), Parameter("b", .string, default: .string("x")),
        Parameter("c", .integer(1...2), default: .integer(1)),
      ]),
    Verb(notUndoable: "say", [Parameter("what", .word(Shape.Direction.self))], summary: "says") { _, _ in },
  ]
}

/// The error registering `type` into the built-ins throws, and whether the registry was left as it was.
private func registrationError<R: Receiver>(_ type: R.Type) -> (String?, unchanged: Bool) {
  var registry = ReceiverRegistry.builtins
  do {
    try registry.register(type)
  } catch {
    return (error.description, registry.types.map(\.name) == ["shape", "door", "board", "vehicle", "network"])
  }
  return (nil, false)
}

@Suite struct RegistryTests {
  @Test func reservedWords() {
    #expect(
      registrationError(ReservedTypeName.self) == ("receiver type `repeat` is a reserved word of the language", true))
    #expect(
      registrationError(LaterReservedTypeName.self) == (
        "receiver type `queue` is a reserved word of the language", true
      ))
    #expect(
      registrationError(ReservedVerbName.self) == ("verb `undo` of `stub` is a reserved word of the language", true))
  }

  @Test func duplicateVerb() {
    #expect(registrationError(DuplicateVerb.self) == ("`stub` declares verb `go` twice", true))
  }

  @Test func namesMustBeWords() {
    #expect(registrationError(HyphenatedName.self) == ("receiver type `my-stub` is not a word", true))
    #expect(registrationError(EmptyName.self) == ("receiver type `` is not a word", true))
    #expect(registrationError(DigitFirstName.self) == ("receiver type `3d` is not a word", true))
    #expect(registrationError(NonASCIIName.self) == ("receiver type `tür` is not a word", true))
    #expect(registrationError(SpacedVerbName.self) == ("verb `go up` of `stub` is not a word", true))
  }

  @Test func requiredParameterAfterOptional() {
    #expect(
      registrationError(RequiredAfterOptional.self) == (
        "`stub.go`: parameter `c` without a default follows one with a default", true
      ))
  }

  @Test func aDefaultOfTheWrongKindIsARegistrationError() {
    // Not a crash when the default is first used.
    #expect(
      registrationError(WrongDefaults.self) == ("`stub.say`: the default of parameter `text` must be a string", true))
    #expect(
      registrationError(WordOutsideItsSet.self) == (
        "`stub.turn`: the default of parameter `way` must be one of up, down, left, right", true
      ))
  }

  @Test func duplicateType() throws {
    var registry = ReceiverRegistry()
    try registry.register(TestCounter.self)
    #expect(throws: RegistrationError.self) { try registry.register(TestCounter.self) }
    do {
      try registry.register(TestCounter.self)
    } catch {
      #expect(error.description == "receiver type `counter` is already registered")
    }
    #expect(registry.types.count == 1)
  }

  @Test func registrationRecordsTheDeclarations() throws {
    var registry = ReceiverRegistry()
    try registry.register(Valid.self)
    let type = try #require(registry.types.first)
    #expect(type.name == "stub_2")
    #expect(type.summary == "a stub")
    #expect(type.verbs.map(\.name) == ["go", "say"])
    #expect(type.verbs.map(\.isUndoable) == [true, false])
    #expect(type.verbs.map(\.requiredCount) == [1, 1])
    #expect(type.verbs.map(\.signature) == ["go <a> [b] [c]", "say <what>"])
    #expect(type.verbIndex("say") == 1)
    #expect(type.verbIndex("nope") == nil)
    #expect(type.verbs[1].parameters[0].kind == .word(WordSet(words: ["up", "down", "left", "right"])))
    #expect(type.verbs[1].parameters[0].kind.description == "up|down|left|right")
  }

  @Test func anEmbeddersReceiverGetsTheWholeLanguage() throws {
    let session = try CommandScriptTests.session(of: TestCounter.self)
    var outputs: [Output] = []
    session.onOutput = { outputs.append($0) }
    try session.run(
      SourceFile(name: "t", text: "macro twice n { repeat 2 { bump $n } }\ntwice 3; bump; counter.log hi; undo; show"))
    #expect(session.receiverNames == ["counter"])
    #expect(
      outputs == [
        .state(
          receiver: "counter", type: "counter", state: ["count": .int(6), "log": .array([.string("hi")])],
          description: "count=6 log=[hi]")
      ])
    // Help comes from the same declarations.
    #expect(session.help("bump").contains("by: integer -100...100, default 1"))
  }

  @Test func wordParametersFromAnEnum() throws {
    let session = try CommandScriptTests.session(of: Valid.self)
    do {
      try session.run(SourceFile(name: "t", text: "say sideways"))
      Issue.record("no error")
    } catch {
      guard case .compile(let errors) = error else { throw error }
      #expect(errors.diagnostics.map(summary) == ["1:5: `what` must be one of up, down, left, right, not `sideways`"])
    }
  }

  @Test func sessionsMakeOneInstancePerTypeInOrder() {
    #expect(Session(registry: testRegistry()).receiverNames == ["shape", "door", "board", "counter", "gate"])
    #expect(Session(registry: ReceiverRegistry()).receiverNames == [])
  }
}
