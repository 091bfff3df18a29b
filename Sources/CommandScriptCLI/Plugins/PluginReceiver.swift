// One instance of a plugin's type, as the session sees any declared receiver: each verb,
// undo, query and `show` a request to the plugin. The undo records are the plugin's own
// JSON values, kept by the session; a persistent plugin's are also journaled, and a resume
// hands them back instead of running its commands again.

final class PluginReceiver: DeclaredReceiver {
  let plugin: Plugin
  let host: PluginHost
  let name: String
  let type: ReceiverDeclaration
  /// Whether the plugin knows the instance: those it declared, and those `new` made once
  /// told (on their first call).
  private var announced: Bool

  init(plugin: Plugin, host: PluginHost, type: ReceiverDeclaration, name: String, announced: Bool) {
    self.plugin = plugin
    self.host = host
    self.type = type
    self.name = name
    self.announced = announced
  }

  private func arguments(_ arguments: Arguments, _ parameters: [Parameter]) -> StateValue {
    var list: [StateValue] = []
    list.reserveCapacity(arguments.count)
    for i in 0..<arguments.count {
      list.append(StateValue(arguments.value(i), of: parameters[i].kind))
    }
    return .array(list)
  }

  /// For each verb, the start of a batch's runs of its calls:
  /// `["execute", "lamp", "paint", [` and `["undo", "lamp", "paint", [`.
  private lazy var heads: [(execute: [UInt8], undo: [UInt8])] = type.verbs.map {
    let rest = ", \(StateValue.string(name).json), \(StateValue.string($0.name).json), ["
    return (Array(("[\"execute\"" + rest).utf8), Array(("[\"undo\"" + rest).utf8))
  }
  /// For each verb and word parameter, its words as JSON strings.
  private lazy var quotedWords: [[[[UInt8]]]] = type.verbs.map { verb in
    verb.parameters.map { parameter in
      guard case .word(let set) = parameter.kind else { return [] }
      return set.words.map { Array(StateValue.string($0).json.utf8) }
    }
  }
  /// For each verb, whether its commands go in batches: its plugin takes them, and the verb
  /// is undoable and declared never to fail.
  private lazy var batched: [Bool] = type.verbs.indices.map {
    plugin.batch != nil && type.verbs[$0].isUndoable && plugin.infallible[type.name]?[$0] == true
  }

