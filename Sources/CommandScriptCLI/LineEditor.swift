import CReadline
import CommandScript
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// GNU readline with what the REPL needs: our own input function that also wakes up for
/// signals (Ctrl-C abandons the line, Ctrl-Z puts the terminal back before stopping, `fg`
/// prepares it again), tab completion from a callback, and a persistent history file.
/// Only for a terminal: on a pipe no readline function is called at all.
final class LineEditor {
  enum Input: Equatable {
    case line(String)
    /// Ctrl-C: the line was abandoned.
    case interrupted
    /// Ctrl-D on an empty line, or the end of the input.
    case end
  }

  private let history: HistoryFile?
  private var lastRemembered: String?

  /// `completer(word, before)`: the candidates for `word`, `before` being the line's text
  /// before it.
  init(completer: @escaping (String, String) -> [String], history: HistoryFile?) {
    self.history = history
    activeCompleter = completer
    cs_set_readline_name(strdup("cmdscript"))
    cs_set_catch_signals(0)
    cs_set_change_environment(0)
    cs_set_getc(readKey)
    cs_set_prep_term(prepareTerminal)
    cs_set_completion(complete)
    cs_set_basic_word_break_characters(strdup(" \t\n;{}.\"#"))
    rl_bind_key(3, abandonLine)
    history?.load()
  }

  /// Shows `prompt` and reads one line.
  func read(prompt: String) -> Input {
    Signals.reset()
    lineAbandoned = false
    Signals.catchStops(true)
    atPrompt.store(true, ordering: .sequentiallyConsistent)
    let raw = readline(prompt)
    atPrompt.store(false, ordering: .sequentiallyConsistent)
    Signals.catchStops(false)
    defer { free(raw) }
    if lineAbandoned { return .interrupted }
    guard let raw else { return .end }
    return .line(String(cString: raw))
  }

  /// Adds a line to the history (in memory and in the history file), unless it is blank
  /// or repeats the line before it.
  func remember(_ line: String) {
    guard line.contains(where: { !$0.isWhitespace }), line != lastRemembered else { return }
    lastRemembered = line
    add_history(line)
    history?.appendLast()
  }

  /// Trims the history file to its size limit.
  func close() {
    history?.trim()
  }
}

/// The input history file: `CMDSCRIPT_HISTORY` if set (empty: no history file), else
/// `$XDG_STATE_HOME/cmdscript/history` (default `~/.local/state/cmdscript/history`). Each
/// line is appended as it is entered, so a crash loses nothing; the file keeps the last
/// `CMDSCRIPT_HISTORY_SIZE` lines (default 1000).
struct HistoryFile {
  static let defaultSize = 1000

  let path: String
  let size: Int

  /// The history file the environment asks for, or nil for none.
  static func fromEnvironment() -> HistoryFile? {
    let size = environment("CMDSCRIPT_HISTORY_SIZE").flatMap { Int($0) }.map { max(0, $0) } ?? defaultSize
    if let path = environment("CMDSCRIPT_HISTORY") {
      return path.isEmpty ? nil : HistoryFile(path: path, size: size)
    }
    return Paths.stateHome.map { HistoryFile(path: $0 + "/cmdscript/history", size: size) }
  }

  func load() {
    stifle_history(Int32(clamping: size))
    guard Paths.createParent(of: path) else { return }
    // append_history needs the file to exist; private, like a shell's history.
    let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    if fd >= 0 { close(fd) }
    read_history(path)
    trim()
  }

  func appendLast() { append_history(1, path) }

  func trim() { history_truncate_file(path, Int32(clamping: size)) }
}

// MARK: Readline callbacks (C functions, so their state is global)

nonisolated(unsafe) private var activeCompleter: ((String, String) -> [String])?
nonisolated(unsafe) private var completionMatches: [String] = []
nonisolated(unsafe) private var completionIndex = 0
nonisolated(unsafe) private var lineAbandoned = false

/// Readline's input: a byte of the terminal, or a synthetic Ctrl-C (3) after SIGINT.
/// Typed-ahead bytes come first, so a Ctrl-C applies to what was typed before it.
private func readKey(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
  while true {
    if stopRequested.exchange(false, ordering: .sequentiallyConsistent) {
      suspend()
      continue
    }
    if continued.exchange(false, ordering: .sequentiallyConsistent) {
      // Stopped and continued from outside (SIGSTOP): the shell may have reset the terminal.
      rl_deprep_terminal()
      prepareTerminal(1)
      rl_forced_update_display()
      continue
    }
    if resized.exchange(false, ordering: .sequentiallyConsistent) {
      rl_resize_terminal()
      continue
    }
    let pending = interruptRequested.load(ordering: .sequentiallyConsistent)
    var fds = [
      pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&fds, 2, pending ? 0 : -1)
    if ready < 0 {
      if errno == EINTR { continue }
      return EOF
    }
    if fds[0].revents != 0 {
      var byte: UInt8 = 0
      let n = read(0, &byte, 1)
      if n == 1 { return Int32(byte) }
      if n < 0, errno == EINTR || errno == EAGAIN { continue }
      return EOF
    }
    if fds[1].revents != 0 { Signals.drainWakePipe() }
    if interruptRequested.exchange(false, ordering: .sequentiallyConsistent) { return 3 }
  }
}

/// Ctrl-Z at the prompt: restore the terminal, stop; on `fg`, prepare it again and redraw.
private func suspend() {
  rl_deprep_terminal()
  Signals.catchStops(false)
  _ = raise(SIGTSTP)
  // Continued.
  Signals.catchStops(true)
  continued.store(false, ordering: .sequentiallyConsistent)
  prepareTerminal(1)
  rl_forced_update_display()
}

/// Readline's terminal preparation, keeping typed-ahead input when Ctrl-C is pressed
/// (NOFLSH): otherwise the terminal discards it and readline can wait for another key.
private func prepareTerminal(_ meta: Int32) {
  rl_prep_terminal(meta)
  var settings = termios()
  if tcgetattr(0, &settings) == 0 {
    settings.c_lflag |= tcflag_t(NOFLSH)
    _ = tcsetattr(0, TCSANOW, &settings)
  }
}

/// Bound to Ctrl-C: leave the line as typed with `^C` after it, and abandon it.
private func abandonLine(_ count: Int32, _ key: Int32) -> Int32 {
  lineAbandoned = true
  cs_set_point_to_end()
  rl_redisplay()
  fputs("^C", cs_outstream())
  cs_set_done(1)
  return 0
}

private func complete(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  cs_set_attempted_completion_over(1)
  guard let text, let line = cs_line_buffer(), let completer = activeCompleter else { return nil }
  let before = UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: Int(start))
  completionMatches = completer(String(cString: text), String(decoding: before, as: UTF8.self))
  guard !completionMatches.isEmpty else { return nil }
  // `shape.` goes on with a verb: no space after it.
  if completionMatches.count == 1, completionMatches[0].hasSuffix(".") { cs_set_completion_suppress_append(1) }
  return rl_completion_matches(text, nextMatch)
}

private func nextMatch(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
  if state == 0 { completionIndex = 0 }
  guard completionIndex < completionMatches.count else { return nil }
  completionIndex += 1
  return strdup(completionMatches[completionIndex - 1])
}
