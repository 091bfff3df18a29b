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
    var batch = StreamEntries(name: journal.path)
    for entry in entries {
      batch.append(entry: entry.bytes, line: entry.line)
      if batch.count == StreamEntries.batchSize {
        replayEntries(batch)
        batch.removeAll()
      }
    }
    replayEntries(batch)
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
  func execute(_ program: Program) -> Bool {
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
  ///
  /// The complete entries that have already arrived are run together (see
  /// ``runEntries(_:)``), and always before the reader waits for more input, so that a
  /// program driving the stream gets every response before it must send more.
  func runStream(_ reader: LineReader, name: String) -> ExitStatus {
    defer { Console.flush() }
    var entries = StreamEntries(name: name)
    var status = ExitStatus.success
    // Entries are durable before waiting for more input.
    reader.willWait = { [weak self] in self?.journal?.sync() }
    defer { journal?.sync() }
    _ = runMark
    // Each line is scanned once, so a long block stays linear.
    var scanner = EntryScanner()
    var line = 1
    while true {
      if entries.count >= StreamEntries.batchSize || (entries.count > 0 && !reader.hasLineWithoutWaiting) {
        status = runEntries(entries)
        if status.endsStream(under: errorPolicy) { return status }
        entries.removeAll()
      }
      guard let bytes = reader.nextLine() else { break }
      entries.append(line: bytes)
      line += 1
      scanner.read(bytes)
      if scanner.needsMoreInput { continue }
      scanner = EntryScanner()
      entries.endEntry(nextLine: line)
    }
    if entries.count > 0 {
      status = runEntries(entries)
      if status.endsStream(under: errorPolicy) { return status }
    }
    if entries.hasUnfinishedEntry {
      status = runChunk(entries.unfinishedEntry, name: name, firstLine: entries.nextLine)
    }
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

  /// Whether `nextLine` can answer without reading the descriptor (which may block): a
  /// whole line is buffered, or the input has ended.
  var hasLineWithoutWaiting: Bool {
    atEnd || buffer.withUnsafeBytes { memchr($0.baseAddress! + start, 10, end - start) != nil }
  }

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

/// The whole content of a file, or why it could not be read.
func readFile(_ path: String) -> Result<[UInt8], FileError> {
  let fd = open(path, O_RDONLY)
  guard fd >= 0 else { return .failure(FileError(path: path, reason: String(cString: strerror(errno)))) }
  defer { close(fd) }
  var failure: Int32?
  var atEnd = false
  /// Reads into `buffer` from `count` until it is full, the file ends or reading fails.
  func readInto(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ count: inout Int) {
    while count < buffer.count {
      let n = read(fd, buffer.baseAddress.unsafelyUnwrapped + count, buffer.count - count)
      if n > 0 {
        count += n
      } else if n == 0 {
        atEnd = true
        return
      } else if errno != EINTR {
        failure = errno
        return
      }
    }
  }
  // A regular file is read straight into an array of its size (one byte more, to see
  // the end without growing); what is not, or has grown meanwhile, in chunks after it.
  var info = stat()
  let expected = fstat(fd, &info) == 0 && info.st_size > 0 ? Int(info.st_size) : 0
  var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) {
    adviseHugePages($0)
    readInto($0, &$1)
  }
  var chunk = [UInt8](repeating: 0, count: atEnd || failure != nil ? 0 : 1 << 16)
  while !atEnd, failure == nil {
    var n = 0
    chunk.withUnsafeMutableBufferPointer { readInto($0, &n) }
    bytes += chunk[0..<n]
  }
  if let failure { return .failure(FileError(path: path, reason: String(cString: strerror(failure)))) }
  return .success(bytes)
}

/// Asks the kernel to back the 2 MiB-aligned part of a large buffer with huge pages, so
/// that filling it takes a page fault per 2 MiB rather than per 4 KiB (where transparent
/// huge pages are on "madvise", as on Debian). Advice only: nothing changes if it is not
/// taken.
private func adviseHugePages(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
  #if os(Linux)
    let hugePage = 2 << 20
    guard buffer.count >= 2 * hugePage, let base = buffer.baseAddress else { return }
    let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
    let end = (Int(bitPattern: base) + buffer.count) & ~(hugePage - 1)
    guard end > start else { return }
    _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE)
  #endif
}

struct FileError: Error {
  var path: String
  var reason: String
}
