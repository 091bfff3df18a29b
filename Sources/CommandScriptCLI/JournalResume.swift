import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a resume ended the run.
struct ResumeFailure: Error {
  var status = ExitStatus.compileError
}

extension Driver {
  /// `--session`: verifies the journal and replays its entries quietly, through the path
  /// piped standard input takes, with no step limit; then journals what takes effect from
  /// now on. `historyLimit` is the command line's (nil: the journal's stays in force; a
  /// different one is journaled). Returns how many entries were replayed, or the status to
  /// end with when the journal is damaged or an entry no longer replays: then nothing runs
  /// and nothing new is journaled.
  func resume(_ journal: Journal, historyLimit: Int?) -> Result<Int, ResumeFailure> {
    let contents: Journal.Contents
    switch journal.load() {
    case .success(let loaded): contents = loaded
    case .failure(let damage):
      Console.err.message(
        "session \(journal.path):\(damage.line): damaged record: \(damage.reason); "
          + "nothing was run and the file is unchanged")
      Console.err.message(
        "note: --salvage-session NEWFILE copies the \(damage.intact.count) entries before line \(damage.line) into NEWFILE, to go on from there"
      )
      return .failure(ResumeFailure())
    }
    if contents.version1 {
      Console.err.message(
        "note: session \(journal.path) was written by cmdscript 0.1 without checksums: read as before, and rewritten with a checksum per entry"
      )
    }
    if contents.droppedBytes > 0 {
      Console.err.message(
        "session \(journal.path): dropped an incomplete last entry (\(contents.droppedBytes) bytes)"
      )
    }
    let replayed = replaying { replay(contents, of: journal) }
    if let failure = replayed { return .failure(failure) }
    Console.flush()
    // The journal says which history limit was in force when; the last one it set is now.
    let journaledLimit = contents.entries.last { $0.historyLimit != nil }?.historyLimit
    if let historyLimit, journaledLimit != .some(historyLimit) {
      session.historyLimit = historyLimit
      do { try journal.recordHistoryLimit(historyLimit) } catch {
        Console.err.message("cannot write to the session \(journal.path): \(error.reason)")
        return .failure(ResumeFailure(status: .ioError))
      }
    }
    attach(journal)
    return .success(contents.entries.count)
  }

  /// Runs the entries in batches, checked together as a stream's are; a batch ends where
  /// the journal sets the history limit. Returns why the resume must stop, if it must.
  private func replay(_ contents: Journal.Contents, of journal: Journal) -> ResumeFailure? {
    var batch = StreamEntries(name: journal.path)
    var batchEntries: [Journal.Entry] = []
    func replayBatch() -> ResumeFailure? {
      defer {
        batch.removeAll()
        batchEntries.removeAll(keepingCapacity: true)
      }
      guard batch.count > 0 else { return nil }
      let (status, ended) = runEntries(batch)
      guard status != .success else { return nil }
      let entry = batchEntries[ended]
      if status == .runtimeError, entry.offset == contents.entries.last?.offset {
        // A statement is journaled before it runs: the process ended while this one ran,
        // before it was acknowledged.
        journal.cut(to: off_t(entry.offset))
        Console.err.message(
          "session \(journal.path):\(entry.line): dropped the last entry, which fails when replayed (the process ended while it ran)"
        )
        return nil
      }
      replayFailures.forEach(renderer.render)
      Console.err.message(
        "session \(journal.path):\(entry.line): this entry no longer replays; stopped before running anything else, and the file is unchanged"
      )
      Console.flush()
      return ResumeFailure()
    }
    for entry in contents.entries {
      if let limit = entry.historyLimit {
        if let failure = replayBatch() { return failure }
        session.historyLimit = limit
        continue
      }
      batch.append(entry: entry.bytes, line: entry.line)
      batchEntries.append(entry)
      if batch.count == StreamEntries.batchSize, let failure = replayBatch() { return failure }
    }
    return replayBatch()
  }
}
