import Testing

@testable import CommandScript

/// What a kind says of itself, now that each answer is derived from one switch per question
/// (`wording`, `value(of:)`): every name and phrase a kind is given, and every way a script's
/// argument is read, as they were written before the switches were merged.
@Suite struct ValueKindTests {
  private let direction = ValueKind.word(WordSet(name: "direction", words: ["up", "down"], aliases: ["north": "up"]))
  private let onOff = ValueKind.word(WordSet(words: ["on", "off"]))

  @Test func namesAsData() {
    let kinds: [ValueKind] = [.integer(1...9), .decimal(0...1), direction, .string, .boolean]
    #expect(kinds.map(\.name) == ["integer", "decimal", "word", "string", "boolean"])
  }

  @Test func descriptionsInHelp() {
    #expect(ValueKind.integer.description == "integer")
    #expect(ValueKind.integer(1...Int.max).description == "integer ≥ 1")
    #expect(ValueKind.integer(1...9).description == "integer 1...9")
    // An integer bounded above only is written with its least, as help always wrote it.
    #expect(ValueKind.integer(Int.min...5).description == "integer -9223372036854775808...5")
    #expect(ValueKind.decimal.description == "decimal")
    #expect(ValueKind.decimal(0.5 ... .infinity).description == "decimal ≥ 0.5")
    #expect(ValueKind.decimal(-.infinity...2).description == "decimal ≤ 2.0")
    #expect(ValueKind.decimal(0...1).description == "decimal 0.0...1.0")
    #expect(direction.description == "direction")
    #expect(onOff.description == "on|off")
    #expect(ValueKind.string.description == "string")
    #expect(ValueKind.boolean.description == "boolean")
  }

  @Test func nounPhrasesInErrors() {
    #expect(ValueKind.integer.nounPhrase() == "an integer")
    #expect(ValueKind.integer(Int.min...5).nounPhrase() == "an integer ≤ 5")
    #expect(ValueKind.integer(1...Int.max).nounPhrase() == "an integer ≥ 1")
    #expect(ValueKind.integer(1...9).nounPhrase() == "an integer from 1 to 9")
    #expect(ValueKind.integer(1...9).nounPhrase(bounds: false) == "an integer")
    #expect(ValueKind.decimal.nounPhrase() == "a decimal")
    #expect(ValueKind.decimal(0.5 ... .infinity).nounPhrase() == "a decimal ≥ 0.5")
    #expect(ValueKind.decimal(-.infinity...2).nounPhrase() == "a decimal ≤ 2.0")
    #expect(ValueKind.decimal(0...1).nounPhrase() == "a decimal from 0.0 to 1.0")
    #expect(ValueKind.decimal(0...1).nounPhrase(bounds: false) == "a decimal")
    #expect(direction.nounPhrase() == "a direction (up, down)")
    #expect(direction.nounPhrase(bounds: false) == "a direction")
    #expect(onOff.nounPhrase() == "one of on, off")
    #expect(onOff.nounPhrase(bounds: false) == "one of on, off")
    let empty = ValueKind.word(WordSet(name: "nothing", words: []))
    #expect(empty.nounPhrase() == "a nothing ()")
    #expect(empty.takesWords)
    #expect(ValueKind.string.nounPhrase() == "a string")
    #expect(ValueKind.boolean.nounPhrase() == "a boolean (true, false)")
    #expect(ValueKind.boolean.nounPhrase(bounds: false) == "a boolean")
  }

  @Test func wordsForTab() {
    #expect(direction.words == ["up", "down", "north"])
    #expect(ValueKind.boolean.words == ["true", "false"])
    #expect(ValueKind.integer.words.isEmpty && ValueKind.decimal.words.isEmpty && ValueKind.string.words.isEmpty)
    #expect(direction.takesWords && ValueKind.boolean.takesWords)
    #expect(!ValueKind.integer.takesWords && !ValueKind.decimal.takesWords && !ValueKind.string.takesWords)
  }

  @Test func literals() {
    #expect(ValueKind.integer(1...9).value(of: .integer(3)) == .integer(3))
    #expect(ValueKind.integer(1...9).value(of: .integer(10)) == nil)
    #expect(ValueKind.integer.value(of: .decimal(2.0)) == nil)
    #expect(ValueKind.decimal(0...5).value(of: .integer(3)) == .decimal(3))
    #expect(ValueKind.decimal(0...5).value(of: .integer(6)) == nil)
    #expect(ValueKind.decimal(0...5).value(of: .decimal(2.5)) == .decimal(2.5))
    #expect(direction.value(of: .string("north")) == .word(0))
    #expect(direction.value(of: .string("east")) == nil)
    #expect(ValueKind.string.value(of: .string("up")) == .string("up"))
    #expect(ValueKind.boolean.value(of: .string("false")) == .boolean(false))
    #expect(ValueKind.boolean.value(of: .string("no")) == nil)
    // A word's index and a boolean are no literals.
    #expect(direction.value(of: .word(0)) == nil && ValueKind.boolean.value(of: .boolean(true)) == nil)
  }

  @Test func scriptArguments() throws {
    #expect(ValueKind.integer.value(ofArgument: "+5") == .integer(5))
    for text in ["2.0", "1e3", "0x10", " 3", "inf", "", "three"] {
      #expect(ValueKind.integer.value(ofArgument: text) == nil, "\(text)")
    }
    #expect(ValueKind.integer(1...9).value(ofArgument: "10") == nil)
    #expect(ValueKind.decimal.value(ofArgument: "3") == .decimal(3))
    #expect(ValueKind.decimal.value(ofArgument: "1e3") == .decimal(1000))
    #expect(ValueKind.decimal.value(ofArgument: "99999999999999999999") == .decimal(1e20))
    // `-0` keeps its sign, as a decimal read as one.
    let zero = try #require(ValueKind.decimal.value(ofArgument: "-0"))
    guard case .decimal(let x) = zero else { Issue.record("\(zero)"); return }
    #expect(x == 0 && x.sign == .minus)
    for text in ["inf", "nan", "1e400", "0x1p3", "2,5"] {
      #expect(ValueKind.decimal.value(ofArgument: text) == nil, "\(text)")
    }
    #expect(ValueKind.string.value(ofArgument: "3") == .string("3"))
    #expect(ValueKind.string.value(ofArgument: "") == .string(""))
    #expect(direction.value(ofArgument: "north") == .word(0))
    #expect(direction.value(ofArgument: "0") == nil)
    #expect(ValueKind.boolean.value(ofArgument: "true") == .boolean(true))
    #expect(ValueKind.boolean.value(ofArgument: "1") == nil)
  }

  @Test func valuesAsData() {
    #expect(StateValue(.integer(3), of: .integer) == .int(3))
    #expect(StateValue(.decimal(2.5), of: .decimal) == .double(2.5))
    #expect(StateValue(.string("hi"), of: .string) == .string("hi"))
    #expect(StateValue(.boolean(true), of: .boolean) == .bool(true))
    #expect(StateValue(.word(1), of: direction) == .string("down"))
    #expect(StateValue(.word(1), of: .string) == .int(1))
  }
}
