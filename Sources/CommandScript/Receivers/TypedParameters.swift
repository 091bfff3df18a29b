// Parameters that hand their arguments to a verb as Swift values of their kinds: a verb
// declared with them gets `(receiver, n, title)` rather than `Arguments` to read by index,
// so that reading an argument as the wrong kind is a compile error, not a trap.

/// A verb parameter whose argument reaches the verb as a `T`: an `Int` for an integer
/// parameter, a `Double` for a decimal, a `String`, a `Bool`, or the case of a word's enum.
///
/// ```swift
/// Verb("rename", .integer("n", 1...Int.max), .string("title"), summary: "rename item n",
///      restoring: \.items) { list, n, title throws(CommandFailure) in
///   list.items[try list.index(n)].title = title
/// }
/// ```
public struct TypedParameter<T>: Sendable {
  /// The parameter as the checker, `help` and completion see it.
  public let parameter: Parameter
  /// The argument as a `T`. The checker let through only values of the parameter's kind,
  /// and each constructor below pairs a kind with the one case it reads.
  @usableFromInline let value: @Sendable (Value) -> T

  @usableFromInline init(_ parameter: Parameter, value: @escaping @Sendable (Value) -> T) {
    self.parameter = parameter
    self.value = value
  }
}

extension TypedParameter where T == Int {
  /// An integer within `range`, optional if it has a `default` (which may lie outside the
  /// range, for a verb to tell "not given").
  public static func integer(_ name: String, _ range: ClosedRange<Int> = Int.min...Int.max, default: Int? = nil)
    -> Self
  {
    Self(Parameter(name, .integer(range), default: `default`.map { .integer($0) })) {
      guard case .integer(let n) = $0 else { preconditionFailure("checked: an integer") }
      return n
    }
  }
}

extension TypedParameter where T == Double {
  /// A decimal number within `range` (an integer argument is the same number).
  public static func decimal(
    _ name: String, _ range: ClosedRange<Double> = -.infinity ... .infinity, default: Double? = nil
  ) -> Self {
    Self(Parameter(name, .decimal(range), default: `default`.map { .decimal($0) })) {
      guard case .decimal(let x) = $0 else { preconditionFailure("checked: a decimal") }
      return x
    }
  }
}

extension TypedParameter where T == String {
  /// Any string (a bare word is taken as its text).
  public static func string(_ name: String, default: String? = nil) -> Self {
    Self(Parameter(name, .string, default: `default`.map { .string($0) })) {
      guard case .string(let s) = $0 else { preconditionFailure("checked: a string") }
      return s
    }
  }
}

extension TypedParameter where T == Bool {
  /// `true` or `false`, or a condition in parentheses.
  public static func boolean(_ name: String, default: Bool? = nil) -> Self {
    Self(Parameter(name, .boolean, default: `default`.map { .boolean($0) })) {
      guard case .boolean(let b) = $0 else { preconditionFailure("checked: a boolean") }
      return b
    }
  }
}

extension TypedParameter where T: CaseIterable & RawRepresentable & Sendable, T.RawValue == String {
  /// A word of the enum's cases (`set` names the set in help: `direction`), handed to the
  /// verb as the case.
  public static func word(
    _ name: String, _: T.Type, set: String? = nil, aliases: [String: String] = [:], default: T? = nil
  ) -> Self {
    let cases = Array(T.allCases)
    let index = `default`.map { value in cases.firstIndex { $0.rawValue == value.rawValue }! }
    return Self(Parameter(name, .word(T.self, name: set, aliases: aliases), default: index.map { .word($0) })) {
      guard case .word(let i) = $0 else { preconditionFailure("checked: a word") }
      return cases[i]
    }
  }
}

