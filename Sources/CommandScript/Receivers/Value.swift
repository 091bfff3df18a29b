// The one enum of values outside the syntax: what a command's argument is, what a query
// answers, what a variable or an expression holds, and what a host's typed call passes.
// `Answer` and `CallArgument` are its former names, kept so that apps' code compiles.

/// A value: a command's checked argument (``Arguments/value(_:)``), a query's answer, the
/// value of a variable or an expression, and an argument of a host's typed call
/// (``Session/perform(_:on:_:coalescing:)``), where literals write it: `3`, `2.5`, `true`,
/// `"up"`.
public enum Value: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
  /// An integer.
  case integer(Int)
  /// A decimal number: a finite one. In a host's call, one that is not finite (infinity,
  /// NaN) is an argument error, as in a script.
  case decimal(Double)
  /// The index of a word in its parameter's or query's ``WordSet``. In a host's call, the
  /// word at that index of the set the parameter takes.
  case word(Int)
  /// A string. In a host's call, text: a word for a parameter that takes words (`red`), a
  /// string for one that takes strings (see ``text(_:)``).
  case string(String)
  /// `true` or `false`.
  case boolean(Bool)

  /// The word that is case `value` of the enum a word parameter or query was declared with.
  public static func word<E: CaseIterable & Equatable>(_ value: E) -> Value {
    .word(E.allCases.distance(from: E.allCases.startIndex, to: E.allCases.firstIndex(of: value)!))
  }

  /// Text for a host's call (``Session/perform(_:on:_:coalescing:)``): a word for a
  /// parameter that takes words (`red`), a string for one that takes strings. The same
  /// value as `.string(text)` and the string literal; the name says what the call does
  /// with it.
  public static func text(_ text: String) -> Value { .string(text) }

  public init(integerLiteral value: Int) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .decimal(value) }
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
  public init(stringLiteral value: String) { self = .string(value) }
}

/// A query's answer, or the value of an expression: a ``Value``.
public typealias Answer = Value

/// An argument of a host's typed call (``Session/perform(_:on:_:coalescing:)``): a
/// ``Value``, written with a literal (`3`, `2.5`, `true`, `"up"`) or ``Value/text(_:)``.
public typealias CallArgument = Value
