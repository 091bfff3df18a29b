import Synchronization

/// The receiver types a session knows. Built-in and embedding apps' receivers register
/// the same way:
///
/// ```swift
/// var registry = ReceiverRegistry()
/// try registry.register(Lamp.self)
/// let session = Session(registry: registry)
/// ```
public struct ReceiverRegistry: Sendable {
  /// The registered types, in registration order.
  public private(set) var types: [ReceiverTypeInfo] = []

  /// A registry with no types: register the built-in ones and your own.
  public init() {}

  /// Adds a receiver type. Its first instance, named after the type, exists in every
  /// session made from this registry.
  ///
  /// Inlinable so that the receiver's dispatch code is specialised for `R` in the module
  /// that registers it: generic code left unspecialised looks up type metadata on every
  /// command, which was a quarter of the time of executing one.
  @inlinable
  public mutating func register<R: Receiver>(_ type: R.Type) throws(RegistrationError) {
    try register(type) { _ in R() }
  }

  /// Adds a receiver type whose instances the app makes: `make` is given each instance's
  /// name (the first is the type's name; `new` gives others) and returns it, with what it
  /// needs injected.
  ///
  /// ```swift
  /// let notifier = Notifier()
  /// try registry.register(TodoList.self) { _ in TodoList(notifier: notifier) }
  /// ```
  @inlinable
  public mutating func register<R: ReceiverBase>(
    _ type: R.Type, make: @escaping (_ name: String) -> R
  ) throws(RegistrationError) {
    // The table of conditions is read when they are asked for (by the page, help), not
    // here: the built-in types' tables cost nothing at start-up.
    let conditionTable: () -> [String: [Availability]] = { R.availability }
    try add(
      name: R.typeName, summary: R.summary,
      verbs: R.verbs.map {
        var declaration = $0.declaration
        declaration.conditionTable = conditionTable
        return declaration
      },
      // Read when first asked for (by the checker, help, `ask`), not at start-up: the
      // query tables' generic metadata is built only in runs that use them.
      queries: { R.queries.map { $0.declaration } },
      make: { instanceName in ReceiverInstance(name: instanceName, make(instanceName)) })
  }

  // Registration runs at every start-up: it builds no collection of a type that nothing
  // else uses (each new generic type costs its metadata at run time), such as a set of
  // names for the few verbs of a type.

  @usableFromInline
  mutating func add(
    name: String, summary: String, verbs: [MemberDeclaration], queries: @escaping () -> [MemberDeclaration],
    make: @escaping (String) -> ReceiverInstance
  ) throws(RegistrationError) {
    try Self.validate(name, as: "receiver type `\(name)`")
    if types.contains(where: { $0.name == name }) {
      throw RegistrationError("receiver type `\(name)` is already registered")
    }
    // By index, reading fields: a copy of each whole declaration cost a start-up 2,000
    // instructions.
    for index in verbs.indices {
      let verb = verbs[index].name
      try Self.validate(verb, as: "verb `\(verb)` of `\(name)`")
      if verbs[index].isQuery { throw RegistrationError("`\(name)` declares query `\(verb)` among its verbs") }
      if verbs[..<index].contains(where: { $0.name == verb }) {
        throw RegistrationError("`\(name)` declares verb `\(verb)` twice")
      }
      try Self.validate(verbs[index].parameters, of: "`\(name).\(verb)`")
    }
    types.append(
      ReceiverTypeInfo(name: name, summary: summary, verbs: verbs, queryTable: QueryTable(reading: queries), make: make)
    )
  }

