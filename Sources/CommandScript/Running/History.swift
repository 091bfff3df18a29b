// The undo history as a tree, kept as Vim keeps it: every step a node numbered in the order
// steps were made, a new statement after `undo` a new branch, redo following the branch
// visited last; nothing undone is discarded except by the history limit.

/// The undo tree. Every executed receiver command is one `Int32` (its index in the command
/// table) in one contiguous array, in the order the commands ran; a node (a top-level
/// statement) is the range of commands it ran, so nodes are stored in the order they were
/// made, whatever branch they are on. The receivers hold undo records for the nodes on the
/// path from the root to the current node; moving elsewhere undoes up to the common ancestor
/// and redoes down from it (`Invoker`, HistoryMoves.swift).
///
/// The state follows Vim's undo.c exactly, so that `undotree()` is its oracle: `curhead`
/// is the node `redo` would redo next (Vim's `b_u_curhead`, nil at a leaf), `newhead` the
/// node below which new changes went last (`b_u_newhead`); the current node is
/// `curhead`'s parent, or `newhead` when nothing is undone. Each node's children are in
/// the order of Vim's alternate list: the first is the one `redo` follows, and a move
/// through a node makes it first.
struct History {
  /// What a node's statement was: for listings, `export` and titles.
  struct Step {
    var statement: SourceRange
    /// What the statement was compiled to, for `export`.
    var op: Op
    /// The name a host gave it (a group of calls), for its undo title.
    var name: String?
    /// Whether its statement was a `transaction`, named or not: `export` writes it as one.
    var isTransaction = false
    /// The results its requests waited for, in order, so that a redo applies them again
    /// rather than asking again (see AsyncVerbs.swift).
    var awaited: [AwaitedResults.Entry]?
  }

  /// A node's place in the tree. Links are storage indices; -1 is none (for `parent`: the
  /// root, the state before every kept step).
  struct Node {
    /// Where its commands end in `commands` (they start where the node before ends).
    var end: Int
    /// Its number, from 1, in the order nodes were made (Vim's `uh_seq`).
    var number: Int
    /// When it was made, in seconds since 1970 (Vim's `uh_time`).
    var time: Int
    var parent: Int32
    /// The child `redo` follows (Vim's `uh_prev`).
    var firstChild: Int32 = -1
    /// The next of its parent's children, less recently visited (`uh_alt_next`).
    var next: Int32 = -1
    /// The one before it (`uh_alt_prev`).
    var previous: Int32 = -1
    /// How many nodes are above it, counting those the limit dropped.
    var depth: Int32
    /// Dropped by the history limit: the state it led to can no longer be reached.
    var isDropped = false
    /// Dropped while on the current path, so the receivers still hold its undo records.
    var holdsRecords = false
  }

  private(set) var commands = ContiguousArray<Int32>()
  private(set) var nodes = ContiguousArray<Node>()
  private(set) var steps: [Step] = []
  /// The first of the root's children (Vim's `b_u_oldhead`).
  private(set) var firstRoot: Int32 = -1
  private(set) var curhead: Int32 = -1
  private(set) var newhead: Int32 = -1
  /// The highest number given (`seq_last`).
  private(set) var lastNumber = 0
  /// The current node's number, 0 at the root (`seq_cur`).
  private(set) var currentNumber = 0
  /// The time of the step made, undone or redone last (`time_cur`); a new step's time
  /// plus one, as Vim sets it.
  private(set) var currentTime = 0
  /// How many nodes the history limit has dropped since the session started.
  private(set) var droppedSteps = 0
  /// Nodes kept (not dropped).
  private(set) var liveCount = 0
  /// How many of the current node's ancestors the limit dropped (the same for every node
  /// kept: dropping one on the current path drops its alternatives first).
  private var droppedDepth: Int32 = 0
  /// Stored nodes that are dropped, removed in batches of at least 1,024 (and at least the
  /// nodes kept), so that the limit costs amortised constant time per step.
  private var droppedStored = 0
  /// No node below this storage index is kept.
  private var oldestKept = 0

  /// The number of the node a host marked saved (0: the root), if any. Forgotten when
  /// the limit drops the state it stands for: the root's state is dropped with the root's
  /// only child on the current path (whose state becomes the root's, 0), and a dropped
  /// branch takes its nodes' states with it.
  var savedNumber: Int?

