import Foundation
import Testing

/// Runs the built `cmdscript` binary and collects what it did.
enum CLI {
  /// Starts `arguments` (the first a path) as a shell would: with `defaultSignals` at their
  /// default action and no signal blocked (a test's thread may block or ignore some, and a
  /// child inherits that), standard input from /dev/null, and standard output and error
  /// into the file `output` (nil: /dev/null). Returns the process, or nil.
  static func spawnAsFromAShell(_ arguments: [String], defaultSignals: [Int32], output: String? = nil) -> pid_t? {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in defaultSignals { sigaddset(&signals, signal) }
    posix_spawnattr_setsigdefault(&attributes, &signals)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    return posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ) == 0 ? pid : nil
  }

  /// Runs a system command (`mount`, `dd`, ...) quietly; whether it succeeded.
  static func system(_ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// The package root (this file is `Tests/CLITests/CLI.swift`).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `cmdscript` binary under test: `CMDSCRIPT_BINARY` if set (CI runs these tests
  /// again on the release binary that way), else the one `swift build` made, next to the
  /// test bundle (under `swift test` on Linux `CommandLine.arguments[0]` is
  /// `.build/<config>/…xctest`, on macOS the bundle's parent folder), else in the
  /// package's `.build/debug`.
  static let binary: URL = {
    if let path = ProcessInfo.processInfo.environment["CMDSCRIPT_BINARY"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    var candidates: [URL] = []
    let argument0 = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    candidates.append(argument0.deletingLastPathComponent())
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    candidates.append(Bundle.main.bundleURL)
    candidates.append(packageRoot.appendingPathComponent(".build/debug"))
    for folder in candidates {
      let url = folder.appendingPathComponent("cmdscript")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return packageRoot.appendingPathComponent(".build/debug/cmdscript")
  }()

  /// What one run produced.
  struct Result: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Whether the run was killed for taking too long.
    var timedOut = false
    /// The seconds it was given before being taken to hang.
    var timeout = CLI.hangGuard

    var stdoutLines: [String] { lines(stdout) }
    var stderrLines: [String] { lines(stderr) }

    var description: String {
      "exit status \(status)\(timedOut ? " (killed: timed out after \(Int(timeout)) s)" : "")\n--- stdout:\n\(stdout)--- stderr:\n\(stderr)---"
    }
  }

  /// The seconds after which a run is taken to hang and killed. Only a guard against a
  /// hang, never a measure of speed: a debug build on a slow, loaded machine running the
  /// whole suite beside it stays well within it.
  static let hangGuard: Double = 300

  /// Whether the binary under test is an optimized build: `CMDSCRIPT_BINARY` names one (CI
  /// runs these tests again on the release binary so) or it lies in a `release` folder.
  static let isOptimized: Bool = {
    if let path = ProcessInfo.processInfo.environment["CMDSCRIPT_BINARY"], !path.isEmpty { return true }
    return binary.path.contains("/release/")
  }()

  /// `full` on an optimized binary, else `debug`: a heavy input runs whole on the release
  /// binary, and a small version of it on the debug build (`swift test`).
  static func heavy(_ full: Int, debug: Int) -> Int { isOptimized ? full : debug }

  /// The tool may exit before reading all its input (a compile error ends a stream):
  /// writing to it then must fail with EPIPE, not kill the tests with SIGPIPE.
  static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  /// The environment for every run: no colour, whatever the caller's terminal, and the
  /// tests' own state folder.
  static var environment: [String: String] {
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    env["XDG_STATE_HOME"] = stateHome
    return env
  }

  /// A state folder of the tests' own (not the user's), in which the project file of the
  /// plugin scripts (`Scripts/plugins/cmdscript.json`) is trusted, as a user trusts one
  /// with `cmdscript trust`.
  static let stateHome: String = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cmdscript-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = binary
    process.arguments = [
      "trust", packageRoot.appendingPathComponent("Tests/CLITests/Scripts/plugins/cmdscript.json").path,
    ]
    process.environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": folder.path]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    try? process.run()
    process.waitUntilExit()
    return folder.path
  }()

  /// Runs `cmdscript arguments`, with `stdin` as standard input (nil: /dev/null), in
  /// `directory` (default: the package root).
  static func run(
    _ arguments: [String], stdin: [UInt8]? = nil, in directory: URL? = nil, timeout: Double = hangGuard,
    executable: URL? = nil
  ) throws -> Result {
    ignoreBrokenPipes
    let process = Process()
    process.executableURL = executable ?? binary
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? packageRoot
    process.environment = environment
    let outPipe = Pipe()
    let errPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    let inPipe = stdin.map { _ in Pipe() }
    process.standardInput = inPipe ?? FileHandle.nullDevice

    let collected = Collected()
    let group = DispatchGroup()
    try process.run()
    for (pipe, isOut) in [(outPipe, true), (errPipe, false)] {
      group.enter()
      DispatchQueue.global().async {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        collected.set(data, stdout: isOut)
        group.leave()
      }
    }
    if let inPipe, let stdin {
      DispatchQueue.global().async {
        try? inPipe.fileHandleForWriting.write(contentsOf: Data(stdin))
        try? inPipe.fileHandleForWriting.close()
      }
    }
    var timedOut = false
    if group.wait(timeout: .now() + timeout) == .timedOut {
      timedOut = true
      // SIGKILL, not `terminate()`'s SIGTERM: a child started from a test's thread inherits
      // that thread's signal mask, in which SIGTERM is blocked, so SIGTERM would never end it.
      kill(process.processIdentifier, SIGKILL)
      _ = group.wait(timeout: .now() + 5)
    }
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: collected.text(stdout: true),
      stderr: collected.text(stdout: false), timedOut: timedOut, timeout: timeout)
  }

  /// Runs `script` with bash, where `$CMDSCRIPT` is the binary under test: for
  /// redirections (`>&-`, `> /dev/full`) and process substitution.
  static func shell(_ script: String, stdin: [UInt8]? = nil, in directory: URL? = nil, timeout: Double = hangGuard)
    throws -> Result
  {
    let quoted = "'" + binary.path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    return try run(
      ["-c", "CMDSCRIPT=\(quoted); " + script], stdin: stdin, in: directory, timeout: timeout,
      executable: URL(fileURLWithPath: "/bin/bash"))
  }

  /// Runs `python3 ARGUMENTS` (from the PATH) with `environment` added to this process's,
  /// and returns its status and its standard output and error together.
  static func python(_ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": stateHome]) { $1 }
      .merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Shorthand: `cmdscript -c text` plus extra arguments.
  static func run(command text: String, _ extra: [String] = []) throws -> Result {
    try run(extra + ["-c", text])
  }
}

