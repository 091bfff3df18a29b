import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A call kept whole (`mcp`'s `run`, between `#= begin` and `#= commit`) that the process
// ended during, with a persistent plugin attached: the plugin's state, outside the
// journal, may hold some of its statements, so cutting them off the journal would leave
// it a part of the call. The resume takes the call back instead, for real:
//
// 1. the entries before it replayed, the session stands where the last answered call left
//    it (a checkpoint);
// 2. the call's statements are replayed, each asking the plugin whether it holds it
//    (`applied`, with the statement's step): one it holds, whole or in part, has its
//    commands sent again in mode "replay" (the plugin answers those it applied with their
//    records and applies the rest: it holds all of it); one it does not hold is left out;
//    the answers of its queries are the journal's, so it takes the branch it took;
// 3. back to the checkpoint: the statements replayed are undone for real, last first (the
//    plugin is sent their undos with its records), and the history tree, the queue and
//    the definitions are as they were;
// 4. the call is cut off the journal, made durable.
//
// A kill at any point leaves the journal ending in the same call and the plugin holding a
// prefix of it (the statements before, whole; one in part; none after, since a rollback
// undoes last first): the next resume does the same and ends in the same state. The
// plugin's `applied` is the progress mark; nothing else is journaled. A plugin that
// cannot answer `applied` never gets a call kept whole (ServedSession.beginCall), nor does
// a statement moving its history (PluginJournal.movesHistory).

extension PluginHost {
  /// Has the driver take back an unanswered call at a resume, as above.
  func takesBackUnansweredCalls(in driver: Driver) {
    guard anyPersistent else { return }
    driver.takeBackUnansweredCall = { [unowned self, unowned driver] journal, contents, entries in
      driver.takeBack(entries, of: journal, after: contents, plugins: self)
    }
  }

  /// Whether a persistent plugin cannot say whether it holds a step (no `applied`): then
  /// a call cannot be taken back exactly, and the journal keeps no call whole.
  var anyPersistentWithoutApplied: Bool { plugins.contains { $0.persistent && !$0.answersApplied } }
}

extension Driver {
  fileprivate func takeBack(
    _ entries: [Journal.Entry], of journal: Journal, after contents: Journal.Contents, plugins: PluginHost
  ) -> ResumeFailure? {
    let begin = entries[0]
    // Every step kept until taken back.
    let limit = session.limits.history
    let start = session.checkpoint()
    var call = contents
    call.entries = entries
    if let failure = replaying({ replay(call, of: journal, unanswered: true) }) { return failure }
    session.limits.history = nil
    plugins.journal.takingBackCall()
    let failure = session.rollBack(to: start)
    plugins.discardPendingRecords()
    session.limits.history = limit
    journal.cut(to: Journal.Mark(offset: off_t(begin.offset), chain: begin.chain))
    if let reason = journal.sync() {
      Console.err.message("cannot write to the session \(journal.path): \(reason)")
      return ResumeFailure(status: .ioError)
    }
    let statements = entries.count {
      switch $0.kind {
      case .statement, .failedStatement: !$0.bytes.starts(with: Array(PluginJournal.recordsPrefix.utf8))
      default: false
      }
    }
    Console.err.message(
      "session \(journal.path):\(begin.line): took back a call that was not answered (the process ended while it ran): \(statements) statement\(statements == 1 ? "" : "s"), undone in the plugins that held them, and cut off"
    )
    if let failure {
      Console.err.message(
        "warning: session \(journal.path):\(begin.line): taking it back, an undo failed: \(failure.message)")
    }
    Console.flush()
    return nil
  }
}