  /// The changes to the tree's shape, for a host that follows the tree; nil until one does.
  var shapeLog: ShapeLog?

  /// The clock nodes are stamped with, in seconds since 1970.
  var clock: () -> Int = { Int(systemTime()) }

  /// Where the commands of node `i` begin.
  @inline(__always) func start(of i: Int) -> Int { i == 0 ? 0 : nodes[i - 1].end }

  /// The current node (storage index), or -1 at the root.
  var current: Int { Int(curhead >= 0 ? nodes[Int(curhead)].parent : newhead) }
  /// The node `undo` would undo: the current one.
  var undoTarget: Int? { current >= 0 ? current : nil }
  /// The node `redo` would redo.
  var redoTarget: Int? { curhead >= 0 ? Int(curhead) : nil }

  /// How many steps `undo` can take: the current node's depth.
  var undoCount: Int { current < 0 ? 0 : Int(nodes[current].depth - droppedDepth) + 1 }
  /// How many steps `redo` can take: the length of the branch `redo` follows.
  var redoCount: Int {
    var count = 0
    var node = curhead
    while node >= 0 {
      count += 1
      node = nodes[Int(node)].firstChild
    }
    return count
  }

  /// The storage index of node number `number`, if it is kept.
  func index(ofNumber number: Int) -> Int? {
    var (low, high) = (oldestKept, nodes.count)
    while low < high {
      let mid = (low + high) / 2
      if nodes[mid].number < number { low = mid + 1 } else { high = mid }
    }
    guard low < nodes.count, nodes[low].number == number, !nodes[low].isDropped else { return nil }
    return low
  }

  /// The kept nodes' storage indices, in the order they were made.
  var keptNodes: [Int] { (oldestKept..<nodes.count).filter { !nodes[$0].isDropped } }

  /// The kept nodes' steps.
  var keptSteps: [Step] { keptNodes.map { steps[$0] } }

  /// The children of `parent` (-1: the root), the one `redo` follows first.
  func children(of parent: Int) -> [Int] {
    var found: [Int] = []
    var child = parent < 0 ? firstRoot : nodes[parent].firstChild
    while child >= 0 {
      found.append(Int(child))
      child = nodes[Int(child)].next
    }
    return found
  }

  /// The nodes from the root's child down to the current node.
  var currentPath: [Int] { path(to: current) }

  /// The nodes from the root's child down to `node` (none for the root).
  func path(to node: Int) -> [Int] {
    var found: [Int] = []
    var n = node
    while n >= 0 {
      found.append(n)
      n = Int(nodes[n].parent)
    }
    return found.reversed()
  }

  /// The steps from the root to the current node, then those `redo` would redo, in order:
  /// what a linear history shows.
  var listed: [(number: Int, step: Step, undone: Bool)] {
    currentPath.map { (nodes[$0].number, steps[$0], false) } + redoBranch.map { (nodes[$0].number, steps[$0], true) }
  }

  /// The branch `redo` follows from the current node, in order.
  var redoBranch: [Int] {
    var found: [Int] = []
    var node = curhead
    while node >= 0 {
      found.append(Int(node))
      node = nodes[Int(node)].firstChild
    }
    return found
  }

  // MARK: Recording

  /// Appends an executed command of the statement that is running.
  @inline(__always) mutating func record(_ id: Int32) { commands.append(id) }

  /// Removes the commands of the running statement from `mark` on (after rolling them back).
  mutating func discard(from mark: Int) { commands.removeSubrange(mark...) }

  /// Closes the running statement's commands as a new node below the current one, first
  /// among its siblings: what it replaced stays as an alternative branch.
  mutating func commitStep(statement: SourceRange, op: Op) {
    if curhead >= 0 {
      newhead = nodes[Int(curhead)].parent
      curhead = -1
    }
    let parent = newhead
    let index = Int32(nodes.count)
    let time = clock()
    lastNumber += 1
    var node = Node(
      end: commands.count, number: lastNumber, time: time, parent: parent,
      depth: parent < 0 ? droppedDepth : nodes[Int(parent)].depth + 1)
    node.next = parent < 0 ? firstRoot : nodes[Int(parent)].firstChild
    if node.next >= 0 { nodes[Int(node.next)].previous = index }
    nodes.append(node)
    steps.append(Step(statement: statement, op: op))
    if parent < 0 { firstRoot = index } else { nodes[Int(parent)].firstChild = index }
    if shapeLog != nil { logChildren(of: Int(parent)) }
    newhead = index
    currentNumber = lastNumber
    currentTime = time.clampedAdding(1)
    liveCount += 1
  }

