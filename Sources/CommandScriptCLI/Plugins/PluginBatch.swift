/// The calls sent to a plugin ahead of their answers (PLUGINS.md, "Batches"): `execute`s
/// of verbs declared never to fail, and `undo`s, which never fail either. Each `execute`
/// gets a ticket, which stands for its undo record until the batch is answered; the batch
/// is sent when it is full, before any other request, and when the session settles (at the
/// end of each statement, undo and redo), so a fault still fails the statement that sent it.
/// Calls of one kind, instance and verb in a row make one run (`["execute", "lamp",
/// "paint", [[ARGUMENTS], [ARGUMENTS], …]]`), so that the plugin reads each name once per
/// run. The calls are kept as the bytes of the message, written as they come: a million
/// commands make no string each.
final class PluginBatch {
  // Touched once per command by this class alone, never in overlapping accesses: no
  // dynamic exclusivity check (a tenth of a batched command's cost).
  /// `{"calls": [RUN, RUN, …`, the request's params up to the open run.
  @exclusivity(unchecked) private var text: [UInt8] = []
  /// The open run's argument lists, and for a run of undos its records.
  @exclusivity(unchecked) private var runArguments: [UInt8] = []
  @exclusivity(unchecked) private var runRecords: [UInt8] = []
  /// What the open run's calls share: whose (a receiver) and which verb; nil: none is open.
  @exclusivity(unchecked) private var run: (owner: ObjectIdentifier, verb: Int, isUndo: Bool)?
  /// The calls in the batch so far.
  @exclusivity(unchecked) private var calls = 0
  /// Each call's receiver for an `execute`, nil for an `undo`: what a fault is located at.
  @exclusivity(unchecked) private var owners: [ObjectIdentifier?] = []
  /// The first ticket of the batch; its `execute`s have the tickets from there on.
  @exclusivity(unchecked) private var firstTicket = 0
  @exclusivity(unchecked) private var nextTicket = 0
  /// The undo records answered, ticket `recordsBase + i` at `i`, until undo takes them (then
  /// nil; the taken ones at the end are dropped, as undo takes the latest first).
  @exclusivity(unchecked) private var records: ContiguousArray<StateValue?> = []
  @exclusivity(unchecked) private var recordsBase = 0

  /// The calls a batch holds at most: about a megabyte of text for small commands.
  static let size = 8192

  private static let start = Array("{\"calls\": [".utf8)

  /// The calls in the batch.
  var count: Int { calls }
  /// The `execute`s in the batch: their records are its answer.
  var executes: Int { nextTicket - firstTicket }
  var isFull: Bool { calls >= Self.size }

  /// Starts a call of `verb` of `owner`, with `head` (`["execute", "lamp", "paint", [`)
  /// beginning its run if it is not that of the call before.
  @inline(__always) private func begin(_ owner: ObjectIdentifier, _ verb: Int, isUndo: Bool, head: [UInt8]) {
    if calls == 0 {
      text.removeAll(keepingCapacity: true)
      text += Self.start
    }
    calls += 1
    owners.append(isUndo ? nil : owner)
    if let run, run.owner == owner, run.verb == verb, run.isUndo == isUndo {
      runArguments.append(UInt8(ascii: ","))
      if isUndo { runRecords.append(UInt8(ascii: ",")) }
      return
    }
    closeRun()
    if text.count > Self.start.count { text.append(UInt8(ascii: ",")) }
    text += head
    run = (owner, verb, isUndo)
  }

  /// Ends the open run: `[ARGUMENTS…]]`, or for undos `[ARGUMENTS…], [RECORD…]]`.
  private func closeRun() {
    guard let open = run else { return }
    text += runArguments
    text.append(UInt8(ascii: "]"))
    if open.isUndo {
      text += [UInt8(ascii: ","), UInt8(ascii: "[")]
      text += runRecords
      text.append(UInt8(ascii: "]"))
    }
    text.append(UInt8(ascii: "]"))
    runArguments.removeAll(keepingCapacity: true)
    runRecords.removeAll(keepingCapacity: true)
    run = nil
  }

  /// Adds an `execute` of `verb` of `owner` whose arguments `write` writes (`[ARGUMENTS]`);
  /// returns its ticket.
  @inline(__always) func execute(
    _ owner: ObjectIdentifier, _ verb: Int, head: [UInt8], _ write: (inout [UInt8]) -> Void
  ) -> Int {
    begin(owner, verb, isUndo: false, head: head)
    write(&runArguments)
    nextTicket += 1
    return nextTicket - 1
  }

  /// Adds an `undo` of `verb` of `owner` whose arguments `write` writes, with its `record`.
  @inline(__always) func undo(
    _ owner: ObjectIdentifier, _ verb: Int, head: [UInt8], _ write: (inout [UInt8]) -> Void, record: StateValue
  ) {
    begin(owner, verb, isUndo: true, head: head)
    write(&runArguments)
    JSONBytes.append(record, to: &runRecords)
  }

  /// Whether the record of `ticket` is still waiting for the batch's answer.
  func isWaiting(_ ticket: Int) -> Bool { ticket >= firstTicket }

  /// Takes the undo record of `ticket` (null if it never came: the plugin died).
  func record(of ticket: Int) -> StateValue {
    let i = ticket - recordsBase
    guard i >= 0, i < records.count, let record = records[i] else { return .null }
    records[i] = nil
    while let last = records.last, last == nil { records.removeLast() }
    return record
  }

  /// The command that call `index` of the batch (from 0) is of, if an `execute`: its
  /// receiver, and how many of that receiver's commands came after it.
  func command(ofCall index: Int) -> EarlierCommand? {
    guard index >= 0, index < owners.count, let owner = owners[index] else { return nil }
    return EarlierCommand(receiver: owner, commandsAfter: owners[(index + 1)...].lazy.filter { $0 == owner }.count)
  }

  /// The `batch` request's params.
  func message() -> [UInt8] {
    closeRun()
    return text + [UInt8(ascii: "]"), UInt8(ascii: "}")]
  }

  /// Keeps the records `answered` holds, one per `execute` in order, and empties the batch
  /// (no records: its calls died with the plugin).
  func answered(_ answered: [StateValue]) {
    if !answered.isEmpty {
      if records.isEmpty { recordsBase = firstTicket }
      while recordsBase + records.count < firstTicket { records.append(nil) }
      for record in answered { records.append(record) }
    }
    closeRun()
    calls = 0
    owners.removeAll(keepingCapacity: true)
    firstTicket = nextTicket
  }
}

/// JSON text written straight into bytes: the scalars a batch carries without making a
/// string of each.
enum JSONBytes {
  static func append(_ value: StateValue, to out: inout [UInt8]) {
    switch value {
    case .int(let n): appendInteger(n, to: &out)
    case .string(let s) where s.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 < 0x80 }):
      out.append(UInt8(ascii: "\""))
      out += s.utf8
      out.append(UInt8(ascii: "\""))
    case .bool(let b): out += b ? Array("true".utf8) : Array("false".utf8)
    case .null: out += Array("null".utf8)
    default: out += value.json.utf8
    }
  }

  static func appendInteger(_ n: Int, to out: inout [UInt8]) {
    if n >= 0, n < 10 {
      out.append(UInt8(ascii: "0") + UInt8(n))
      return
    }
    out += String(n).utf8
  }
}
