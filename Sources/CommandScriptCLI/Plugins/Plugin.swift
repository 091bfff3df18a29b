// One plugin: its process, spoken to in JSON-RPC 2.0 one message per line (PLUGINS.md),
// and what its `initialize` declared. Every fault of the process or of the protocol ends
// the plugin for good: it is reported once, and each later call fails saying so.

/// Why a call to a plugin failed.
enum PluginCallFailure: Error {
  /// The plugin answered a JSON-RPC error: the command failed with its message.
  case refused(String)
  /// The plugin broke the protocol, died or did not answer (the message names it).
  case fault(String)
}

final class Plugin {
  /// The command line it was started with.
  let command: String
  /// Its name: the command's until `initialize` gives its own.
  private(set) var name: String
  let process: PluginProcess
  /// Seconds a call may take (`--plugin-timeout`).
  let timeout: Double
  /// Seconds its start may take: the answer to `initialize`, which waits for the program to
  /// load (an interpreter and its imports), whatever `--plugin-timeout` allows a call.
  static let startAllowance = 60.0
  /// Whether its state outlives its process (`"persistent": true`).
  private(set) var persistent = false
  /// Whether it answers `applied` (`"applied": true`, persistent plugins only): whether
  /// its state holds a step's effects, asked of a step the journal cannot show complete.
  private(set) var answersApplied = false
  /// The types it declared.
  private(set) var types: [ReceiverDeclaration] = []
  /// For each type, by name, which verbs it declared `"infallible": true` (never refused):
  /// with `"batch": true`, their commands are sent in batches.
  private(set) var infallible: [String: [Bool]] = [:]
  /// The commands sent ahead and not yet answered, when it takes batches (see PLUGINS.md,
  /// "Batches"); nil when each request waits for its answer.
  private(set) var batch: PluginBatch?
  /// What ended it, once something did.
  private(set) var fault: String?
  /// Told once, when a fault ends the plugin (the CLI writes it to standard error).
  var onFault: (String) -> Void = { _ in }
  /// Whether it ever ended with a fault (a script then exits with status 1).
  var hasFailed: Bool { fault != nil }
  private var nextID = 0
  /// A line a plugin sent, quoted (cut at 200 bytes) for a message; a line that is not a
  /// JSON object is likely a debug line, which goes to standard error.
  static func quote(_ line: [UInt8]) -> String {
    let shown = String(decoding: line.prefix(200), as: UTF8.self) + (line.count > 200 ? "…" : "")
    let quoted = "it sent \(StateValue.string(shown).json)"
    let debug = line.first { $0 != 32 && $0 != 9 } != UInt8(ascii: "{")
    return debug ? quoted + " (a plugin's debug output goes to standard error, not standard output)" : quoted
  }

  /// The command the latest failed batch is located at (see `flush`), until taken.
  private var failedCommand: EarlierCommand?
  /// The call an error answer to a batch named (`"data": {"call": N}`).
  private var failedCall: Int?

  /// The protocol version this tool speaks.
  static let protocolVersion = 1

  /// Starts `command` (split into words as a shell would, without a shell) in `directory`
  /// and asks what it declares.
  /// The `"types"` it declared, as it sent them (`plugin check` reads their `examples`).
  private(set) var declarations: [StateValue] = []

  /// `initialize` carries `initialize`'s members beside the protocol version (`plugin
  /// check` adds `"check": true`); `environment` is set over the tool's for the process.
  init(
    command: String, directory: String?, timeout: Double, json: Bool = false,
    initialize: [StateValue.Member] = [], environment: [String: String] = [:]
  ) throws(PluginCallFailure) {
    self.command = command
    self.timeout = timeout
    let words: [String]
    do { words = try CommandWords.split(command) } catch { throw .fault("plugin `\(command)`: \(error.reason)") }
    guard !words.isEmpty else { throw .fault("plugin ``: the command is empty") }
    name = command
    // Until it names itself, its standard error is prefixed with its script's (or
    // program's) file name.
    let file = words.count > 1 ? words[1] : words[0]
    let shortName = String(file.split(separator: "/").last ?? Substring(file))
    do {
      process = try PluginProcess(words: words, name: shortName, directory: directory, environment: environment)
    } catch {
      throw .fault("plugin `\(command)`: \(error.reason)")
    }
    process.json = json
    let result = try call(
      "initialize", .object([.init("protocolVersion", .int(Self.protocolVersion))] + initialize))
    do { try declare(result) } catch {
      stop(saying: error.reason)
      throw .fault("plugin `\(name)` \(error.reason)")
    }
  }

