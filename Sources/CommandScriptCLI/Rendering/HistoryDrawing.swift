// How `history` shows the undo tree: a picture on a terminal, a plain list in a pipe, and
// under `--json` one object with the keys of Vim's `undotree()`.

import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum HistoryDrawing {
  /// Every step in the order made: its number (lined up by the widest), its statement,
  /// `(undone)` when the current state does not stand on it, and `(after N)` when it does
  /// not follow the step listed above it. With `history N`, the last N lines.
  static func list(of tree: HistoryTree) -> [String] {
    let width = String(tree.nodes.last?.number ?? 0).count
    var above = 0
    let lines = tree.nodes.map { node in
      defer { above = node.number }
      let undone = tree.isApplied(node.number) ? "" : "   (undone)"
      let after = node.parent == above ? "" : "   (after \(node.parent))"
      return "\(padded(node.number, to: width))  \(node.statement)\(undone)\(after)"
    }
    return last(tree.shownSteps, of: lines)
  }

  /// The tree drawn in the order made (``HistoryTree/rows``). `@` is the current state,
  /// `*` a step it stands on, `o` an undone one; then the number (lined up by the
  /// widest), the statement and the time the step was made. At the state before every
  /// step, a first line `@ 0` marks it. With `history N`, the last N steps.
  static func picture(of tree: HistoryTree) -> [String] {
    let rows = tree.rows
    let width = String(tree.nodes.last?.number ?? 0).count
    var labels = rows.map { row -> String in
      let mark = row.node.number == tree.current ? "@" : tree.isApplied(row.node.number) ? "*" : "o"
      return "\(row.prefix)\(mark) \(padded(row.node.number, to: width))  \(row.node.statement)"
    }
    var times = rows.map { clock($0.node.time) }
    if tree.current == 0, !rows.isEmpty {
      labels.insert("@ \(padded(0, to: width))  (before every step)", at: 0)
      times.insert("", at: 0)
    }
    let width60 = min(60, labels.map(\.count).max() ?? 0)
    let lines = zip(labels, times).map { label, time in
      time.isEmpty ? label : label + String(repeating: " ", count: max(1, width60 - label.count + 1)) + time
    }
    return last(tree.shownSteps, of: lines)
  }

  /// `number` right-aligned in `width` columns, so the statements after it line up.
  private static func padded(_ number: Int, to width: Int) -> String {
    let text = String(number)
    return String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// The last `count` of `lines` (all of them for nil), as `history N` shows.
  private static func last(_ count: Int?, of lines: [String]) -> [String] {
    guard let count, count < lines.count else { return lines }
    return Array(lines.suffix(count))
  }

  /// A time of day, local, as `16:20:01`.
  static func clock(_ seconds: Int) -> String {
    var time = time_t(seconds)
    var parts = tm()
    localtime_r(&time, &parts)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
  }

  /// Vim's `undotree()`: `seq_last`, `seq_cur`, `time_cur` and `entries`, each entry with
  /// `seq`, `time`, `newhead` and `curhead` where Vim puts them, and `alt`; and ours: each
  /// entry's `statement` and `title`, `save` (the step marked saved), and `history` (the
  /// path to the current state, then the undone steps `redo` follows, as before the tree).
  static func json(of tree: HistoryTree) -> StateValue {
    func list(_ entries: [HistoryTree.Entry]) -> StateValue {
      .array(
        entries.map { entry in
          var members: [StateValue.Member] = [
            .init("seq", .int(entry.node.number)), .init("time", .int(entry.node.time)),
          ]
          if entry.isNewhead { members.append(.init("newhead", .int(1))) }
          if entry.isCurhead { members.append(.init("curhead", .int(1))) }
          if !entry.alternatives.isEmpty { members.append(.init("alt", list(entry.alternatives))) }
          members += [.init("statement", .string(entry.node.statement)), .init("title", .string(entry.node.title))]
          return .object(members)
        })
    }
    let linear = tree.linear.map { e -> StateValue in
      ["number": .int(e.number), "statement": .string(e.statement), "undone": .bool(e.undone)]
    }
    var members: [StateValue.Member] = [
      .init("seq_last", .int(tree.lastNumber)), .init("seq_cur", .int(tree.current)),
      .init("time_cur", .int(tree.currentTime)), .init("entries", list(tree.entries)),
    ]
    if let saved = tree.saved { members.append(.init("save", .int(saved))) }
    members.append(.init("history", .array(linear)))
    return .object(members)
  }
}
