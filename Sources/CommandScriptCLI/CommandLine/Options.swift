import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the command line asks for, once parsed and validated: what a run reads, whichever
/// way the arguments were parsed (``RunCommand`` or ``Options/init(fastParsing:)``).
struct Options: Equatable {
  /// Each `-c TEXT`, in order.
  var commands: [String] = []
  var check = false
  var json = false
  /// `--session FILE`.
  var session: String?
  /// `--salvage-session NEWFILE`.
  var salvageSession: String?
  var noInit = false
  var safe = false
  var onError = ErrorPolicy.stop
  var maxSteps: Int?
  var historyLimit: Int?
  var pictures = PictureMode.auto
  /// The script operand, or `["-"]` for standard input.
  var files: [String] = []
  /// The operands after the script (or `-`), or with `-c` all of them: its `$1`, `$2`, ….
  var scriptArguments: [String] = []
  /// `-i`: the REPL (or standard input) after the files or `-c`.
  var interactive = false
  /// `-q`: no banner.
  var quiet = false
  /// `-v`: statements report what they did, as in the REPL.
  var verbose = false
  /// `-f FILE`, in order; they run before the operand files.
  var scriptFiles: [String] = []
  /// For each `-c`, in order, how many of `scriptFiles` come before it on the command line.
  var filesBeforeCommands: [Int] = []
  /// `--plugin COMMAND`, in order.
  var plugins: [String] = []
  /// `--plugin-timeout SECONDS`.
  var pluginTimeout: Double?
  /// `--plugin-trace FILE`.
  var pluginTrace: String?

  /// The steps `--safe` allows without `--max-steps`: a script from a stranger cannot loop
  /// for ever.
  static let safeStepBudget = 10_000_000
  /// The longest string a statement may make under `--safe`: 1 MiB.
  static let safeStringLimit = 1 << 20
  /// The bytes of strings statements may make under `--safe`, with the step budget: 64 MiB.
  static let safeValueLimit = 64 << 20
  /// The bytes `echo` and `show` may print under `--safe`, with the step budget: 16 MiB.
  static let safeOutputLimit = 16 << 20

  /// The driver for these options: its session made and set up to run them.
  func makeDriver(registry: ReceiverRegistry) -> Driver {
    let driver = Driver(registry: registry, json: json, checkOnly: check)
    driver.errorPolicy = onError
    if safe {
      driver.session.fileAccess = nil
      driver.session.limits.string = Self.safeStringLimit
      driver.session.limits.values = Self.safeValueLimit
      driver.session.limits.output = Self.safeOutputLimit
    }
    driver.session.limits.steps = maxSteps ?? (safe ? Self.safeStepBudget : nil)
    driver.session.limits.history = historyLimit
    if driver.session.helpExample == nil { driver.session.helpExample = ToolIdentity.current.example }
    if json {
      driver.session.showsViews = true
    } else {
      driver.session.pictureSize = { [pictures] in pictures.pictureSize }
      driver.session.helpWidth = { terminalSize()?.columns ?? 80 }
    }
    return driver
  }
}
