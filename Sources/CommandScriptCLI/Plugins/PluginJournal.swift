import CommandScript

// Where plugins meet the session's journal (PLUGINS.md, "Journals and export"). It stands
// between the session and the journal file, so that it sees each statement begin: it
// names the statement's step (`execute`'s `step`: the journal's salt and the statement's
// offset, the same on every resume), and after each statement that called a persistent
// plugin it journals, as part of the statement, what a resume cannot ask again: the undo
// records its commands returned and the answers its queries gave (`#% plugin-records`).
// The statement is not done before that line is written. A resume hands records and
// answers back statement by statement, so it takes every branch the live run took; a
// last statement without its line (the processes ended while it ran) is in doubt: the
// plugin is asked whether it applied it (`applied`), and it is left out otherwise.

final class PluginJournal: StatementJournal {
  /// The session's journal file, once attached or being resumed (nil without `--session`).
  private(set) var file: Journal?
  /// The id of the running statement's step.
  private(set) var step: String
  /// Without a journal file: a prefix of this run's step ids, and how many there were.
  private let runPrefix = "run-" + String(UInt32.random(in: .min ... .max), radix: 16)
  private var counter = 0

  // MARK: The running statement (live)

  /// `[PLUGIN, RECORD]` of each command of a persistent plugin, in order (those undone
  /// within the statement too: a replay runs them again).
  private var records: [StateValue] = []
  /// `[PLUGIN, VALUE]` of each answer of a persistent plugin's query, in order.
  private var answers: [StateValue] = []
  /// Whether the statement called a persistent plugin (then it has a records line).
  private var touched = false
  /// Whether the statement was journaled and its records line is not written yet.
  private var awaitingLine = false
  /// The commands of plugins stopped by a fault during the statement, whose undo could not
  /// reach them: left in effect.
  private(set) var kept: [String] = []

  /// The line that begins a journal entry of records: a comment, so the journal stays a
  /// script.
  static let recordsPrefix = "#% plugin-records "

  init() {
    step = runPrefix + "-0"
  }

  /// Journals to `file` from now on.
  func attach(_ file: Journal) {
    self.file = file
    (replaying, resolving, leftOut, keptInDoubt) = (false, false, false, false)
    // The journal names the plugins its statements need, once each.
    for plugin in plugins where !named.contains(plugin.name) && !plugin.command.contains("\n") {
      try? file.recordPlugin(plugin.name, command: plugin.command)
      named.insert(plugin.name)
    }
  }

  /// The run's plugins, by name and command line.
  var plugins: [(name: String, command: String)] = []
  /// Those the journal names already.
  private var named: Set<String> = []

  // MARK: StatementJournal

  func record(_ text: String) throws(RecordFailure) {
    if replaying { return advance(to: text) }
    try file?.record(text)
    begin()
  }

  func withdrawLast() {
    defer { reset() }
    reportKept()
    guard !replaying, let file else { return }
    if kept.isEmpty {
      file.withdrawLast()
    } else {
      // A stopped plugin kept what the statement did in it: the resume says so.
      file.keepFailed(leaving: kept, replays: false)
    }
  }

  func keepFailed(leaving commands: [String], replays: Bool) {
    defer { reset() }
    reportKept()
    guard !replaying else { return }
    file?.keepFailed(leaving: commands + kept.filter { !commands.contains($0) }, replays: replays && kept.isEmpty)
  }

  /// Says what a rolled-back statement left in plugins stopped by a fault.
  private func reportKept() {
    guard !kept.isEmpty, !replaying else { return }
    let list = kept.map { "`\($0)`" }.joined(separator: ", ")
    report(
      "not rolled back in its plugin, stopped by a fault: its state keeps what \(list) did in this statement (it could not be sent their undo)"
    )
  }

  private func begin() {
    if let file {
      step = Self.stepID(salt: file.salt, offset: Int(file.statementOffset))
    } else {
      counter += 1
      step = "\(runPrefix)-\(counter)"
    }
    reset()
    awaitingLine = file != nil
  }

  /// Forgets what plugins did outside any journaled statement (a preview's commands, all
  /// taken back), and that the last statement awaited its line (it was written): nothing
  /// is journaled until the next statement begins.
  func discardPending() {
    records.removeAll()
    answers.removeAll()
    touched = false
    awaitingLine = false
  }

  private func reset() {
    records.removeAll()
    answers.removeAll()
    touched = false
    awaitingLine = false
    kept.removeAll()
  }

  /// The salt as the journal's first line writes it (8 hexadecimal digits), and the offset.
  static func stepID(salt: UInt32, offset: Int) -> String {
    let digits = String(salt, radix: 16)
    return String(repeating: "0", count: max(0, 8 - digits.count)) + digits + "-" + String(offset)
  }