  /// Names the step just committed.
  mutating func nameLastStep(_ name: String) { steps[steps.count - 1].name = name }

  /// Marks the step just committed as a `transaction`'s.
  mutating func markLastStepTransaction() { steps[steps.count - 1].isTransaction = true }

  /// Keeps the results the step just committed waited for.
  mutating func keepResultsOfLastStep(_ entries: [AwaitedResults.Entry]) { steps[steps.count - 1].awaited = entries }

  // MARK: Undo and redo along the current branch

  /// The current node was undone: `redo` would redo it next.
  mutating func didUndo() {
    let undone = current
    curhead = Int32(undone)
    let parent = Int(nodes[undone].parent)
    currentNumber = parent < 0 ? 0 : nodes[parent].number
    currentTime = nodes[undone].time
  }

  /// `undo` found nothing to undo: Vim leaves `curhead` at the root's first child.
  mutating func undoFoundNothing() {
    if current < 0 { curhead = firstRoot }
  }

  /// Node `node`, a child of the current one, is about to be redone: it becomes the
  /// child `redo` follows (a move through the tree may pick any child).
  mutating func willRedo(_ node: Int) {
    bringToFront(node)
    curhead = Int32(node)
  }

  /// The node `redo` would redo was redone.
  mutating func didRedo() {
    let redone = Int(curhead)
    currentNumber = nodes[redone].number
    currentTime = nodes[redone].time
    if nodes[redone].firstChild < 0 { newhead = curhead }
    curhead = nodes[redone].firstChild
  }

  /// Makes `node` the first of its parent's children.
  private mutating func bringToFront(_ node: Int) {
    let previous = nodes[node].previous
    guard previous >= 0 else { return }
    let next = nodes[node].next
    nodes[Int(previous)].next = next
    if next >= 0 { nodes[Int(next)].previous = previous }
    let parent = Int(nodes[node].parent)
    let first = parent < 0 ? firstRoot : nodes[parent].firstChild
    nodes[node].previous = -1
    nodes[node].next = first
    nodes[Int(first)].previous = Int32(node)
    if parent < 0 { firstRoot = Int32(node) } else { nodes[parent].firstChild = Int32(node) }
    if shapeLog != nil { logChildren(of: parent) }
  }

  /// Logs that the children of `parent` (-1: the root) changed.
  private mutating func logChildren(of parent: Int) {
    shapeLog?.append(.children(of: parent < 0 ? 0 : nodes[parent].number))
  }

  /// The nearest node that is an ancestor of both (or either itself), -1 for the root.
  func commonAncestor(_ a: Int, _ b: Int) -> Int {
    var (a, b) = (a, b)
    while a != b {
      let depthA = a < 0 ? Int32.min : nodes[a].depth
      let depthB = b < 0 ? Int32.min : nodes[b].depth
      if depthA >= depthB { a = Int(nodes[a].parent) } else { b = Int(nodes[b].parent) }
    }
    return a
  }

  // MARK: Joining and clearing steps (a host's groups, coalesced calls, a cleared history)

  /// Joins the last `count` nodes — a chain, each the first child of the one before, the
  /// last the current node — into the first of them, named `name`, compiled to `op`: one
  /// step that undoes and redoes them all. A saved mark on a state inside the chain is
  /// forgotten (that state can no longer be reached); one on its end moves to the joined
  /// node. Numbers are not given again.
  mutating func joinLast(_ count: Int, name: String, op: Op) {
    guard count >= 1, count <= nodes.count else { return }
    let first = nodes.count - count
    let last = nodes.count - 1
    let firstNumber = nodes[first].number
    if count > 1 {
      let lastNumber = nodes[last].number
      for i in (first + 1)...last { shapeLog?.append(.dropped(nodes[i].number)) }
      shapeLog?.append(.children(of: firstNumber))
      nodes[first].end = nodes[last].end
      nodes[first].firstChild = -1
      var awaited: [AwaitedResults.Entry]?
      for i in first...last { if let entries = steps[i].awaited { awaited = (awaited ?? []) + entries } }
      steps[first].awaited = awaited
      steps[first].op = op
      nodes.removeLast(count - 1)
      steps.removeLast(count - 1)
      liveCount -= count - 1
      if let saved = savedNumber, saved >= firstNumber { savedNumber = saved == lastNumber ? firstNumber : nil }
      (newhead, curhead, currentNumber) = (Int32(first), -1, firstNumber)
    }
    steps[first].name = name
    shapeLog?.append(.rewritten(firstNumber))
  }