  /// Reads `initialize`'s result.
  private func declare(_ result: StateValue) throws(DeclarationError) {
    guard case .int(let version)? = result["protocolVersion"] else {
      throw DeclarationError("answered `initialize` without an integer `protocolVersion`")
    }
    guard version == Self.protocolVersion else {
      throw DeclarationError("speaks protocol version \(version); this tool speaks \(Self.protocolVersion)")
    }
    guard case .string(let declaredName)? = result["name"], !declaredName.isEmpty,
      !declaredName.unicodeScalars.contains(where: { $0.value < 32 })
    else {
      throw DeclarationError("answered `initialize` without a `name`")
    }
    name = declaredName
    process.name = declaredName
    if let value = result["persistent"] {
      guard case .bool(let flag) = value else { throw DeclarationError("declared `persistent` not as a boolean") }
      persistent = flag
    }
    guard case .array(let declared)? = result["types"] else {
      throw DeclarationError("answered `initialize` without a `types` list")
    }
    declarations = declared
    for value in declared {
      let (type, flags) = try PluginDeclarations.type(value)
      types.append(type)
      infallible[type.name] = flags
    }
    if case .bool(true)? = result["batch"], !persistent { batch = PluginBatch() }
    if case .bool(true)? = result["applied"], persistent { answersApplied = true }
    var instances: [String: [String]] = [:]
    if let value = result["instances"] {
      guard case .array(let list) = value else { throw DeclarationError("declared `instances` not as a list") }
      for item in list {
        guard case .string(let instance)? = item["name"], case .string(let type)? = item["type"] else {
          throw DeclarationError("declared an instance without a `name` and a `type`")
        }
        guard types.contains(where: { $0.name == type }) else {
          throw DeclarationError("declared instance `\(instance)` of type `\(type)`, which it does not declare")
        }
        instances[type, default: []].append(instance)
      }
    }
    for i in types.indices {
      types[i].instances = instances[types[i].name] ?? []
      // `export` leaves a persistent plugin's commands out, as a resume does not run them.
      types[i].outlivesSession = persistent
      // A plugin never changes what a script that does not name it means.
      types[i].yieldsBareVerbs = true
    }
  }

  /// Calls `method` and returns its result (a JSON object); the commands sent ahead are
  /// answered first.
  func call(_ method: String, _ params: StateValue) throws(PluginCallFailure) -> StateValue {
    failedCommand = nil
    try flush()
    return try exchange(method, params: Array(params.json.utf8))
  }

  /// Sends what is waiting in the batch, if anything, and keeps the undo records it
  /// answers with.
  func flush() throws(PluginCallFailure) {
    failedCommand = nil
    guard let batch, batch.count > 0 else { return }
    let result: StateValue
    failedCall = nil
    do { result = try exchange("batch", params: batch.message()) } catch {
      // Its calls died with it: what needs them fails saying so, located at the call the
      // plugin named, or else at the first (the first whose answer was lost).
      failedCommand = batch.command(ofCall: failedCall ?? 0)
      batch.answered([])
      throw error
    }
    guard case .array(let records)? = result["records"], records.count == batch.executes else {
      failedCommand = batch.command(ofCall: 0)
      batch.answered([])
      throw failed("answered `batch` without one record for each of its \(batch.executes) `execute`s")
    }
    batch.answered(records)
  }

  /// Sends `method` with `params` (JSON text) and returns its result.
  private func exchange(_ method: String, params: [UInt8]) throws(PluginCallFailure) -> StateValue {
    if let fault { throw .fault("plugin `\(name)` is not running: it \(fault)") }
    nextID += 1
    let id = nextID
    var message = Array("{\"jsonrpc\": \"2.0\", \"id\": \(id), \"method\": \"\(method)\", \"params\": ".utf8)
    message.reserveCapacity(message.count + params.count + 1)
    message += params
    message.append(UInt8(ascii: "}"))
    let line: [UInt8]
    do {
      PluginTrace.record(name, sent: true, message)
      try process.send(message)
      let limit = method == "initialize" ? max(timeout, Self.startAllowance) : timeout
      line = try process.receive(timeout: limit, answering: method)
      PluginTrace.record(name, sent: false, line)
      process.forwardErrors()
    } catch {
      throw failed(error.namesRequest ? error.reason : "\(error.reason) during `\(method)`")
    }
    let reply: StateValue
    do { reply = try JSONReader.parse(line, decimals: true) } catch {
      throw failed("answered `\(method)` with malformed JSON (\(error.reason)): \(Self.quote(line))")
    }
    guard case .int(let answered)? = reply["id"] else {
      throw failed("answered `\(method)` with a message without an integer `id`")
    }
    guard answered == id else { throw failed("answered `\(method)` (id \(id)) with id \(answered)") }
    if let error = reply["error"] {
      guard case .string(let text)? = error["message"] else {
        throw failed("answered `\(method)` with an error without a `message`")
      }
      // In a batch, every call was declared never to fail: a refusal breaks the protocol.
      if method == "batch" {
        if case .int(let call)? = error["data"]?["call"] { failedCall = call }
        throw failed("refused a batch of calls declared never to fail: \(text)")
      }
      throw .refused(text)
    }
    guard let result = reply["result"], case .object = result else {
      throw failed("answered `\(method)` without a `result` object")
    }
    return result
  }

  /// The command the batch that just failed is located at, if any; once.
  func takeFailedCommand() -> EarlierCommand? {
    defer { failedCommand = nil }
    return failedCommand
  }

  /// Ends the plugin after a fault: says so once, and returns the call's failure.
  func failed(_ reason: String) -> PluginCallFailure {
    stop(saying: reason)
    return .fault("plugin `\(name)` \(reason)")
  }

  private func stop(saying reason: String) {
    guard fault == nil else { return }
    fault = reason
    process.terminate()
    onFault("plugin `\(name)` \(reason); statements that use it fail from now on")
  }

  /// Asks it to shut down, then closes its input and lets it exit.
  func shutdown() {
    guard fault == nil else { return }
    _ = try? call("shutdown", .object([]))
    process.finish(timeout: min(timeout, 2))
  }
}

/// A plugin declaration that cannot be used, with what is wrong.
struct DeclarationError: Error {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}
