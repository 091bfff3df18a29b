import CReadline
import CReadlineLinked
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

  private var history: HistoryFile?
  private var lastRemembered: String?

  /// `completer(word, before)`: the candidates for `word`, `before` being the line's text
  /// before it.
  init(readline: Readline, completer: @escaping (String, String) -> [String], history: HistoryFile?) {
    rl = readline
    self.history = history
    activeCompleter = completer
    rl.readlineName.pointee = UnsafePointer(strdup(ToolIdentity.current.name))
    rl.catchSignals.pointee = 0
    rl.changeEnvironment.pointee = 0
    rl.getcFunction.pointee = readKey
    rl.prepTermFunction.pointee = prepareTerminal
    rl.attemptedCompletionFunction.pointee = complete
    // `(` and `)` break words too, so that `echo (sh` completes `sh`.
    let wordBreaks = UnsafePointer(strdup(" \t\n;{}.\"#()"))
    rl.basicWordBreakCharacters.pointee = wordBreaks
    rl.completerWordBreakCharacters.pointee = wordBreaks
    // No quote characters of readline's own: after a word that starts at `"`, it would
    // append that `"` to a unique match (even a folder, which goes on) instead of a space.
    // The candidates close their strings themselves (a file does, a folder does not:
    // bash's way).
    rl.basicQuoteCharacters.pointee = UnsafePointer(strdup(""))
    _ = rl.bindKey(3, abandonLine)
    if let multiline = rl.multiline {
      // A multi-line entry is written as its lines after a `#TIME` line, and read back
      // as one entry (as bash does with lithist).
      multiline.commentCharacter.pointee = CChar(UInt8(ascii: "#"))
      multiline.writeTimestamps.pointee = 1
      multiline.multilineEntries.pointee = 1
    }
    if let history, let problem = history.load() {
      if !problem.isEmpty { Console.out.line("note: no history is kept: \(problem)") }
      self.history = nil
    }
  }

  /// Shows `prompt` and reads one line.
  func read(prompt: String) -> Input {
    Signals.reset()
    lineAbandoned = false
    Signals.catchStops(true)
    atPrompt.store(true, ordering: .sequentiallyConsistent)
    let raw = rl.readline(prompt)
    atPrompt.store(false, ordering: .sequentiallyConsistent)
    Signals.catchStops(false)
    defer { free(raw) }
    if lineAbandoned { return .interrupted }
    guard let raw else { return .end }
    return .line(String(cString: raw))
  }

  /// Adds an entry (its lines joined by line breaks) to the history, in memory and in the
  /// history file, unless it is blank or repeats the entry before it.
  func remember(_ line: String) {
    guard line.contains(where: { !$0.isWhitespace }), line != lastRemembered else { return }
    lastRemembered = line
    rl.addHistory(line)
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
    let size =
      environment(ToolIdentity.current.environmentPrefix + "_HISTORY_SIZE").flatMap { Int($0) }.map { max(0, $0) }
      ?? defaultSize
    if let path = environment(ToolIdentity.current.environmentPrefix + "_HISTORY") {
      return path.isEmpty ? nil : HistoryFile(path: path, size: size)
    }
    return Paths.stateHome.map { HistoryFile(path: $0 + "/\(ToolIdentity.current.name)/history", size: size) }
  }

  /// Reads the file into readline's history, making it if it is missing; nil, or why the
  /// file cannot hold the history: it is not a regular file (a FIFO would block the REPL's
  /// start, a device swallow or flood it). `/dev/null` is taken as asking for none, quietly.
  func load() -> String? {
    rl.stifleHistory(Int32(clamping: size))
    guard Paths.createParent(of: path) else { return nil }
    var info = stat()
    if stat(path, &info) == 0, let kind = FileIO.refusal(ofFileWithMode: info.st_mode) {
      return path == "/dev/null" ? "" : "the history file \(path) cannot be used: \(kind)"
    }
    // append_history needs the file to exist; private, like a shell's history. Not
    // blocking: a FIFO made meanwhile fails to open rather than waits.
    let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
    if fd >= 0 { close(fd) }
    _ = rl.readHistory(path)
    trim()
    return nil
  }

  func appendLast() { _ = rl.appendHistory(1, path) }

  func trim() { _ = rl.historyTruncateFile(path, Int32(clamping: size)) }
}