  /// Adds a type declared as data, whose first instances are `instances` (see
  /// ``ReceiverDeclaration/instances``) and whose state may outlive the session (see
  /// ``ReceiverDeclaration/outlivesSession``), as ``add(name:summary:verbs:queries:make:)`` does.
  mutating func add(
    name: String, summary: String, verbs: [MemberDeclaration], queries: @escaping () -> [MemberDeclaration],
    instances: [String], outlivesSession: Bool = false, yieldsBareVerbs: Bool = false,
    make: @escaping (String) -> ReceiverInstance
  ) throws(RegistrationError) {
    for (index, instance) in instances.enumerated() {
      try Self.validate(instance, as: "instance `\(instance)` of `\(name)`")
      if instances[..<index].contains(instance) || types.contains(where: { $0.instances.contains(instance) }) {
        throw RegistrationError("an instance named `\(instance)` is already registered")
      }
    }
    try add(name: name, summary: summary, verbs: verbs, queries: queries, make: make)
    types[types.count - 1].declaredInstances = instances
    types[types.count - 1].outlivesSession = outlivesSession
    types[types.count - 1].yieldsBareVerbs = yieldsBareVerbs
  }

  /// Checks every registered type's queries as registration checks verbs: names that can
  /// be written, none twice, no parameter without a default after one with a default; and
  /// that each verb's conditions (``Availability``) name boolean queries of its type that
  /// need no argument.
  /// (Not done by `register`, which leaves query tables unread until a run uses them; an
  /// app calls it from a test.)
  public func validateQueries() throws(RegistrationError) {
    for index in types.indices { try validateQueries(of: index) }
  }

  /// Checks the queries of the type at `index` (see ``validateQueries()``).
  func validateQueries(of index: Int) throws(RegistrationError) {
    let type = types[index]
    let queries = type.queries
    for (index, query) in queries.enumerated() {
      try Self.validate(query.name, as: "query `\(query.name)` of `\(type.name)`")
      if !query.isQuery { throw RegistrationError("`\(type.name)` declares verb `\(query.name)` among its queries") }
      if queries[..<index].contains(where: { $0.name == query.name }) {
        throw RegistrationError("`\(type.name)` declares query `\(query.name)` twice")
      }
      try Self.validate(query.parameters, of: "`\(type.name).\(query.name)`")
    }
    try Self.validateAvailability(of: type, queries: queries)
  }

  /// Checks that each default is of its parameter's kind (a string parameter with an
  /// integer default would crash the verb that reads it; a word's must be in its set), and
  /// that no parameter without a default follows one with a default. An integer default
  /// may lie outside the range, so that a verb can tell "not given" (the board's `reset`
  /// keeps its size for 0): scripts can write only values in the range.
  private static func validate(_ parameters: [Parameter], of described: @autoclosure () -> String)
    throws(RegistrationError)
  {
    var optionalSeen = false
    for parameter in parameters {
      if let value = parameter.defaultValue {
        let isOfKind =
          if case (.integer, .integer) = (parameter.kind, value) { true } else { parameter.kind.accepts(value) }
        guard isOfKind else {
          throw RegistrationError(
            "\(described()): the default of parameter `\(parameter.name)` must be \(parameter.kind.nounPhrase())"
          )
        }
        optionalSeen = true
      } else if optionalSeen {
        throw RegistrationError(
          "\(described()): parameter `\(parameter.name)` without a default follows one with a default")
      }
    }
  }

  /// Checks that `name` can be written in scripts; `described` names it in errors (made
  /// only for an error: the messages for every verb of the built-in receivers were a fifth
  /// of the cost of registering them, at every start-up).
  private static func validate(_ name: String, as described: @autoclosure () -> String) throws(RegistrationError) {
    guard Lexer.isWord(name) else { throw RegistrationError("\(described()) is not a word") }
    if Keyword(rawValue: name) != nil {
      throw RegistrationError("\(described()) is a reserved word of the language")
    }
  }
}

/// Why a receiver type could not be registered (a programming error in its declaration).
public struct RegistrationError: Error, Equatable, CustomStringConvertible {
  /// What is wrong with the declaration.
  public var description: String
  init(_ description: String) { self.description = description }
}

