/// A receiver: an object that script commands act on (a shape, a door, a board, or an
/// embedding app's own type).
///
/// A conforming type declares its verbs once, as a table of ``Verb`` values. The checker,
/// `help`, completion and error suggestions are all derived from that table, and the
/// invoker calls the table's functions with arguments that are already validated and typed.
///
/// ```swift
/// final class Lamp: Receiver {
///   struct Light { var on = false, level = 100 }
///   typealias Undo = Light
///   static let typeName = "lamp"
///   static let summary = "a dimmable lamp"
///   static let verbs: [Verb<Lamp>] = [
///     Verb("on", summary: "switch on", restoring: \.light) { lamp, _ in lamp.light.on = true },
///     Verb("dim", [Parameter("level", .integer(0...100))], summary: "set the brightness",
///          restoring: \.light) { lamp, args in lamp.light.level = args.int(0) },
///   ]
///   var light = Light()
///   init() {}
///   var state: StateValue { ["on": .bool(light.on), "level": .int(light.level)] }
/// }
/// ```
///
/// A receiver made with no arguments conforms to `Receiver` and registers with
/// ``ReceiverRegistry/register(_:)``. One that needs something from the app (a notifier, a
/// database handle, a network client) conforms to ``ReceiverBase`` alone and registers
/// with a factory, ``ReceiverRegistry/register(_:make:)``.
public protocol Receiver: ReceiverBase {
  /// A receiver in its initial state: every instance of the type, the first one and those
  /// that `new` makes.
  init()
}

/// What every receiver declares: its verbs and queries, and its state. A type that conforms
/// to this and not to ``Receiver`` has no `init()` the session could call: the app makes its
/// instances, with the factory it registers the type with
/// (``ReceiverRegistry/register(_:make:)``), and reaches them with
/// ``Session/receiver(_:as:)``.
///
/// A `@MainActor` class conforms through a conformance isolated to the main actor
/// (`@MainActor final class Model: @MainActor ReceiverBase`): its verbs run there, and so
/// must its session. (The protocol does not refine `SendableMetatype`, which such a
/// conformance cannot satisfy.)
public protocol ReceiverBase: AnyObject {
  /// What a verb's execution hands back so that it can be undone later: the previous
  /// colour, the inverse delta, the cell it filled. Keep it a small value; the invoker
  /// stores one per executed command of this receiver.
  associatedtype Undo = Void

  /// The type's name in scripts (`shape`); also the name of its first instance.
  static var typeName: String { get }
  /// One line for `help`.
  static var summary: String { get }
  /// The verbs, in the order `help` lists them.
  static var verbs: [Verb<Self>] { get }
  /// What scripts may ask it (`door.locked`, `board.cell 2 2`), in the order `help` lists
  /// them. Defaults to none.
  static var queries: [Query<Self>] { get }
  /// When verbs cannot work, by verb name, each verb's conditions asked in order: a table
  /// read only when asked for (by the page, `help`, ``Session/unavailableVerbs(of:)``), so
  /// that declaring them costs a tool's start-up nothing. Defaults to none.
  ///
  /// ```swift
  /// static let availability: [String: [Availability]] = [
  ///   "open": [.when("locked", "the door is locked")],
  ///   "unlock": [.unless("locked", "the door is not locked")],
  /// ]
  /// ```
  static var availability: [String: [Availability]] { get }

  /// The state as a structured value (used by `show` under `--json`, and by tests).
  var state: StateValue { get }
  /// The state for people (used by `show`); defaults to a `key=value` rendering of `state`.
  var stateDescription: String { get }

  /// What `show` adds under `--json` beside `state` that is a view rather than state (the
  /// shape's recent path): not compared by undo or rollback promises. Defaults to nil.
  var view: StateValue? { get }

  /// The receiver drawn in at most `size` (used by `show` on a terminal), or nil to be
  /// shown by `stateDescription` alone (the default).
  func picture(fitting size: PictureSize) -> Picture?

  /// What the statement that just changed it brought about that is worth saying beyond its
  /// state: a move that ends a game ("X wins (row 1)"). The session reports it
  /// (``Output/report(_:)``) after each statement that changed the receiver, when it
  /// reports effects (the REPL, `-v`), as `undo` says what it undid. Defaults to nil.
  var outcomeReport: String? { get }
}

