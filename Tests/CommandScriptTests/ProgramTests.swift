import CommandScriptReceivers
import Testing

@testable import CommandScript

private let direction = Constraint.word(WordSet(name: "direction", words: ["up", "down", "left", "right"]))
private let colour = Constraint.word(Shape.colours)

@Suite struct ProgramTests {
  @Test func mergingConstraints() {
    #expect(Constraint.any.merged(with: .string) == .string)
    #expect(Constraint.string.merged(with: .any) == .string)
    #expect(Constraint.any.merged(with: .any) == .any)
    #expect(Constraint.integer(1...Int.max).merged(with: .integer(0...Int.max)) == .integer(1...Int.max))
    #expect(Constraint.integer(-100...100).merged(with: .integer(1...9)) == .integer(1...9))
    #expect(Constraint.integer(0...5).merged(with: .integer(5...9)) == .integer(5...5))
    #expect(Constraint.integer(0...4).merged(with: .integer(5...9)) == nil)
    #expect(direction.merged(with: direction) == direction)
    #expect(direction.merged(with: colour) == nil)
    #expect(direction.merged(with: .integer(0...1)) == nil)
    #expect(Constraint.string.merged(with: .string) == .string)
    #expect(Constraint.string.merged(with: colour) == nil)
    #expect(Constraint.integer(0...1).merged(with: .string) == nil)
  }

  @Test func constraintDescriptions() {
    #expect(Constraint.any.description == "anything")
    #expect(Constraint.integer(1...Int.max).description == "an integer ≥ 1")
    #expect(Constraint.integer(1...9).description == "an integer from 1 to 9")
    #expect(Constraint.string.description == "a string")
    #expect(direction.description == "a direction (up, down, left, right)")
    #expect(Constraint.word(WordSet(words: ["on", "off"])).description == "one of on, off")
  }

  @Test func constraintsFromParameterKinds() {
    #expect(Constraint(.integer(0...3)) == .integer(0...3))
    #expect(Constraint(.string) == .string)
    #expect(Constraint(.word(Shape.colours)) == colour)
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
