// The laws `cmdscript plugin check` holds a plugin to, on random calls made from its
// declarations. Each call is written down as it is made, so that a violation is printed
// with the calls that led to it.

struct PluginLaws {
  private var random: SplitMix
  /// The calls since the last state the laws compare with, as lines for a report.
  private var trail: [String] = []
  private(set) var violations = 0
  /// The laws found broken so far, each by what broke it: printed the first time only.
  private var seen: Set<String> = []
  private var plugin: Plugin!

  init(seed: UInt64) { random = SplitMix(seed: seed) }

  /// Checks the plugin `command` starts; prints what it finds. True when nothing was wrong.
  mutating func check(_ command: String, calls: Int, timeout: Double) -> Bool {
    do { plugin = try Plugin(command: command, directory: nil, timeout: timeout) } catch {
      switch error {
      case .refused(let message), .fault(let message): violation("the plugin did not start: \(message)")
      }
      return false
    }
    plugin.onFault = { _ in }
    defer { plugin.shutdown() }
    var registry = ReceiverRegistry()
    for type in plugin.types {
      do { try registry.register(declared: type) { _ in Unusable() } } catch {
        violation("declarations: type `\(type.name)`: \(error.description)")
      }
    }
    var made = 0
    for type in plugin.types {
      var instances = type.instances
      if instances.isEmpty {
        made += 1
        let name = "check\(made)"
        guard call("new", ["type": .string(type.name), "name": .string(name)]) != nil else { continue }
        instances = [name]
      }
      for instance in instances where !plugin.hasFailed {
        checkInstance(instance, of: type, calls: max(1, calls / max(1, plugin.types.count)))
        if plugin.batch != nil, !plugin.hasFailed { checkBatch(instance, of: type) }
      }
    }
    if violations == 0 {
      Console.out.line("plugin `\(plugin.name)`: \(calls) random calls, no violations")
    } else {
      Console.out.line(
        "plugin `\(plugin.name)`: \(seen.count) law\(seen.count == 1 ? "" : "s") broken, \(violations) time\(violations == 1 ? "" : "s") in \(calls) random calls"
      )
    }
    return violations == 0
  }

  private mutating func checkInstance(_ instance: String, of type: ReceiverDeclaration, calls: Int) {
    trail = []
    guard let initial = state(instance) else { return }
    var done: [(verb: VerbDeclaration, arguments: [StateValue], record: StateValue)] = []
    for _ in 0..<calls where !plugin.hasFailed {
      trail = []
      let useQuery = !type.queries.isEmpty && (type.verbs.isEmpty || random.below(4) == 0)
      guard let before = state(instance) else { return }
      if useQuery {
        let query = type.queries[random.below(type.queries.count)]
        let arguments = query.parameters.map { value(of: $0.kind) }
        let params: [String: StateValue] = [
          "instance": .string(instance), "query": .string(query.name), "arguments": .array(arguments),
        ]
        if let result = call("query", params) {
          let answer = result["value"] ?? .null
          trail.append("  → value \(answer.json)")
          if PluginDeclarations.answer(answer, of: query.result) == nil {
            violation("`\(instance).\(query.name)` answered \(answer.json), not \(query.result.description)")
          }
        }
        guard let after = state(instance) else { return }
        if after != before { violation("the query `\(instance).\(query.name)` changed the state") }
        continue
      }
      guard !type.verbs.isEmpty else { return }
      let verb = type.verbs[random.below(type.verbs.count)]
      let arguments = verb.parameters.map { value(of: $0.kind) }
      let params: [String: StateValue] = [
        "instance": .string(instance), "verb": .string(verb.name), "arguments": .array(arguments),
      ]
      guard let result = call("execute", params, refusalIsFine: true) else {
        guard !plugin.hasFailed, let after = state(instance) else { return }
        if after != before { violation("`\(instance).\(verb.name)` failed but changed the state") }
        continue
      }
      guard verb.isUndoable else { continue }
      let record = result["undo"] ?? .null
      guard let executed = state(instance) else { return }
      var undoParams = params
      undoParams["undo"] = record
      guard call("undo", undoParams) != nil, let undone = state(instance) else { return }
      if undone != before {
        violation("`execute; undo` of `\(instance).\(verb.name)` did not leave the state as it was")
      }
      guard let again = call("execute", params) else {
        violation("`execute; undo; execute` (a redo) of `\(instance).\(verb.name)` failed where `execute` had not")
        return
      }
      guard let redone = state(instance) else { return }
      if redone != executed {
        violation(
          "`execute; undo; execute` (a redo) of `\(instance).\(verb.name)` did not give the state `execute` gave")
      }
      done.append((verb, arguments, again["undo"] ?? .null))
    }
    // Everything undone, last first: back to where it started.
    while let last = done.popLast(), !plugin.hasFailed {
      let params: [String: StateValue] = [
        "instance": .string(instance), "verb": .string(last.verb.name), "arguments": .array(last.arguments),
        "undo": last.record,
      ]
      guard call("undo", params) != nil else { return }
    }
    if let final = state(instance), final != initial {
      trail = ["... (every command above undone, last first)"]
      violation("undoing every command did not give back the first state of `\(instance)`")
    }
  }

