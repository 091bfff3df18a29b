// The kinds of value, written once: what a verb's parameter takes, what a query answers and
// what a checked expression computes are all a `ValueKind`. Each question a kind must answer
// is one switch here with no `default:`, so that a new kind is a decision in each
// (ARCHITECTURE.md, "Add an argument kind"): which values are of it (`accepts`), what a
// literal stands for in it (`value(of:)`, which reads a script's arguments too), what stands
// in for a value not given (`standIn`), and what it is called (`wording`, which every name
// and phrase for it reads). The rest is derived from those; merging two is one rule for
// every kind without bounds.

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
  var words: [String] { wording.words.map { $0.listed + $0.aliases } ?? [] }

  /// Whether a script writes values of this kind as bare words (a word set's, even an empty
  /// one).
  var takesWords: Bool { wording.words != nil }

  // MARK: Literals

  /// The value of `literal` as this kind, or nil if it is not one: the one rule for what a
  /// literal stands for, in a script (`3`, `2.5`, a bare word) and in a script's argument.
  /// A literal is given as the value it is where any value is taken (a ``Constraint/any``
  /// slot): `.integer` for `3`, `.decimal` for `2.5`, `.string` for a bare word (`up`,
  /// `true`); a word's index or a boolean is no literal. An integer is also a decimal's, as
  /// the same number; a decimal is no integer's (an integer does not take `2.0`).
  @inline(__always) func value(of literal: Value) -> Value? {
    switch (self, literal) {
    case (.integer(let allowed), .integer(let n)): allowed.contains(n) ? literal : nil
    case (.decimal(let allowed), .integer(let n)): allowed.contains(Double(n)) ? .decimal(Double(n)) : nil
    case (.decimal(let allowed), .decimal(let x)): allowed.contains(x) ? literal : nil
    case (.word(let set), .string(let word)): set.index(of: word).map { .word($0) }
    case (.string, .string): literal
    case (.boolean, .string(let word)): word == "true" ? .boolean(true) : word == "false" ? .boolean(false) : nil
    case (.integer, _), (.decimal, _), (.word, _), (.string, _), (.boolean, _): nil
    }
  }

  /// The value of a script's argument `text` (`cmdscript FILE ARG…`) as this kind, or nil
  /// if it is not one: the text read as the literal a script would write, a bare word first
  /// (so that a string takes `3` as text), then a number. A number is written as a script
  /// writes one (no `inf`, `nan` or hexadecimal); a decimal's is read as a decimal first, so
  /// that `-0` keeps its sign.
  func value(ofArgument text: String) -> Value? {
    if let value = value(of: .string(text)) { return value }
    if text.allSatisfy({ "0123456789.eE+-".contains($0) }), let x = Double(text), x.isFinite,
      let value = value(of: .decimal(x))
    {
      return value
    }
    return Int(text).flatMap { value(of: .integer($0)) }
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

  /// How a kind is spoken of, in one table (``wording``) that `name`, `description`,
  /// `nounPhrase` and `words` all read.
  struct Wording {
    /// The kind's name where kinds are data: `integer`, `word`.
    var name: String
    /// The noun for a value of the kind, with its article: (`an`, `integer`),
    /// (`a`, `direction`); nil for a word set without a name, spoken of by its words.
    var noun: (article: String, noun: String)?
    /// The least and the greatest value, as a script writes them; nil where unbounded.
    var low: String? = nil
    var high: String? = nil
    /// The words a script writes for the values, listed where the kind is named with its
    /// bounds, and the other spellings it takes (a word set's aliases); nil for a kind not
    /// written as bare words.
    var words: (listed: [String], aliases: [String])? = nil
  }

  /// What each kind is called and how its bounds and words are written: the one place a
  /// kind's names are given (the sentences are made alike for every kind from it).
  var wording: Wording {
    switch self {
    case .integer(let r):
      Wording(
        name: "integer", noun: ("an", "integer"), low: r.lowerBound == Int.min ? nil : String(r.lowerBound),
        high: r.upperBound == Int.max ? nil : String(r.upperBound))
    case .decimal(let r):
      Wording(
        name: "decimal", noun: ("a", "decimal"),
        low: r.lowerBound.isFinite ? ScriptString.decimal(r.lowerBound) : nil,
        high: r.upperBound.isFinite ? ScriptString.decimal(r.upperBound) : nil)
    case .word(let set):
      Wording(name: "word", noun: set.name.map { ("a", $0) }, words: (set.words, Array(set.aliases.keys)))
    case .string: Wording(name: "string", noun: ("a", "string"))
    case .boolean: Wording(name: "boolean", noun: ("a", "boolean"), words: (["true", "false"], []))
    }
  }

  /// A name for the kind in help and diagnostics: `integer 1...9`, `direction`, `string`.
  public var description: String {
    // Kept as help has always written it: an integer bounded above only, with its least.
    if case .integer(let r) = self, r.lowerBound == Int.min, r.upperBound != Int.max {
      return "integer \(r.lowerBound)...\(r.upperBound)"
    }
    let wording = wording
    guard let (_, noun) = wording.noun else { return wording.words?.listed.joined(separator: "|") ?? "" }
    switch (wording.low, wording.high) {
    case (nil, nil): return noun
    case (let low?, nil): return "\(noun) ≥ \(low)"
    case (nil, let high?): return "\(noun) ≤ \(high)"
    case (let low?, let high?): return "\(noun) \(low)...\(high)"
    }
  }

  /// The kind's name where kinds are data: a plugin's declarations (PLUGINS.md), the MCP
  /// server's `describe` and the page's controls. A kind's bounds and words go beside it.
  package var name: String { wording.name }

  /// What a value must be, as a noun phrase with the kind's bounds and words, for errors
  /// about arguments: `an integer ≥ 1`, `a direction (up, down)`. With `bounds: false`, the
  /// kind alone, for errors about expressions: `an integer`, `a direction`.
  func nounPhrase(bounds: Bool = true) -> String {
    let wording = wording
    let list = wording.words?.listed.joined(separator: ", ")
    guard let (article, noun) = wording.noun else { return "one of \(list ?? "")" }
    let phrase = "\(article) \(noun)"
    guard bounds else { return phrase }
    if let list { return "\(phrase) (\(list))" }
    switch (wording.low, wording.high) {
    case (nil, nil): return phrase
    case (let low?, nil): return "\(phrase) ≥ \(low)"
    case (nil, let high?): return "\(phrase) ≤ \(high)"
    case (let low?, let high?): return "\(phrase) from \(low) to \(high)"
    }
  }
}

/// What a verb's parameter takes: a ``ValueKind``, the name apps have declared parameters
/// with (`.integer(1...9)`, `.word(Direction.self, name: "direction")`).
public typealias ParameterKind = ValueKind

/// What a query answers: a ``ValueKind``, the name apps have declared queries with
/// (`.boolean`, `.integer`, `.word(Mark.self)`).
public typealias QueryKind = ValueKind