  // MARK: What plugins did

  /// A command of a persistent plugin ran (live, or re-run to settle a statement in doubt)
  /// and returned `record`.
  func executed(_ plugin: Plugin, _ record: StateValue) {
    touched = true
    records.append(.array([.string(plugin.name), record]))
  }

  /// A command of a persistent plugin was refused with `message`.
  func refused(_ plugin: Plugin, _ message: String) {
    touched = true
    records.append(.array([.string(plugin.name), .null, .string(message)]))
  }

  /// A query of a persistent plugin answered `value`.
  func answered(_ plugin: Plugin, _ value: StateValue) {
    touched = true
    answers.append(.array([.string(plugin.name), value]))
  }

  /// An undo was sent to a persistent plugin.
  func undid(_ plugin: Plugin) { touched = true }

  /// A persistent plugin is sent an undo or a redo that moves through the history (not a
  /// statement's own rollback): a resume could not take it back exactly (the redo's
  /// record is a new one, the undo carries no step to ask about), so the running call is
  /// kept whole up to this statement and statement by statement from it (Journal): the
  /// statement, which did nothing yet, is journaled again after the call's end.
  func movesHistory() {
    guard !replaying, let file else { return }
    let offset = file.statementOffset
    file.commitCallBeforeLast()
    if file.statementOffset != offset { step = Self.stepID(salt: file.salt, offset: Int(file.statementOffset)) }
  }

  /// Before a call the resume replayed is taken back: its undos are sent for real, and
  /// nothing of them is journaled.
  func takingBackCall() {
    reset()
    (resolving, leftOut, keptInDoubt, current) = (false, false, false, nil)
  }

  /// The undo of `command` could not reach its plugin, stopped by a fault.
  func couldNotUndo(_ command: String) {
    if !kept.contains(command) { kept.append(command) }
  }

  /// Writes the running statement's records line, if it needs one and has none yet: its
  /// persistent plugins settle with it. Throws if the journal cannot hold it: the statement
  /// then fails and is rolled back, never done without it.
  func settle(inRollback: Bool) throws(CommandFailure) {
    // A `try`'s rollback settles in the middle of the statement: the rest is still to come.
    guard touched, awaitingLine || resolving || keptInDoubt, !inRollback, !leftOut, current?.inCall != true,
      let file
    else { return }
    keptInDoubt = false
    let line = StateValue.object([.init("records", .array(records)), .init("answers", .array(answers))])
    records.removeAll()
    answers.removeAll()
    touched = false
    do { try file.recordAfterStatement(Self.recordsPrefix + line.json) } catch {
      throw CommandFailure("not done: the session cannot keep its plugins' records: \(error.reason)")
    }
  }

  // MARK: Resuming

  /// A journaled statement, with what its records line holds.
  private struct Journaled {
    var offset: Int
    var line: Int
    var text: [UInt8]
    /// Its records line's records and answers, by plugin; nil without one. Answers are nil
    /// for a line of a journal written before they were kept: then they are asked.
    var records: [String: [Replayed]]?
    var answers: [String: [Replayed]]?
    var failed = false
    /// Whether it is part of a call that was not answered (after a `#= begin` with no
    /// `#= commit`), which the resume takes back (PluginCallRollback.swift).
    var inCall = false
  }

  /// Whether a journal is being replayed.
  private(set) var replaying = false
  private var journaled: [Journaled] = []
  private var nextJournaled = 0
  private var current: Journaled?
  private var currentIsLast = false
  private var restoredRecords: [String: ArraySlice<Replayed>] = [:]
  private var restoredAnswers: [String: ArraySlice<Replayed>] = [:]
  /// Whether the current statement is in doubt and the plugin said it applied it: its
  /// persistent commands are sent again (mode `replay`), and its line is written.
  private(set) var resolving = false
  /// Where a statement in doubt is reported.
  var report: (String) -> Void = { Console.err.message($0) }
  /// Told why the resume must stop, when it cannot reproduce a statement.
  var refuse: ((String) -> Void)?

