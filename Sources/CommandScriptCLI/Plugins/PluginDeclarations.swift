// A plugin's declarations (the TYPEs of its `initialize` result, PLUGINS.md) read into the
// library's ``ReceiverDeclaration``s, and values carried both ways: arguments as JSON, and
// JSON answers checked against their declared kinds.

enum PluginDeclarations {
  /// A TYPE: `{"name", "summary", "verbs": [...], "queries": [...]}`.
  /// With it, for each verb, whether it is declared `"infallible": true`.
  static func type(_ value: StateValue) throws(DeclarationError) -> (ReceiverDeclaration, infallible: [Bool]) {
    guard case .string(let name)? = value["name"] else { throw DeclarationError("declared a type without a `name`") }
    let summary = text(value["summary"])
    var verbs: [MemberDeclaration] = []
    var infallible: [Bool] = []
    for verb in try list(value["verbs"], "verbs", of: "type `\(name)`") {
      guard case .string(let verbName)? = verb["name"] else {
        throw DeclarationError("declared a verb of `\(name)` without a `name`")
      }
      let described = "`\(name).\(verbName)`"
      var undoable = true
      if let flag = verb["undoable"] {
        guard case .bool(let b) = flag else {
          throw DeclarationError("declared \(described)'s `undoable` not as a boolean")
        }
        undoable = b
      }
      switch verb["infallible"] {
      case nil: infallible.append(false)
      case .bool(let b)?: infallible.append(b)
      default: throw DeclarationError("declared \(described)'s `infallible` not as a boolean")
      }
      var declaration = MemberDeclaration(
        verbName, try parameters(verb["parameters"], of: described), summary: text(verb["summary"]),
        isUndoable: undoable)
      declaration.availability = try availability(verb["unavailable"], of: described)
      verbs.append(declaration)
    }
    var queries: [MemberDeclaration] = []
    for query in try list(value["queries"], "queries", of: "type `\(name)`") {
      guard case .string(let queryName)? = query["name"] else {
        throw DeclarationError("declared a query of `\(name)` without a `name`")
      }
      let described = "`\(name).\(queryName)`"
      let result = try self.kind(query, of: described)
      queries.append(
        MemberDeclaration(
          queryName, try parameters(query["parameters"], of: described), result, summary: text(query["summary"])))
    }
    return (
      ReceiverDeclaration(name: name, summary: summary, verbs: verbs, queries: queries, instances: []), infallible
    )
  }

  /// A VERB's `"unavailable"`: `[{"when": QUERY, "reason": TEXT} | {"unless": QUERY, "reason": TEXT}…]`
  /// (that the queries are boolean and need no argument is checked when the type registers).
  private static func availability(_ value: StateValue?, of described: String) throws(DeclarationError)
    -> [Availability]
  {
    var conditions: [Availability] = []
    for item in try list(value, "unavailable", of: described) {
      let query: String
      let answer: Bool
      switch (item["when"], item["unless"]) {
      case (.string(let name)?, nil): (query, answer) = (name, true)
      case (nil, .string(let name)?): (query, answer) = (name, false)
      default:
        throw DeclarationError(
          "declared \(described)'s `unavailable` with an item that names no query as `when` or `unless`")
      }
      guard case .string(let reason)? = item["reason"], !reason.isEmpty else {
        throw DeclarationError("declared \(described) unavailable while `\(query)` without a `reason`")
      }
      conditions.append(Availability(query: query, answer: answer, reason: reason))
    }
    return conditions
  }

  private static func text(_ value: StateValue?) -> String {
    if case .string(let s)? = value { return s }
    return ""
  }

  private static func list(_ value: StateValue?, _ key: String, of described: String) throws(DeclarationError)
    -> [StateValue]
  {
    guard let value else { return [] }
    guard case .array(let items) = value else {
      throw DeclarationError("declared \(described)'s `\(key)` not as a list")
    }
    return items
  }

