import ArgumentParser

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Where the command line meets the plugins: which to start (`--plugin`, then the project
// file's), joining them to the registry and the driver, and what their faults do to the
// exit status.

enum PluginSetUp {
  /// The default of `--plugin-timeout`, in seconds.
  static let defaultTimeout = 10.0
  /// `--plugin-timeout`'s help, for each subcommand that starts plugins.
  static let timeoutHelp = ArgumentHelp(
    "Seconds a plugin may take to answer one request (default 10; its start may take a minute); one that takes longer is stopped, and the statement fails, rolled back.",
    valueName: "seconds")

  /// `--plugin-timeout`'s rule, for every subcommand that takes it: a number of seconds
  /// above 0.
  static func validate(timeout: Double?) throws(ValidationError) {
    if let t = timeout, !(t > 0 && t.isFinite) {
      throw ValidationError("--plugin-timeout must be a number of seconds above 0, not \(t).")
    }
  }

  /// Starts the plugins `options` name, and those of the script's project file (not under
  /// `--safe` or `--check`, nor for `-c`, standard input or the REPL, and only once the user
  /// trusted it: ProjectTrust), and adds their types to `registry`. Nil when there are none:
  /// then nothing of plugins runs. A plugin that cannot start or declare ends the process
  /// with status 1.
  static func start(for options: Options, registry: inout ReceiverRegistry) -> PluginHost? {
    // `-c`, the REPL and standard input without `--plugin`: nothing to look for.
    guard !options.plugins.isEmpty || !options.scriptFiles.isEmpty || !options.files.isEmpty else { return nil }
    var commands = options.plugins.map { (command: $0, directory: String?.none) }
    var timeout = options.pluginTimeout
    let script = (options.scriptFiles + options.files).first { $0 != "-" }
    let renderer = Renderer(json: options.json, colour: false)
    if !options.safe, let script {
      do {
        if let project = try ProjectFile.find(from: ProjectFile.folder(of: script)), !project.plugins.isEmpty {
          if options.check {
            renderer.renderNote(
              "the plugins of \(project.path) did not start: `--check` runs nothing (name them with --plugin to check their verbs)"
            )
          } else if let refusal = ProjectTrust.refusal(of: project) {
            renderer.renderWarning(refusal)
          } else {
            commands += project.plugins.map { ($0, project.folder) }
            timeout = timeout ?? project.pluginTimeout
          }
        }
      } catch {
        fail(error.message)
      }
    }
    Console.err.flush()
    guard !commands.isEmpty else { return nil }
    if let trace = options.pluginTrace, let failure = PluginTrace.open(trace) { fail(failure) }
    return start(unique(commands), timeout: timeout ?? defaultTimeout, registry: &registry, renderer: renderer)
  }

  /// The commands without repeats: one named by `--plugin` and by the project file (the
  /// same words, run in the same folder) starts once, where `--plugin` put it.
  static func unique(_ commands: [(command: String, directory: String?)]) -> [(command: String, directory: String?)] {
    var seen: Set<[String]> = []
    return commands.filter { command, directory in
      let words = (try? CommandWords.split(command)) ?? [command]
      let folder = ProjectTrust.realPath(directory ?? ".") ?? directory ?? "."
      return seen.insert([folder] + words).inserted
    }
  }

  /// The registry the editor server checks `document` (a path) against: with the plugins of
  /// the document's project file when it is trusted (found as a run finds it, from the
  /// document's folder), and why they are missing otherwise. The plugins are asked what
  /// they declare, then let go; one that cannot start is left out, never fatal.
  static func forEditorServer(_ registry: ReceiverRegistry, document: String) -> (
    registry: ReceiverRegistry, project: ProjectFile?, problem: String?
  ) {
    let project: ProjectFile?
    do { project = try ProjectFile.find(from: ProjectFile.folder(of: document)) } catch {
      return (registry, nil, error.message)
    }
    guard let project, !project.plugins.isEmpty else { return (registry, project, nil) }
    if let refusal = ProjectTrust.refusal(of: project) { return (registry, project, refusal) }
    var extended = registry
    let host: PluginHost
    do {
      host = try PluginHost(
        commands: unique(project.plugins.map { ($0, project.folder) }),
        timeout: project.pluginTimeout ?? defaultTimeout)
    } catch {
      switch error {
      case .refused(let message), .fault(let message):
        return (registry, project, "the plugins of \(project.path) did not start: \(message)")
      }
    }
    defer { host.shutdown() }
    do { try host.register(into: &extended) } catch {
      return (registry, project, "the plugins of \(project.path) did not start: \(error.description)")
    }
    return (extended, project, nil)
  }

  private static func start(
    _ commands: [(command: String, directory: String?)], timeout: Double, registry: inout ReceiverRegistry,
    renderer: Renderer
  ) -> PluginHost {
    let host: PluginHost
    do { host = try PluginHost(commands: commands, timeout: timeout, json: renderer.json) } catch {
      switch error {
      case .refused(let message), .fault(let message): fail(message)
      }
    }
    let builtIn = registry.types
    do { try host.register(into: &registry) } catch {
      host.shutdown()
      fail(error.description)
    }
    for warning in shadowedVerbs(of: host, by: builtIn) { renderer.renderWarning(warning) }
    Console.err.flush()
    return host
  }

  /// A warning for each plugin verb whose bare name a built-in verb keeps.
  static func shadowedVerbs(of host: PluginHost, by builtIn: [ReceiverTypeInfo]) -> [String] {
    var warnings: [String] = []
    for plugin in host.plugins {
      for type in plugin.types {
        for verb in type.verbs {
          guard let owner = builtIn.first(where: { $0.verbIndex(verb.name) != nil }) else { continue }
          warnings.append(
            "plugin `\(plugin.name)`'s verb `\(type.name).\(verb.name)` is shadowed by `\(owner.name).\(verb.name)`: a bare `\(verb.name)` means `\(owner.name).\(verb.name)`; write `\(type.name).\(verb.name)` for the plugin's"
          )
        }
      }
    }
    return warnings
  }

  private static func fail(_ message: String) -> Never {
    Console.err.message(message)
    Console.err.flush()
    exit(ExitStatus.runtimeError.rawValue)
  }
}

extension PluginHost {
  /// The exit status once the run is over and the plugins are shut down: 1 if a plugin
  /// failed and nothing worse happened (not for the REPL, which went on).
  func finish(_ status: ExitStatus, endsWith1OnFault: Bool) -> ExitStatus {
    shutdown()
    Console.err.flush()
    return endsWith1OnFault && status == .success && anyFailed ? .runtimeError : status
  }
}