extension ReceiverBase {
  public var outcomeReport: String? { nil }
  public static var queries: [Query<Self>] { [] }
  public var stateDescription: String { state.compactDescription }
  public var view: StateValue? { nil }
  public func picture(fitting size: PictureSize) -> Picture? { nil }
}

/// Why a command could not run (a locked door, an occupied cell). The statement that ran
/// it is rolled back and the message is reported at the command's location.
public struct CommandFailure: Error, Equatable, Sendable {
  /// What went wrong, for the error message (the session prefixes the instance name).
  public var message: String
  /// For a failure found after its command ran (``DeclaredReceiver/settle()``), which
  /// command it was: the error is located there.
  public var earlierCommand: EarlierCommand?
  /// A failure that says `message`.
  public init(_ message: String) { self.message = message }
}

/// One verb of a receiver type: its name, parameters, and how to execute and undo it.
public struct Verb<R: ReceiverBase>: @unchecked Sendable {
  // Safe: a verb's functions run only where the session that holds its receiver runs, and
  // a session is not Sendable: one isolation domain. They are not `@Sendable` so that the
  // verbs of a `@MainActor` receiver are main-actor functions, which its state needs.
  /// What it is, without its functions: its name, parameters, summary, whether it can be
  /// undone, … — what the registry, the checker, help and every other reader take.
  public internal(set) var declaration: MemberDeclaration
  /// The verb's name in scripts (`move`).
  public var name: String { declaration.name }
  /// Its parameters, in order; those with defaults come last.
  public var parameters: [Parameter] { declaration.parameters }
  /// One line for `help`.
  public var summary: String { declaration.summary }
  @usableFromInline let execute: (R, Arguments) throws(CommandFailure) -> R.Undo
  @usableFromInline let undo: ((R, Arguments, R.Undo) -> Void)?
  /// Whether the latest record this verb made still fits the receiver (nil: it always
  /// does): a ``Splice`` no longer fits a value changed outside the session's verbs.
  @usableFromInline var recordFits: ((R, R.Undo) -> Bool)?
  /// A verb that cannot be undone runs this instead of `execute`: it leaves no record.
  @usableFromInline let executeOnce: ((R, Arguments) throws(CommandFailure) -> Void)?
  /// What an app's Undo menu calls a step made of this verb ("Insert Text"), set with
  /// ``named(_:)``; nil: the step is called by its statement.
  public var actionName: String? { declaration.actionName }

  /// This verb with `actionName` as the name of the steps it makes, as UndoManager's
  /// `setActionName`: `Verb("insert", …).named("Insert Text")`.
  public func named(_ actionName: String) -> Verb {
    var named = self
    named.declaration.actionName = actionName
    return named
  }

  /// An undoable verb. `execute` returns what `undo` needs to revert exactly this execution.
  public init(
    _ name: String, _ parameters: [Parameter] = [], summary: String,
    execute: @escaping (R, Arguments) throws(CommandFailure) -> R.Undo,
    undo: @escaping (R, Arguments, R.Undo) -> Void
  ) {
    self.declaration = MemberDeclaration(name, parameters, summary: summary)
    self.execute = execute
    self.undo = undo
    self.executeOnce = nil
  }

  /// An undoable verb whose undo puts back the value at `keyPath` as it was before
  /// `execute` ran: the shortest form for a receiver whose state, or the part of it the
  /// verb changes, is one small value. The key path is an object built at run time when
  /// the verb table is; receivers whose tables are built at every start-up of a tool (the
  /// built-in ones) use the `saving:restoring:` form instead.
  public init(
    _ name: String, _ parameters: [Parameter] = [], summary: String,
    restoring keyPath: ReferenceWritableKeyPath<R, R.Undo>,
    execute: @escaping (R, Arguments) throws(CommandFailure) -> Void
  ) {
    // Key paths are immutable values; the type does not say Sendable for lack of syntax.
    nonisolated(unsafe) let keyPath = keyPath
    self.init(
      name, parameters, summary: summary, saving: { $0[keyPath: keyPath] },
      restoring: { $0[keyPath: keyPath] = $1 }, execute: execute)
  }

