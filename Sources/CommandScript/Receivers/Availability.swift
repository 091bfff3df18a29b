// When a verb cannot work: a boolean query of its own receiver, and the answer that says so
// ("`open` is unavailable while `locked`: the door is locked"). Declared once, in the
// receiver type's table of conditions (``ReceiverBase/availability``) or beside the verb
// (``MemberDeclaration/unavailable(when:_:)``, a plugin's `"unavailable"`), and read by whatever offers the verb: the page disables its controls and
// says why, `help` and the MCP `describe` list the conditions, and
// ``Session/unavailableVerbs(of:)`` answers them for a receiver now. The run does not refuse
// a verb for them: the verb's own failure stays the one rule for what fails, so that a
// condition may also mark a verb that would change nothing (`unlock` on an unlocked door),
// which scripts are free to run.

/// A condition under which a verb cannot work: while the boolean query `query` of the same
/// receiver, asked without arguments, answers `answer`, the verb is unavailable because of
/// `reason`.
public struct Availability: Sendable, Hashable {
  /// A query of the verb's own type, boolean, whose parameters all have defaults.
  public let query: String
  /// The answer of `query` that makes the verb unavailable: true for
  /// ``Verb/unavailable(when:_:)``, false for ``Verb/unavailable(unless:_:)``.
  public let answer: Bool
  /// Why the verb cannot work then, for people, short: "the door is locked".
  public let reason: String

  /// Unavailable while `query` answers `answer`, because of `reason`.
  public init(query: String, answer: Bool, reason: String) {
    self.query = query
    self.answer = answer
    self.reason = reason
  }

  /// The condition as `help` writes it: `while locked`, `while not open`.
  public var description: String { answer ? "while \(query)" : "while not \(query)" }

  /// Unavailable while the boolean query `query` answers true, because of `reason`:
  /// `"open": [.when("locked", "the door is locked")]` in a table of conditions
  /// (``ReceiverBase/availability``).
  public static func when(_ query: String, _ reason: String) -> Availability {
    Availability(query: query, answer: true, reason: reason)
  }

  /// Unavailable while the boolean query `query` answers false, because of `reason`:
  /// `"unlock": [.unless("locked", "the door is not locked")]`.
  public static func unless(_ query: String, _ reason: String) -> Availability {
    Availability(query: query, answer: false, reason: reason)
  }
}

extension ReceiverBase {
  /// No verb declares when it cannot work.
  public static var availability: [String: [Availability]] { [:] }
}

extension Verb {
  /// This verb, unavailable while the boolean query `query` of its receiver answers true,
  /// because of `reason`: `Verb("open", …).unavailable(when: "locked", "the door is locked")`.
  /// Conditions are asked in the order they were added; the first that holds gives the
  /// reason. A table built at every start-up of a tool (the built-in receivers') declares
  /// them in ``ReceiverBase/availability`` instead, which is read only when asked for.
  public func unavailable(when query: String, _ reason: String) -> Verb {
    var verb = self
    verb.declaration = declaration.unavailable(when: query, reason)
    return verb
  }

  /// This verb, unavailable while the boolean query `query` of its receiver answers false,
  /// because of `reason`: `Verb("unlock", …).unavailable(unless: "locked", "the door is not locked")`.
  public func unavailable(unless query: String, _ reason: String) -> Verb {
    var verb = self
    verb.declaration = declaration.unavailable(unless: query, reason)
    return verb
  }

  /// When it cannot work, asked in order (see ``unavailable(when:_:)``); empty: it always
  /// can. Those of its type's table (``ReceiverBase/availability``) are the registry's.
  public var availability: [Availability] { declaration.availability }
}

/// A verb's conditions, as a chain from the last added back to the first: one small
/// allocation per condition, and one nil pointer for a verb without any. The built-in
/// receivers' verb tables are built at every start, and a plain run never asks for their
/// conditions: an array there (its storage type's metadata, a growth per condition) cost
/// 11,000 of the 1,056,000 instructions of `cmdscript -c ''`.
@usableFromInline
final class VerbConditions: Sendable {
  @usableFromInline let last: Availability
  @usableFromInline let earlier: VerbConditions?

  @inlinable init(_ last: Availability, after earlier: VerbConditions?) {
    self.last = last
    self.earlier = earlier
  }

  /// The chain of `all`, nil if it is empty.
  static func chain(_ all: [Availability]) -> VerbConditions? {
    all.reduce(nil) { VerbConditions($1, after: $0) }
  }

  /// All of them, in the order they were added.
  var all: [Availability] { (earlier?.all ?? []) + [last] }
}

extension ReceiverRegistry {
  /// Checks that each condition of a verb of `type` names a boolean query of the type that
  /// needs no argument.
  static func validateAvailability(of type: ReceiverTypeInfo, queries: [MemberDeclaration]) throws(RegistrationError) {
    if let table = type.verbs.first?.conditionTable?() {
      for verb in table.keys.sorted() where !type.verbs.contains(where: { $0.name == verb }) {
        throw RegistrationError("`\(type.name)` declares when verb `\(verb)` is unavailable, but has no such verb")
      }
    }
    for verb in type.verbs {
      for condition in verb.availability {
        let described = "`\(type.name).\(verb.name)` is unavailable \(condition.description)"
        guard let query = queries.first(where: { $0.name == condition.query }) else {
          throw RegistrationError("\(described), but `\(type.name)` has no query `\(condition.query)`")
        }
        guard query.result == .boolean else {
          throw RegistrationError("\(described), but `\(type.name).\(query.name)` is not a boolean query")
        }
        guard query.requiredCount == 0 else {
          throw RegistrationError("\(described), but `\(type.name).\(query.name)` needs arguments")
        }
        guard !condition.reason.isEmpty else { throw RegistrationError("\(described), without a reason") }
      }
    }
  }
}
