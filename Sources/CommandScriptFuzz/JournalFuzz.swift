// Journals and the resume path (`cmdscript --session`), on every input:
// - the input read as a journal: the reader never crashes, and what it accepts writes
//   back to bytes that read back the same;
// - the input run line by line as piped stdin is (stop at the first failure), with a
//   journal in memory: the journal's bytes read back to exactly its entries, and
//   replaying them in a fresh session, as a resume does, reaches the live states, undo
//   and redo counts and history;
// - that journal damaged at one byte, or cut short, at a place the input's hash picks:
//   one byte changed is always reported as damage (never a torn last record); a journal
//   cut short reads as its whole records, never other entries.

import CommandScript
import CommandScriptReceivers

/// A journal in memory, as `Session.journal` sees it.
private final class MemoryJournal: StatementJournal {
  var entries: [JournalFormat.Entry] = []
  func record(_ text: String) throws(RecordFailure) {
    entries.append(JournalFormat.Entry(bytes: JournalFormat.entry(statement: text), line: 0))
  }
  func withdrawLast() { entries.removeLast() }
  func keepFailed(leaving commands: [String], replays: Bool) {
    let last = entries.removeLast()
    entries.append(
      replays
        ? JournalFormat.Entry(bytes: last.bytes, line: 0, kind: .failedStatement)
        : JournalFormat.Entry(bytes: JournalFormat.entry(notReverted: commands), line: 0, kind: .notReverted(commands)))
  }
}

/// FNV-1a: where and how to damage, from the input itself.
private func hash(_ bytes: [UInt8]) -> UInt64 {
  var h: UInt64 = 0xCBF2_9CE4_8422_2325
  for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
  return h
}

/// What replay must restore (the vehicle's audit log aside: see `states`).
private func snapshot(_ session: Session) -> String {
  "\(states(session)) \(session.undoCount) \(session.redoCount) \(session.history.map { "\($0.statement) \($0.undone)" })"
}

/// Runs `entries` as a resume does: each compiled and run, stopping at the first that
/// fails. Returns the session, or nil if an entry failed.
private func replay(_ entries: [JournalFormat.Entry], files: MemoryFileAccess) -> Session? {
  let session = Session(registry: ReceiverRegistry.builtins)
  session.fileAccess = files
  var arguments: [String]?
  for entry in entries {
    let failed: Bool
    switch entry.kind {
    case .arguments(let given):
      arguments = given.isEmpty ? nil : given
      continue
    case .historyLimit(let limit):
      session.limits.history = limit
      continue
    case .notReverted, .callBegin, .callCommit, .plugin: continue
    case .time(let time):
      // The steps from here on were made at `time`, as a resume stamps them.
      session.clock = { time }
      continue
    case .statement: failed = false
    case .failedStatement: failed = true
    }
    do {
      try session.run(SourceFile(name: "journal", bytes: entry.bytes, firstLine: entry.line, arguments: arguments))
      if failed { return nil }
    } catch {
      if !failed { return nil }
    }
  }
  return session
}

func fuzzJournal(_ bytes: [UInt8], run: Bool, files: MemoryFileAccess) {
  // The input as a journal.
  if case .success(let contents) = JournalFormat.parse(bytes) {
    let again = JournalFormat.parse(JournalFormat.file(contents.entries))
    guard case .success(let reread) = again, reread.entries.map(\.bytes) == contents.entries.map(\.bytes) else {
      fatalError("a journal read, written and read again changed: \(again)")
    }
  }
  guard run else { return }

  // The input run as piped stdin, journaled in memory.
  let live = Session(registry: ReceiverRegistry.builtins)
  live.fileAccess = files
  live.limits.steps = 100_000
  let journal = MemoryJournal()
  live.journal = journal
  live.limits.history = Int(hash(bytes) % 4) == 0 ? 3 : nil
  var entries: [JournalFormat.Entry] = []
  if let limit = live.limits.history {
    entries.append(
      JournalFormat.Entry(bytes: JournalFormat.entry(historyLimit: limit), line: 0, kind: .historyLimit(limit)))
  }
  watch(live)
  var line = 1
  for text in bytes.split(separator: 10, omittingEmptySubsequences: false).prefix(64) {
    defer { line += 1 }
    guard let program = try? live.compile(SourceFile(name: "stdin", bytes: Array(text), firstLine: line)) else {
      break
    }
    if live.execute(program, onFailure: { _ in false }) > 0 { break }
  }
  unwatch()
  // (A record ends its entry with a line break.)
  entries += journal.entries.map {
    var entry = $0
    if entry.bytes.last != 10 { entry.bytes.append(10) }
    return entry
  }
  // The salt from the input too, so that an artifact reproduces (a random one made a
  // salt with hex letters, whose damage went unseen, a rare and unrepeatable find).
  let file = JournalFormat.file(entries, salt: UInt32(truncatingIfNeeded: hash(bytes) >> 8))
  guard case .success(let read) = JournalFormat.parse(file), read.droppedBytes == 0,
    read.entries.map(\.bytes) == entries.map(\.bytes), read.entries.map(\.kind) == entries.map(\.kind)
  else { fatalError("a journal did not read back as written: \(JournalFormat.parse(file))") }
  // Interrupted statements (the watchdog) fail and are withdrawn, so what is left replays.
  guard let replayed = replay(read.entries, files: files) else {
    fatalError("a journal did not replay: \(entries.map { String(decoding: $0.bytes, as: UTF8.self) })")
  }
  precondition(snapshot(replayed) == snapshot(live), "replaying the journal did not restore the live session")

  // Damaged or torn.
  guard !entries.isEmpty else { return }
  let h = hash(bytes)
  var damaged = file
  let at = Int(h % UInt64(file.count))
  let cut = (h >> 32) % 3 == 0
  if cut {
    damaged.removeSubrange(at...)
  } else {
    damaged[at] = (h >> 40) % 2 == 0 ? damaged[at] ^ UInt8(1 << ((h >> 48) % 8)) : UInt8(truncatingIfNeeded: h >> 16)
    if damaged == file { return }
  }
  switch JournalFormat.parse(damaged) {
  case .failure(let damage):
    precondition(
      damage.intact.map(\.bytes) == Array(entries.prefix(damage.intact.count)).map(\.bytes),
      "the entries before damage are not the journal's")
  case .success(let contents):
    let got = contents.entries.map(\.bytes)
    let all = entries.map(\.bytes)
    if cut {
      // A journal cut short reads as its whole records (no end mark tells more was there).
      precondition(got == Array(all.prefix(got.count)), "a journal cut at byte \(at) read as other entries")
    } else {
      // One byte changed in whole records: always damage, never a torn last record.
      preconditionFailure("damage at byte \(at) read as \(got.count) of \(all.count) entries, not as damage")
    }
  }
}