  /// Forgets the newest node, a leaf, current or the one `redo` would redo, keeping the
  /// state: the state is its parent's now as far as the history knows. Returns its
  /// commands, whose undo records the receivers must drop (the newest of each) if it was
  /// current.
  mutating func forgetNewest() -> ContiguousArray<Int32> {
    let node = nodes.count - 1
    guard node >= 0, current == node || curhead == Int32(node), nodes[node].firstChild < 0 else { return [] }
    let (previous, next, parent) = (nodes[node].previous, nodes[node].next, nodes[node].parent)
    if previous >= 0 {
      nodes[Int(previous)].next = next
    } else if parent < 0 {
      firstRoot = next
    } else {
      nodes[Int(parent)].firstChild = next
    }
    if next >= 0 { nodes[Int(next)].previous = previous }
    shapeLog?.append(.dropped(nodes[node].number))
    shapeLog?.append(.children(of: parent < 0 ? 0 : nodes[Int(parent)].number))
    if savedNumber == nodes[node].number { savedNumber = nil }
    let forgotten = ContiguousArray(commands[start(of: node)...])
    commands.removeSubrange(start(of: node)...)
    nodes.removeLast()
    steps.removeLast()
    liveCount -= 1
    // What `redo` followed before the node was made, it follows again.
    (newhead, curhead) = (parent, parent < 0 ? firstRoot : nodes[Int(parent)].firstChild)
    currentNumber = parent < 0 ? 0 : nodes[Int(parent)].number
    return forgotten
  }

  /// Forgets every node, keeping the state: the current state becomes the root's. Returns
  /// the commands whose undo records the receivers must drop.
  mutating func clear() -> ContiguousArray<Int32> {
    let released = drop(over: 0) ?? compact()
    (curhead, newhead, firstRoot) = (-1, -1, -1)
    return released
  }

  // MARK: The limit

  /// Drops the oldest nodes so that at most `limit` are kept, as Vim's `undolevels` does:
  /// the oldest node is always a child of the root; if the current state is below it, its
  /// alternatives (which only the state before it could reach) go first, oldest first,
  /// then the node itself, whose children become the root's; otherwise its whole branch
  /// goes. Returns the commands whose undo records the receivers must drop, when a batch
  /// of dropped nodes is actually removed.
  @inline(__always) mutating func cap(to limit: Int) -> ContiguousArray<Int32>? {
    // Checked where the invoker commits each statement; the dropping is out of line.
    liveCount > limit ? drop(over: limit) : nil
  }

  private mutating func drop(over limit: Int) -> ContiguousArray<Int32>? {
    while liveCount > limit {
      while nodes[oldestKept].isDropped { oldestKept += 1 }
      let oldest = oldestKept
      let onPath = current >= 0 && Int(firstRoot) == oldest
      if !onPath {
        dropBranch(oldest)
      } else if nodes[oldest].next >= 0 || nodes[oldest].previous >= 0 {
        let alternatives = children(of: -1).filter { $0 != oldest }
        dropBranch(alternatives.min()!)
      } else {
        dropOnPath(oldest)
      }
    }
    guard droppedStored >= max(1024, liveCount) else { return nil }
    return compact()
  }

  /// Drops node `node`, a child of the root on the current path with no siblings: its
  /// children become the root's.
  private mutating func dropOnPath(_ node: Int) {
    if savedNumber == 0 {
      savedNumber = nil
    } else if savedNumber == nodes[node].number {
      savedNumber = 0
    }
    nodes[node].isDropped = true
    nodes[node].holdsRecords = true
    shapeLog?.append(.dropped(nodes[node].number))
    shapeLog?.append(.children(of: 0))
    var child = nodes[node].firstChild
    firstRoot = child
    while child >= 0 {
      nodes[Int(child)].parent = -1
      child = nodes[Int(child)].next
    }
    if newhead == Int32(node) { newhead = -1 }
    if curhead == Int32(node) { curhead = -1 }
    droppedDepth += 1
    dropped(1)
  }