/// A registered receiver type, without its Swift type: what the checker, `help` and
/// completion read.
public struct ReceiverTypeInfo: @unchecked Sendable {
  // Safe: `make` and the query table's reader run only where the session they serve runs
  // (a session is not Sendable). They are not `@Sendable`, so that those of `@MainActor`
  // receivers are main-actor functions.
  /// The type's name in scripts, and its first instance's.
  public let name: String
  /// One line for `help`.
  public let summary: String
  /// Its verbs, in declaration order.
  public let verbs: [MemberDeclaration]
  let queryTable: QueryTable
  /// The instances every session starts with: one named after the type, unless the type
  /// was declared as data with others (``ReceiverDeclaration/instances``).
  public var instances: [String] { declaredInstances ?? [name] }
  /// The instances a type declared as data starts with; nil for one named after the type
  /// (no array is made for each type at every start-up).
  var declaredInstances: [String]?
  let make: (String) -> ReceiverInstance
  /// Whether its receivers' state outlives the session (``ReceiverDeclaration/outlivesSession``):
  /// `export` does not write their commands to run again.
  public internal(set) var outlivesSession = false
  /// Whether its verbs yield a bare name to the other types' (``ReceiverDeclaration/yieldsBareVerbs``).
  public internal(set) var yieldsBareVerbs = false

  /// The queries, in declaration order: read from the type's table when first asked for,
  /// then kept.
  public var queries: [MemberDeclaration] { queryTable.declarations }

  /// The index of the verb called `name`.
  package func verbIndex(_ name: String) -> Int? { verbs.firstIndex { $0.name == name } }
  /// The index of the query called `name`.
  package func queryIndex(_ name: String) -> Int? { queries.firstIndex { $0.name == name } }
}

/// A type's query declarations, read from its table when first asked for and kept, so that
/// neither a start-up nor each lookup of the checker maps the table again.
final class QueryTable: @unchecked Sendable {
  // Safe: `read` runs where the session that asks runs (see `ReceiverTypeInfo`); what it
  // made is kept under the lock.
  private let read: () -> [MemberDeclaration]
  private let kept = Mutex<[MemberDeclaration]?>(nil)

  init(reading read: @escaping () -> [MemberDeclaration]) { self.read = read }

  var declarations: [MemberDeclaration] {
    if let known = kept.withLock({ $0 }) { return known }
    // Read outside the lock: two sessions that ask at once each read the same table.
    let made = read()
    kept.withLock { $0 = made }
    return made
  }
}

/// A receiver instance behind a type-erased interface: closures made once, when the
/// instance is created, by an initialiser that is specialised for the receiver's type.
/// The undo records live in a contiguous stack of the receiver's own `Undo` type: undo is
/// strictly last-in, first-out for every receiver, so a plain stack is exact and costs no
/// allocation per command.
@usableFromInline
final class ReceiverInstance {
  let name: String
  /// The receiver itself, for a host that reaches it typed (``Session/receiver(_:as:)``).
  let object: AnyObject
  /// False for an instance whose `new` has not run (or was undone).
  @exclusivity(unchecked) var exists = true
  let execute: (Int, Arguments) throws(CommandFailure) -> Void
  let undo: (Int, Arguments) -> Void
  /// Whether the latest undo record, made by verb `index`, still fits the receiver (see
  /// `Verb.recordFits`).
  let lastRecordFits: (Int) -> Bool
  /// Whether some verb's record may not fit (`lastRecordFits` can say false).
  let recordsMayNotFit: Bool
  /// Answers query `index` of its type.
  let ask: (Int, Arguments) throws(CommandFailure) -> Answer
  /// Forgets the oldest undo records (their steps fell off a capped history).
  let dropOldestRecords: (Int) -> Void
  /// Forgets the newest undo records (their step was made without undo registration).
  let dropNewestRecords: (Int) -> Void
  let state: () -> StateValue
  let stateDescription: () -> String
  let view: () -> StateValue?
  let picture: (PictureSize) -> Picture?
  /// For each verb, its name if it cannot be undone.
  let notUndoable: [String?]
  /// Each verb's name.
  let verbNames: [String]
  /// Command `verb` with `arguments`, bound once to this instance (see `BoundCommand`),
  /// or nil where it must run through `execute` (a verb that runs once, or cannot be
  /// undone, and every instance of a declared type).
  let bind: (Int, Arguments) -> BoundCommand?
  /// Query `query`, which takes no arguments, bound once to this instance, or nil where
  /// it must be asked through `ask`.
  let bindQuery: (Int) -> BoundQuery?
  /// Confirms commands sent but not yet answered (a plugin's batch), or nil for a receiver
  /// that answers each command as it runs.
  var settle: (() throws(CommandFailure) -> Void)?

