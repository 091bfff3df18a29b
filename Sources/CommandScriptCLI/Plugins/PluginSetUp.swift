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
    "Seconds a plugin may take to answer one request (default 10); one that takes longer is stopped, and the statement fails, rolled back.",
    valueName: "seconds")

  /// `--plugin-timeout`'s rule, for every subcommand that takes it: a number of seconds
  /// above 0.
  static func validate(timeout: Double?) throws(ValidationError) {
    if let t = timeout, !(t > 0 && t.isFinite) {
      throw ValidationError("--plugin-timeout must be a number of seconds above 0, not \(t).")
    }
  }

  /// Starts the plugins `options` name, and those of the script's project file (not under
  /// `--safe`, nor for `-c`, standard input or the REPL), and adds their types to
  /// `registry`. Nil when there are none: then nothing of plugins runs. A plugin that
  /// cannot start or declare ends the process with status 1.
  static func start(for options: Options, registry: inout ReceiverRegistry) -> PluginHost? {
    // `-c`, the REPL and standard input without `--plugin`: nothing to look for.
    guard !options.plugins.isEmpty || !options.scriptFiles.isEmpty || !options.files.isEmpty else { return nil }
    var commands = options.plugins.map { (command: $0, directory: String?.none) }
    var timeout = options.pluginTimeout
    let script = (options.scriptFiles + options.files).first { $0 != "-" }
    if !options.safe, let script {
      do {
        if let project = try ProjectFile.find(from: ProjectFile.folder(of: script)) {
          commands += project.plugins.map { ($0, project.folder) }
          timeout = timeout ?? project.pluginTimeout
        }
      } catch {
        fail(error.message)
      }
    }
    guard !commands.isEmpty else { return nil }
    return start(commands, timeout: timeout ?? defaultTimeout, registry: &registry)
  }

  /// The registry the editor server checks against: with the plugins of the project file
  /// of its working directory, if there is one.
  static func forEditorServer(_ registry: ReceiverRegistry) -> ReceiverRegistry {
    var registry = registry
    let project: ProjectFile?
    do { project = try ProjectFile.find(from: ".") } catch {
      Console.err.message(error.message)
      return registry
    }
    guard let project, !project.plugins.isEmpty else { return registry }
    // The server only checks: the plugins are asked what they declare, then let go.
    let host = start(
      project.plugins.map { ($0, project.folder) }, timeout: project.pluginTimeout ?? defaultTimeout,
      registry: &registry)
    host.shutdown()
    return registry
  }

  private static func start(
    _ commands: [(command: String, directory: String?)], timeout: Double, registry: inout ReceiverRegistry
  ) -> PluginHost {
    let host: PluginHost
    do { host = try PluginHost(commands: commands, timeout: timeout) } catch {
      switch error {
      case .refused(let message), .fault(let message): fail(message)
      }
    }
    do { try host.register(into: &registry) } catch {
      host.shutdown()
      fail(error.description)
    }
    return host
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
