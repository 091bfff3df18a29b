// Receiver types declared as data rather than by a Swift type's static tables: a plugin's
// (a program in any language, `cmdscript --plugin`), or any host's that learns its types at
// run time. They register into the same registry, so the checker, help, completion, `show`,
// `new`, macros, transactions, the queue and the editor server read them as they read the
// built-in ones; their undo records are JSON-shaped values (``StateValue``).

/// A receiver type declared as data: its name, verbs, queries and first instances.
///
/// ```swift
/// let lamp = ReceiverDeclaration(
///   name: "lamp", summary: "a dimmable lamp",
///   verbs: [MemberDeclaration("dim", [Parameter("level", .integer(0...100))], summary: "set the brightness")],
///   queries: [MemberDeclaration("level", [], .integer(0...100), summary: "the brightness")])
/// try registry.register(declared: lamp) { name in RemoteLamp(name: name) }
/// ```
public struct ReceiverDeclaration: Sendable {
  /// The type's name in scripts.
  public var name: String
  /// One line for `help`.
  public var summary: String
  /// The verbs, in the order `help` lists them.
  public var verbs: [MemberDeclaration]
  /// The queries, in the order `help` lists them.
  public var queries: [MemberDeclaration]
  /// The instances every session starts with (by default one, named after the type);
  /// `new` makes others.
  public var instances: [String]
  /// Whether the receivers' state outlives the session (a plugin declared
  /// `"persistent": true`: a real lamp, files): `export` leaves their commands out, with a
  /// comment line naming them, so that running the script does not run them twice.
  public var outlivesSession = false
  /// Whether its verbs yield a bare name to the other types' (a plugin's): a script that
  /// writes `paint` means the built-in `shape.paint` even when a plugin adds `lamp.paint`,
  /// so that adding a plugin never changes what a script that does not name it means.
  public var yieldsBareVerbs = false

  /// A type called `name`, with its verbs and queries; `instances` are the instances every
  /// session starts with (by default one named after the type).
  public init(
    name: String, summary: String, verbs: [MemberDeclaration], queries: [MemberDeclaration] = [],
    instances: [String]? = nil
  ) {
    self.name = name
    self.summary = summary
    self.verbs = verbs
    self.queries = queries
    self.instances = instances ?? [name]
  }
}

/// An instance of a declared receiver type: the session calls it with the index of a verb
/// or query in the type's declaration and arguments already checked against it.
public protocol DeclaredReceiver: AnyObject {
  /// Runs verb `verb`; returns what ``undo(_:_:record:)`` needs to revert exactly this
  /// execution (any JSON-shaped value; ignored for a verb that is not undoable).
  func execute(_ verb: Int, _ arguments: Arguments) throws(CommandFailure) -> StateValue
  /// Reverts the execution of `verb` with `arguments` that returned `record`.
  func undo(_ verb: Int, _ arguments: Arguments, record: StateValue)
  /// Answers query `query`; the answer must be of its declared kind.
  func ask(_ query: Int, _ arguments: Arguments) throws(CommandFailure) -> Answer
  /// The state, for `show`.
  var state: StateValue { get }
  /// Confirms the commands run so far, for a receiver that sends them on in batches and
  /// answers them later: it throws the first failure among them, naming the command it is
  /// of (``CommandFailure/earlierCommand``) when it can. The session settles before a
  /// statement, an undo or a redo is done; a failure rolls the statement back. A command
  /// may also throw an earlier command's failure found while it runs.
  func settle() throws(CommandFailure)
}

/// The command of a declared receiver that a failure found later is about (see
/// ``DeclaredReceiver/settle()``): the session locates the error at it, as it does the
/// failure of a command that fails as it runs.
public struct EarlierCommand: Equatable, Sendable {
  /// The receiver that ran it.
  public var receiver: ObjectIdentifier
  /// How many commands the receiver ran after it in the statement (0: it was the latest).
  public var commandsAfter: Int

  /// The command of `receiver` followed by `commandsAfter` others of it.
  public init(of receiver: any DeclaredReceiver, commandsAfter: Int) {
    self.receiver = ObjectIdentifier(receiver)
    self.commandsAfter = commandsAfter
  }