// MARK: Loading readline

/// GNU readline's functions and variables that the REPL uses, looked up with dlopen and
/// dlsym when the REPL starts, with the types readline's headers declare (see CReadline's
/// shim.h): a run that never prompts does not load readline at all. The fully static release
/// binary, which cannot load it, has readline linked in instead (CReadlineLinked).
struct Readline: @unchecked Sendable {
  // Only the REPL's thread reads these, after loading has written them.
  let readline: cs_readline_function
  let addHistory: cs_add_history_function
  let stifleHistory: cs_stifle_history_function
  let readHistory: cs_read_history_function
  let appendHistory: cs_append_history_function
  let historyTruncateFile: cs_history_truncate_file_function
  let bindKey: cs_bind_key_function
  let completionMatches: cs_completion_matches_function
  let prepTerminal: cs_prep_terminal_function
  let deprepTerminal: cs_deprep_terminal_function
  let forcedUpdateDisplay: cs_forced_update_display_function
  let redisplay: cs_redisplay_function
  let resizeTerminal: cs_resize_terminal_function
  let readlineName: cs_readline_name_variable
  let catchSignals: cs_catch_signals_variable
  let changeEnvironment: cs_change_environment_variable
  let getcFunction: cs_getc_function_variable
  let prepTermFunction: cs_prep_term_function_variable
  let attemptedCompletionFunction: cs_attempted_completion_function_variable
  let basicWordBreakCharacters: cs_basic_word_break_characters_variable
  let completerWordBreakCharacters: cs_completer_word_break_characters_variable
  let attemptedCompletionOver: cs_attempted_completion_over_variable
  let completionSuppressAppend: cs_completion_suppress_append_variable
  let basicQuoteCharacters: cs_basic_quote_characters_variable
  let lineBuffer: cs_line_buffer_variable
  let done: cs_done_variable
  let point: cs_point_variable
  let end: cs_end_variable
  let outstream: cs_outstream_variable
  /// For multi-line history entries in the history file (readline 8.1 and later; nil
  /// where the library lacks them, and each line is then an entry of its own).
  let multiline: Multiline?

  struct Multiline {
    let writeTimestamps: cs_history_write_timestamps_variable
    let multilineEntries: cs_history_multiline_entries_variable
    let commentCharacter: cs_history_comment_char_variable
  }

  /// Why readline could not be loaded.
  struct Unavailable: Error, Equatable {
    var reason: String
  }

  #if canImport(Darwin)
    static let libraries = ["libreadline.dylib", "libedit.3.dylib"]
  #else
    static let libraries = ["libreadline.so.8", "libreadline.so"]
  #endif

  /// Readline linked into the program if it is, else from the first of ``libraries`` that
  /// loads, the first time this is read; if none does, the first one's error.
  static let shared: Result<Readline, Unavailable> = {
    if cs_linked_readline_symbol("readline") != nil {
      return lookUp("the program's own readline") { cs_linked_readline_symbol($0) }
    }
    var first: Unavailable?
    for name in libraries {
      switch load(name) {
      case .success(let readline): return .success(readline)
      case .failure(let error): first = first ?? error
      }
    }
    return .failure(first ?? Unavailable(reason: "no readline library to load"))
  }()

