// Cheap questions about the undo tree, for a host that follows it step by step (the served
// page sends only the rows that changed): where the state is, the newest number, how many
// steps are stored, and one step by its number, each without building the whole
// ``HistoryTree`` (which costs time in proportion to the history).

extension Session {
  /// The current state's step number (0: before every kept step, as
  /// ``HistoryTree/current``), the highest number given (``HistoryTree/lastNumber``), and how
  /// many steps are stored, including any a history limit dropped.
  package var historyPosition: (current: Int, last: Int, stored: Int) {
    let history = timeline.invoker.history
    let current = history.current
    return (current < 0 ? 0 : history.nodes[current].number, history.lastNumber, history.nodes.count)
  }

  /// Step `number` as ``historyTree`` has it, if it is kept, found by its number in time
  /// that grows with the logarithm of the history's length.
  public func historyNode(_ number: Int) -> HistoryTree.Node? {
    let history = timeline.invoker.history
    guard let index = history.index(ofNumber: number) else { return nil }
    let node = history.nodes[index]
    return HistoryTree.Node(
      number: node.number, parent: node.parent < 0 ? 0 : history.nodes[Int(node.parent)].number,
      children: history.children(of: index).map { history.nodes[$0].number }, time: node.time,
      statement: canonicalText(of: history.steps[index].statement), title: actionName(ofStep: index))
  }

  /// The step marked saved (``markSaved()``), if it is kept (0: the state before every kept
  /// step), as ``HistoryTree/saved``.
  package var savedStep: Int? {
    let history = timeline.invoker.history
    return timeline.invoker.savedNumber.flatMap { $0 == 0 || history.index(ofNumber: $0) != nil ? $0 : nil }
  }
}
