import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's exit statuses (BSD sysexits, as jlox uses them).
enum ExitStatus: Int32 {
  case success = 0
  /// A statement failed at run time (it was rolled back).
  case runtimeError = 1
  case usage = 64
  /// The input did not compile; nothing ran.
  case compileError = 65
  /// An input file could not be read.
  case noInput = 66
  /// Standard output could not be written (EX_IOERR).
  case ioError = 74
}

/// What a run does when a statement fails at run time (`--on-error`); the failing
/// statement itself is always rolled back first.
enum ErrorPolicy: String, CaseIterable, Sendable {
  /// End the run (exit 1).
  case stop
  /// Go on with the next statement; exit 1 at the end.
  case `continue`
  /// Undo everything the run did, and exit 1.
  case rollback
}

/// Runs inputs through one session and renders what comes out: the thin layer between
/// the command line and the library.
final class Driver {
  let session: Session
  let renderer: Renderer
  let checkOnly: Bool
  /// `--on-error`; the REPL always continues.
  var errorPolicy = ErrorPolicy.stop
  /// Whether `--max-steps` counts per entry (the REPL) rather than per run.
  var stepLimitPerEntry = false
  /// How many statements failed at run time so far.
  private(set) var failedStatements = 0
  /// The number of undo steps when the run started: what `rollback` returns to.
  private lazy var runMark = session.undoCount
  /// `--session`: where the statements that take effect are journaled.
  private(set) var journal: Journal?
  /// Also told of every statement that takes effect (the REPL's macro recording).
  var onCommit: ((String) -> Void)?

  init(registry: ReceiverRegistry, json: Bool, checkOnly: Bool) {
    session = Session(registry: registry)
    var renderer = Renderer(json: json, colour: !json && Console.err.allowsColour)
    renderer.sourceExcerpt = { [unowned session] file, line, column, width in
      session.sources.excerpt(file: file, line: line, column: column, width: width)
    }
    self.renderer = renderer
    self.checkOnly = checkOnly
    session.onOutput = { [renderer] in renderer.render($0) }
    session.onDiagnostic = { [renderer] in renderer.render($0) }
    session.onCommit = { [unowned self] text in
      self.journal?.append(text)
      self.onCommit?(text)
    }
  }

  /// `--session`: replays the journal's entries quietly (reporting only entries that no
  /// longer run), then journals what takes effect from now on. Returns how many entries
  /// were replayed.
  func resume(_ journal: Journal) -> Int {
    let (entries, dropped) = journal.entries()
    if dropped > 0 {
      Console.err.line("cmdscript: session \(journal.path): dropped an incomplete last entry (\(dropped) bytes)")
    }
    let (output, warning) = (session.onOutput, session.onDiagnostic)
    session.onOutput = { _ in }
    session.onDiagnostic = { _ in }
    for entry in entries {
      let source = SourceFile(name: journal.path, bytes: entry.bytes, firstLine: entry.line)
      do {
        try session.run(source)
      } catch {
        switch error {
        case .compile(let errors): errors.diagnostics.forEach(renderer.render)
        case .runtime(let diagnostic): renderer.render(diagnostic)
        }
      }
    }
    (session.onOutput, session.onDiagnostic) = (output, warning)
    Console.flush()
    self.journal = journal
    return entries.count
  }

  /// Files and `-c` text: every input is checked (in order, so later ones see earlier
  /// ones' macros) before any of them runs.
  func runWhole(_ inputs: [SourceFile]) -> ExitStatus {
    defer { Console.flush() }
    let programs: [Program]
    do {
      if checkOnly {
        try session.check(inputs).forEach(renderer.render)
        return .success
      }
      programs = try session.compile(inputs)
    } catch {
      error.diagnostics.forEach(renderer.render)
      return .compileError
    }
    programs.forEach { $0.warnings.forEach(renderer.render) }
    _ = runMark
    for program in programs where !execute(program) { return .runtimeError }
    return finalStatus
  }