/// Output read on other threads.
// Unchecked: every access to `out` and `err` holds `lock`.
final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var out = Data()
  private var err = Data()

  func set(_ data: Data, stdout: Bool) {
    lock.withLock {
      if stdout { out = data } else { err = data }
    }
  }

  func append(_ data: Data, stdout: Bool) {
    lock.withLock {
      if stdout { out.append(data) } else { err.append(data) }
    }
  }

  func text(stdout: Bool) -> String {
    lock.withLock { String(decoding: stdout ? out : err, as: UTF8.self) }
  }
}

/// A text's lines, without their line breaks (and no empty last line for a final `\n`).
func lines(_ text: String) -> [String] {
  // Split on the byte, not on Characters: in Swift "\r\n" is one Character.
  var result = text.utf8.split(separator: 10, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  if result.last == "" { result.removeLast() }
  return result
}

/// A line diff of `expected` and `actual` (`-` expected only, `+` actual only), by
/// longest common subsequence, for failure messages. Invisible characters are spelt
/// out (`\u{FEFF}`, `\t`).
func lineDiff(expected: [String], actual: [String]) -> String {
  let n = expected.count
  let m = actual.count
  var lcs = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
  for i in stride(from: n - 1, through: 0, by: -1) {
    for j in stride(from: m - 1, through: 0, by: -1) {
      lcs[i][j] = expected[i] == actual[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
    }
  }
  // Invisible characters (a byte-order mark, control characters, tabs) are spelt out.
  func visible(_ line: String) -> String {
    var text = ""
    for scalar in line.unicodeScalars {
      if scalar == "\t" {
        text += "\\t"
      } else if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format {
        text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }
  var out: [String] = []
  var i = 0
  var j = 0
  while i < n || j < m {
    if i < n, j < m, expected[i] == actual[j] {
      out.append("  " + visible(expected[i]))
      i += 1
      j += 1
    } else if j < m, i == n || lcs[i][j + 1] >= lcs[i + 1][j] {
      out.append("+ " + visible(actual[j]))
      j += 1
    } else {
      out.append("- " + visible(expected[i]))
      i += 1
    }
  }
  return out.joined(separator: "\n")
}

/// Records an issue with a diff when `actual` differs from `expected`.
func expectLines(
  _ actual: [String], _ expected: [String], _ what: String, context: String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual != expected else { return }
  let diff = lineDiff(expected: expected, actual: actual)
  Issue.record(
    "\(what) differs (- expected, + actual):\n\(diff)\(context.isEmpty ? "" : "\n" + context)",
    sourceLocation: sourceLocation)
}

/// Runs `body` with a fresh folder, and removes the folder afterwards.
func withFolder(_ body: (URL) throws -> Void) throws {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cmdscript-test-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: dir) }
  try body(dir)
}