  /// A batch of `execute`s must give the state the same calls give one by one, and a batch
  /// of their `undo`s, last first, the state before them (PLUGINS.md, "Batches").
  private mutating func checkBatch(_ instance: String, of type: ReceiverDeclaration) {
    guard let batch = plugin.batch, let flags = plugin.infallible[type.name] else { return }
    let verbs = type.verbs.indices.filter { flags[$0] && type.verbs[$0].isUndoable }
    guard !verbs.isEmpty else { return }
    trail = []
    guard let before = state(instance) else { return }
    // Some calls in a row of one verb (a run), some not.
    var calls: [(verb: Int, arguments: [StateValue])] = []
    for _ in 0..<6 {
      let verb = calls.last.map { random.below(2) == 0 ? $0.verb : verbs[random.below(verbs.count)] }
      let chosen = verb ?? verbs[random.below(verbs.count)]
      calls.append((chosen, type.verbs[chosen].parameters.map { value(of: $0.kind) }))
    }
    func params(_ verb: Int, _ arguments: [StateValue]) -> [String: StateValue] {
      ["instance": .string(instance), "verb": .string(type.verbs[verb].name), "arguments": .array(arguments)]
    }
    var records: [StateValue] = []
    for (verb, arguments) in calls {
      guard let result = call("execute", params(verb, arguments)) else { return }
      records.append(result["undo"] ?? .null)
    }
    guard let expected = state(instance) else { return }
    for ((verb, arguments), record) in zip(calls, records).reversed() {
      var undo = params(verb, arguments)
      undo["undo"] = record
      guard call("undo", undo) != nil else { return }
    }
    // If that did not give `before` back, the laws above have said so.
    guard let undone = state(instance), undone == before else { return }
    let owner = ObjectIdentifier(plugin)
    func head(_ kind: String, _ verb: Int) -> [UInt8] {
      let names = "\(StateValue.string(instance).json), \(StateValue.string(type.verbs[verb].name).json)"
      return Array("[\"\(kind)\", \(names), [".utf8)
    }
    let tickets = calls.map { verb, arguments in
      batch.execute(owner, verb, head: head("execute", verb)) { $0 += StateValue.array(arguments).json.utf8 }
    }
    guard flushBatch(batch) else { return }
    let answered = tickets.map { batch.record(of: $0) }
    trail.append("  → records \(StateValue.array(answered).json)")
    guard let executed = state(instance) else { return }
    if executed != expected {
      violation("a `batch` of `execute`s of `\(instance)` did not give the state the same calls one by one gave")
      return
    }
    for ((verb, arguments), record) in zip(calls, answered).reversed() {
      batch.undo(
        owner, verb, head: head("undo", verb), { $0 += StateValue.array(arguments).json.utf8 }, record: record)
    }
    guard flushBatch(batch), let after = state(instance) else { return }
    if after != before {
      violation("a `batch` of the `undo`s of `\(instance)`'s `execute`s did not give back the state before them")
    }
  }

