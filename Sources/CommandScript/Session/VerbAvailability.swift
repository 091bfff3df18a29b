// What a host can ask about the verbs of a receiver now: which cannot work, and why, from the
// conditions their types declare (``Availability``).

extension Session {
  /// The verbs of the receiver called `receiver` that cannot work now, each with the reason
  /// of the first of its conditions (``Availability``) that holds, in the order its type
  /// declares them; empty for a receiver there is not. A condition whose query fails (a
  /// plugin that died) does not hold: the verb stays offered, and says what is wrong when
  /// it runs. Nothing changes.
  public func unavailableVerbs(of receiver: String) -> [(verb: String, reason: String)] {
    guard let index = timeline.instances.lastIndex(where: { $0.name == receiver && $0.exists }) else { return [] }
    let type = checkerState.types[checkerState.instances[index].type]
    guard type.verbs.contains(where: { $0.hasConditions }) else { return [] }
    let queries = type.queries
    var answers: [String: Bool] = [:]
    func answer(_ name: String) -> Bool? {
      if let known = answers[name] { return known }
      guard let q = queries.firstIndex(where: { $0.name == name }),
        case .boolean(let value)? = try? timeline.instances[index].ask(
          q, Arguments(queries[q].parameters.compactMap(\.defaultValue)))
      else { return nil }
      answers[name] = value
      return value
    }
    return type.verbs.compactMap { verb in
      verb.availability.first { answer($0.query) == $0.answer }.map { (verb.name, $0.reason) }
    }
  }

  /// Why the verb `verb` of the receiver called `receiver` cannot work now, or nil if it
  /// can (see ``unavailableVerbs(of:)``).
  public func unavailability(of verb: String, on receiver: String) -> String? {
    unavailableVerbs(of: receiver).first { $0.verb == verb }?.reason
  }
}
