// The kinds of value, written once: what a verb's parameter takes, what a query answers and
// what a checked expression computes are all a `ValueKind`. Describing a kind, testing
// whether a value is of it and reading a literal as one are switches here with no
// `default:`, so that a new kind is a decision in each (ARCHITECTURE.md, "Add an argument
// kind"); merging two is one rule for every kind without bounds.

/// A kind of value: what a parameter takes, what a query answers, what an expression
/// computes. The checker rejects a value of another kind before a script runs.
public enum ValueKind: Sendable, Equatable {
  /// An integer within the range (`Int.min...Int.max` for any).
  case integer(ClosedRange<Int>)
  /// A decimal number within the range (`2.5`, `-0.125`, `1.0e-3`); an integer is taken as
  /// the same number. The receiver gets a finite `Double` (``Arguments/decimal(_:)``).
  case decimal(ClosedRange<Double>)
  /// One word from a fixed set; `aliases` maps extra spellings to members (`gray` → `grey`).
  /// The receiver gets the member's index in `words`.
  case word(WordSet)
  /// Any text: a double-quoted string (a bare word is accepted too).
  case string
  /// `true` or `false`, or a condition in parentheses (`(door.locked)`).
  case boolean

  /// Any integer.
  public static var integer: ValueKind { .integer(Int.min...Int.max) }
  /// Any finite decimal number.
  public static var decimal: ValueKind { .decimal(-.infinity ... .infinity) }

  /// Words taken from a `CaseIterable` string enum, in declaration order, so that
  /// `Arguments.word(_:as:)` can hand the receiver the enum case itself.
  /// `name` is a short name for the set in help and diagnostics (`direction`).
  ///
  /// Inlinable, and a closure rather than `\.rawValue` (a key path is an object built at
  /// run time): receivers declare their verbs at every start-up.
  @inlinable
  public static func word<E: CaseIterable & RawRepresentable>(
    _: E.Type, name: String? = nil, aliases: [String: String] = [:]
  ) -> ValueKind where E.RawValue == String {
    .word(WordSet(name: name, words: E.allCases.map { $0.rawValue }, aliases: aliases))
  }

  /// The kind without its bounds: what an expression computes with (a query of
  /// `integer 0...9` gives an integer), so that expression kinds compare by case.
  var widened: ValueKind {
    if case .integer = self { return .integer }
    if case .decimal = self { return .decimal }
    return self  // a kind without bounds
  }

  /// Whether `value` is a value of this kind.
  public func accepts(_ value: Value) -> Bool {
    switch (self, value) {
    case (.integer(let range), .integer(let n)): range.contains(n)
    case (.decimal(let range), .decimal(let x)): x.isFinite && range.contains(x)
    case (.word(let set), .word(let index)): set.words.indices.contains(index)
    case (.string, .string), (.boolean, .boolean): true
    case (.integer, _), (.decimal, _), (.word, _), (.string, _), (.boolean, _): false
    }
  }

  /// The bare words a script may write for a value of this kind (what Tab offers).
  var words: [String] {
    switch self {
    case .word(let set): set.words + set.aliases.keys
    case .boolean: ["true", "false"]
    case .integer, .decimal, .string: []
    }
  }

  /// Whether a script writes values of this kind as bare words (a word set's, even an empty
  /// one).
  var takesWords: Bool {
    if case .word = self { return true }
    return !words.isEmpty
  }

  // MARK: Literals

  /// The value of the integer literal `n` as this kind, or nil if it is not one. With
  /// ``value(ofDecimal:)`` and ``value(ofWord:)``, the one rule for literal arguments: the
  /// checker's packed verb table only caches their answers.
  @inline(__always) func value(ofInteger n: Int) -> Value? {
    switch self {
    case .integer(let allowed): return allowed.contains(n) ? .integer(n) : nil
    case .decimal: return value(ofDecimal: Double(n))
    case .word, .string, .boolean: return nil
    }
  }

  /// The value of the decimal literal `x` as this kind, or nil if it is not one (an integer
  /// does not take `2.0`).
  func value(ofDecimal x: Double) -> Value? {
    switch self {
    case .decimal(let allowed): return allowed.contains(x) ? .decimal(x) : nil
    case .integer, .word, .string, .boolean: return nil
    }
  }

  /// The value of the bare word `word` as this kind, or nil if it is not one.
  func value(ofWord word: String) -> Value? {
    switch self {
    case .string: return .string(word)
    case .word(let set): return set.index(of: word).map { .word($0) }
    case .boolean: return word == "true" ? .boolean(true) : word == "false" ? .boolean(false) : nil
    case .integer, .decimal: return nil
    }
  }

  /// The value of a script's argument `text` (`cmdscript FILE ARG…`) as this kind, or nil
  /// if it is not one. A number is written as a script writes one (no `inf`, `nan` or
  /// hexadecimal); a word or a boolean as the bare word.
  func value(ofArgument text: String) -> Value? {
    switch self {
    case .integer: return Int(text).flatMap { value(ofInteger: $0) }
    case .decimal:
      guard text.allSatisfy({ "0123456789.eE+-".contains($0) }), let x = Double(text), x.isFinite else { return nil }
      return value(ofDecimal: x)
    case .word, .string, .boolean: return value(ofWord: text)
    }
  }