  /// Runs a program under the error policy; false if the run must end here.
  private func execute(_ program: Program) -> Bool {
    var keepGoing = true
    failedStatements += session.execute(program) { failure in
      Console.out.flush()
      renderer.render(failure)
      keepGoing = errorPolicy == .continue
      return keepGoing
    }
    if !keepGoing, errorPolicy == .rollback {
      let steps = session.undoCount - runMark
      session.undo(downTo: runMark)
      // The journal replays statements, so the rollback goes in as one.
      if steps > 0 { journal?.append("undo \(steps)") }
    }
    return keepGoing
  }

  /// At the end of a run: a failed statement (under `continue`) or a failed queued
  /// statement (a queue run never stops a run) makes the run fail.
  private var finalStatus: ExitStatus {
    failedStatements > 0 || session.failedQueuedStatements > 0 ? .runtimeError : .success
  }

  /// Piped standard input: each line (with the lines that complete an open block or
  /// string) is checked and run as it arrives, so another program can drive a session.
  func runStream(_ reader: LineReader, name: String) -> ExitStatus {
    defer { Console.flush() }
    var chunk: [UInt8] = []
    var firstLine = 1
    var line = 1
    var status = ExitStatus.success
    // Entries are durable before waiting for more input.
    reader.willWait = { [weak self] in self?.journal?.sync() }
    defer { journal?.sync() }
    _ = runMark
    // Each line is scanned once, so a long block stays linear.
    var scanner = EntryScanner()
    while let bytes = reader.nextLine() {
      chunk += bytes
      line += 1
      scanner.read(bytes)
      if scanner.needsMoreInput { continue }
      scanner = EntryScanner()
      status = runChunk(chunk, name: name, firstLine: firstLine)
      if status == .compileError || (status == .runtimeError && errorPolicy != .continue) { return status }
      chunk.removeAll(keepingCapacity: true)
      firstLine = line
    }
    if !chunk.isEmpty { status = runChunk(chunk, name: name, firstLine: firstLine) }
    return status == .compileError ? status : finalStatus
  }

  /// Compiles and (unless checking only) runs one chunk of a stream or one REPL entry.
  func runChunk(_ bytes: [UInt8], name: String, firstLine: Int) -> ExitStatus {
    let source = SourceFile(name: name, bytes: bytes, firstLine: firstLine)
    let program: Program
    do {
      program = try session.compile(source)
    } catch {
      Console.out.flush()
      error.diagnostics.forEach(renderer.render)
      Console.err.flush()
      return .compileError
    }
    program.warnings.forEach(renderer.render)
    if stepLimitPerEntry { session.resetSteps() }
    let completed = checkOnly || execute(program)
    // Warnings (such as "nothing to undo") too, so that a program driving a stream
    // sees each chunk's whole response before it sends the next one.
    Console.flush()
    return completed ? .success : .runtimeError
  }
}

/// Reads a file descriptor line by line as bytes (each line with its `\n`), without
/// decoding, so invalid UTF-8 reaches the lexer and gets a located diagnostic.
final class LineReader {
  private let descriptor: Int32
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var end = 0
  private var atEnd = false
  /// Called before blocking on the descriptor for more input.
  var willWait: () -> Void = {}

  init(descriptor: Int32) { self.descriptor = descriptor }

  func nextLine() -> [UInt8]? {
    var line: [UInt8] = []
    while true {
      if start < end {
        if let newline = buffer[start..<end].firstIndex(of: 10) {
          line += buffer[start...newline]
          start = newline + 1
          return line
        }
        line += buffer[start..<end]
        start = end
      }
      if atEnd { return line.isEmpty ? nil : line }
      willWait()
      let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      if n <= 0 {
        atEnd = true
      } else {
        start = 0
        end = n
      }
    }
  }
}

/// A file that could not be opened or read, and why.
struct FileError: Error {
  var path: String
  var reason: String
}
