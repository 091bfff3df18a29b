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
  /// different one is journaled). Returns how many statements were replayed, or the status to
  /// end with when the journal is damaged or an entry no longer replays: then nothing runs
  /// and nothing new is journaled.
  func resume(_ journal: Journal, historyLimit: Int?) -> Result<Int, ResumeFailure> {
    var contents: Journal.Contents
    switch journal.load() {
    case .success(let loaded): contents = loaded
    case .failure(let damage) where damage.notAJournal:
      Console.err.message("session \(journal.path): \(damage.reason); nothing was run and the file is unchanged")
      Console.err.message(
        "note: if it is a journal in the first format (no checksums), --salvage-session NEWFILE copies its entries into NEWFILE, a journal of this version"
      )
      return .failure(ResumeFailure())
    case .failure(let damage):
      Console.err.message(
        "session \(journal.path):\(damage.line): damaged record: \(damage.reason); "
          + "nothing was run and the file is unchanged")
      Console.err.message(
        "note: --salvage-session NEWFILE copies the \(damage.intact.count) entries before line \(damage.line) into NEWFILE, to go on from there"
      )
      return .failure(ResumeFailure())
    }
    if contents.version < JournalFormat.version, !contents.entries.isEmpty {
      Console.err.message(
        "note: session \(journal.path) was written by version \(contents.version) of the format: rewritten as version \(JournalFormat.version), whose checksums are chained"
      )
    }
    if contents.droppedBytes > 0 {
      Console.err.message(
        "session \(journal.path): dropped an incomplete last entry (\(contents.droppedBytes) bytes)"
      )
    }
    if let failure = missingPlugins(contents, of: journal) { return .failure(failure) }
    var unanswered: [Journal.Entry] = []
    if let begin = JournalFormat.unfinishedCall(in: contents.entries), takeBackUnansweredCall != nil {
      // Replayed, then taken back: a persistent plugin's state may hold some of it.
      unanswered = Array(contents.entries[begin...])
      contents.entries.removeSubrange(begin...)
    } else if let begin = JournalFormat.unfinishedCall(in: contents.entries) {
      // A call kept whole (`mcp`'s `run`) that was not answered: none of it, rather than
      // the statements that ran before the process ended.
      let entry = contents.entries[begin]
      journal.cut(to: Journal.Mark(offset: off_t(entry.offset), chain: entry.chain))
      // The replay reads the arguments records that remain, from none at the file's start.
      journal.journaledArguments = []
      Console.err.message(
        "session \(journal.path):\(entry.line): dropped a call that was not answered (the process ended while it ran): \(contents.entries.count - begin) entries from this line"
      )
      contents.entries.removeSubrange(begin...)
    }
    beforeReplay?(journal, contents.entries + unanswered)
    let ownArguments = streamArguments
    var replayed = replaying { replay(contents, of: journal) }
    if replayed == nil, !unanswered.isEmpty { replayed = takeBackUnansweredCall?(journal, contents, unanswered) }
    streamArguments = ownArguments
    if let failure = replayed { return .failure(failure) }
    Console.flush()
    // The journal says which history limit was in force when; the last one it set is now.
    var journaledLimit: Int?? = nil
    for entry in contents.entries { if case .historyLimit(let limit) = entry.kind { journaledLimit = limit } }
    if let historyLimit, journaledLimit != .some(historyLimit) {
      session.limits.history = historyLimit
      do { try journal.recordHistoryLimit(historyLimit) } catch {
        Console.err.message("cannot write to the session \(journal.path): \(error.reason)")
        return .failure(ResumeFailure(status: .ioError))
      }
    }
    attach(journal)
    return .success(
      contents.entries.count {
        switch $0.kind {
        case .statement, .failedStatement: true
        default: false
        }
      })
  }

  /// The plugins the journal names (`#= plugin`) that this run did not start: then the
  /// resume stops before running anything, saying which `--plugin` to pass. (It never
  /// starts them itself: a journal is not a project file its user trusted.)
  private func missingPlugins(_ contents: Journal.Contents, of journal: Journal) -> ResumeFailure? {
    var missing: [(name: String, command: String)] = []
    for entry in contents.entries {
      guard case .plugin(let name, let command) = entry.kind, !pluginNames.contains(name),
        !missing.contains(where: { $0.name == name })
      else { continue }
      missing.append((name, command))
    }
    guard !missing.isEmpty else { return nil }
    let names = missing.map { "`\($0.name)`" }.joined(separator: ", ")
    let options = missing.map { "--plugin \(shellQuoted($0.command))" }.joined(separator: " ")
    Console.err.message(
      "session \(journal.path) uses plugin\(missing.count == 1 ? "" : "s") \(names), not started in this run; nothing was run and the file is unchanged"
    )
    Console.err.message("note: start \(missing.count == 1 ? "it" : "them") as the session did: \(options)")
    return ResumeFailure()
  }

  /// Runs the entries in batches, checked together as a stream's are; a batch ends where
  /// the journal sets the history limit. Returns why the resume must stop, if it must.
  /// `unanswered`: the entries are a call that was not answered, about to be taken back:
  /// each statement is replayed on its own, and one that fails (left out: its plugin does
  /// not hold it) stops nothing.
  func replay(_ contents: Journal.Contents, of journal: Journal, unanswered: Bool = false) -> ResumeFailure? {
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
      if let refusal = resumeRefusal {
        Console.err.message(
          "session \(journal.path):\(entry.line): \(refusal); nothing else was run and the file is unchanged")
        Console.flush()
        return ResumeFailure()
      }
      if unanswered {
        forgetReplayFailures()
        return nil
      }
      if status == .runtimeError, entry.offset == contents.entries.last?.offset {
        // A statement is journaled before it runs: the process ended while this one ran,
        // before it was acknowledged.
        journal.cut(to: Journal.Mark(offset: off_t(entry.offset), chain: entry.chain))
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
      switch entry.kind {
      case .statement:
        batch.append(entry: entry.bytes, line: entry.line)
        batchEntries.append(entry)
        if unanswered || batch.count == StreamEntries.batchSize, let failure = replayBatch() { return failure }
        continue
      case .callBegin, .callCommit:
        // What a call did is the statements between them, replayed as any others.
        continue
      case .historyLimit, .failedStatement, .notReverted, .time, .arguments, .plugin:
        if let failure = replayBatch() { return failure }
      }
      switch entry.kind {
      case .statement, .callBegin, .callCommit: break
      case .arguments(let arguments):
        // The statements from here on were run with these as `$1`, `$2`, ….
        streamArguments = arguments.isEmpty ? nil : arguments
        journal.journaledArguments = arguments
      case .time(let time):
        // The steps from here on were made at `time`.
        session.clock = { time }
        journal.journaledTime = time
      case .historyLimit(let limit): session.limits.history = limit
      case .failedStatement:
        // It failed when it ran, and its rollback left commands in effect: run again, it
        // fails the same way and leaves the same.
        if runChunk(entry.bytes, name: journal.path, firstLine: entry.line) == .runtimeError || unanswered {
          forgetReplayFailures()
          continue
        }
        Console.err.message(
          "session \(journal.path):\(entry.line): this entry failed when it ran, but not when replayed; stopped before running anything else, and the file is unchanged"
        )
        Console.flush()
        return ResumeFailure()
      case .plugin: break
      case .notReverted(let commands):
        let list = commands.map { "`\($0)`" }.joined(separator: ", ")
        Console.err.message(
          "warning: session \(journal.path):\(entry.line): a statement stopped from outside (interrupted, at the step limit, or its plugin stopped by a fault) left \(list) in effect, which the resume cannot do again"
        )
      }
    }
    return replayBatch()
  }
}