extension Verb {
  /// An undoable verb whose arguments arrive typed: `execute` gets the receiver and one
  /// value per parameter, and returns what `undo` needs to revert exactly this execution.
  public init<each T>(
    _ name: String, _ parameters: repeat TypedParameter<each T>, summary: String,
    execute: @escaping (R, repeat each T) throws(CommandFailure) -> R.Undo,
    undo: @escaping (R, R.Undo) -> Void
  ) {
    let values = (repeat (each parameters).value)
    self.declaration = MemberDeclaration(name, Self.list(repeat each parameters), summary: summary)
    self.execute = { receiver, arguments throws(CommandFailure) in
      try Self.call(execute, on: receiver, arguments, with: repeat each values)
    }
    self.undo = { receiver, _, record in undo(receiver, record) }
    self.executeOnce = nil
  }

  /// An undoable verb whose arguments arrive typed, and whose undo puts back the value at
  /// `keyPath` as it was (the `restoring:` form of ``init(_:_:summary:restoring:execute:)``).
  public init<each T>(
    _ name: String, _ parameters: repeat TypedParameter<each T>, summary: String,
    restoring keyPath: ReferenceWritableKeyPath<R, R.Undo>,
    execute: @escaping (R, repeat each T) throws(CommandFailure) -> Void
  ) {
    // Key paths are immutable values; the type does not say Sendable for lack of syntax.
    nonisolated(unsafe) let keyPath = keyPath
    self.init(
      name, repeat each parameters, summary: summary, saving: { $0[keyPath: keyPath] }, recording: { _, old in old },
      undo: { $0[keyPath: keyPath] = $1 }, execute: execute)
  }

  /// The typed forms whose undo record is made from what `save` read before `execute` ran
  /// (and the receiver after): `restoring:`, and its ``Splice`` form.
  init<each T, Saved>(
    _ name: String, _ parameters: repeat TypedParameter<each T>, summary: String,
    saving save: @escaping (R) -> Saved, recording record: @escaping (R, Saved) -> R.Undo,
    undo: @escaping (R, R.Undo) -> Void, execute: @escaping (R, repeat each T) throws(CommandFailure) -> Void
  ) {
    let values = (repeat (each parameters).value)
    self.declaration = MemberDeclaration(name, Self.list(repeat each parameters), summary: summary)
    self.execute = { receiver, arguments throws(CommandFailure) in
      let saved = save(receiver)
      try Self.call(execute, on: receiver, arguments, with: repeat each values)
      return record(receiver, saved)
    }
    self.undo = { receiver, _, record in undo(receiver, record) }
    self.executeOnce = nil
  }

  /// A verb that cannot be undone whose arguments arrive typed (see
  /// ``init(notUndoable:_:summary:execute:)``); ``Arguments/Execution/current`` says
  /// whether it runs live.
  public init<each T>(
    notUndoable name: String, _ parameters: repeat TypedParameter<each T>, summary: String,
    execute: @escaping (R, repeat each T) throws(CommandFailure) -> Void
  ) {
    let values = (repeat (each parameters).value)
    self.declaration = MemberDeclaration(name, Self.list(repeat each parameters), summary: summary, isUndoable: false)
    self.execute = { _, _ in preconditionFailure("a verb that cannot be undone runs executeOnce") }
    self.undo = nil
    self.executeOnce = { receiver, arguments throws(CommandFailure) in
      try Self.call(execute, on: receiver, arguments, with: repeat each values)
    }
  }

  /// `body` called on `receiver` with the arguments, each read as its parameter's type.
  static func call<each T, Result>(
    _ body: (R, repeat each T) throws(CommandFailure) -> Result, on receiver: R, _ arguments: Arguments,
    with values: repeat @escaping @Sendable (Value) -> each T
  ) throws(CommandFailure) -> Result {
    var index = 0
    func next<V>(_ value: (Value) -> V) -> V {
      defer { index += 1 }
      return value(arguments.values[index])
    }
    return try body(receiver, repeat next(each values))
  }

  /// The parameters of typed ones, in order.
  static func list<each T>(_ parameters: repeat TypedParameter<each T>) -> [Parameter] {
    var list: [Parameter] = []
    for parameter in repeat each parameters { list.append(parameter.parameter) }
    return list
  }
}

extension Arguments.Execution {
  /// Why commands run now: what ``Arguments/execution`` says, for a verb declared with
  /// typed parameters, which gets no `Arguments`.
  public static var current: Arguments.Execution { Arguments.running }
}
