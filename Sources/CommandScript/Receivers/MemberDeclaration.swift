// What a receiver type's member is, declared once: a Swift receiver's `Verb` and `Query` hold
// one beside their functions, a type declared as data (a plugin's) lists them, and the
// registry, the checker, help, completion, the editor server, `mcp describe` and the page all
// read the same value.

/// One member of a receiver type, a verb or a query, without its functions: its name,
/// parameters and summary, and what is particular to its role — for a verb, whether it can
/// be undone, the name of the steps it makes, whether it waits for a result and when it
/// cannot work; for a query, what it answers.
///
/// A Swift receiver does not build these: each ``Verb`` and ``Query`` of its tables holds
/// one (``Verb/declaration``). A type declared as data lists them:
///
/// ```swift
/// let lamp = ReceiverDeclaration(
///   name: "lamp", summary: "a dimmable lamp",
///   verbs: [MemberDeclaration("dim", [Parameter("level", .integer(0...100))], summary: "set the brightness")],
///   queries: [MemberDeclaration("level", [], .integer(0...100), summary: "the brightness")])
/// ```
///
/// One type serves both roles, so that what every member has (a name, parameters, a
/// summary, its ``signature``) is written once, and a list of a type's members is one
/// array. The names of earlier versions, ``VerbDeclaration``, ``QueryDeclaration``,
/// ``VerbInfo`` and ``QueryInfo``, name it still. ``result`` is a query's alone: reading it
/// of a verb is a programming error, as reading ``Arguments/int(_:)`` of a string is
/// (``isQuery`` tells them apart).
public struct MemberDeclaration: @unchecked Sendable {
  // Safe: the one closure it may hold (`conditionTable`) reads a static table, a value
  // that is made once and never changes.
  /// The member's name in scripts (`move`, `locked`).
  public var name: String
  /// Its parameters, in order; those with defaults come last.
  public var parameters: [Parameter]
  /// One line for `help`.
  public var summary: String
  /// What a query answers; nil for a verb.
  @usableFromInline var answerKind: QueryKind?
  /// Whether `undo` can revert it: a verb that cannot leaves no record, and neither redo
  /// nor a journal's replay runs it again (as ``Verb/init(notUndoable:_:summary:execute:)-(_,[Parameter],_,_)``).
  /// False for a query, which changes nothing.
  public var isUndoable: Bool
  /// The name of the steps a verb makes (see ``Verb/named(_:)``); nil: a step is called by
  /// its statement.
  public var actionName: String?
  /// Whether a verb waits for a result (declared with `awaiting:`), so that statements that
  /// use it run through the async ``Session/run(_:)-8j7z9``.
  public var waitsForResult = false
  /// Conditions added one by one (``unavailable(when:_:)``, ``Verb/unavailable(when:_:)``).
  @usableFromInline var conditions: VerbConditions?
  /// The table of its Swift receiver type's conditions (``ReceiverBase/availability``),
  /// read only when they are asked for.
  @usableFromInline var conditionTable: (() -> [String: [Availability]])?

  /// A verb called `name`.
  public init(_ name: String, _ parameters: [Parameter] = [], summary: String, isUndoable: Bool = true) {
    self.name = name
    self.parameters = parameters
    self.summary = summary
    self.isUndoable = isUndoable
  }

  /// A query called `name` that answers a value of `result`.
  public init(_ name: String, _ parameters: [Parameter] = [], _ result: QueryKind, summary: String) {
    self.name = name
    self.parameters = parameters
    self.summary = summary
    self.answerKind = result
    self.isUndoable = false
  }

  /// Whether it is a query (it has a ``result``) rather than a verb.
  public var isQuery: Bool { answerKind != nil }

  /// What a query answers. A verb answers nothing: reading it of one stops the program.
  public var result: QueryKind {
    get {
      guard let answerKind else { preconditionFailure("verb `\(name)` answers nothing: it is not a query") }
      return answerKind
    }
    set { answerKind = newValue }
  }

  /// When a verb cannot work, asked in order (see ``unavailable(when:_:)`` and
  /// ``ReceiverBase/availability``); empty: it always can, and for a query.
  public var availability: [Availability] {
    get {
      let added = conditions?.all ?? []
      guard let table = conditionTable?()[name] else { return added }
      return added + table
    }
    set {
      conditions = .chain(newValue)
      conditionTable = nil
    }
  }

  /// Whether some condition says when it cannot work, without reading them all.
  var hasConditions: Bool { conditions != nil || conditionTable?()[name] != nil }

  /// How many arguments it needs at least (parameters without defaults).
  package var requiredCount: Int { parameters.prefix { $0.defaultValue == nil }.count }

  /// `move <direction> [steps]`, `cell <row> <col>`: for help and diagnostics.
  public var signature: String {
    ([name] + parameters.map { $0.defaultValue == nil ? "<\($0.name)>" : "[\($0.name)]" }).joined(separator: " ")
  }

  /// This verb, unavailable while the boolean query `query` answers true (see
  /// ``Verb/unavailable(when:_:)``).
  public func unavailable(when query: String, _ reason: String) -> MemberDeclaration {
    var verb = self
    verb.conditions = VerbConditions(Availability(query: query, answer: true, reason: reason), after: conditions)
    return verb
  }

  /// This verb, unavailable while the boolean query `query` answers false (see
  /// ``Verb/unavailable(unless:_:)``).
  public func unavailable(unless query: String, _ reason: String) -> MemberDeclaration {
    var verb = self
    verb.conditions = VerbConditions(Availability(query: query, answer: false, reason: reason), after: conditions)
    return verb
  }
}

/// A verb's declaration, without its functions: the name it had before verbs and queries
/// were declared by one type (``MemberDeclaration``).
public typealias VerbDeclaration = MemberDeclaration
/// A query's declaration, without its function (see ``MemberDeclaration``).
public typealias QueryDeclaration = MemberDeclaration
/// A registered verb's declaration (see ``MemberDeclaration``).
public typealias VerbInfo = MemberDeclaration
/// A registered query's declaration (see ``MemberDeclaration``).
public typealias QueryInfo = MemberDeclaration
