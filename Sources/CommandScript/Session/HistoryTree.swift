// The undo tree as a host sees it, and the moves through it: `goto`, `earlier`, `later`
// (run as statements, so they are checked and journaled as typed ones), and a saved mark.

/// The whole undo tree (``Session/historyTree``): every step kept, numbered in the order
/// steps were made, whatever branch it is on — what `history` draws, with the state of
/// Vim's `undotree()`.
public struct HistoryTree: Equatable, Sendable {
  /// One step of the tree.
  public struct Node: Equatable, Sendable {
    /// Its number, from 1, in the order steps were made (Vim's `seq`).
    public var number: Int
    /// The number of the step it followed, 0 for the state before every kept step.
    public var parent: Int
    /// The steps made after it, the one `redo` follows first (the branch visited last).
    public var children: [Int]
    /// When it was made, in seconds since 1970.
    public var time: Int
    /// The statement, in canonical form on one line.
    public var statement: String
    /// Its undo title, localised (``Session/undoActionName``'s form).
    public var title: String
  }

  /// The kept steps, in the order they were made.
  public var nodes: [Node]
  /// The steps made first after the state before every kept step, the one `redo`
  /// follows first.
  public var rootChildren: [Int]
  /// The current state's step: the state is right after it (0: before every kept step).
  /// Vim's `seq_cur`.
  public var current: Int
  /// The highest number given (Vim's `seq_last`).
  public var lastNumber: Int
  /// The time of the step made, undone or redone last (Vim's `time_cur`).
  public var currentTime: Int
  /// The step `redo` would redo next, if any (Vim's `curhead`).
  public var curhead: Int?
  /// The step below which new steps went last (Vim's `newhead`).
  public var newhead: Int?
  /// The step marked saved (``Session/markSaved()``), if it is kept; 0: the state before
  /// every kept step.
  public var saved: Int?
  /// How many of the last steps `history N` asked to see (nil: all of them): a text
  /// listing shows the last N rows, as bash's `history 5` does.
  package var shownSteps: Int?
  /// Where the session's log of shape changes stood when the tree was read (-1: it kept
  /// none), so that ``Session/update(_:_:)`` knows what changed since.
  var logPosition = -1

  /// The steps from the first kept one to the current state, then those `redo` would
  /// redo, in order: the history as a line (``Session/history``).
  public var linear: [HistoryEntry] {
    var path: [Node] = []
    var number = current
    while number != 0, let node = node(number) {
      path.append(node)
      number = node.parent
    }
    var entries = path.reversed().map { HistoryEntry(number: $0.number, statement: $0.statement, undone: false) }
    var next = curhead
    while let n = next, let node = node(n) {
      entries.append(HistoryEntry(number: n, statement: node.statement, undone: true))
      next = node.children.first
    }
    return entries
  }

  /// Whether the current state stands on step `number` (it is done, not undone). One
  /// look-up: `history` asks it of every step (a walk up the tree for each made listing
  /// 32,000 steps take 58 s).
  public func isApplied(_ number: Int) -> Bool {
    if number == 0 { return true }
    if applied.current == current { return applied.steps.contains(number) }
    var n = current
    while n > number, let node = node(n) { n = node.parent }
    return n == number
  }

  /// The steps the state `current` stands on, found once when the tree is made (the
  /// path from it up to the first kept step); for another `current` (none found, or a
  /// host changed it, as ``Session/update(_:_:)`` does), `isApplied` walks the tree.
  fileprivate var applied = AppliedSteps(current: -1, steps: [])

  /// A cache of what the tree says, not part of it: any two are equal, so that a tree
  /// brought up to date step by step equals the same tree read whole.
  fileprivate struct AppliedSteps: Equatable, Sendable {
    var current: Int
    var steps: Set<Int>
    static func == (_: Self, _: Self) -> Bool { true }
  }

  /// Finds the steps the current state stands on, for `isApplied`.
  fileprivate mutating func findApplied() {
    var steps = Set<Int>()
    var n = current
    while n != 0, let node = node(n) {
      steps.insert(n)
      n = node.parent
    }
    applied = AppliedSteps(current: current, steps: steps)
  }

