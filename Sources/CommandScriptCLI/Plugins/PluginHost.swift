// The plugins of one run: started from the command line's `--plugin`s and the project
// file's, their types registered beside the built-in ones, told to shut down at the end.
// It also journals the undo records of persistent plugins (one comment line after each
// statement that made some) and hands them back when a journal is resumed.

final class PluginHost {
  private(set) var plugins: [Plugin] = []
  /// The session's, so that a plugin call can tell that Ctrl-C came while it ran.
  var interruption: Interruption?
  /// Where faults are told, once each.
  var report: (String) -> Void = { Console.err.message($0) }
  /// The records persistent plugins made in the running statement, in order, for the
  /// journal (collected only while there is one).
  private var pending: [(plugin: String, record: StateValue)] = []
  var collectsRecords = false
  /// A resumed journal's records, by plugin, handed back in order as its commands replay.
  private var restored: [String: ArraySlice<StateValue>] = [:]

  /// The line that begins a journal entry of records: a comment, so the journal stays a
  /// script.
  static let recordsPrefix = "#% plugin-records "

  /// Starts each command (with the folder to run it in), in order; stops at the first that
  /// cannot start or declare, with what went wrong. A plugin that names itself as an
  /// earlier one did (`--plugin` and the project file naming one program) is let go: one
  /// plugin runs once. `json`: its standard error is forwarded as JSON lines.
  init(commands: [(command: String, directory: String?)], timeout: Double, json: Bool = false)
    throws(PluginCallFailure)
  {
    for (command, directory) in commands {
      let plugin = try Plugin(command: command, directory: directory, timeout: timeout, json: json)
      if let earlier = plugins.first(where: { $0.name == plugin.name }) {
        plugin.shutdown()
        if earlier.command != command {
          Renderer(json: json, colour: false).renderWarning(
            "plugin `\(plugin.name)` of `\(command)` did not start: `\(earlier.command)` is already `\(plugin.name)`")
        }
        continue
      }
      plugin.onFault = { [unowned self] in self.report($0) }
      plugins.append(plugin)
    }
  }

  /// Adds every plugin's types to `registry`.
  func register(into registry: inout ReceiverRegistry) throws(RegistrationError) {
    for plugin in plugins {
      for type in plugin.types {
        var initial = Set(type.instances)
        do {
          try registry.register(declared: type) { name in
            PluginReceiver(plugin: plugin, host: self, type: type, name: name, announced: initial.remove(name) != nil)
          }
        } catch {
          throw RegistrationError(plugin: plugin.name, error)
        }
      }
    }
  }

  /// Whether a plugin keeps its state outside its process (its records are journaled).
  var anyPersistent: Bool { plugins.contains { $0.persistent } }

  /// Whether a plugin ended with a fault during the run.
  var anyFailed: Bool { plugins.contains { $0.hasFailed } }

  /// Tells every plugin to shut down.
  func shutdown() {
    for plugin in plugins { plugin.shutdown() }
  }

  // MARK: Persistent plugins' records

  func recorded(_ record: StateValue, by plugin: Plugin) {
    guard collectsRecords, plugin.persistent else { return }
    pending.append((plugin.name, record))
  }

  /// A command of `plugin` was undone: in the statement that ran it (a rollback), its
  /// record is not journaled.
  func withdraw(by plugin: Plugin) {
    guard plugin.persistent, let last = pending.last, last.plugin == plugin.name else { return }
    pending.removeLast()
  }

  /// Forgets the records collected since the last statement took effect: those of a preview
  /// (`mcp`), whose commands were all taken back and are never journaled.
  func discardPendingRecords() { pending.removeAll() }

  /// The journal entry of the records the statement that just took effect made, if any.
  func takeRecordsEntry() -> String? {
    guard !pending.isEmpty else { return nil }
    let list = StateValue.array(pending.map { .array([.string($0.plugin), $0.record]) })
    pending.removeAll()
    return Self.recordsPrefix + list.json
  }

  /// Reads the records entries of a journal about to be replayed.
  func restore(fromEntries entries: [[UInt8]]) {
    let prefix = Array(Self.recordsPrefix.utf8)
    var byPlugin: [String: [StateValue]] = [:]
    for entry in entries where entry.starts(with: prefix) {
      var line = Array(entry.dropFirst(prefix.count))
      while line.last == 10 || line.last == 13 { line.removeLast() }
      guard case .array(let items)? = try? JSONReader.parse(line, decimals: true) else { continue }
      for item in items {
        guard case .array(let pair) = item, pair.count == 2, case .string(let plugin) = pair[0] else { continue }
        byPlugin[plugin, default: []].append(pair[1])
      }
    }
    restored = byPlugin.mapValues { $0[...] }
  }

  /// The next journaled record of `plugin`: null if the journal lost it (the process ended
  /// between a statement and its records).
  func restoredRecord(of plugin: Plugin) -> StateValue {
    restored[plugin.name]?.popFirst() ?? .null
  }
}

extension RegistrationError {
  /// A plugin's declaration the registry refused, named after the plugin.
  fileprivate init(plugin: String, _ error: RegistrationError) {
    self = error
    description = "plugin `\(plugin)` declared \(error.description)"
  }
}