/// `text` as one word for a POSIX shell: in single quotes.
private func shellQuoted(_ text: String) -> String {
  "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}

/// `--salvage-session`: the verified entries of the journal at `path`, up to any damage,
/// into a new journal at `newPath`; a file that is no journal is read as one of
/// cmdscript 0.1 (no first line, no checksums), which it is said to be. Runs nothing.
func salvageJournal(_ path: String, into newPath: String) -> ExitStatus {
  let bytes: [UInt8]
  switch FileIO.read(path, limit: .max) {
  case .success(let read): bytes = read
  case .failure(let error):
    Console.err.message("cannot read \(path): \(error.reason)")
    return .noInput
  }
  let entries: [Journal.Entry]
  var left = "nothing was damaged"
  switch JournalFormat.parse(bytes) {
  case .success(let contents): entries = contents.entries
  case .failure(let damage) where damage.notAJournal:
    let contents = JournalFormat.version1Entries(bytes)
    entries = contents.entries
    left = "read as a journal in the first format, without checksums"
    if contents.droppedBytes > 0 { left += "; left out an incomplete last entry (\(contents.droppedBytes) bytes)" }
  case .failure(let damage):
    entries = damage.intact
    left = "left out line \(damage.line) on (\(damage.reason))"
  }
  switch Journal.create(newPath, holding: entries) {
  case nil: break
  case .cannotCreate(let error):
    Console.err.message("cannot create \(error.path): \(error.reason)")
    return .noInput
  case .cannotWrite(let error):
    Console.err.message("cannot write \(error.path): \(error.reason); it was removed")
    return .ioError
  }
  Console.err.message("kept \(entries.count) entries of \(path) in \(newPath); \(left)")
  return .success
}
