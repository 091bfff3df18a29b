/// The calls sent to a plugin ahead of their answers (PLUGINS.md, "Batches"): `execute`s
/// of verbs declared never to fail, and `undo`s, which never fail either. Each `execute`
/// gets a ticket, which stands for its undo record until the batch is answered; the batch
/// is sent when it is full, before any other request, and when the session settles (at the
/// end of each statement, undo and redo), so a fault still fails the statement that sent it.
/// The calls are kept as the bytes of the message, written as they come: a million
/// commands make no string each.
final class PluginBatch {
  // Touched once per command by this class alone, never in overlapping accesses: no
  // dynamic exclusivity check (a tenth of a batched command's cost).
  /// `{"calls": [CALL, CALL, …`, the request's params so far.
  @exclusivity(unchecked) private var text: [UInt8] = []
  /// For each call, the ticket of an `execute`, or -1 for an `undo`.
  @exclusivity(unchecked) private var tickets: [Int] = []
  /// The undo records answered, by ticket, until undo takes them.
  @exclusivity(unchecked) private var records: [Int: StateValue] = [:]
  @exclusivity(unchecked) private var nextTicket = 0
  /// The last ticket whose record has been answered.
  @exclusivity(unchecked) private var answeredThrough = 0

  /// The calls a batch holds at most: about a megabyte of text for small commands.
  static let size = 8192

  private static let start = Array("{\"calls\": [".utf8)

  var count: Int { tickets.count }
  var isFull: Bool { tickets.count >= Self.size }

  /// Starts the next call: the separator before it.
  private func begin() {
    if tickets.isEmpty {
      text.removeAll(keepingCapacity: true)
      text += Self.start
    } else {
      text += [UInt8(ascii: ","), UInt8(ascii: " ")]
    }
  }

  /// Adds an `execute` that `write` writes (`["execute", INSTANCE, VERB, [ARGUMENTS]]`);
  /// returns its ticket.
  func execute(_ write: (inout [UInt8]) -> Void) -> Int {
    begin()
    write(&text)
    nextTicket += 1
    tickets.append(nextTicket)
    return nextTicket
  }

  /// Adds an `undo` that `write` writes (`["undo", INSTANCE, VERB, [ARGUMENTS], RECORD]`).
  func undo(_ write: (inout [UInt8]) -> Void) {
    begin()
    write(&text)
    tickets.append(-1)
  }

  /// Whether the record of `ticket` is still waiting for the batch's answer.
  func isWaiting(_ ticket: Int) -> Bool { ticket > answeredThrough }

  /// Takes the undo record of `ticket` (null if it never came: the plugin died).
  func record(of ticket: Int) -> StateValue { records.removeValue(forKey: ticket) ?? .null }

  /// The `batch` request's params.
  func message() -> [UInt8] { text + [UInt8(ascii: "]"), UInt8(ascii: "}")] }

  /// Keeps the records `results` answered, one per call in order (an `execute`'s undo
  /// record; anything for an `undo`), and empties the batch.
  func answered(_ results: [StateValue]) {
    for (ticket, result) in zip(tickets, results) where ticket >= 0 { records[ticket] = result }
    tickets.removeAll(keepingCapacity: true)
    answeredThrough = nextTicket
  }
}