  /// Reads the journal about to be replayed: its statements and their records lines.
  func prepare(_ file: Journal, _ entries: [Journal.Entry]) {
    self.file = file
    replaying = true
    let prefix = Array(Self.recordsPrefix.utf8)
    journaled = []
    let callStart = JournalFormat.unfinishedCall(in: entries).map { entries[$0].offset }
    for entry in entries {
      switch entry.kind {
      case .statement where entry.bytes.starts(with: prefix):
        guard !journaled.isEmpty else { continue }
        var text = Array(entry.bytes.dropFirst(prefix.count))
        while text.last == 10 || text.last == 13 { text.removeLast() }
        let value = (try? JSONReader.parse(text, decimals: true)) ?? .null
        var records: [String: [Replayed]] = [:]
        var answers: [String: [Replayed]]? = nil
        func collect(_ list: StateValue?, into found: inout [String: [Replayed]]) {
          guard case .array(let items)? = list else { return }
          for case .array(let item) in items where item.count >= 2 {
            guard case .string(let plugin) = item[0] else { continue }
            // `[PLUGIN, RECORD]`, or `[PLUGIN, null, MESSAGE]`: a refusal.
            if item.count == 3, case .string(let message) = item[2] {
              found[plugin, default: []].append(.refused(message))
            } else {
              found[plugin, default: []].append(.journaled(item[1]))
            }
          }
        }
        if case .array = value {
          collect(value, into: &records)  // the first form: records alone
        } else {
          var found: [String: [Replayed]] = [:]
          collect(value["records"], into: &records)
          collect(value["answers"], into: &found)
          answers = found
        }
        // A statement whose `try` rolled back may have more than one: they add up.
        let last = journaled.count - 1
        journaled[last].records = (journaled[last].records ?? [:]).merging(records) { $0 + $1 }
        if let answers {
          journaled[last].answers = (journaled[last].answers ?? [:]).merging(answers) { $0 + $1 }
        }
      case .statement:
        journaled.append(Journaled(offset: entry.offset, line: entry.line, text: entry.bytes))
        journaled[journaled.count - 1].inCall = callStart.map { entry.offset > $0 } ?? false
      case .failedStatement:
        journaled.append(Journaled(offset: entry.offset, line: entry.line, text: entry.bytes, failed: true))
        journaled[journaled.count - 1].inCall = callStart.map { entry.offset > $0 } ?? false
      case .plugin(let name, _): named.insert(name)
      case .historyLimit, .notReverted, .time, .arguments, .callBegin, .callCommit: break
      }
    }
    nextJournaled = 0
  }

  /// A replayed statement begins: the next journaled one whose text it is.
  private func advance(to text: String) {
    reset()
    resolving = false
    leftOut = false
    keptInDoubt = false
    current = nil
    let bytes = Array(text.utf8)
    func trimmed(_ b: [UInt8]) -> ArraySlice<UInt8> {
      var s = b[...]
      while let last = s.last, last == 10 || last == 13 || last == 32 { s.removeLast() }
      return s
    }
    var i = nextJournaled
    while i < journaled.count, trimmed(journaled[i].text) != trimmed(bytes) { i += 1 }
    guard i < journaled.count, let file else { return }
    nextJournaled = i + 1
    let statement = journaled[i]
    current = statement
    currentIsLast = i == journaled.count - 1
    step = Self.stepID(salt: file.salt, offset: statement.offset)
    restoredRecords = (statement.records ?? [:]).mapValues { $0[...] }
    restoredAnswers = (statement.answers ?? [:]).mapValues { $0[...] }
  }

  /// How a replayed call of a persistent plugin is answered.
  enum Replayed {
    /// Sent to the plugin (a statement in doubt it applied, or a journal without answers).
    case ask
    /// The journal's.
    case journaled(StateValue)
    /// The journal's: the command was refused with this message.
    case refused(String)
  }

  /// The record of a replayed command of `plugin`.
  func replayedRecord(of plugin: Plugin) throws(CommandFailure) -> Replayed {
    if try settlesInDoubt(plugin) { return .ask }
    return restoredRecords[plugin.name]?.popFirst() ?? .journaled(.null)
  }

  /// The answer of a replayed query of `plugin`.
  func replayedAnswer(of plugin: Plugin) throws(CommandFailure) -> Replayed {
    if let current, current.inCall, current.answers != nil {
      // A statement of a call being taken back, done when it ran: the answers it had, so
      // that its commands are the ones the plugin applied (asked again if it holds them).
      _ = try settlesInDoubt(plugin, asking: true)
      guard let answer = restoredAnswers[plugin.name]?.popFirst() else {
        throw CommandFailure("the journal holds no answer of plugin `\(plugin.name)` for this query")
      }
      return answer
    }
    var refuses = resolving
    if !refuses { refuses = try settlesInDoubt(plugin, asking: true) }
    if refuses {
      // What it answers now may include what the statement did after asking: the branch
      // the statement took cannot be known. (What this replay sent it again is undone by
      // the rollback; no records line is written.)
      leftOut = true
      let refusal =
        "the last statement is in doubt (the processes ended before its plugins' records were journaled); plugin `\(plugin.name)` applied it, but it asks `\(plugin.name)` a question whose answer then cannot be known again. Resume refused: to go on without it, --salvage-session NEWFILE keeps the entries before it"
      refuse?(refusal)
      throw CommandFailure(refusal)
    }
    guard let current, current.answers != nil else { return .ask }
    guard let answer = restoredAnswers[plugin.name]?.popFirst() else {
      throw CommandFailure(
        "the journal holds no answer of plugin `\(plugin.name)` for this query: the resume would not take the branch the session took"
      )
    }
    return answer
  }

