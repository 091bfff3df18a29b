// A host's copy of the undo tree and of the history as a line, brought up to date in time
// proportional to what changed, not to the whole history: what a model shown while steps
// are made (SessionModel) does after each change, so that a step costs it as much at the
// 10,000th step as at the 100th.

extension Session {
  /// Brings `tree` (a ``historyTree`` this session gave, or a copy so updated) and `history`
  /// (the same history as a line, ``history``) up to date, in time that grows with what
  /// changed since they were read, not with the number of steps: a new step, an undo or a
  /// redo costs a few look-ups. The first call, and a call on copies older than the changes
  /// the session keeps (4,096 at least), reads both whole. Returns which of the two
  /// changed; one that did not is not written, so that what shows it is not redrawn.
  @discardableResult
  public func update(_ tree: inout HistoryTree, _ history: inout [HistoryEntry]) -> (tree: Bool, history: Bool) {
    if timeline.invoker.history.shapeLog == nil { timeline.invoker.history.shapeLog = ShapeLog() }
    let kept = timeline.invoker.history
    guard tree.logPosition >= 0, let logged = kept.shapeLog?.entries(since: tree.logPosition) else {
      let fresh = historyTree
      let line = fresh.linear
      updates.linesRead += fresh.nodes.count + line.count
      let changed = (tree: fresh != tree, history: line != history)
      if changed.tree { tree = fresh } else { tree.logPosition = fresh.logPosition }
      if changed.history { history = line }
      return changed
    }
    var dropped = Set<Int>()
    var parents = Set<Int>()
    var rewritten = Set<Int>()
    for entry in logged {
      switch entry {
      case .children(let number): parents.insert(number)
      case .dropped(let number): dropped.insert(number)
      case .rewritten(let number): rewritten.insert(number)
      }
    }
    var treeChanged = !logged.isEmpty
    if !dropped.isEmpty { tree.nodes.removeAll { dropped.contains($0.number) } }
    // New steps: at the end of storage, numbered above the last one the copy knew.
    var added: [Int] = []
    var i = kept.nodes.count - 1
    while i >= 0, kept.nodes[i].number > tree.lastNumber {
      if !kept.nodes[i].isDropped { added.append(i) }
      i -= 1
    }
    for index in added.reversed() { tree.nodes.append(treeNode(index)) }
    updates.linesRead += added.count + parents.count
    treeChanged = treeChanged || !added.isEmpty
    for parent in parents {
      let index = parent == 0 ? -1 : kept.index(ofNumber: parent)
      guard let index else { continue }
      let children = kept.children(of: index).map { kept.nodes[$0].number }
      if parent == 0 {
        tree.rootChildren = children
      } else if let at = tree.index(of: parent) {
        tree.nodes[at].children = children
      }
      for child in children {
        if let at = tree.index(of: child), tree.nodes[at].parent != parent { tree.nodes[at].parent = parent }
      }
    }
    for number in rewritten {
      if let index = kept.index(ofNumber: number), let at = tree.index(of: number) { tree.nodes[at] = treeNode(index) }
    }
    func number(_ index: Int32) -> Int? { index < 0 ? nil : kept.nodes[Int(index)].number }
    let current = kept.current < 0 ? 0 : kept.nodes[kept.current].number
    let saved = savedNumberKept
    if tree.current != current || tree.lastNumber != kept.lastNumber || tree.currentTime != kept.currentTime
      || tree.curhead != number(kept.curhead) || tree.newhead != number(kept.newhead) || tree.saved != saved
    {
      treeChanged = true
      tree.current = current
      tree.lastNumber = kept.lastNumber
      tree.currentTime = kept.currentTime
      tree.curhead = number(kept.curhead)
      tree.newhead = number(kept.newhead)
      tree.saved = saved
    }
    tree.logPosition = kept.shapeLog?.end ?? -1
    guard treeChanged else { return (false, false) }
    let lines = history.count
    let changed = updateLine(&history, from: tree, dropped: dropped, changedChildren: parents)
    updates.linesRead += abs(history.count - lines)
    return (true, changed)
  }

  /// The saved mark, if the step it names is kept.
  private var savedNumberKept: Int? {
    let history = timeline.invoker.history
    return history.savedNumber.flatMap { $0 == 0 || history.index(ofNumber: $0) != nil ? $0 : nil }
  }

  /// Brings `line`, the history as a line of an earlier tree, up to date with `tree`, whose
  /// nodes `dropped` went and whose nodes `changedChildren` (0: the root) had their
  /// children changed since. The line is a path from a child of the root down, so its
  /// numbers ascend: a node is found in it by bisection. Returns whether it changed.
  private func updateLine(
    _ line: inout [HistoryEntry], from tree: HistoryTree, dropped: Set<Int>, changedChildren: Set<Int>
  ) -> Bool {
    func find(_ number: Int) -> Int? {
      var (low, high) = (0, line.count)
      while low < high {
        let mid = (low + high) / 2
        if line[mid].number < number { low = mid + 1 } else { high = mid }
      }
      return low < line.count && line[low].number == number ? low : nil
    }
    var changed = false
    if !dropped.isEmpty {
      // The limit drops from the top: the line loses a head, or, below a dropped node,
      // everything.
      let count = line.count
      var head = 0
      while head < line.count, dropped.contains(line[head].number) { head += 1 }
      if head > 0 { line.removeFirst(head) }
      if let cut = dropped.compactMap(find).min() { line.removeSubrange(cut...) }
      changed = line.count != count
    }
    // The current path: up from the current step to the first step the line holds.
    var newPath: [Int] = []
    var anchor = -1
    var number = tree.current
    while number != 0 {
      updates.linesRead += 1
      if let at = find(number) {
        anchor = at
        break
      }
      newPath.append(number)
      number = tree.node(number)?.parent ?? 0
    }
    // The steps up to the anchor are done.
    var index = anchor
    while index >= 0, line[index].undone {
      line[index].undone = false
      updates.linesRead += 1
      changed = true
      index -= 1
    }
    var next: Int?
    if !newPath.isEmpty {
      if anchor + 1 < line.count { line.removeSubrange((anchor + 1)...) }
      for n in newPath.reversed() {
        line.append(HistoryEntry(number: n, statement: tree.node(n)?.statement ?? "", undone: false))
      }
      changed = true
      next = tree.curhead
    } else {
      // The current step is in the line: what follows it is the branch `redo` follows,
      // kept as far as no step's children changed on it.
      var keep = anchor + 1
      if let head = tree.curhead, keep < line.count, line[keep].number == head {
        // Bisected: the steps whose children changed are few, the line long.
        keep = changedChildren.compactMap(find).filter { $0 >= keep }.min() ?? line.count
        updates.linesRead += changedChildren.count
        if keep < line.count {
          keep += 1
          next = tree.node(line[keep - 1].number)?.children.first
        }
      } else {
        next = tree.curhead
      }
      if keep < line.count {
        line.removeSubrange(keep...)
        changed = true
      }
      for at in (anchor + 1)..<max(anchor + 1, line.count) {
        guard !line[at].undone else { break }
        line[at].undone = true
        updates.linesRead += 1
        changed = true
      }
    }
    while let n = next, let node = tree.node(n) {
      updates.linesRead += 1
      line.append(HistoryEntry(number: n, statement: node.statement, undone: true))
      changed = true
      next = node.children.first
    }
    return changed
  }
}