  /// A value of this kind that stands for a script's argument not given when the script is
  /// checked (`--check` without arguments): the one nearest zero, the first word, `false`.
  var standIn: Value {
    switch self {
    case .integer(let allowed): .integer(min(max(0, allowed.lowerBound), allowed.upperBound))
    case .decimal(let allowed): .decimal(min(max(0, allowed.lowerBound), allowed.upperBound))
    case .word: .word(0)
    case .string: .string("")
    case .boolean: .boolean(false)
    }
  }

  // MARK: Merging

  /// Both kinds at once, or nil when no value could be of both (a macro parameter used in
  /// slots of two kinds): bounds meet; a kind without bounds merges only with itself (a word
  /// set with the same set). Not a decimal with an integer: a call's `2` would have to be
  /// both kinds of value.
  func merged(with other: ValueKind) -> ValueKind? {
    switch (self, other) {
    case (.integer(let a), .integer(let b)):
      let low = max(a.lowerBound, b.lowerBound)
      let high = min(a.upperBound, b.upperBound)
      return low <= high ? .integer(low...high) : nil
    case (.decimal(let a), .decimal(let b)):
      let low = max(a.lowerBound, b.lowerBound)
      let high = min(a.upperBound, b.upperBound)
      return low <= high ? .decimal(low...high) : nil
    default: return self == other ? self : nil
    }
  }

  // MARK: Describing

  /// A name for the kind in help and diagnostics: `integer 1...9`, `direction`, `string`.
  public var description: String {
    switch self {
    case .integer(let range):
      if range == Int.min...Int.max { return "integer" }
      if range.upperBound == Int.max { return "integer ≥ \(range.lowerBound)" }
      return "integer \(range.lowerBound)...\(range.upperBound)"
    case .decimal(let range):
      switch (range.lowerBound.isFinite, range.upperBound.isFinite) {
      case (false, false): return "decimal"
      case (true, false): return "decimal ≥ \(ScriptString.decimal(range.lowerBound))"
      case (false, true): return "decimal ≤ \(ScriptString.decimal(range.upperBound))"
      case (true, true):
        return "decimal \(ScriptString.decimal(range.lowerBound))...\(ScriptString.decimal(range.upperBound))"
      }
    case .word(let set): return set.name ?? set.words.joined(separator: "|")
    case .string: return "string"
    case .boolean: return "boolean"
    }
  }

  /// The kind's name where kinds are data: a plugin's declarations (PLUGINS.md), the MCP
  /// server's `describe` and the page's controls. A kind's bounds and words go beside it.
  package var name: String {
    switch self {
    case .integer: "integer"
    case .decimal: "decimal"
    case .word: "word"
    case .string: "string"
    case .boolean: "boolean"
    }
  }

  /// What a value must be, as a noun phrase with the kind's bounds and words, for errors
  /// about arguments: `an integer ≥ 1`, `a direction (up, down)`. With `bounds: false`, the
  /// kind alone, for errors about expressions: `an integer`, `a direction`.
  func nounPhrase(bounds: Bool = true) -> String {
    switch self {
    case .integer(let r):
      if !bounds || r == Int.min...Int.max { return "an integer" }
      if r.lowerBound == Int.min { return "an integer ≤ \(r.upperBound)" }
      if r.upperBound == Int.max { return "an integer ≥ \(r.lowerBound)" }
      return "an integer from \(r.lowerBound) to \(r.upperBound)"
    case .decimal(let r):
      switch (bounds && r.lowerBound.isFinite, bounds && r.upperBound.isFinite) {
      case (false, false): return "a decimal"
      case (true, false): return "a decimal ≥ \(ScriptString.decimal(r.lowerBound))"
      case (false, true): return "a decimal ≤ \(ScriptString.decimal(r.upperBound))"
      case (true, true):
        return "a decimal from \(ScriptString.decimal(r.lowerBound)) to \(ScriptString.decimal(r.upperBound))"
      }
    case .word(let w):
      let list = w.words.joined(separator: ", ")
      guard let name = w.name else { return "one of \(list)" }
      return bounds ? "a \(name) (\(list))" : "a \(name)"
    case .string: return "a string"
    case .boolean: return bounds ? "a boolean (true, false)" : "a boolean"
    }
  }
}

/// What a verb's parameter takes: a ``ValueKind``, the name apps have declared parameters
/// with (`.integer(1...9)`, `.word(Direction.self, name: "direction")`).
public typealias ParameterKind = ValueKind

/// What a query answers: a ``ValueKind``, the name apps have declared queries with
/// (`.boolean`, `.integer`, `.word(Mark.self)`).
public typealias QueryKind = ValueKind