  /// PARAMs: `{"name", "kind", "default"?, "min"?, "max"?, "values"?}`.
  private static func parameters(_ value: StateValue?, of described: String) throws(DeclarationError) -> [Parameter] {
    var parameters: [Parameter] = []
    for item in try list(value, "parameters", of: described) {
      guard case .string(let name)? = item["name"] else {
        throw DeclarationError("declared a parameter of \(described) without a `name`")
      }
      let kind = try self.kind(item, of: "\(described)'s parameter `\(name)`")
      var defaultValue: Value?
      if let given = item["default"] {
        guard let value = self.value(given, of: kind), kind.accepts(value) || isInteger(value, of: kind) else {
          throw DeclarationError("declared \(described)'s parameter `\(name)` with a default not of its kind")
        }
        defaultValue = value
      }
      parameters.append(Parameter(name, kind, default: defaultValue))
    }
    return parameters
  }

  /// An integer default may lie outside its range (as the library allows).
  private static func isInteger(_ value: Value, of kind: ParameterKind) -> Bool {
    if case (.integer, .integer) = (kind, value) { return true }
    return false
  }

  /// The `kind` of a PARAM or a query, with its `min`, `max` or `values`.
  private static func kind(_ item: StateValue, of described: String) throws(DeclarationError) -> ParameterKind {
    guard case .string(let kind)? = item["kind"] else {
      throw DeclarationError("declared \(described) without a `kind`")
    }
    switch kind {
    case "integer":
      func bound(_ key: String, _ otherwise: Int) throws(DeclarationError) -> Int {
        guard let value = item[key] else { return otherwise }
        guard case .int(let n) = value else {
          throw DeclarationError("declared \(described)'s `\(key)` not as an integer")
        }
        return n
      }
      let (low, high) = (try bound("min", Int.min), try bound("max", Int.max))
      guard low <= high else { throw DeclarationError("declared \(described) with `min` above `max`") }
      return .integer(low...high)
    case "decimal":
      func bound(_ key: String, _ otherwise: Double) throws(DeclarationError) -> Double {
        switch item[key] {
        case nil: return otherwise
        case .int(let n)?: return Double(n)
        case .double(let x)?: return x
        default: throw DeclarationError("declared \(described)'s `\(key)` not as a number")
        }
      }
      let (low, high) = (try bound("min", -.infinity), try bound("max", .infinity))
      guard low <= high else { throw DeclarationError("declared \(described) with `min` above `max`") }
      return .decimal(low...high)
    case "string": return .string
    case "boolean": return .boolean
    case "word":
      guard case .array(let values)? = item["values"], !values.isEmpty else {
        throw DeclarationError("declared \(described) of kind `word` without its `values`")
      }
      var words: [String] = []
      for value in values {
        guard case .string(let word) = value, !word.isEmpty, !words.contains(word) else {
          throw DeclarationError("declared \(described)'s `values` with one that is not a distinct word")
        }
        words.append(word)
      }
      return .word(WordSet(words: words))
    default:
      throw DeclarationError(
        "declared \(described) of unknown kind `\(kind)` (integer, decimal, string, boolean or word)")
    }
  }

  /// A JSON value as a value of `kind`'s shape (an integer as a decimal where the kind is
  /// one), or nil if it is not one; its bounds are not looked at (``value(_:fitting:)``).
  static func value(_ json: StateValue, of kind: ParameterKind) -> Value? {
    switch (kind, json) {
    case (.integer, .int(let n)): return .integer(n)
    case (.decimal, .int(let n)): return .decimal(Double(n))
    case (.decimal, .double(let x)): return .decimal(x)
    case (.string, .string(let s)): return .string(s)
    case (.boolean, .bool(let b)): return .boolean(b)
    case (.word(let set), .string(let word)): return set.words.firstIndex(of: word).map { .word($0) }
    default: return nil
    }
  }

  /// A JSON value that is one of `kind`'s values (a query's answer, an example argument):
  /// read as ``value(_:of:)`` reads it, then held to the kind's bounds by the one test of
  /// whether a value fits a kind, ``ValueKind/accepts(_:)``.
  static func value(_ json: StateValue, fitting kind: ValueKind) -> Value? {
    value(json, of: kind).flatMap { kind.accepts($0) ? $0 : nil }
  }

}
