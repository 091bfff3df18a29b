#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  private let seed: UInt64
  /// The arguments of the calls.
  private var values: PluginCheckValues
  /// Per verb (`instance.verb`), in the order first called: how many calls were made, how
  /// many succeeded, how many were undone.
  private var counts: [(verb: String, calls: Int, succeeded: Int, undone: Int, undoable: Bool)] = []

  init(seed: UInt64) {
    self.seed = seed
    random = SplitMix(seed: seed)
    values = PluginCheckValues(seed: seed &+ 1)
  }

  /// Checks the plugin `command` starts, in a scratch folder (its working directory and
  /// `HOME`) and told `"check": true`; prints what it finds. True when nothing was wrong.
  mutating func check(_ command: String, calls: Int, timeout: Double) -> Bool {
    Console.out.line("plugin check: seed \(seed) (the same calls again: --seed \(seed))")
    guard let scratch = ScratchFolder() else {
      violation("cannot make a scratch folder in /tmp")
      return false
    }
    defer { scratch.remove() }
    do {
      plugin = try Plugin(
        command: Self.absolute(command), directory: scratch.path, timeout: timeout,
        initialize: [.init("check", .bool(true))], environment: ["HOME": scratch.path])
    } catch {
      switch error {
      case .refused(let message), .fault(let message): violation("the plugin did not start: \(message)")
      }
      return false
    }
    plugin.onFault = { _ in }
    defer { plugin.shutdown() }
    for problem in values.read(plugin.declarations, types: plugin.types) { violation("declarations: \(problem)") }
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
    reportCounts(calls: calls)
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
    var done: [(verb: MemberDeclaration, arguments: [StateValue], record: StateValue)] = []
    var order: [Int] = []
    for _ in 0..<calls where !plugin.hasFailed {
      trail = []
      let useQuery = !type.queries.isEmpty && (type.verbs.isEmpty || random.below(4) == 0)
      // Every verb in turn, each round in another order: none is left uncalled by chance.
      if !useQuery && order.isEmpty { order = shuffled(type.verbs.indices) }
      guard var before = state(instance) else { return }
      if useQuery {
        let query = type.queries[random.below(type.queries.count)]
        let arguments = query.parameters.map { values.next("\(type.name).\(query.name).\($0.name)", $0.kind) }
        let params: [String: StateValue] = [
          "instance": .string(instance), "query": .string(query.name), "arguments": .array(arguments),
        ]
        if let result = call("query", params) {
          let answer = result["value"] ?? .null
          trail.append("  → value \(answer.json)")
          if PluginDeclarations.value(answer, fitting: query.result) == nil {
            violation("`\(instance).\(query.name)` answered \(answer.json), not \(query.result.description)")
          }
        }
        guard let after = state(instance) else { return }
        if after != before { violation("the query `\(instance).\(query.name)` changed the state") }
        continue
      }
      guard !type.verbs.isEmpty else { return }
      let verb = type.verbs[order.removeLast()]
      let arguments = verb.parameters.map { values.next("\(type.name).\(verb.name).\($0.name)", $0.kind) }
      let params: [String: StateValue] = [
        "instance": .string(instance), "verb": .string(verb.name), "arguments": .array(arguments),
      ]
      // While a declared condition holds, the verb fails or changes nothing.
      let unavailable = verb.availability.isEmpty ? nil : holding(verb, of: instance, type)
      if unavailable != nil {
        // Asked again: a query that changes the state is a violation of its own.
        guard let now = state(instance) else { return }
        before = now
      }
      let counted = count("\(instance).\(verb.name)", undoable: verb.isUndoable)
      guard let result = call("execute", params, refusalIsFine: true) else {
        guard !plugin.hasFailed, let after = state(instance) else { return }
        if after != before { violation("`\(instance).\(verb.name)` failed but changed the state") }
        continue
      }
      counts[counted].succeeded += 1
      if let unavailable {
        guard let after = state(instance) else { return }
        if after != before {
          violation(
            "`\(instance).\(verb.name)` changed the state while declared unavailable \(unavailable.description) (\(unavailable.reason))"
          )
        }
      }
      guard verb.isUndoable else { continue }
      let record = result["undo"] ?? .null
      guard let executed = state(instance) else { return }
      var undoParams = params
      undoParams["undo"] = record
      guard call("undo", undoParams) != nil, let undone = state(instance) else { return }
      if undone != before {
        violation("`execute; undo` of `\(instance).\(verb.name)` did not leave the state as it was")
      } else {
        counts[counted].undone += 1
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

  /// The first of `verb`'s conditions that holds now (its query, asked with its defaults,
  /// answers the condition's answer), or nil; an answer that is not a boolean holds none.
  private mutating func holding(_ verb: MemberDeclaration, of instance: String, _ type: ReceiverDeclaration)
    -> Availability?
  {
    for condition in verb.availability {
      guard let query = type.queries.first(where: { $0.name == condition.query }) else { continue }
      let arguments = query.parameters.compactMap { parameter in
        parameter.defaultValue.map { StateValue($0, of: parameter.kind) }
      }
      let params: [String: StateValue] = [
        "instance": .string(instance), "query": .string(query.name), "arguments": .array(arguments),
      ]
      if case .bool(let answer)? = call("query", params)?["value"], answer == condition.answer { return condition }
    }
    return nil
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
      let declared = type.verbs[chosen]
      calls.append(
        (chosen, declared.parameters.map { values.next("\(type.name).\(declared.name).\($0.name)", $0.kind) }))
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

  /// The index of `verb`'s counts, made on its first call; one call more.
  private mutating func count(_ verb: String, undoable: Bool) -> Int {
    let index =
      counts.firstIndex { $0.verb == verb }
      ?? {
        counts.append((verb, 0, 0, 0, undoable))
        return counts.count - 1
      }()
    counts[index].calls += 1
    return index
  }

  /// Prints, per verb, its calls that succeeded and were undone; a verb that never
  /// succeeded was not checked, and says so as a violation.
  private mutating func reportCounts(calls: Int) {
    for entry in counts {
      let undone = entry.undoable ? "\(Self.number(entry.undone)) undone" : "not undoable"
      Console.out.line(
        "  `\(entry.verb)`: \(Self.number(entry.succeeded)) of \(Self.number(entry.calls)) calls succeeded, \(undone)")
    }
    for entry in counts where entry.succeeded == 0 {
      trail = []
      violation(
        "`\(entry.verb.split(separator: ".").last ?? "")` never succeeded in \(Self.number(entry.calls)) calls: give samples (an `examples` list for each of its parameters, PLUGINS.md)"
      )
    }
  }

  /// `n` with a comma between each three digits: 5,000.
  static func number(_ n: Int) -> String {
    var digits = Array(String(n))
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: index)
      index -= 3
    }
    return String(digits)
  }

  private mutating func shuffled(_ indices: Range<Int>) -> [Int] {
    var list = Array(indices)
    for i in list.indices.reversed() where i > 0 { list.swapAt(i, random.below(i + 1)) }
    return list
  }

  /// `command` with the words that name files in the working directory made absolute, as
  /// the plugin runs in its scratch folder.
  static func absolute(_ command: String) -> String {
    guard let words = try? CommandWords.split(command) else { return command }
    var folder = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&folder, folder.count) != nil else { return command }
    let here = String(decoding: folder.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return words.enumerated().map { index, word in
      // A path (`plugins/x.py`) or a file here (`x.py`); a plain word that names a folder
      // here is more likely an argument.
      var info = stat()
      let exists = !word.hasPrefix("/") && !word.hasPrefix("-") && stat(word, &info) == 0
      let isFile = exists && info.st_mode & S_IFMT == S_IFREG
      let path = exists && (word.contains("/") || (index > 0 && isFile)) ? here + "/" + word : word
      return "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }.joined(separator: " ")
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
