// The plugins of one run: started from the command line's `--plugin`s and the project
// file's, their types registered beside the built-in ones, told to shut down at the end.
// Where they meet the journal is PluginJournal's.

final class PluginHost {
  private(set) var plugins: [Plugin] = []
  /// The session's, so that a plugin call can tell that Ctrl-C came while it ran.
  var interruption: Interruption?
  /// Where faults are told, once each.
  var report: (String) -> Void = { Console.err.message($0) }
  /// Step ids, and persistent plugins' records and answers in the journal.
  let journal = PluginJournal()

  /// Starts each command (with the folder to run it in), in order; stops at the first that
  /// cannot start or declare, with what went wrong. A plugin that names itself as an
  /// earlier one did (`--plugin` and the project file naming one program) is let go: one
  /// plugin runs once. `json`: its standard error is forwarded as JSON lines.
  init(commands: [(command: String, directory: String?)], timeout: Double, json: Bool = false)
    throws(PluginCallFailure)
  {
    journal.report = { [unowned self] in self.report($0) }
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

  /// Forgets what persistent plugins did since the last statement took effect: a preview's
  /// (`mcp`), whose commands were all taken back and are never journaled.
  func discardPendingRecords() { journal.discardPending() }
}

extension RegistrationError {
  /// A plugin's declaration the registry refused, named after the plugin.
  fileprivate init(plugin: String, _ error: RegistrationError) {
    self = error
    description = "plugin `\(plugin)` declared \(error.description)"
  }
}