  /// Writes the arguments of a batch's call of `verb` to `out` (`[ARGUMENTS]`), without
  /// making a value of them first.
  private func writeArguments(_ verb: Int, _ arguments: Arguments, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "["))
    for i in 0..<arguments.count {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      switch arguments.value(i) {
      case .integer(let n): JSONBytes.appendInteger(n, to: &out)
      case .word(let w): out += quotedWords[verb][i][w]
      case let value:
        JSONBytes.append(StateValue(value, of: type.verbs[verb].parameters[i].kind), to: &out)
      }
    }
    out.append(UInt8(ascii: "]"))
  }

  private func call(_ method: String, _ params: [StateValue.Member]) throws(CommandFailure) -> StateValue {
    do {
      try announce()
      return try plugin.call(method, .object(params))
    } catch {
      throw failure(error)
    }
  }

  /// The failure of a call: located at the batched command it is of, if a batch failed.
  private func failure(_ error: PluginCallFailure) -> CommandFailure {
    CommandFailure(error.commandFailure.message, at: plugin.takeFailedCommand())
  }

  /// Tells the plugin of an instance `new` made, before its first request.
  private func announce() throws(PluginCallFailure) {
    guard !announced else { return }
    _ = try plugin.call("new", .object([.init("type", .string(type.name)), .init("name", .string(name))]))
    announced = true
  }

  /// The batch that `verb`'s commands go into, if any (see `batched`).
  @inline(__always) private func batch(for verb: Int) -> PluginBatch? {
    batched[verb] ? plugin.batch : nil
  }

  func settle() throws(CommandFailure) {
    do { try plugin.flush() } catch { throw failure(error) }
    // The statement is done only once its records are journaled.
    if plugin.persistent { try host.journal.settle(inRollback: host.interruption?.rollbackProgress != nil) }
  }

  func execute(_ verb: Int, _ arguments: Arguments) throws(CommandFailure) -> StateValue {
    if plugin.persistent, arguments.execution == .replay {
      // Its state outlived it: what the command did is there already, and its record in
      // the journal (unless the statement is in doubt and the plugin applied it).
      switch try host.journal.replayedRecord(of: plugin) {
      case .journaled(let record): return record
      case .refused(let message): throw CommandFailure(message)
      case .ask: break
      }
    }
    let declared = type.verbs[verb]
    if let batch = batch(for: verb) {
      do {
        try announce()
        if batch.isFull { try plugin.flush() }
      } catch {
        throw failure(error)
      }
      let ticket = batch.execute(ObjectIdentifier(self), verb, head: heads[verb].execute) {
        writeArguments(verb, arguments, to: &$0)
      }
      return .int(ticket)
    }
    if plugin.persistent, arguments.execution == .redo { host.journal.movesHistory() }
    let wasRunning = !plugin.hasFailed
    let result: StateValue
    do {
      result = try call(
        "execute",
        [
          .init("instance", .string(name)), .init("verb", .string(declared.name)),
          .init("arguments", self.arguments(arguments, declared.parameters)),
          .init("step", .string(host.journal.step)), .init("mode", .string(Self.mode(arguments.execution))),
        ])
    } catch {
      if plugin.persistent, wasRunning, plugin.hasFailed, declared.isUndoable {
        // Stopped while it ran (a timeout): it may have done it, and cannot take it back.
        host.journal.couldNotUndo("\(name).\(declared.name)")
      } else if plugin.persistent, declared.isUndoable, !plugin.hasFailed {
        // Refused: a replay fails it the same way (a `try` takes the same branch).
        host.journal.refused(plugin, error.message)
      }
      throw error
    }
    let record = result["undo"] ?? .null
    if plugin.persistent, declared.isUndoable { host.journal.executed(plugin, record) }
    if host.interruption?.isRequested == true {
      // Ctrl-C while it ran: take it back here, and stop the statement, which rolls back
      // what ran before.
      if declared.isUndoable { send(undoOf: verb, arguments, record: record) }
      throw CommandFailure("interrupted")
    }
    return record
  }

  /// `execute`'s `mode`: why the command runs.
  private static func mode(_ execution: Arguments.Execution) -> String {
    switch execution {
    case .live: "live"
    case .redo: "redo"
    case .replay: "replay"
    }
  }

  func undo(_ verb: Int, _ arguments: Arguments, record: StateValue) {
    if plugin.persistent, arguments.execution == .replay {
      // Not sent: a replay's undo was done when the session ran it (unless the statement is
      // in doubt and the plugin applied it).
      guard host.journal.sendsReplayedUndo(of: plugin) else { return }
    }
    if plugin.persistent, plugin.hasFailed, type.verbs[verb].isUndoable {
      // Stopped by a fault: its state keeps what the command did.
      host.journal.couldNotUndo("\(name).\(type.verbs[verb].name)")
      return
    }
    if plugin.persistent {
      host.journal.undid(plugin)
      // Not a statement's rollback: a step undone.
      if host.interruption?.rollbackProgress == nil { host.journal.movesHistory() }
    }
    send(undoOf: verb, arguments, record: record)
  }

  private func send(undoOf verb: Int, _ arguments: Arguments, record: StateValue) {
    let declared = type.verbs[verb]
    if let batch = batch(for: verb), case .int(let ticket) = record {
      do {
        if batch.isWaiting(ticket) || batch.isFull { try plugin.flush() }
      } catch {
        return
      }
      let record = batch.record(of: ticket)
      batch.undo(
        ObjectIdentifier(self), verb, head: heads[verb].undo, { writeArguments(verb, arguments, to: &$0) },
        record: record)
      return
    }
    do {
      _ = try call(
        "undo",
        [
          .init("instance", .string(name)), .init("verb", .string(declared.name)),
          .init("arguments", self.arguments(arguments, declared.parameters)), .init("undo", record),
        ])
    } catch {
      // A dead plugin was reported when it died; a refusal breaks the receiver laws.
      if !plugin.hasFailed {
        plugin.onFault("plugin `\(plugin.name)` refused to undo `\(name).\(declared.name)`: \(error.message)")
      }
    }
  }

  func ask(_ query: Int, _ arguments: Arguments) throws(CommandFailure) -> Answer {
    let declared = type.queries[query]
    if plugin.persistent, Arguments.Execution.replay == arguments.execution,
      case .journaled(let value) = try host.journal.replayedAnswer(of: plugin)
    {
      // The answer the live run had: the replay takes the branch it took.
      guard let answer = PluginDeclarations.value(value, fitting: declared.result) else {
        throw CommandFailure(
          "the journal holds \(value.json) as the answer of `\(name).\(declared.name)`, not \(declared.result.description)"
        )
      }
      return answer
    }
    let result = try call(
      "query",
      [
        .init("instance", .string(name)), .init("query", .string(declared.name)),
        .init("arguments", self.arguments(arguments, declared.parameters)),
      ])
    guard let value = result["value"], let answer = PluginDeclarations.value(value, fitting: declared.result) else {
      throw CommandFailure(
        "plugin `\(plugin.name)` answered `\(name).\(declared.name)` with \(result["value"]?.json ?? "no `value`"), not \(declared.result.description)"
      )
    }
    if plugin.persistent { host.journal.answered(plugin, value) }
    return answer
  }

  var state: StateValue {
    do throws(CommandFailure) {
      let result = try call("state", [.init("instance", .string(name))])
      guard let state = result["state"] else {
        throw CommandFailure("plugin `\(plugin.name)` answered `state` without a `state`")
      }
      return state
    } catch {
      return .object([.init("error", .string(error.message))])
    }
  }
}

extension PluginCallFailure {
  /// The failure of the command that made the call.
  var commandFailure: CommandFailure {
    switch self {
    case .refused(let message), .fault(let message): CommandFailure(message)
    }
  }
}