  /// Whether a replayed undo of `plugin` is sent to it (a statement in doubt it applied).
  /// An `undo` in doubt is kept as done: an undo carries no step to ask about.
  func sendsReplayedUndo(of plugin: Plugin) -> Bool {
    if resolving { return true }
    // In a call being taken back: the statement's own rollback, of commands the plugin does
    // not hold (it never applied them, or a rollback took them back already).
    if current?.inCall == true { return false }
    guard !leftOut, let current, current.records == nil, !current.failed, currentIsLast, let file else { return false }
    if !keptInDoubt {
      report(
        "session \(file.path):\(current.line): the last statement is in doubt (the processes ended before its plugins' records were journaled); it takes back commands of plugin `\(plugin.name)`, which cannot be asked whether it did (an undo carries no step): kept as done; check that `\(plugin.name)` no longer holds what it took back"
      )
    }
    keptInDoubt = true
    touched = true
    return false
  }

  /// Whether the statement in doubt was left out (its rollback sends nothing).
  private var leftOut = false
  /// Whether an `undo` in doubt was kept as done: its records line is written, so that it
  /// is not in doubt again.
  private var keptInDoubt = false

  /// Whether the current statement is in doubt and `plugin` applied it: then its calls
  /// go to the plugin. Throws, leaving the statement out, when it is in doubt and the
  /// plugin did not apply it or cannot say.
  private func settlesInDoubt(_ plugin: Plugin, asking: Bool = false) throws(CommandFailure) -> Bool {
    if resolving { return true }
    guard !leftOut, !keptInDoubt, let current, let file else { return false }
    if current.inCall {
      // Of a call being taken back: the plugin holds it whole, in part (a rollback of it was
      // cut short), or not at all. Asked if it ran the plugin's commands, or may have.
      guard current.records == nil || current.failed || current.records?[plugin.name]?.isEmpty == false else {
        return false
      }
    } else {
      guard current.records == nil, !current.failed, currentIsLast else { return false }
    }
    let place = "session \(file.path):\(current.line)"
    let doubt = "the last statement is in doubt (the processes ended before its plugins' records were journaled)"
    // The rollback of a call says what it took back, once.
    let report: (String) -> Void = current.inCall ? { _ in } : self.report
    guard plugin.answersApplied else {
      report(
        "\(place): \(doubt), and plugin `\(plugin.name)` cannot say whether it applied it (it does not answer `applied`): left out; its state may hold some of it"
      )
      leftOut = true
      throw CommandFailure("in doubt: left out")
    }
    let applied: Bool
    do {
      let answer = try plugin.call("applied", .object([.init("step", .string(step))]))
      guard case .bool(let flag)? = answer["applied"] else {
        throw PluginCallFailure.fault("plugin `\(plugin.name)` answered `applied` without a boolean `applied`")
      }
      applied = flag
    } catch {
      report("\(place): \(doubt), and plugin `\(plugin.name)` could not say whether it applied it: left out")
      leftOut = true
      throw CommandFailure("in doubt: left out")
    }
    guard applied else {
      report("\(place): \(doubt); plugin `\(plugin.name)` never applied it: left out")
      leftOut = true
      throw CommandFailure("in doubt: left out")
    }
    if !asking { report("\(place): \(doubt); plugin `\(plugin.name)` applied it: kept, its records asked again") }
    resolving = true
    touched = true
    return true
  }
}

extension PluginHost {
  /// Joins the plugins to the driver's session: Ctrl-C, the journal (step ids, records,
  /// answers), and what a resumed journal hands back.
  func attach(to driver: Driver) {
    interruption = driver.session.interruption
    report = { [renderer = driver.renderer] in renderer.renderRunError($0) }
    driver.session.journal = journal
    driver.journalClient = journal
    driver.pluginNames = plugins.map(\.name)
    journal.plugins = plugins.map { ($0.name, $0.command) }
    driver.beforeReplay = { [unowned self, unowned driver] file, entries in
      self.journal.prepare(file, entries)
      self.journal.refuse = { [unowned driver] in driver.resumeRefusal = $0 }
      driver.session.journal = self.journal
    }
    takesBackUnansweredCalls(in: driver)
  }
}