  /// The failure of a command or query on an instance whose `new` was undone.
  var withdrawnMessage: String {
    "receiver `\(name)` does not exist: the `new` that made it was undone"
  }

  @inlinable
  convenience init<R: ReceiverBase>(name: String, _ receiver: R) {
    // The declared table itself: a command reads one field of one element (no copy of the
    // whole Verb). Per-verb arrays of the closures would each be of a new type for every
    // receiver type, whose metadata the runtime builds at every start-up.
    let verbs = R.verbs
    let records = RecordStack<R.Undo>()
    self.init(
      name: name, object: receiver,
      execute: { verb, arguments throws(CommandFailure) in
        if let once = verbs[verb].executeOnce {
          // Run again after waiting for a request: what it did is still in effect.
          if AwaitedResults.ranBefore() { return }
          return try once(receiver, arguments)
        }
        records.push(try verbs[verb].execute(receiver, arguments))
      },
      undo: { verb, arguments in
        guard let undo = verbs[verb].undo else { return }
        undo(receiver, arguments, records.pop())
      },
      lastRecordFits: { verb in
        guard let fits = verbs[verb].recordFits, let record = records.last else { return true }
        return fits(receiver, record)
      },
      recordsMayNotFit: verbs.contains { $0.recordFits != nil },
      ask: { query, arguments throws(CommandFailure) in try R.queries[query].answer(receiver, arguments) },
      dropOldestRecords: { records.removeFirst($0) },
      dropNewestRecords: { records.removeLast($0) },
      state: { receiver.state },
      stateDescription: { receiver.stateDescription },
      view: { receiver.view }, picture: { receiver.picture(fitting: $0) },
      notUndoable: verbs.map { $0.undo == nil ? $0.name : nil }, verbNames: verbs.map { $0.name },
      bind: { verb, arguments in
        guard verbs[verb].executeOnce == nil, let undo = verbs[verb].undo else { return nil }
        let execute = verbs[verb].execute
        return BoundCommand(
          run: { () throws(CommandFailure) in records.push(try execute(receiver, arguments)) },
          undo: { undo(receiver, arguments, records.pop()) })
      },
      bindQuery: { query in
        let answer = R.queries[query].answer
        let none = Arguments([])
        return BoundQuery { () throws(CommandFailure) in try answer(receiver, none) }
      })
  }