  #if DEBUG
    /// Counts `node(_:)`'s look-ups, for a test of how much work a listing takes.
    final class LookupCounter: @unchecked Sendable { var count = 0 }
    @TaskLocal static var lookups: LookupCounter?
  #endif

  /// The step numbered `number`, if it is kept.
  public func node(_ number: Int) -> Node? {
    #if DEBUG
      HistoryTree.lookups?.count += 1
    #endif
    return index(of: number).map { nodes[$0] }
  }

  /// Where the step numbered `number` is in ``nodes``, if it is kept.
  func index(of number: Int) -> Int? {
    var (low, high) = (0, nodes.count)
    while low < high {
      let mid = (low + high) / 2
      if nodes[mid].number < number { low = mid + 1 } else { high = mid }
    }
    return low < nodes.count && nodes[low].number == number ? low : nil
  }

  /// One entry of Vim's `undotree()` list: a step, followed in its list by the steps
  /// `redo` follows from it; `alternatives` are the list of its next sibling.
  package struct Entry: Equatable, Sendable {
    /// The step.
    package var node: Node
    /// Whether it is the ``HistoryTree/newhead``.
    package var isNewhead: Bool
    /// Whether it is the ``HistoryTree/curhead``.
    package var isCurhead: Bool
    /// Vim's `alt`: the list that starts at its next sibling (empty: none).
    package var alternatives: [Entry]
  }

  /// The tree as Vim's `undotree()` lists its `entries`: from the root's first child, each
  /// list follows the branch `redo` would, and an entry's next sibling starts its `alt`.
  package var entries: [Entry] { list(from: rootChildren.first) }

  private func list(from first: Int?) -> [Entry] {
    var entries: [Entry] = []
    var number = first
    while let n = number, let node = node(n) {
      let siblings = node.parent == 0 ? rootChildren : self.node(node.parent)?.children ?? []
      let next = siblings.firstIndex(of: n).flatMap { $0 + 1 < siblings.count ? siblings[$0 + 1] : nil }
      entries.append(
        Entry(node: node, isNewhead: newhead == n, isCurhead: curhead == n, alternatives: list(from: next)))
      number = node.children.first
    }
    return entries
  }

  /// One line of the tree as drawn: the lines that lead to the step (`├─`, `│ `) and the
  /// step.
  package struct Row: Equatable, Sendable {
    /// What stands before the step's mark: `├─` where a branch steps aside, `│ ` for
    /// each branch it is beside.
    package var prefix: String
    package var node: Node
  }

  /// The tree drawn in the order made, as `history` and the served page draw it: each
  /// step's newest child goes on below it in the same column, its other children step
  /// aside to the right (`├─`), so that a long line of steps never drifts.
  package var rows: [Row] {
    var rows: [Row] = []
    func draw(_ first: Int, lead: String, rest: String) {
      var number: Int? = first
      var prefix = lead
      while let n = number, let node = node(n) {
        rows.append(Row(prefix: prefix, node: node))
        prefix = rest
        let children = node.children.sorted()
        for child in children.dropLast() { draw(child, lead: rest + "├─", rest: rest + "│ ") }
        number = children.last
      }
    }
    let roots = rootChildren.sorted()
    for (i, root) in roots.enumerated() {
      i == roots.count - 1 ? draw(root, lead: "", rest: "") : draw(root, lead: "├─", rest: "│ ")
    }
    return rows
  }
}

extension Session {
  /// The whole undo tree.
  public var historyTree: HistoryTree {
    let history = timeline.invoker.history
    func number(_ index: Int32) -> Int? { index < 0 ? nil : history.nodes[Int(index)].number }
    let nodes = history.keptNodes.map(treeNode)
    let saved = savedNumber.flatMap { $0 == 0 || history.index(ofNumber: $0) != nil ? $0 : nil }
    var tree = HistoryTree(
      nodes: nodes, rootChildren: history.children(of: -1).map { history.nodes[$0].number },
      current: history.current < 0 ? 0 : history.nodes[history.current].number, lastNumber: history.lastNumber,
      currentTime: history.currentTime, curhead: number(history.curhead), newhead: number(history.newhead),
      saved: saved, logPosition: history.shapeLog?.end ?? -1)
    tree.findApplied()
    return tree
  }