  /// Readline from the library `name` (a file name for dlopen).
  static func load(_ name: String) -> Result<Readline, Unavailable> {
    guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
      return .failure(Unavailable(reason: dlerror().map { String(cString: $0) } ?? "cannot load \(name)"))
    }
    let loaded = lookUp(name) { dlsym(library, $0) }
    if case .failure = loaded { dlclose(library) }
    return loaded
  }

  /// Readline from the functions and variables that `address` finds by name (nil where it
  /// finds none); `source` names where they come from in the error.
  private static func lookUp(
    _ source: String, _ address: (String) -> UnsafeMutableRawPointer?
  ) -> Result<Readline, Unavailable> {
    func find<T>(_ symbol: String) throws(Unavailable) -> T {
      guard let found = address(symbol) else { throw Unavailable(reason: "\(source) lacks \(symbol)") }
      return unsafeBitCast(found, to: T.self)
    }
    do throws(Unavailable) {
      return .success(
        Readline(
          readline: try find("readline"), addHistory: try find("add_history"),
          stifleHistory: try find("stifle_history"), readHistory: try find("read_history"),
          appendHistory: try find("append_history"), historyTruncateFile: try find("history_truncate_file"),
          bindKey: try find("rl_bind_key"), completionMatches: try find("rl_completion_matches"),
          prepTerminal: try find("rl_prep_terminal"), deprepTerminal: try find("rl_deprep_terminal"),
          forcedUpdateDisplay: try find("rl_forced_update_display"), redisplay: try find("rl_redisplay"),
          resizeTerminal: try find("rl_resize_terminal"), readlineName: try find("rl_readline_name"),
          catchSignals: try find("rl_catch_signals"), changeEnvironment: try find("rl_change_environment"),
          getcFunction: try find("rl_getc_function"), prepTermFunction: try find("rl_prep_term_function"),
          attemptedCompletionFunction: try find("rl_attempted_completion_function"),
          basicWordBreakCharacters: try find("rl_basic_word_break_characters"),
          completerWordBreakCharacters: try find("rl_completer_word_break_characters"),
          attemptedCompletionOver: try find("rl_attempted_completion_over"),
          completionSuppressAppend: try find("rl_completion_suppress_append"),
          basicQuoteCharacters: try find("rl_basic_quote_characters"),
          lineBuffer: try find("rl_line_buffer"), done: try find("rl_done"), point: try find("rl_point"),
          end: try find("rl_end"), outstream: try find("rl_outstream"),
          multiline: try? Multiline(
            writeTimestamps: find("history_write_timestamps"), multilineEntries: find("history_multiline_entries"),
            commentCharacter: find("history_comment_char"))))
    } catch {
      return .failure(error)
    }
  }
}

// MARK: Readline callbacks (C functions, so their state is global)

/// The loaded readline, for the callbacks (set by LineEditor's initialiser).
nonisolated(unsafe) private var rl: Readline!

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
      rl.deprepTerminal()
      prepareTerminal(1)
      _ = rl.forcedUpdateDisplay()
      continue
    }
    if resized.exchange(false, ordering: .sequentiallyConsistent) {
      rl.resizeTerminal()
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
  rl.deprepTerminal()
  Signals.catchStops(false)
  _ = raise(SIGTSTP)
  // Continued.
  Signals.catchStops(true)
  continued.store(false, ordering: .sequentiallyConsistent)
  prepareTerminal(1)
  _ = rl.forcedUpdateDisplay()
}

/// Readline's terminal preparation, keeping typed-ahead input when Ctrl-C is pressed
/// (NOFLSH): otherwise the terminal discards it and readline can wait for another key.
private func prepareTerminal(_ meta: Int32) {
  rl.prepTerminal(meta)
  var settings = termios()
  if tcgetattr(0, &settings) == 0 {
    settings.c_lflag |= tcflag_t(NOFLSH)
    _ = tcsetattr(0, TCSANOW, &settings)
  }
}

/// Bound to Ctrl-C: leave the line as typed with `^C` after it, and abandon it.
private func abandonLine(_ count: Int32, _ key: Int32) -> Int32 {
  lineAbandoned = true
  rl.point.pointee = rl.end.pointee
  rl.redisplay()
  fputs("^C", rl.outstream.pointee)
  rl.done.pointee = 1
  return 0
}

private func complete(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  rl.attemptedCompletionOver.pointee = 1
  guard let text, let line = rl.lineBuffer.pointee, let completer = activeCompleter else { return nil }
  let before = UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self), count: Int(start))
  completionMatches = completer(String(cString: text), String(decoding: before, as: UTF8.self))
  guard !completionMatches.isEmpty else { return nil }
  // `shape.` goes on with a verb, and a folder with a file name: no space after them.
  if completionMatches.count == 1, completionMatches[0].hasSuffix(".") || completionMatches[0].hasSuffix("/") {
    rl.completionSuppressAppend.pointee = 1
  }
  return rl.completionMatches(text, nextMatch)
}

private func nextMatch(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
  if state == 0 { completionIndex = 0 }
  guard completionIndex < completionMatches.count else { return nil }
  completionIndex += 1
  return strdup(completionMatches[completionIndex - 1])
}