  /// The same, from the receiver's identity.
  public init(receiver: ObjectIdentifier, commandsAfter: Int) {
    self.receiver = receiver
    self.commandsAfter = commandsAfter
  }
}

extension CommandFailure {
  /// A failure that says `message`, of the earlier command `command`.
  public init(_ message: String, at command: EarlierCommand?) {
    self.init(message)
    earlierCommand = command
  }
}

extension DeclaredReceiver {
  /// Nothing to confirm: each command was answered as it ran.
  public func settle() throws(CommandFailure) {}
}

extension ReceiverRegistry {
  /// Adds a receiver type declared as data; `make` is given each instance's name (those
  /// of `declaration.instances`, then those `new` makes) and returns it.
  public mutating func register(
    declared declaration: ReceiverDeclaration, make: @escaping (_ name: String) -> any DeclaredReceiver
  ) throws(RegistrationError) {
    let queries = declaration.queries
    try add(
      name: declaration.name, summary: declaration.summary, verbs: declaration.verbs, queries: { queries },
      instances: declaration.instances, outlivesSession: declaration.outlivesSession,
      yieldsBareVerbs: declaration.yieldsBareVerbs,
      make: { name in ReceiverInstance(name: name, declared: make(name), verbs: declaration.verbs) })
    try validateQueries(of: types.count - 1)
  }
}

extension ReceiverInstance {
  /// An instance of a declared type, its undo records kept in a stack as a Swift
  /// receiver's are.
  convenience init(name: String, declared receiver: any DeclaredReceiver, verbs: [MemberDeclaration]) {
    let records = UndoRecords<StateValue>()
    let undoable = verbs.map(\.isUndoable)
    self.init(
      name: name, object: receiver,
      execute: { verb, arguments throws(CommandFailure) in
        guard undoable[verb] else {
          // Not recorded, and not run again by redo or a journal's replay.
          if arguments.execution == .replay { return }
          _ = try receiver.execute(verb, arguments)
          return
        }
        records.stack.append(try receiver.execute(verb, arguments))
      },
      undo: { verb, arguments in
        guard undoable[verb] else { return }
        receiver.undo(verb, arguments, record: records.stack.removeLast())
      },
      ask: { query, arguments throws(CommandFailure) in try receiver.ask(query, arguments) },
      dropOldestRecords: { records.stack.removeFirst($0) },
      dropNewestRecords: { records.stack.removeLast($0) },
      state: { receiver.state },
      stateDescription: { receiver.state.compactDescription },
      view: { nil }, picture: { _ in nil },
      notUndoable: verbs.map { $0.isUndoable ? nil : $0.name }, verbNames: verbs.map(\.name))
    settle = { () throws(CommandFailure) in try receiver.settle() }
  }
}

/// The latest commands run on receivers that confirm them later (``DeclaredReceiver/settle()``),
/// each with its instance and range, so that a failure found then is located at its
/// command. A ring: the oldest are forgotten, their batches answered long before.
struct DeferredCommands {
  private var entries: ContiguousArray<(instance: Int32, range: SourceRange)> = []
  private var next = 0
  /// Enough for two full batches of a plugin (`PluginBatch.size`) and more.
  static let capacity = 1 << 15

  mutating func note(instance: Int32, range: SourceRange) {
    if entries.count < Self.capacity {
      entries.append((instance, range))
    } else {
      entries[next] = (instance, range)
    }
    next = (next + 1) & (Self.capacity - 1)
  }

  /// The range of `command`, if it is still kept; `isOf` tells whether an instance is
  /// the command's receiver.
  func range(of command: EarlierCommand, isOf: (Int32) -> Bool) -> SourceRange? {
    var left = command.commandsAfter
    var i = next
    for _ in 0..<entries.count {
      i = (i - 1) & (Self.capacity - 1)
      guard isOf(entries[i].instance) else { continue }
      if left == 0 { return entries[i].range }
      left -= 1
    }
    return nil
  }
}