  @usableFromInline
  init(
    name: String, object: AnyObject, execute: @escaping (Int, Arguments) throws(CommandFailure) -> Void,
    undo: @escaping (Int, Arguments) -> Void, lastRecordFits: @escaping (Int) -> Bool = { _ in true },
    recordsMayNotFit: Bool = false, ask: @escaping (Int, Arguments) throws(CommandFailure) -> Answer,
    dropOldestRecords: @escaping (Int) -> Void,
    dropNewestRecords: @escaping (Int) -> Void,
    state: @escaping () -> StateValue,
    stateDescription: @escaping () -> String, view: @escaping () -> StateValue?,
    picture: @escaping (PictureSize) -> Picture?, notUndoable: [String?], verbNames: [String],
    bind: @escaping (Int, Arguments) -> BoundCommand? = { _, _ in nil },
    bindQuery: @escaping (Int) -> BoundQuery? = { _ in nil }
  ) {
    self.name = name
    self.object = object
    self.execute = execute
    self.undo = undo
    self.lastRecordFits = lastRecordFits
    self.recordsMayNotFit = recordsMayNotFit
    self.ask = ask
    self.dropOldestRecords = dropOldestRecords
    self.dropNewestRecords = dropNewestRecords
    self.state = state
    self.stateDescription = stateDescription
    self.view = view
    self.picture = picture
    self.notUndoable = notUndoable
    self.verbNames = verbNames
    self.bind = bind
    self.bindQuery = bindQuery
  }
}

/// One receiver instance's undo records.
@usableFromInline
final class UndoRecords<Undo> {
  // Touched once per command, never in overlapping accesses: no dynamic exclusivity check.
  @exclusivity(unchecked) @usableFromInline var stack = ContiguousArray<Undo>()
  @usableFromInline init() {}
}

/// A Swift receiver instance's undo records, in a buffer of its own: a push or a pop is a
/// count checked, a store or a load, without an array's test for a shared buffer (a tenth
/// of the cost of a command).
@usableFromInline
final class RecordStack<Undo> {
  // Touched once per command, never in overlapping accesses: no dynamic exclusivity check.
  @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<Undo>
  @exclusivity(unchecked) @usableFromInline var count = 0
  @exclusivity(unchecked) @usableFromInline var capacity = 0

  @usableFromInline init() { base = .allocate(capacity: 0) }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  /// Adds the newest record.
  @inlinable @inline(__always) func push(_ record: Undo) {
    if count == capacity { grow() }
    (base + count).initialize(to: record)
    count &+= 1
  }

  /// Removes and returns the newest record; there must be one.
  @inlinable @inline(__always) func pop() -> Undo {
    precondition(count > 0, "an undo without its record")
    count &-= 1
    return (base + count).move()
  }

  /// The newest record, if any.
  @inlinable var last: Undo? { count > 0 ? base[count - 1] : nil }

  /// Forgets the `k` oldest records.
  @usableFromInline func removeFirst(_ k: Int) {
    precondition(k >= 0 && k <= count, "more records dropped than kept")
    base.deinitialize(count: k)
    base.moveInitialize(from: base + k, count: count - k)
    count -= k
  }

  /// Forgets the `k` newest records.
  @usableFromInline func removeLast(_ k: Int) {
    precondition(k >= 0 && k <= count, "more records dropped than kept")
    (base + count - k).deinitialize(count: k)
    count -= k
  }

  /// Doubles the buffer, as an array grows.
  @usableFromInline @inline(never) func grow() {
    let larger = Swift.max(16, capacity * 2)
    let new = UnsafeMutablePointer<Undo>.allocate(capacity: larger)
    new.moveInitialize(from: base, count: count)
    base.deallocate()
    (base, capacity) = (new, larger)
  }
}

/// A query without arguments bound to its receiver: what the invoker asks for a condition
/// of a loop, without looking the query up.
@usableFromInline
final class BoundQuery {
  let ask: () throws(CommandFailure) -> Answer

  @usableFromInline init(_ ask: @escaping () throws(CommandFailure) -> Answer) { self.ask = ask }
}

/// A command bound to its receiver, verb and arguments, as the `execute` and `undo`
/// closures would run it: what the invoker calls for a command of a loop, one closure
/// each way, without looking the verb up or passing it its arguments.
@usableFromInline
final class BoundCommand {
  let run: () throws(CommandFailure) -> Void
  let undo: () -> Void

  @usableFromInline init(run: @escaping () throws(CommandFailure) -> Void, undo: @escaping () -> Void) {
    self.run = run
    self.undo = undo
  }
}
