import CommandScript

// Piped standard input (and a journal's replay): entries read as they arrive and run in
// batches, each batch checked as one source.

extension Driver {
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
    reader.willWait = { [weak self] in _ = self?.syncJournal() }
    defer { _ = syncJournal() }
    _ = runMark
    // Each line is scanned once, so a long block stays linear.
    var scanner = EntryScanner()
    var line = 1
    while !journalFailed {
      if entries.count >= StreamEntries.batchSize || (entries.count > 0 && !reader.hasLineWithoutWaiting) {
        status = runEntries(entries).status
        if journalFailed { return .ioError }
        if status.endsStream(under: errorPolicy) { return status }
        entries.removeAll()
      }
      guard entries.appendLine(from: reader, scanningWith: &scanner) else { break }
      line += 1
      if scanner.needsMoreInput { continue }
      scanner.reset()
      entries.endEntry(nextLine: line)
    }
    if !journalFailed, entries.count > 0 {
      status = runEntries(entries).status
      if !journalFailed, status.endsStream(under: errorPolicy) { return status }
    }
    if !journalFailed, entries.hasUnfinishedEntry {
      status = runChunk(entries.unfinishedEntry, name: name, firstLine: entries.nextLine)
    }
    if journalFailed || !syncJournal() { return .ioError }
    return status == .compileError ? status : finalStatus
  }

  /// Runs complete entries of a stream (or a journal) in order, exactly as
  /// ``runChunk(_:name:firstLine:)`` run one after the other would, but checked as one
  /// source in one compilation (``Session/compile(_:entriesEndingAt:)``), so that a stream
  /// of one-line statements does not pay for a compilation per line. Each entry's warnings
  /// are reported just before it runs. Where that could differ (a compile error, whose
  /// entry must be reported after the entries before it ran; see
  /// ``StreamEntries/mayDependOnEarlierRuns``), the entries are run one at a time instead.
  /// Returns the status of the last entry run and its index.
  func runEntries(_ entries: StreamEntries) -> (status: ExitStatus, last: Int) {
    if entries.count > 1, !entries.mayDependOnEarlierRuns,
      let programs = compiledTogether(entries)
    {
      for program in programs {
        // What the entries before wrote comes first, as when each entry was flushed after
        // it ran.
        if !program.warnings.isEmpty { Console.flush() }
        program.warnings.forEach(report)
        if stepLimitPerEntry { session.resetSteps() }
        if !(checkOnly || execute(program)) {
          Console.flush()
          // The top-level statement that failed: where the outermost macro call stands, if
          // the failure was in a macro.
          let location = lastFailure?.notes.last { $0.location != nil }?.location ?? lastFailure?.location
          return (.runtimeError, location.map { entries.entry(onLine: $0.line) } ?? entries.count - 1)
        }
        if !program.warnings.isEmpty { Console.flush() }
      }
      Console.flush()
      return (.success, entries.count - 1)
    }
    var status = ExitStatus.success
    for i in 0..<entries.count {
      status = runChunk(entries.entry(i), name: entries.name, firstLine: entries.firstLines[i])
      if status != .success, status.endsStream(under: errorPolicy) || journalFailed { return (status, i) }
    }
    return (status, entries.count - 1)
  }

  /// The entries' programs, compiled as one source; nil if it does not compile.
  private func compiledTogether(_ entries: StreamEntries) -> [Program]? {
    let complete = entries.complete
    return try? session.compile(
      SourceFile(
        name: entries.name, bytes: complete.bytes, firstLine: entries.firstLines[0], arguments: streamArguments),
      entriesEndingAt: complete.ends)
  }
}