  /// An undoable verb whose undo puts back what `save` read before `execute` ran, with
  /// `restore`: the `restoring:` form with the value's getter and setter spelled out.
  public init(
    _ name: String, _ parameters: [Parameter] = [], summary: String,
    saving save: @escaping (R) -> R.Undo, restoring restore: @escaping (R, R.Undo) -> Void,
    execute: @escaping (R, Arguments) throws(CommandFailure) -> Void
  ) {
    self.init(
      name, parameters, summary: summary,
      execute: { receiver, arguments throws(CommandFailure) in
        let previous = save(receiver)
        try execute(receiver, arguments)
        return previous
      },
      undo: { receiver, _, previous in restore(receiver, previous) })
  }

  /// An undoable verb that waits for a result, such as a request: `work` makes the result
  /// (it may suspend; it must not change the receiver), and `execute` applies it to the
  /// receiver, returning what `undo` needs, as an undoable verb's `execute` does.
  ///
  /// A statement that uses it runs through the async ``Session/run(_:)-8j7z9``
  /// (the synchronous `run` fails at the command, saying so). It is atomic as any other:
  /// until the result is there, the statement is rolled back and waits, then runs again
  /// from its start with the result; `work` runs once per command. A redo applies the
  /// result the step had; `work` does not run again.
  ///
  /// ```swift
  /// Verb("fetch", [Parameter("city", .string)], summary: "fetch the forecast",
  ///      awaiting: { weather, args throws(CommandFailure) in try await weather.client.forecast(args.string(0)) },
  ///      execute: { weather, _, forecast in defer { weather.forecast = forecast }; return weather.forecast },
  ///      undo: { weather, _, previous in weather.forecast = previous })
  /// ```
  public init<Result: Sendable>(
    _ name: String, _ parameters: [Parameter] = [], summary: String,
    awaiting work: nonisolated(nonsending) @escaping (R, Arguments) async throws(CommandFailure) -> Result,
    execute: @escaping (R, Arguments, Result) throws(CommandFailure) -> R.Undo,
    undo: @escaping (R, Arguments, R.Undo) -> Void
  ) {
    self.init(
      name, parameters, summary: summary,
      execute: { receiver, arguments throws(CommandFailure) in
        try execute(receiver, arguments, try AwaitedResults.result(of: name, on: receiver, arguments, work: work))
      }, undo: undo)
    declaration.waitsForResult = true
  }

  /// A verb that cannot be undone (sending a notification, writing a log line): it leaves
  /// no undo record. A statement made only of such commands is no undo step; in a step
  /// with others, `undo` says what it could not revert, and `redo` does not do it again.
  /// The checker knows it before anything runs.
  public init(
    notUndoable name: String, _ parameters: [Parameter] = [], summary: String,
    execute: @escaping (R, Arguments) throws(CommandFailure) -> Void
  ) {
    self.declaration = MemberDeclaration(name, parameters, summary: summary, isUndoable: false)
    self.execute = { _, _ in preconditionFailure("a verb that cannot be undone runs executeOnce") }
    self.undo = nil
    self.executeOnce = execute
  }

  /// Whether `undo` can revert this verb.
  public var isUndoable: Bool { declaration.isUndoable }

  /// Whether it waits for a result (declared with `awaiting:`), so that statements that
  /// use it run through the async ``Session/run(_:)-8j7z9``.
  public var waitsForResult: Bool { declaration.waitsForResult }
}

/// One query of a receiver type: a question a script may ask in a condition or an
/// expression (`if door.locked { … }`, `move right (9 - shape.x)`). It never changes state.
public struct Query<R: ReceiverBase>: @unchecked Sendable {
  // Safe as ``Verb`` is: its function runs only where its receiver's session runs.
  /// What it is, without its function: its name, parameters, result and summary.
  public let declaration: MemberDeclaration
  /// The query's name in scripts (`locked`).
  public var name: String { declaration.name }
  /// Its parameters, in order; those with defaults come last.
  public var parameters: [Parameter] { declaration.parameters }
  /// What it answers.
  public var result: QueryKind { declaration.result }
  /// One line for `help`.
  public var summary: String { declaration.summary }
  @usableFromInline let answer: (R, Arguments) throws(CommandFailure) -> Answer

  /// A query. `answer` gets arguments already checked against `parameters`, and must
  /// answer a value of `result` (an integer within its range, a word of its set); it may
  /// fail like a verb (a cell outside the board).
  public init(
    _ name: String, _ parameters: [Parameter], _ result: QueryKind, summary: String,
    answer: @escaping (R, Arguments) throws(CommandFailure) -> Answer
  ) {
    self.declaration = MemberDeclaration(name, parameters, result, summary: summary)
    self.answer = answer
  }