  /// Drops node `top`, a child of the root off the current path, and everything below it.
  private mutating func dropBranch(_ top: Int) {
    let (previous, next) = (nodes[top].previous, nodes[top].next)
    if previous >= 0 { nodes[Int(previous)].next = next } else { firstRoot = next }
    if next >= 0 { nodes[Int(next)].previous = previous }
    shapeLog?.append(.children(of: 0))
    var stack = [top]
    var count = 0
    while let node = stack.popLast() {
      nodes[node].isDropped = true
      if savedNumber == nodes[node].number { savedNumber = nil }
      shapeLog?.append(.dropped(nodes[node].number))
      if curhead == Int32(node) { curhead = -1 }
      if newhead == Int32(node) { newhead = -1 }
      count += 1
      var child = nodes[node].firstChild
      while child >= 0 {
        stack.append(Int(child))
        child = nodes[Int(child)].next
      }
    }
    dropped(count)
  }

  private mutating func dropped(_ count: Int) {
    liveCount -= count
    droppedSteps += count
    droppedStored += count
  }

  /// Removes the dropped nodes from storage; returns the commands of those whose records
  /// the receivers hold. The kept nodes, their steps and commands move down in place, so
  /// that the buffers keep their capacity (new ones would grow again, copying, as the
  /// next steps are made) and a step moves without retaining what it holds.
  private mutating func compact() -> ContiguousArray<Int32> {
    let count = nodes.count
    while oldestKept < count && nodes[oldestKept].isDropped { oldestKept += 1 }
    let oldestKept = oldestKept
    var released = ContiguousArray<Int32>()
    // Nodes that hold records were dropped as the oldest kept, so they are all below
    // `oldestKept`: room for their commands reserved once rather than grown by copies.
    released.reserveCapacity(start(of: oldestKept))
    var newIndex = ContiguousArray<Int32>(repeating: -1, count: count)
    // The nodes below `oldestKept` are all dropped: their commands go to `released` in
    // runs, a node costing a test (most of a batch is here when the limit is small).
    var runStart = 0
    for i in 0..<oldestKept where !nodes[i].holdsRecords {
      released.append(contentsOf: commands[runStart..<start(of: i)])
      runStart = nodes[i].end
    }
    var begin = start(of: oldestKept)
    released.append(contentsOf: commands[runStart..<begin])
    var kept = 0
    var keptEnd = 0
    @inline(__always) func mapped(_ i: Int32) -> Int32 { i < 0 ? -1 : newIndex[Int(i)] }
    // Taken out of `self` (leaving it empty, so they stay uniquely referenced) to be
    // reached through buffer pointers side by side.
    var (nodes, steps, commands) = (self.nodes, self.steps, self.commands)
    (self.nodes, self.steps, self.commands) = ([], [], [])
    nodes.withUnsafeMutableBufferPointer { nodes in
      steps.withUnsafeMutableBufferPointer { steps in
        commands.withUnsafeMutableBufferPointer { commands in
          for i in oldestKept..<count {
            let end = nodes[i].end
            if nodes[i].isDropped {
              // One by one: a node has a command or a few, fewer than a slice's append
              // costs to set up.
              if nodes[i].holdsRecords { for j in begin..<end { released.append(commands[j]) } }
            } else {
              newIndex[i] = Int32(kept)
              if keptEnd != begin {
                for j in begin..<end { commands[keptEnd + j - begin] = commands[j] }
              }
              keptEnd += end - begin
              if kept != i {
                nodes[kept] = nodes[i]
                steps.swapAt(kept, i)
              }
              nodes[kept].end = keptEnd
              kept += 1
            }
            begin = end
          }
          for i in 0..<kept {
            nodes[i].parent = mapped(nodes[i].parent)
            nodes[i].firstChild = mapped(nodes[i].firstChild)
            nodes[i].next = mapped(nodes[i].next)
            nodes[i].previous = mapped(nodes[i].previous)
          }
        }
      }
    }
    (firstRoot, curhead, newhead) = (mapped(firstRoot), mapped(curhead), mapped(newhead))
    // The dropped steps were swapped to the end; the running statement's commands, if
    // any, follow the kept ones.
    nodes.removeSubrange(kept...)
    steps.removeSubrange(kept...)
    commands.removeSubrange(keptEnd..<begin)
    (self.nodes, self.steps, self.commands) = (nodes, steps, commands)
    droppedStored = 0
    self.oldestKept = 0
    return released
  }
}