  /// The step at storage index `i`, as the tree shows it.
  func treeNode(_ i: Int) -> HistoryTree.Node {
    let history = timeline.invoker.history
    let node = history.nodes[i]
    return HistoryTree.Node(
      number: node.number, parent: node.parent < 0 ? 0 : history.nodes[Int(node.parent)].number,
      children: history.children(of: i).map { history.nodes[$0].number }, time: node.time,
      statement: canonicalText(of: history.steps[i].statement), title: actionName(ofStep: i))
  }

  /// Goes to the state right after step `number` (0: before the first step), wherever it
  /// is in the tree, as the statement `goto N` does: the steps between are undone and
  /// redone, and ``onChange`` is told of each. Throws if there is no such step.
  public func goto(_ number: Int) throws(RunError) {
    try runCall(TreeMove.number(number).canonical)
  }

  /// Goes `steps` steps back in the order steps were made, across branches, as the
  /// statement `earlier N` does (Vim's `g-`).
  public func earlier(_ steps: Int = 1) throws(RunError) {
    try runCall(TreeMove.steps(-max(1, steps)).canonical)
  }

  /// Goes `steps` steps forward in the order steps were made, as `later N` does (`g+`).
  public func later(_ steps: Int = 1) throws(RunError) {
    try runCall(TreeMove.steps(max(1, steps)).canonical)
  }

  /// Goes back in time by `seconds`, as `earlier 30s` does: to the state before the step
  /// made nearest that time.
  public func earlier(seconds: Int) throws(RunError) {
    try runCall(TreeMove.seconds(-max(1, seconds)).canonical)
  }

  /// Goes forward in time by `seconds`, as `later 30s` does.
  public func later(seconds: Int) throws(RunError) {
    try runCall(TreeMove.seconds(max(1, seconds)).canonical)
  }

  /// The clock steps are stamped with, in seconds since 1970 (the system's by default):
  /// a host or a test may set its own.
  public var clock: () -> Int {
    get { timeline.invoker.clock }
    set { timeline.invoker.clock = newValue }
  }

  /// Marks the current state as saved (a document app's save), so that ``isAtSavedState``
  /// tells whether the current state is that one.
  public func markSaved() {
    let current = timeline.invoker.history.current
    savedNumber = current < 0 ? 0 : timeline.invoker.history.nodes[current].number
    noteUpdate()
  }

  /// Whether the current state is the one ``markSaved()`` marked (a document is not dirty).
  /// A saved state the history limit dropped can no longer be reached: none is marked then.
  public var isAtSavedState: Bool {
    let history = timeline.invoker.history
    let current = history.current
    return savedNumber != nil && savedNumber == (current < 0 ? 0 : history.nodes[current].number)
  }

  private var savedNumber: Int? {
    get { timeline.invoker.savedNumber }
    set { timeline.invoker.savedNumber = newValue }
  }

  /// Says what `goto`, `earlier` or `later` did: warnings for what it could not do, and
  /// where it went when the session reports effects.
  func present(_ report: TreeMoveReport) {
    let keyword = report.move.keyword.rawValue
    func warn(_ message: String) {
      onDiagnostic(Problem(message, at: report.range, severity: .warning).diagnostic(in: sources))
    }
    if let refusal = report.refusal {
      warn(refusal == .atOldest ? "already at the oldest state" : "already at the newest state")
      return
    }
    if !report.notReverted.isEmpty {
      warn(
        "`\(keyword)` could not revert \(report.notReverted.map { "`\($0)`" }.joined(separator: ", ")): declared as not undoable"
      )
    }
    if let stopped = report.stopped { warn("`\(keyword)` stopped: \(stopped.message)") }
    if hasChangeObservers, !report.undone.isEmpty || !report.redone.isEmpty {
      tell(moveChange(report.move, undone: report.undone, redone: report.redone))
    }
    if reportsEffects, let after = report.arrivedAfter {
      let place = after == 0 ? "the state before every step" : "step \(after)"
      onOutput(.report("went to \(place): undid \(report.undone.count), redid \(report.redone.count)"))
    }
  }
}
