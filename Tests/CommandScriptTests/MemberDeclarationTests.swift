import CommandScriptReceivers
import Testing

@testable import CommandScript

/// One declaration of a member (``MemberDeclaration``): held by Swift receivers' verbs and
/// queries, listed by declared types, read by the registry and everything after it; the
/// names of earlier versions still spell it; and a type's table of conditions is read only
/// when asked for.
@Suite struct MemberDeclarationTests {
  @Test func aSwiftReceiversVerbsAndQueriesHoldTheDeclarationsTheRegistryLists() throws {
    let door = try #require(ReceiverRegistry.builtins.types.first { $0.name == "door" })
    #expect(door.verbs.map(\.name) == Door.verbs.map(\.declaration.name))
    #expect(door.queries.map(\.name) == Door.queries.map(\.declaration.name))
    #expect(door.verbs.allSatisfy { !$0.isQuery && $0.isUndoable })
    #expect(door.queries.allSatisfy { $0.isQuery && $0.result == .boolean && !$0.isUndoable })
    let board = try #require(ReceiverRegistry.builtins.types.first { $0.name == "board" })
    let cell = try #require(board.queries.first { $0.name == "cell" })
    #expect(cell.signature == "cell <row> <col>")
    #expect(cell.requiredCount == 2)
  }

  @Test func theNamesOfEarlierVersionsStillSpellIt() {
    var verb: VerbDeclaration = VerbDeclaration("dim", [Parameter("level", .integer(0...9))], summary: "dim")
    verb.isUndoable = false
    let query: QueryDeclaration = QueryDeclaration("lit", [], .boolean, summary: "whether it is lit")
    let info: VerbInfo = verb.unavailable(when: "lit", "it is lit")
    let queryInfo: QueryInfo = query
    #expect(!info.isUndoable && info.actionName == nil && !info.waitsForResult)
    #expect(info.availability == [.when("lit", "it is lit")])
    #expect(info.signature == "dim <level>" && info.requiredCount == 1)
    #expect(queryInfo.result == .boolean && queryInfo.result.description == "boolean")
    #expect(!verb.isQuery && query.isQuery)
  }

  @Test func aDeclaredTypeTakesNoQueryAmongItsVerbsNorVerbAmongItsQueries() {
    func problem(verbs: [MemberDeclaration], queries: [MemberDeclaration]) -> RegistrationError? {
      var registry = ReceiverRegistry()
      let lamp = ReceiverDeclaration(name: "lamp", summary: "", verbs: verbs, queries: queries)
      do throws(RegistrationError) { try registry.register(declared: lamp) { _ in Silent() } } catch {
        return error
      }
      return nil
    }
    let on = MemberDeclaration("on", summary: "")
    let lit = MemberDeclaration("lit", [], .boolean, summary: "")
    #expect(problem(verbs: [on], queries: [lit]) == nil)
    #expect(
      problem(verbs: [on, lit], queries: []) == RegistrationError("`lamp` declares query `lit` among its verbs"))
    #expect(
      problem(verbs: [], queries: [lit, on]) == RegistrationError("`lamp` declares verb `on` among its queries"))
  }

  @Test func aVerbsOwnConditionsComeBeforeItsTypesTable() throws {
    var registry = ReceiverRegistry()
    try registry.register(Switch.self)
    try registry.validateQueries()
    let on = try #require(registry.types[0].verbs.first)
    #expect(on.availability == [.when("broken", "it is broken"), .when("lit", "it is already on")])
    let s = Session(registry: registry)
    #expect(s.unavailability(of: "on", on: "switch") == nil)
  }

  @Test func aTableKeyThatNamesNoVerbIsAnError() {
    var registry = ReceiverRegistry()
    try? registry.register(Misnamed.self)
    #expect(throws: RegistrationError("`switch` declares when verb `of` is unavailable, but has no such verb")) {
      try registry.validateQueries()
    }
  }

  @Test func aTypesQueriesAreReadOnceForManyLookups() throws {
    var registry = ReceiverRegistry()
    try registry.register(Counted.self)
    #expect(Counted.reads.value == 0)
    for _ in 0..<3 { #expect(registry.types[0].queryIndex("lit") == 0) }
    #expect(registry.types[0].queries.map(\.name) == ["lit"])
    #expect(Counted.reads.value == 1)
  }
}

private final class Silent: DeclaredReceiver {
  func execute(_ verb: Int, _ arguments: Arguments) throws(CommandFailure) -> StateValue { .null }
  func undo(_ verb: Int, _ arguments: Arguments, record: StateValue) {}
  func ask(_ query: Int, _ arguments: Arguments) throws(CommandFailure) -> Answer { .boolean(false) }
  var state: StateValue { .null }
}

private final class Switch: Receiver {
  static let typeName = "switch"
  static let summary = ""
  static let verbs: [Verb<Switch>] = [
    Verb("on", summary: "", saving: { _ in }, restoring: { _, _ in }) { _, _ in }
      .unavailable(when: "broken", "it is broken")
  ]
  static let availability: [String: [Availability]] = ["on": [.when("lit", "it is already on")]]
  static let queries: [Query<Switch>] = [
    Query("lit", .boolean, summary: "") { _, _ in .boolean(false) },
    Query("broken", .boolean, summary: "") { _, _ in .boolean(false) },
  ]
  init() {}
  var state: StateValue { .null }
}

private final class Misnamed: Receiver {
  static let typeName = "switch"
  static let summary = ""
  static let verbs: [Verb<Misnamed>] = [Verb("on", summary: "", saving: { _ in }, restoring: { _, _ in }) { _, _ in }]
  static let availability: [String: [Availability]] = ["of": [.when("lit", "it is already on")]]
  static let queries: [Query<Misnamed>] = [Query("lit", .boolean, summary: "") { _, _ in .boolean(false) }]
  init() {}
  var state: StateValue { .null }
}

/// A receiver that counts how often its query table is read.
private final class Counted: Receiver {
  final class Reads: @unchecked Sendable { var value = 0 }
  static let reads = Reads()
  static let typeName = "counted"
  static let summary = ""
  static let verbs: [Verb<Counted>] = [Verb("on", summary: "", saving: { _ in }, restoring: { _, _ in }) { _, _ in }]
  static var queries: [Query<Counted>] {
    reads.value += 1
    return [Query("lit", .boolean, summary: "") { _, _ in .boolean(false) }]
  }
  init() {}
  var state: StateValue { .null }
}