  /// A query without parameters.
  public init(
    _ name: String, _ result: QueryKind, summary: String,
    answer: @escaping (R, Arguments) throws(CommandFailure) -> Answer
  ) {
    self.init(name, [], result, summary: summary, answer: answer)
  }
}

/// A verb parameter: a name for help and diagnostics, a kind the checker enforces, and
/// an optional default that makes the argument optional.
public struct Parameter: Sendable, Equatable {
  /// The name `help` and error messages use (`steps`).
  public let name: String
  /// What values it takes.
  public let kind: ParameterKind
  /// The value when a script leaves it out, or nil if it must be given.
  public let defaultValue: Value?

  /// A parameter named `name` of `kind`, optional if it has a `default`.
  public init(_ name: String, _ kind: ParameterKind, default defaultValue: Value? = nil) {
    self.name = name
    self.kind = kind
    self.defaultValue = defaultValue
  }
}

/// A fixed set of words a parameter accepts, such as the directions or the colours.
public struct WordSet: Sendable, Equatable {
  /// A short name for help (`colour`); `nil` lists the words instead.
  public let name: String?
  /// The members, in order: a word argument is its index here.
  public let words: [String]
  /// Other spellings of members (`gray` for `grey`).
  public let aliases: [String: String]

  /// A set of `words`, called `name` in help, that also takes `aliases`.
  public init(name: String? = nil, words: [String], aliases: [String: String] = [:]) {
    self.name = name
    self.words = words
    self.aliases = aliases
  }

  /// The index of `word` (or of the member it is an alias of), if it belongs to the set.
  public func index(of word: String) -> Int? {
    if let i = words.firstIndex(of: word) { return i }
    if let target = aliases[word] { return words.firstIndex(of: target) }
    return nil
  }
}

/// The arguments of one command, complete (defaults filled in) and already validated
/// against the verb's parameters, so a receiver reads them without re-checking.
public struct Arguments: Sendable {
  @usableFromInline let values: [Value]
  /// Whether the command runs for the first time, again as a redo, or to restore a
  /// session (its journal replayed): a verb with an effect outside the receiver (a
  /// request, a notification) makes it only when `.live`, and restores its state alone
  /// otherwise.
  public var execution: Execution { Self.running }

  /// Why commands run now. A task-local value set around a redo and a replay, so that
  /// the live path, a million commands a second, does not carry it.
  @TaskLocal static var running = Execution.live

  /// Arguments holding `values`, in the parameters' order.
  public init(_ values: [Value]) { self.values = values }

  /// Why a command is running (see ``Arguments/execution``).
  public enum Execution: Sendable, Hashable {
    /// Run by a statement, for the first time.
    case live
    /// Run again by `redo`, after `undo` reverted it.
    case redo
    /// Run to restore a session from the record of what it did (``Session/isReplaying``).
    case replay
  }

  /// The integer argument at `index`.
  @inlinable public func int(_ index: Int) -> Int {
    guard case .integer(let n) = values[index] else { preconditionFailure("not an integer") }
    return n
  }

  /// The decimal argument at `index`.
  @inlinable public func decimal(_ index: Int) -> Double {
    guard case .decimal(let x) = values[index] else { preconditionFailure("not a decimal") }
    return x
  }

  /// The index within its word set of the word argument at `index`.
  @inlinable public func wordIndex(_ index: Int) -> Int {
    guard case .word(let n) = values[index] else { preconditionFailure("not a word") }
    return n
  }

  /// The word argument at `index` as a case of the enum its parameter was declared with.
  @inlinable public func word<E: CaseIterable>(_ index: Int, as _: E.Type) -> E {
    let cases = E.allCases
    return cases[cases.index(cases.startIndex, offsetBy: wordIndex(index))]
  }

  /// The boolean argument at `index`.
  @inlinable public func bool(_ index: Int) -> Bool {
    guard case .boolean(let b) = values[index] else { preconditionFailure("not a boolean") }
    return b
  }

  /// The string argument at `index`.
  @inlinable public func string(_ index: Int) -> String {
    guard case .string(let s) = values[index] else { preconditionFailure("not a string") }
    return s
  }

  /// How many arguments there are (defaults included).
  public var count: Int { values.count }

  /// The argument at `index`, whatever its kind (for a receiver that passes arguments on,
  /// such as a plugin's).
  @inlinable public func value(_ index: Int) -> Value { values[index] }
}
