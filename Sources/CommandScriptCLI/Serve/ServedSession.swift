// What `serve` (the CommandScriptServer target) takes from the command line: a session set
// up as the command line sets one up (the journal resumed, the files run), and the way to
// `NAME-serve` beside the tool when the tool itself does not link the server.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A session for `serve`: made, resumed from its journal and started with files as the
/// command line would, then handed to the web server, which runs what pages send through
/// the ``session``'s public API and calls ``entryEnded()`` after each entry.
package final class ServedSession {
  private let driver: Driver
  /// The plugins started for the session, if any.
  private let plugins: PluginHost?
  /// The session the pages share.
  package var session: Session { driver.session }

  /// A session over `registry` and the plugins `options` name (`--plugin`, else the first
  /// file's project file), started as a run starts them, with the tool's help example and
  /// no pictures (the page draws its own). A plugin that cannot start ends the process with
  /// status 1.
  package init(registry: ReceiverRegistry, options: ServeOptions = ServeOptions()) {
    var run = Options()
    run.files = options.files
    run.plugins = options.plugins
    run.pluginTimeout = options.pluginTimeout
    var registry = registry
    plugins = PluginSetUp.start(for: run, registry: &registry)
    driver = Options().makeDriver(registry: registry)
    driver.errorPolicy = .stop
    plugins?.attach(to: driver)
  }

  /// Once serving is over: shuts the plugins down (their faults were reported as they
  /// happened; as in the REPL, they do not change the exit status).
  package func finish() {
    _ = plugins?.finish(.success, endsWith1OnFault: false)
  }

  /// Resumes the journal at `journalPath` (if given), then, when it held nothing, runs
  /// `files` (journaled too), rendering diagnostics on standard error as a run does.
  /// Afterwards statements run under `--safe` rules (no file access, the safe step budget
  /// per entry) unless `allowFiles`. Returns the status to exit with if the start failed.
  /// `ready` is called once the journal is resumed and the files are read, before they run:
  /// the server prints its address there, before anything the files print.
  package func start(
    files: [String], arguments: [String] = [], journalPath: String?, allowFiles: Bool, ready: () -> Void = {}
  ) -> Int32? {
    defer { Console.flush() }
    var resumed = false
    var protected: [String] = []
    if let journalPath {
      switch Journal.acquire(journalPath) {
      case .success(let journal):
        protected = [journal.path]
        driver.session.fileAccess = POSIXFileAccess(protecting: protected)
        switch driver.resume(journal, historyLimit: nil) {
        case .success(let replayed): resumed = replayed > 0
        case .failure(let failure): return failure.status.rawValue
        }
      case .failure(let error):
        driver.renderer.renderRunError("cannot open the session \(error.path): \(error.reason)", file: error.path)
        return ExitStatus.noInput.rawValue
      }
    }
    if !resumed, !files.isEmpty {
      var inputs: [SourceFile] = []
      for path in files {
        switch FileIO.read(path, pipes: true) {
        case .success(let bytes):
          // The first file is the script: it takes the arguments, as a run's operand does.
          inputs.append(SourceFile(name: path, bytes: bytes, arguments: inputs.isEmpty ? arguments : nil))
        case .failure(let error):
          driver.renderer.renderRunError("cannot read \(path): \(error.reason)", file: path)
          return ExitStatus.noInput.rawValue
        }
      }
      ready()
      let status = driver.runWhole(inputs)
      if status != .success { return status.rawValue }
    }
    if resumed || files.isEmpty { ready() }
    driver.session.fileAccess = allowFiles ? POSIXFileAccess(protecting: protected) : nil
    driver.session.limits.steps = allowFiles ? nil : Options.safeStepBudget
    return nil
  }

  /// Runs a preview (`Session.preview`), which takes back everything it runs: what
  /// persistent plugins did in it is never journaled, neither during it nor with the next
  /// statement.
  package func previewing<T>(_ preview: () -> T) -> T {
    plugins?.discardPendingRecords()
    defer { plugins?.discardPendingRecords() }
    return preview()
  }

  /// The running tool's name (`cmdscript`, or an app's own), for messages and help.
  package static var toolName: String { ToolIdentity.current.name }

  /// Begins a call whose statements the journal keeps whole or not at all, until
  /// ``entryEnded()`` (`mcp`'s `run`): a resume after the process ended while it ran has
  /// none of them (a persistent plugin's state is taken back too, PluginCallRollback.swift).
  /// Not with a persistent plugin that cannot say whether it holds a step (no `applied`):
  /// then each statement is kept as it takes effect.
  package func beginCall() {
    guard !(plugins?.anyPersistentWithoutApplied ?? false) else { return }
    driver.journal?.beginCall()
  }

  /// Ends the call begun by ``beginCall()``, if any (its `#= commit`, made durable with
  /// what follows; a failure to write it is seen by ``entryEnded()``).
  package func endCall() { try? driver.journal?.commitCall() }

  /// After each entry from a page (or call): ends the call begun by ``beginCall()``, if
  /// any, and makes the journal durable. False if the journal could not keep a statement
  /// or be synced (said on standard error): the server must stop.
  package func entryEnded() -> Bool {
    endCall()
    if let journal = driver.journal, journal.recordFailed {
      Console.err.message("cannot write to the session \(journal.path); stopping")
      Console.err.flush()
      return false
    }
    return driver.syncJournal()
  }

  /// Runs `NAME-serve` from the directory of the running executable with `arguments` (those
  /// after `serve`), replacing this process; returns only if it cannot, with the status to
  /// exit with, having said why.
  static func execServer(_ arguments: [String]) -> ExitStatus {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    var executable = length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    if executable.isEmpty { executable = CommandLine.arguments.first ?? "" }
    let directory = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    let path = (directory.isEmpty ? "." : directory) + "/" + ToolIdentity.current.name + "-serve"
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    execv(path, argv)
    let reason = String(cString: strerror(errno))
    if ToolIdentity.current.name != "cmdscript" {
      // An app's own tool serves only if it links the server (examples/lamp).
      Console.err.message(
        "serve: \(ToolIdentity.current.name) does not include the web page: an app serves its receivers by passing `serve: WebApp.serve` to CommandScriptTool.main (see examples/lamp); cannot run \(path): \(reason)"
      )
      return .unavailable
    }
    Console.err.message("serve: cannot run \(path): \(reason) (it is built with the tool: swift build)")
    return .unavailable
  }
}
