import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive prompt on GNU readline: an entry (a line, plus continuation lines while
/// a block or string is open) is checked and run; errors never end the session; Ctrl-C
/// abandons the entry being typed or interrupts the running statement; Ctrl-D on an empty
/// line, `exit` or `quit` leave, and Ctrl-D at the continuation prompt drops the entry.
/// Lines that start with `record`, `end`, `macros`, `exit` or `quit` are REPL commands,
/// handled here before anything reaches the session.
final class REPL {
  let driver: Driver
  /// The start-up file to source before the first prompt (nil: `--no-init`, or a resumed
  /// session, whose journal already holds what the file did when the session began).
  let initFile: String?
  /// `--safe`: the REPL writes no files either (no history file, no `macros save`).
  let safe: Bool

  static let prompt = "cmd> "
  static let continuationPrompt = "...> "

  private var session: Session { driver.session }
  private let colour = Console.out.allowsColour
  /// The lines of the entry typed so far, while a block or string is open.
  private var entry: [UInt8] = [] {
    // Emptied: the next line starts a new entry.
    didSet { if entry.isEmpty { scanner = EntryScanner() } }
  }
  /// Whether the entry is complete, asked of each line once as it is typed (a pasted block
  /// of many lines is read in linear time).
  private var scanner = EntryScanner()
  private var recording: MacroRecording?
  /// The lines of the entry as typed, for the history.
  private var entryLines: [String] = []
  /// The line number of an entry's first line in `<stdin>` diagnostics: each entry counts
  /// its own lines, as python's prompt does, not the session's.
  private let firstLine = 1
  /// Set by `exit` and `quit`.
  private var leaving = false
  /// The line printed before the first prompt (nil: `-q`, or `--json`).
  var banner: String?

  init(driver: Driver, initFile: String?, safe: Bool = false) {
    self.driver = driver
    self.initFile = initFile
    self.safe = safe
  }

  func run() -> ExitStatus {
    let readline: Readline
    switch Readline.shared {
    case .success(let loaded): readline = loaded
    case .failure(let error):
      Console.err.message("cannot start the REPL: \(error.reason)")
      return .noInput
    }
    if let banner { Console.out.line(banner) }
    if let initFile { source(initFile) }
    // At the prompt, statements that print nothing say what they did (not the start-up
    // file's, which would greet every start with them).
    session.reportsEffects = true
    let editor = LineEditor(
      readline: readline,
      completer: { [unowned self] word, before in self.completions(of: word, before: before) },
      history: safe ? nil : HistoryFile.fromEnvironment())
    Signals.install(interruption: session.interruption)
    let watcher = InterruptWatcher(interruption: session.interruption)
    watcher.start()
    driver.watcher = watcher
    driver.onCommit = { [unowned self] text in self.recording?.commit(text, session: self.session) }
    while true {
      guard driver.syncJournal() else { return .ioError }
      Console.flush()
      switch editor.read(prompt: currentPrompt) {
      case .end:
        // Ctrl-D on an empty `cmd>` leaves; at `...>` it drops the unfinished entry, as
        // psql and sqlite3 do (a closed terminal reads as Ctrl-D again, and then leaves).
        guard entry.isEmpty else {
          let lines = entry.count(where: { $0 == 10 })
          entry.removeAll()
          rememberEntry(editor)
          Console.out.line("")
          note("dropped the unfinished entry (\(lines) line\(lines == 1 ? "" : "s")); Ctrl-D on an empty line leaves")
          continue
        }
        return leave(editor, endingLine: true)
      case .interrupted:
        // Ctrl-C: the line and a half-typed block are dropped (the block's lines stay in
        // the history).
        entry.removeAll()
        rememberEntry(editor)
        Console.out.line("")
      case .line(let typed):
        // A multi-line entry recalled from the history comes back as one text.
        for text in typed.split(separator: "\n", omittingEmptySubsequences: false)
        where take(String(text), editor: editor) {
          return leave(editor, endingLine: false)
        }
      }
    }
  }

  /// Takes one line typed at the prompt: REPL commands, or a line of the entry, which runs
  /// once complete. True if the REPL is to be left.
  private func take(_ typed: String, editor: LineEditor) -> Bool {
    entryLines.append(typed)
    // A REPL command ends at `;` (`macros; show` goes on with `show`) or at a comment.
    var text = typed
    var performed = false
    while entry.isEmpty, let (command, rest) = Command.split(text) {
      if !performed { rememberEntry(editor) }
      typedLine = typed
      perform(
        command, line: firstLine,
        column: (text.firstIndex { $0 != " " && $0 != "\t" }).map {
          text.unicodeScalars.distance(from: text.startIndex, to: $0) + 1
        } ?? 1)
      if leaving { return true }
      text = rest
      performed = true
    }
    if performed, !text.contains(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) { return false }
    let line = Array(text.utf8) + [10]
    entry += line
    scanner.read(line)
    if scanner.needsMoreInput { return false }
    rememberEntry(editor)
    driver.watcher?.statementStarts()
    _ = driver.runChunk(entry, name: "<stdin>", firstLine: firstLine)
    driver.watcher?.statementEnds()
    if text.split(separator: " ") == ["help"] { Console.out.line(driver.session.fittedToHelpWidth(Command.help)) }
    entry.removeAll()
    return false
  }

  /// A multi-line entry is one history item, recalled whole by Up, as in psql and sqlite3.
  private func rememberEntry(_ editor: LineEditor) {
    if !entryLines.isEmpty { editor.remember(entryLines.joined(separator: "\n")) }
    entryLines.removeAll()
  }

  /// Ctrl-D (which leaves the cursor after the prompt: `endingLine` ends that line),
  /// `exit`, `quit`.
  private func leave(_ editor: LineEditor, endingLine: Bool) -> ExitStatus {
    if let recording { note("the recording of `\(recording.name)` ended without `end`: nothing was defined") }
    let durable = driver.syncJournal()
    if endingLine { Console.out.line("") }
    Console.flush()
    editor.close()
    return durable ? .success : .ioError
  }

  private var currentPrompt: String {
    if !entry.isEmpty { return paint(Self.continuationPrompt, "2") }
    if let recording { return paint("record \(recording.name)> ", "1;35") }
    return paint(Self.prompt, "1;32")
  }

  /// `text` in colour, its escape codes marked for readline as taking no columns; the
  /// final space stays plain.
  private func paint(_ text: String, _ code: String) -> String {
    guard colour else { return text }
    return "\u{1}\u{1B}[\(code)m\u{2}\(text.dropLast())\u{1}\u{1B}[0m\u{2} "
  }

  // MARK: Start-up file

  private func source(_ path: String) {
    guard access(path, F_OK) == 0 else { return }
    switch FileIO.read(path) {
    case .success(let bytes):
      guard driver.runWhole([SourceFile(name: path, bytes: bytes)]) == .compileError else { return }
      // Checked whole, so nothing of it ran: say so, and what that leaves undefined.
      let macros = StartUpFile.macroNames(in: bytes)
      note(
        "nothing of the start-up file \(path) ran"
          + (macros.isEmpty ? "" : "; macros not defined: " + macros.joined(separator: ", ")))
    case .failure(let error): note("cannot read the start-up file \(path): \(error.reason)")
    }
  }

  // MARK: Completion

  private func completions(of word: String, before: String) -> [String] {
    if !safe,
      let files = FileNameCompletion.candidates(of: word, after: String(decoding: entry, as: UTF8.self) + before)
    {
      return files
    }
    var candidates = session.completions(of: word, after: String(decoding: entry, as: UTF8.self) + before)
    if entry.isEmpty {
      // REPL commands stand alone on a line.
      let words = before.split(whereSeparator: { $0 == " " || $0 == "\t" })
      switch words {
      case []: candidates += Command.names
      case ["macros"]: candidates = ["save"]
      case ["help"]: candidates += Command.names
      default: break
      }
    }
    return Array(Set(candidates.filter { $0.hasPrefix(word) })).sorted()
  }

  // MARK: REPL commands

  /// The line the REPL command being performed was typed on, which its errors quote.
  private var typedLine = ""
  /// Where in that line the command starts (1-based, in Unicode scalars).
  private var commandColumn = 1

  private func perform(_ command: Command, line: Int, column: Int) {
    commandColumn = column
    switch command {
    case .usage(let message):
      error(message, line: line)
    case .help(let name):
      Console.out.line(driver.session.fittedToHelpWidth(Command.help(of: name)))
    case .record(let name):
      if let recording {
        error("already recording `\(recording.name)`: finish it with `end` first", line: line)
      } else if let problem = session.problemDefiningMacro(named: name) {
        error("cannot record `\(name)`: \(problem)", line: line)
      } else {
        recording = MacroRecording(name: name, session: session)
        note("recording macro `\(name)`: the statements you type run as usual; `end` defines it")
      }
    case .end:
      guard let recording else {
        error("not recording: start with `record NAME`", line: line)
        return
      }
      self.recording = nil
      if recording.unrecordedSteps > 0 {
        note(
          "\(recording.unrecordedSteps) step(s) made by statements that only stand at the top level (`new`, `run`) were not recorded"
        )
      }
      guard !recording.statements.isEmpty else {
        error("nothing was recorded: macro `\(recording.name)` is not defined", line: line)
        return
      }
      let status = driver.runChunk(
        Array(recording.definition.utf8), name: "<record \(recording.name)>", firstLine: 1)
      guard status == .success else { return }
      let count = recording.statements.count
      note("defined macro `\(recording.name)` (\(count) statement\(count == 1 ? "" : "s"))")
      if recording.undoneBeforeStart > 0 {
        note("the recording undid \(recording.undoneBeforeStart) earlier step(s); the macro does not undo them")
      }
    case .macros:
      let definitions = session.macroDefinitions
      if definitions.isEmpty { Console.out.line("(no macros)") }
      for definition in definitions {
        Console.out.line(definition.source + (definition.returns.map { "  # returns \($0)" } ?? ""))
      }
    case .macrosSave:
      saveMacros(line: line)
    case .exit:
      leaving = true
    }
  }

  /// Appends the macros in force that the start-up file does not already define as they
  /// are, in definition order (so each comes after the macros it calls).
  private func saveMacros(line: Int) {
    guard !safe else {
      error("`macros save` is not allowed: under --safe the REPL writes no files", line: line)
      return
    }
    guard let path = Paths.initFile else {
      error("no start-up file: neither XDG_CONFIG_HOME nor HOME is set", line: line)
      return
    }
    var existing = ""
    if access(path, F_OK) == 0 {
      switch FileIO.read(path) {
      case .success(let bytes): existing = String(decoding: bytes, as: UTF8.self)
      case .failure(let failure):
        error("cannot read \(path): \(failure.reason)", line: line)
        return
      }
    }
    let new = session.macroDefinitions.filter { !existing.contains($0.source) }
    guard !new.isEmpty else {
      note(session.macroDefinitions.isEmpty ? "no macros to save" : "\(path) already has every macro")
      return
    }
    var text = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
    text += new.map { $0.source + "\n" }.joined()
    guard Paths.createParent(of: path), appendText(text, to: path) else {
      error("cannot write \(path): \(String(cString: strerror(errno)))", line: line)
      return
    }
    note("saved \(new.count) macro\(new.count == 1 ? "" : "s") to \(path)")
  }

  private func appendText(_ text: String, to path: String) -> Bool {
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    if let failure = Array(text.utf8).withUnsafeBytes({ FileIO.writeAll(fd, $0) }) {
      errno = failure
      return false
    }
    return fsync(fd) == 0
  }

  /// An error about the REPL command typed on `typedLine`, which it quotes (not the
  /// session's last `<stdin>` entry: the command never reaches the session).
  private func error(_ message: String, line: Int) {
    Console.out.flush()
    var renderer = driver.renderer
    var sources = SourceTable()
    _ = sources.add(SourceFile(name: "<stdin>", text: typedLine, firstLine: line))
    renderer.sourceExcerpt = { [sources] in sources.excerpt(file: $0, line: $1, column: $2, width: $3) }
    let word = typedLine.unicodeScalars.dropFirst(commandColumn - 1).prefix { $0 != " " && $0 != "\t" && $0 != ";" }
    let location = SourceLocation(file: "<stdin>", line: line, column: commandColumn, length: word.count)
    renderer.render(Diagnostic(.error, message, at: location))
    Console.err.flush()
  }

  private func note(_ message: String) {
    Console.out.line(message)
  }

  /// A line that is a REPL command rather than statements.
  enum Command: Equatable {
    case record(String)
    case end
    case macros
    case macrosSave
    /// `exit` or `quit`.
    case exit
    /// `help record`, `help end`, `help macros`.
    case help(String)
    /// A REPL command written wrongly.
    case usage(String)

    /// The REPL's statements as the language declares them, and `exit` and `quit`.
    static let names = (Session.replStatements + ["exit", "quit"]).sorted()

    /// The REPL command `line` starts with, if any, and the rest of the line after the `;`
    /// that ends it, with what the command took replaced by blanks so that columns in
    /// diagnostics stay those of the line (empty after a `#` comment). Where the command
    /// ends is the lexer's answer, so a `;` or `#` in a string is the string's.
    static func split(_ line: String) -> (Command, rest: String)? {
      let bytes = Array(line.utf8)
      let (end, semicolon) = EntryScanner.firstStatement(of: bytes)
      guard let command = Command(String(decoding: bytes[..<end], as: UTF8.self)) else { return nil }
      guard let semicolon else { return (command, "") }
      let taken = String(decoding: bytes[...semicolon], as: UTF8.self).unicodeScalars.count
      return (
        command, String(repeating: " ", count: taken) + String(decoding: bytes[(semicolon + 1)...], as: UTF8.self)
      )
    }

    init?(_ line: String) {
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
      guard let first = words.first else { return nil }
      switch first {
      case "record":
        self = words.count == 2 ? .record(words[1]) : .usage("usage: record NAME (a macro name)")
      case "end":
        self = words.count == 1 ? .end : .usage("usage: end (it takes no arguments)")
      case "macros":
        if words.count == 1 {
          self = .macros
        } else {
          self = words == ["macros", "save"] ? .macrosSave : .usage("usage: macros, or macros save")
        }
      case "exit", "quit":
        self = words.count == 1 ? .exit : .usage("usage: \(first) (it takes no arguments)")
      case "help" where words.count == 2 && Self.names.contains(words[1]):
        self = .help(words[1])
      default:
        return nil
      }
    }

    static let lines = [
      "  record NAME         record the statements typed next as macro NAME",
      "  end                 stop recording and define the macro",
      "  macros              list the macros with their definitions",
      "  macros save         append the session's macros to the start-up file",
      "  exit                leave the REPL (so do `quit` and Ctrl-D on an empty line)",
      "  quit                leave the REPL (so do `exit` and Ctrl-D on an empty line)",
    ]

    /// The REPL's part of `help`.
    static let help =
      (["REPL commands (each at the start of a line; `;` ends one):"] + lines + [
        "Keys: Tab completes (twice: lists), Up recalls earlier entries, Ctrl-C cancels",
        "the line or stops a running statement, Ctrl-D on an empty line leaves.",
      ]).joined(separator: "\n")

    static func help(of name: String) -> String {
      lines.filter { $0.hasPrefix("  \(name) ") }.joined(separator: "\n")
    }
  }
}
