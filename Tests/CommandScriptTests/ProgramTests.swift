import CommandScriptReceivers
import Testing

@testable import CommandScript

private let direction = Constraint.kind(.word(WordSet(name: "direction", words: ["up", "down", "left", "right"])))
private let colour = Constraint.kind(.word(Shape.colours))
private let string = Constraint.kind(.string)

private func integers(_ range: ClosedRange<Int>) -> Constraint { .kind(.integer(range)) }

@Suite struct ProgramTests {
  @Test func mergingConstraints() {
    #expect(Constraint.any.merged(with: string) == string)
    #expect(string.merged(with: .any) == string)
    #expect(Constraint.any.merged(with: .any) == .any)
    #expect(integers(1...Int.max).merged(with: integers(0...Int.max)) == integers(1...Int.max))
    #expect(integers(-100...100).merged(with: integers(1...9)) == integers(1...9))
    #expect(integers(0...5).merged(with: integers(5...9)) == integers(5...5))
    #expect(integers(0...4).merged(with: integers(5...9)) == nil)
    #expect(direction.merged(with: direction) == direction)
    #expect(direction.merged(with: colour) == nil)
    #expect(direction.merged(with: integers(0...1)) == nil)
    #expect(string.merged(with: string) == string)
    #expect(string.merged(with: colour) == nil)
    #expect(integers(0...1).merged(with: string) == nil)
    #expect(Constraint.kind(.boolean).merged(with: .kind(.boolean)) == .kind(.boolean))
    #expect(Constraint.kind(.boolean).merged(with: string) == nil)
    #expect(Constraint.kind(.decimal(0...2)).merged(with: .kind(.decimal(1...3))) == .kind(.decimal(1...2)))
    #expect(Constraint.kind(.decimal).merged(with: integers(0...9)) == nil)
    #expect(Constraint.receiver.merged(with: .receiver) == .receiver)
    #expect(Constraint.receiver.merged(with: .any) == .receiver)
    #expect(Constraint.receiver.merged(with: string) == nil)
    #expect(string.merged(with: .receiver) == nil)
  }

  @Test func constraintDescriptions() {
    #expect(Constraint.any.description == "anything")
    #expect(Constraint.receiver.description == "a receiver")
    #expect(integers(1...Int.max).description == "an integer ≥ 1")
    #expect(integers(1...9).description == "an integer from 1 to 9")
    #expect(string.description == "a string")
    #expect(direction.description == "a direction (up, down, left, right)")
    #expect(Constraint.kind(.word(WordSet(words: ["on", "off"]))).description == "one of on, off")
    #expect(Constraint.kind(.boolean).description == "a boolean (true, false)")
  }

  @Test func constraintsFromParameterKinds() {
    #expect(Constraint(.integer(0...3)) == integers(0...3))
    #expect(Constraint(.string) == string)
    #expect(Constraint(.word(Shape.colours)) == colour)
  }

  @Test func expressionKindsHaveNoBounds() {
    #expect(ValueKind.integer(0...9).widened == .integer)
    #expect(ValueKind.decimal(0...1).widened == .decimal)
    #expect(ValueKind.word(Shape.colours).widened == .word(Shape.colours))
    #expect(ValueKind.integer(0...9).nounPhrase(bounds: false) == "an integer")
    #expect(ValueKind.word(Shape.colours).nounPhrase(bounds: false) == "a colour")
    #expect(ValueKind.boolean.nounPhrase(bounds: false) == "a boolean")
  }

  /// The spellings apps declare parameters and queries with, through the old names.
  @Test func parameterAndQueryKindsAreValueKinds() {
    let parameter: ParameterKind = .word(Shape.Direction.self, name: "direction", aliases: ["u": "up"])
    let query: QueryKind = .word(Shape.Direction.self, name: "direction")
    #expect(parameter.description == query.description)
    #expect(QueryKind.integer == ParameterKind.integer(Int.min...Int.max))
    #expect(ParameterKind.decimal == QueryKind.decimal(-.infinity ... .infinity))
    #expect(ParameterKind.integer(1...9).accepts(.integer(9)) && !QueryKind.integer(1...9).accepts(.integer(10)))
  }

  @Test func parameterKindDescriptions() {
    #expect(ParameterKind.integer(1...Int.max).description == "integer ≥ 1")
    #expect(ParameterKind.integer(3...9).description == "integer 3...9")
    #expect(ParameterKind.string.description == "string")
    #expect(ParameterKind.word(Shape.colours).description == "colour")
    #expect(ParameterKind.word(Shape.Direction.self).description == "up|down|left|right")
  }

  @Test func wordSetsResolveAliases() {
    #expect(Shape.colours.index(of: "grey") == 11)
    #expect(Shape.colours.index(of: "gray") == 11)
    #expect(Shape.colours.index(of: "red") == 0)
    #expect(Shape.colours.index(of: "rouge") == nil)
  }

  @Test func programCountsTopLevelStatements() throws {
    let session = Session(registry: .builtins)
    let program = try session.compile(SourceFile(name: "t", text: "macro m { }; use door\n{ m; m }; show"))
    #expect(program.count == 4)
  }
}
