// What the pages were last sent, so that after an entry they are sent only what changed:
// the receivers whose drawing changed and the history rows that changed. A click then costs
// the pages the same at 10 steps as at 100,000; a page asks for the rows it has not got
// when it shows them.

import CommandScript

/// The session as last sent to the pages (on the session's queue only, but for
/// ``full(rows:)`` and ``rows(from:to:)``, read under the host's lock).
struct PageState: Sendable {
  /// The rows a full snapshot carries: the newest ones.
  static let rowsSent = 200
  /// The most rows one request may ask for.
  static let rowsPerRequest = 1000

  private(set) var version = 0
  private(set) var receivers: [Snapshot.Receiver] = []
  private(set) var rows: [Snapshot.TreeRow] = []
  private(set) var header = Snapshot()

  /// Takes `now` as the state sent, and returns what changed since the last one (with
  /// `changes`, the change events since then).
  mutating func update(to now: Snapshot, rows newRows: [Snapshot.TreeRow], changes: [ChangeInfo]) -> Snapshot {
    var delta = now
    delta.full = false
    delta.from = version
    version += 1
    delta.version = version
    let before = Dictionary(receivers.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    delta.receivers = now.receivers.filter { before[$0.name] != $0 }
    delta.names = now.receivers.map(\.name)
    delta.rowCount = newRows.count
    delta.rows = []
    for (i, row) in newRows.enumerated() where i >= rows.count || rows[i] != row { delta.rows.append(row) }
    delta.changes = changes
    receivers = now.receivers
    rows = newRows
    header = delta
    header.receivers = []
    header.rows = []
    header.changes = []
    return delta
  }

  /// The whole state as sent last: every receiver, and the newest rows.
  func full() -> Snapshot {
    var snapshot = header
    snapshot.full = true
    snapshot.from = nil
    snapshot.version = version
    snapshot.receivers = receivers
    snapshot.names = receivers.map(\.name)
    snapshot.rowCount = rows.count
    snapshot.rows = Array(rows.suffix(Self.rowsSent))
    return snapshot
  }

  /// Rows `from..<to` (clamped), for a page that shows them.
  func rows(from: Int, to: Int) -> [Snapshot.TreeRow] {
    let start = max(0, min(from, rows.count))
    let end = max(start, min(to, rows.count, start + Self.rowsPerRequest))
    return Array(rows[start..<end])
  }
}
