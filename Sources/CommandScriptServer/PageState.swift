// What the pages were last sent, so that after an entry they are sent only what changed:
// the receivers whose drawing changed and the history rows that changed. The rows are
// followed step by step where an entry made one new step at the end of the drawing or only
// moved through the tree (undo, redo, goto): then nothing costs time in proportion to the
// history, and a click costs the same at 10 steps as at 100,000. Anything else (a new
// branch, several steps, a history limit) draws the tree again. A page asks for the rows it
// has not got when it shows them.

import CommandScript

/// The session as last sent to the pages (on the session's queue, but for ``full()`` and
/// ``rows(from:to:)``, read under the host's lock).
struct PageState: Sendable {
  /// The rows a full snapshot carries: the newest ones.
  static let rowsSent = 200
  /// The most rows one request may ask for.
  static let rowsPerRequest = 1000

  private(set) var version = 0
  private(set) var receivers: [Snapshot.Receiver] = []
  private(set) var rows: [Snapshot.TreeRow] = []
  private(set) var header = Snapshot()
  /// Each step's row, by the step's number.
  private var rowOfStep: [Int: Int] = [:]
  /// Where the tree was when the rows were last made or followed.
  private var position = (current: 0, last: 0, stored: 0)

  /// The rows for the tree now, with the indices of those that changed: followed from the
  /// last ones where `changes` allow, else all of them drawn again (`drawn()`).
  mutating func followRows(
    to now: (current: Int, last: Int, stored: Int), changes: [Change], mayFollow: Bool,
    node: (Int) -> HistoryTree.Node?, drawn: () -> [Snapshot.TreeRow]
  ) -> [Int] {
    if mayFollow, let changed = follow(to: now, changes: changes, node: node) {
      position = now
      return changed
    }
    let old = rows
    rows = drawn()
    rowOfStep = Dictionary(rows.map { ($0.number, $0.index) }, uniquingKeysWith: { a, _ in a })
    position = now
    return rows.indices.filter { $0 >= old.count || old[$0] != rows[$0] }
  }

  /// The indices of the rows changed by following `changes`, or nil if they cannot be
  /// followed (then the tree is drawn again).
  private mutating func follow(
    to now: (current: Int, last: Int, stored: Int), changes: [Change], node: (Int) -> HistoryTree.Node?
  ) -> [Int]? {
    guard version > 0 else { return nil }
    var changed: [Int] = []
    func mark(_ step: Int, _ mark: String) {
      guard step != 0, let i = rowOfStep[step], rows[i].mark != mark else { return }
      rows[i].mark = mark
      changed.append(i)
    }
    if now.last == position.last + 1, now.stored == position.stored + 1, now.current == now.last {
      // One new step after the current one, which had none: a row at the end, in its column.
      guard let step = node(now.current), step.parent == position.current else { return nil }
      let parentRow = step.parent == 0 ? nil : rowOfStep[step.parent]
      guard step.parent == 0 ? rows.isEmpty : parentRow == rows.count - 1,
        step.parent == 0 || node(step.parent)?.children == [now.current]
      else { return nil }
      let above = parentRow.map { rows[$0].prefix } ?? ""
      let prefix = above.hasSuffix("├─") ? String(above.dropLast(2)) + "│ " : above
      mark(position.current, "applied")
      rows.append(
        Snapshot.TreeRow(
          index: rows.count, prefix: prefix, number: step.number, parent: step.parent, statement: step.statement,
          mark: "current"))
      rowOfStep[step.number] = rows.count - 1
      return changed + [rows.count - 1]
    }
    guard now.last == position.last, now.stored == position.stored else { return nil }
    // Only moves through the tree: the marks change, along the steps moved through.
    var current = position.current
    for change in changes {
      switch change.kind {
      case .done: return nil
      case .undone:
        mark(current, "undone")
        guard let step = node(current) else { return nil }
        current = step.parent
      case .redone:
        // Redo follows the current step's first child (from the root: drawn again).
        guard current != 0, let next = node(current)?.children.first else { return nil }
        mark(current, "applied")
        current = next
      case .moved:
        for step in change.undoneSteps { mark(step, "undone") }
        for step in change.redoneSteps { mark(step, "applied") }
        if let last = change.redoneSteps.last {
          current = last
        } else if let last = change.undoneSteps.last, let step = node(last) {
          current = step.parent
        }
      }
    }
    // Where the moves say the state is must be where it is; else draw again.
    guard current == now.current else { return nil }
    if position.current != now.current, let i = rowOfStep[position.current], rows[i].mark == "current" {
      mark(position.current, "applied")
    }
    mark(now.current, "current")
    return changed
  }

  /// Takes `now` as the state sent, with the rows as followed (`changedRows`: the indices of
  /// those that changed), and returns what changed since the last one.
  mutating func update(to now: Snapshot, changedRows: [Int], changes: [ChangeInfo]) -> Snapshot {
    var delta = now
    delta.full = false
    delta.from = version
    version += 1
    delta.version = version
    let before = Dictionary(receivers.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    delta.receivers = now.receivers.filter { before[$0.name] != $0 }
    delta.names = now.receivers.map(\.name)
    delta.rowCount = rows.count
    delta.rows = Set(changedRows).sorted().map { rows[$0] }
    delta.changes = changes
    receivers = now.receivers
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
