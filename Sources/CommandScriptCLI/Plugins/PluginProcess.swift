// A plugin's process: started without a shell in a process group of its own (so that the
// terminal's Ctrl-C, which reaches the foreground group, does not reach it), with its
// standard input, output and error connected to the tool. It carries lines: one message
// per line out, one line in within a deadline and a size limit, and every line the
// plugin writes to its standard error forwarded with its name in front.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What went wrong with a plugin's process, for the message naming it.
struct PluginFault: Error, Equatable {
  var reason: String
  /// Whether `reason` names the request already; if not, "during `method`" follows it.
  var namesRequest = false
}

final class PluginProcess {
  /// The name its standard error lines are prefixed with.
  var name: String
  let pid: pid_t
  /// Where requests go (a socket, so that a write to a plugin that died fails with EPIPE
  /// instead of raising SIGPIPE in the tool).
  private let input: Int32
  private let output: Int32
  private var errors: Int32
  private var buffer: [UInt8] = []
  private var errorBuffer: [UInt8] = []
  /// Whether the plugin is known to be gone; then its status says how it ended.
  private(set) var exitDescription: String?
  /// Where forwarded standard error lines go.
  var forward: (String) -> Void = { Console.err.line($0) }
  /// Whether they go as JSON lines (`--json`).
  var json = false

  /// The longest line a plugin may answer with.
  static let maxMessageBytes = 16 << 20