  /// Sends the batch, written down; false (and a violation) if it failed.
  private mutating func flushBatch(_ batch: PluginBatch) -> Bool {
    trail.append("batch " + String(decoding: batch.message(), as: UTF8.self))
    do {
      try plugin.flush()
      return true
    } catch {
      switch error {
      case .refused(let message), .fault(let message): violation("`batch` failed: \(message)")
      }
      return false
    }
  }

  /// A random value of `kind`: its bounds as often as not.
  private mutating func value(of kind: ParameterKind) -> StateValue {
    switch kind {
    case .integer(let range):
      let low = max(range.lowerBound, -1000)
      let high = min(range.upperBound, 1000)
      switch random.below(4) {
      case 0: return .int(range.lowerBound == Int.min ? low : range.lowerBound)
      case 1: return .int(range.upperBound == Int.max ? high : range.upperBound)
      default: return .int(low + random.below(high - low + 1))
      }
    case .decimal(let range):
      let low = range.lowerBound.isFinite ? range.lowerBound : -1000
      let high = range.upperBound.isFinite ? range.upperBound : 1000
      switch random.below(4) {
      case 0: return .double(low)
      case 1: return .double(high)
      default: return .double(low + (high - low) * Double(random.below(1001)) / 1000)
      }
    case .word(let set): return .string(set.words[random.below(set.words.count)])
    case .string:
      let samples = ["", "a", "two words", "ünïcödé", "\"quoted\"", "line\nbreak"]
      return .string(samples[random.below(samples.count)])
    case .boolean: return .bool(random.below(2) == 0)
    }
  }

  private mutating func state(_ instance: String) -> StateValue? {
    guard let result = call("state", ["instance": .string(instance)]) else { return nil }
    guard let state = result["state"] else {
      violation("`state` answered without a `state`")
      return nil
    }
    trail.append("  → \(state.json)")
    return state
  }

  /// Makes a call and writes it down; a failure is a violation unless it is a refusal
  /// and `refusalIsFine`.
  private mutating func call(_ method: String, _ params: [String: StateValue], refusalIsFine: Bool = false)
    -> StateValue?
  {
    let members = ["instance", "type", "name", "verb", "query", "arguments", "undo"].compactMap { key in
      params[key].map { StateValue.Member(key, $0) }
    }
    let shown = members.map { "\($0.key): \($0.value.json)" }.joined(separator: ", ")
    trail.append("\(method) {\(shown)}")
    do {
      let result = try plugin.call(method, .object(members))
      if method == "execute" { trail.append("  → undo \((result["undo"] ?? .null).json)") }
      return result
    } catch {
      switch error {
      case .refused(let message):
        trail.append("  → error: \(message)")
        if !refusalIsFine { violation("`\(method)` failed: \(message)") }
      case .fault(let message): violation(message)
      }
      return nil
    }
  }

  /// Prints a violation with the calls that showed it, the first time that law is broken
  /// that way; counts it every time.
  private mutating func violation(_ what: String) {
    violations += 1
    guard seen.insert(what).inserted else { return }
    Console.out.line("violation: \(what)")
    if !trail.isEmpty { Console.out.line("  calls:\n" + trail.map { "    \($0)" }.joined(separator: "\n")) }
  }
}

/// Stands in for instances while declarations are checked: never called.
private final class Unusable: DeclaredReceiver {
  func execute(_ verb: Int, _ arguments: Arguments) throws(CommandFailure) -> StateValue { .null }
  func undo(_ verb: Int, _ arguments: Arguments, record: StateValue) {}
  func ask(_ query: Int, _ arguments: Arguments) throws(CommandFailure) -> Answer { .boolean(false) }
  var state: StateValue { .null }
}

/// A small seeded generator (SplitMix64), so that a check is repeated exactly with the same
/// `--seed` (and a test's round with its seed).
struct SplitMix {
  private var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<n`.
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
