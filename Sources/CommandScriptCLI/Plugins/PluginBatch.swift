/// The calls sent to a plugin ahead of their answers (PLUGINS.md, "Batches"): `execute`s
/// of verbs declared never to fail, and `undo`s, which never fail either. Each `execute`
/// gets a ticket, which stands for its undo record until the batch is answered; the batch
/// is sent when it is full, before any other request, and when the session settles (at the
/// end of each statement, undo and redo), so a fault still fails the statement that sent it.
final class PluginBatch {
  /// Each call as JSON text (`{"method": …, "params": …}`), in order.
  private var calls: [String] = []
  /// For each call, the ticket of an `execute`, or -1 for an `undo`.
  private var tickets: [Int] = []
  /// The undo records answered, by ticket, until undo takes them.
  private var records: [Int: StateValue] = [:]
  private var nextTicket = 0
  /// The last ticket whose record has been answered.
  private var answeredThrough = 0

  /// The calls a batch holds at most: about a megabyte of text for small commands.
  static let size = 8192

  var count: Int { calls.count }
  var isFull: Bool { calls.count >= Self.size }

  /// Adds an `execute` with `params` (JSON text); returns its ticket.
  func execute(_ params: String) -> Int {
    nextTicket += 1
    calls.append("{\"method\": \"execute\", \"params\": \(params)}")
    tickets.append(nextTicket)
    return nextTicket
  }

  /// Adds an `undo` with `params` (JSON text).
  func undo(_ params: String) {
    calls.append("{\"method\": \"undo\", \"params\": \(params)}")
    tickets.append(-1)
  }

  /// Whether the record of `ticket` is still waiting for the batch's answer.
  func isWaiting(_ ticket: Int) -> Bool { ticket > answeredThrough }

  /// Takes the undo record of `ticket` (null if it never came: the plugin died).
  func record(of ticket: Int) -> StateValue { records.removeValue(forKey: ticket) ?? .null }

  /// The `batch` request's params.
  func message() -> String {
    var text = "{\"calls\": ["
    text.reserveCapacity(calls.reduce(16) { $0 + $1.utf8.count + 2 })
    for (i, call) in calls.enumerated() {
      if i > 0 { text += ", " }
      text += call
    }
    return text + "]}"
  }

  /// Keeps the records `results` answered, one per call in order, and empties the batch.
  func answered(_ results: [StateValue]) {
    for (ticket, result) in zip(tickets, results) where ticket >= 0 { records[ticket] = result["undo"] ?? .null }
    calls.removeAll(keepingCapacity: true)
    tickets.removeAll(keepingCapacity: true)
    answeredThrough = nextTicket
  }
}
