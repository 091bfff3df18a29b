import Testing

@testable import CommandScript

/// What the checker carries between statements: names looked up at once, and a state
/// taken back to a mark as a copy of it would have been.
@Suite struct CheckerStateTests {
  /// The names of every check, as a session keeps them (a macro's template refers to them).
  private let symbols = SymbolTable()

  /// The state after checking `text` (which must check) on top of `state`.
  private func checked(_ text: String, on state: CheckerState) -> CheckerState {
    var checker = Checker(state: state, commands: CommandTable(), symbols: symbols)
    let (statements, problems) = parseAll(text, symbols: checker.symbols)
    #expect(problems.isEmpty)
    for statement in statements { #expect(checker.check(statement) != nil, "\(text)") }
    #expect(checker.problems.isEmpty, "\(checker.problems.map(\.message))")
    return checker.state
  }

  @Test func takingBackToAMarkIsTheStateAtTheMark() {
    let start = checked(
      "macro zig { move up }; macro shut d { $d.close }; new door back; use door",
      on: CheckerState(registry: testRegistry()))
    let mark = start.mark
    var later = checked(
      "macro zig { move down }; new door side; shut side; macro zag { zig }; use shape; new door front", on: start)
    #expect(later.instances.count == start.instances.count + 2)
    #expect(later.macro(named: "zig") != start.macro(named: "zig"))
    later.takeBack(since: mark)
    // The instances made since stay, numbered as the invoker numbers them, withdrawn.
    #expect(later.instances.count == start.instances.count + 2)
    #expect(later.instances.suffix(2).allSatisfy { $0.withdrawn })
    #expect(later.instanceIndex("side") == nil)
    #expect(later.instanceIndex("front") == nil)
    #expect(later.instanceIndex("back") == start.instanceIndex("back"))
    // The macros and names are those at the mark.
    #expect(later.macros.count == start.macros.count)
    #expect(later.macroByName == start.macroByName)
    #expect(later.macro(named: "zag") == nil)
    #expect(later.specializations == start.specializations)
    #expect(later.usedInstance == start.usedInstance)
  }

  @Test func aMacroIsLookedUpAsAtAnEarlierPoint() {
    let state = checked(
      "macro zig { move up }; macro zag { zig }; macro zig { move down }", on: CheckerState(registry: testRegistry()))
    #expect(state.macro(named: "zig") == 2)
    #expect(state.macro(named: "zig", before: 2) == 0)
    #expect(state.macro(named: "zig", before: 0) == nil)
    #expect(state.macroByName == ["zig": 2, "zag": 1])
  }
}