  /// Starts `words` (the program and its arguments; the program is looked up in PATH) in
  /// `directory` (nil: the tool's own).
  init(words: [String], name: String, directory: String?, environment: [String: String] = [:]) throws(PluginFault) {
    self.name = name
    var toPlugin: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &toPlugin) == 0 else {
      throw PluginFault(reason: "cannot make a socket: \(String(cString: strerror(errno)))")
    }
    var fromPlugin: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    guard pipe(&fromPlugin) == 0, pipe(&errorPipe) == 0 else {
      throw PluginFault(reason: "cannot make a pipe: \(String(cString: strerror(errno)))")
    }
    for fd in [toPlugin[0], fromPlugin[0], errorPipe[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toPlugin[1], 0)
    posix_spawn_file_actions_adddup2(&actions, fromPlugin[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A group of its own: Ctrl-C at the terminal interrupts the statement, not the plugin.
    posix_spawnattr_setpgroup(&attributes, 0)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGPIPE, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let argv = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    // The folder is changed around the spawn (the tool is single-threaded here), as
    // Glibc's module does not show `posix_spawn_file_actions_addchdir_np`.
    let home = directory == nil ? -1 : open(".", O_RDONLY | O_CLOEXEC)
    if let directory, chdir(directory) != 0 {
      let reason = String(cString: strerror(errno))
      for fd in toPlugin + fromPlugin + errorPipe { close(fd) }
      if home >= 0 { close(home) }
      throw PluginFault(reason: "cannot enter \(directory): \(reason)")
    }
    // The tool's environment, with `environment`'s variables set over it.
    var variables: [UnsafeMutablePointer<CChar>?] = []
    if !environment.isEmpty {
      var index = 0
      while let entry = environ[index] {
        let text = String(cString: entry)
        let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
        if environment[name] == nil { variables.append(strdup(text)) }
        index += 1
      }
      variables += environment.map { strdup("\($0.key)=\($0.value)") }
      variables.append(nil)
    }
    defer { variables.forEach { free($0) } }
    let status = variables.withUnsafeMutableBufferPointer { list in
      posix_spawnp(&pid, words[0], &actions, &attributes, argv, environment.isEmpty ? environ : list.baseAddress)
    }
    if home >= 0 {
      _ = fchdir(home)
      close(home)
    }
    for fd in [toPlugin[1], fromPlugin[1], errorPipe[1]] { close(fd) }
    guard status == 0 else {
      for fd in [toPlugin[0], fromPlugin[0], errorPipe[0]] { close(fd) }
      throw PluginFault(reason: "cannot start `\(words[0])`: \(String(cString: strerror(status)))")
    }
    self.pid = pid
    (input, output, errors) = (toPlugin[0], fromPlugin[0], errorPipe[0])
    _ = fcntl(errors, F_SETFL, fcntl(errors, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    close(input)
    close(output)
    if errors >= 0 { close(errors) }
  }

  /// Sends one line (a newline is added).
  func send(_ line: [UInt8]) throws(PluginFault) {
    if let exitDescription { throw PluginFault(reason: exitDescription, namesRequest: true) }
    var bytes = line
    bytes.append(10)
    var sent = 0
    while sent < bytes.count {
      let n = bytes.withUnsafeBytes { Glibc.send(input, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
      if n < 0 {
        if errno == EINTR { continue }
        throw ended(orSaying: "closed its standard input")
      }
      sent += n
    }
  }

  /// The next line the plugin writes, without its newline, within `timeout` seconds.
  /// `interrupted` is asked when a signal wakes the wait; once it says yes, the wait goes on
  /// only until `grace` seconds have passed.
  func receive(timeout: Double, answering method: String) throws(PluginFault) -> [UInt8] {
    let deadline = Self.now() + timeout
    var scanned = 0
    while true {
      if let newline = buffer[scanned...].firstIndex(of: 10) {
        let line = Array(buffer[..<newline])
        buffer.removeSubrange(...newline)
        return line
      }
      scanned = buffer.count
      if buffer.count > Self.maxMessageBytes {
        terminate()
        exitDescription =
          "answered `\(method)` with a message over the size limit (\(Self.maxMessageBytes) bytes) and was stopped"
        throw PluginFault(reason: exitDescription!, namesRequest: true)
      }
      let left = deadline - Self.now()
      if left <= 0 {
        terminate()
        exitDescription =
          "did not answer `\(method)` within \(Self.seconds(timeout)) (--plugin-timeout) and was stopped"
        throw PluginFault(reason: exitDescription!, namesRequest: true)
      }
      var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
      if errors >= 0 { fds.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
      let ready = poll(&fds, nfds_t(fds.count), Int32(min(left * 1000 + 1, 60_000)))
      if ready < 0 { continue }  // EINTR: the deadline still holds.
      if fds.count > 1, fds[1].revents != 0 { forwardErrors() }
      if fds[0].revents != 0 {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { throw ended(orSaying: "closed its standard output") }
        buffer += chunk[..<n]
      }
    }
  }

  /// Forwards what the plugin wrote to its standard error so far, line by line; at most
  /// `limit` bytes are read per call, so that a plugin flooding it cannot hold the
  /// receive loop past its deadline. A line over `maxErrorLine` bytes is forwarded cut,
  /// and the rest of it dropped.
  func forwardErrors(final: Bool = false, limit: Int = 1 << 20) {
    guard errors >= 0 else { return }
    var chunk = [UInt8](repeating: 0, count: 65536)
    var taken = 0
    var ended = final
    while taken < limit {
      let n = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
      if n > 0 {
        taken += n
        take(chunk[..<n])
        continue
      }
      if n == 0 || (errno != EAGAIN && errno != EINTR) { ended = true }
      break
    }
    if ended {
      close(errors)
      errors = -1
    }
    if errors < 0, !errorBuffer.isEmpty {
      if !droppingErrorLine { forward(errorBuffer[...]) }
      errorBuffer = []
    }
  }

  /// Whether the rest of a line that was too long is being dropped.
  private var droppingErrorLine = false

  /// The longest line of standard error forwarded whole; the rest of a longer one is
  /// dropped.
  static let maxErrorLine = 64 << 10

  /// Splits what was read into lines and forwards each whole one (once, without moving
  /// the bytes after it: a flood of short lines costs what it reads).
  private func take(_ bytes: ArraySlice<UInt8>) {
    var start = bytes.startIndex
    while let newline = bytes[start...].firstIndex(of: 10) {
      if droppingErrorLine {
        droppingErrorLine = false
      } else if errorBuffer.isEmpty {
        forward(bytes[start..<newline])
      } else {
        errorBuffer += bytes[start..<newline]
        forward(errorBuffer[...])
      }
      errorBuffer.removeAll(keepingCapacity: true)
      start = newline + 1
    }
    guard !droppingErrorLine else { return }
    errorBuffer += bytes[start...]
    if errorBuffer.count > Self.maxErrorLine {
      forward(errorBuffer[..<Self.maxErrorLine], cut: true)
      errorBuffer.removeAll(keepingCapacity: true)
      droppingErrorLine = true
    }
  }

  /// Forwards one line, its control characters escaped (a plugin must not retitle or
  /// clear the user's terminal), after the plugin's name; under `--json` as the line
  /// `{"plugin": NAME, "stderr": TEXT}`.
  private func forward(_ line: ArraySlice<UInt8>, cut: Bool = false) {
    var text = String(decoding: line, as: UTF8.self)
    if json {
      if cut { text += "…" }
      forward(StateValue.object([.init("plugin", .string(name)), .init("stderr", .string(text))]).json)
      return
    }
    text = Self.escapingControls(text)
    forward("\(name): \(text)\(cut ? "… (cut at \(Self.maxErrorLine / 1024) KiB)" : "")")
  }

  /// `text` with each control character (but tab) written as `\u{…}`.
  static func escapingControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        escaped += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value != 9 && (scalar.value < 32 || (0x7f...0x9f).contains(scalar.value))
  }

  /// The fault of a plugin whose pipe closed: how it ended, if it did.
  private func ended(orSaying what: String) -> PluginFault {
    var status: Int32 = 0
    // It may still be exiting: give it a moment, then say what is known.
    for _ in 0..<50 {
      if hasExited() {
        killGroup()
        _ = waitpid(pid, &status, 0)
        exitDescription = Self.describe(status)
        forwardErrors(final: true)
        return PluginFault(reason: exitDescription!)
      }
      usleep(2000)
    }
    terminate()
    exitDescription = what
    return PluginFault(reason: what)
  }

  /// Ends the process and every process of its group (SIGKILL: a child it forked must
  /// not outlive it) and reaps it.
  func terminate() {
    guard exitDescription == nil else { return }
    kill(-pid, SIGKILL)
    kill(pid, SIGKILL)
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
    forwardErrors(final: true)
    exitDescription = "was stopped"
  }

  /// Closes its input and waits up to `timeout` seconds for it to exit, then kills it.
  func finish(timeout: Double) {
    guard exitDescription == nil else { return }
    shutdown(input, Int32(SHUT_WR))
    let deadline = Self.now() + timeout
    var status: Int32 = 0
    while Self.now() < deadline {
      forwardErrors()
      if hasExited() {
        // What it left behind in its group goes with it.
        killGroup()
        _ = waitpid(pid, &status, 0)
        exitDescription = Self.describe(status)
        forwardErrors(final: true)
        return
      }
      usleep(1000)
    }
    terminate()
  }

  /// Whether the process has exited, without reaping it: while it is a zombie its group
  /// id cannot be reused, so that `killGroup` reaches only what it left behind.
  private func hasExited() -> Bool {
    var info = siginfo_t()
    return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_signo == SIGCHLD
  }

  /// Kills what is left of the plugin's process group (its own children).
  private func killGroup() { kill(-pid, SIGKILL) }

  static func describe(_ status: Int32) -> String {
    let signal = status & 0x7f
    if signal == 0 { return "exited with status \((status >> 8) & 0xff)" }
    return "was killed by signal \(signal)\(signal == SIGSEGV ? " (a crash)" : "")"
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
