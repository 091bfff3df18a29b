import Testing

@testable import CommandScript

private func range(_ start: Int) -> SourceRange {
  SourceRange(source: 0, start: start, end: start + 1)
}

/// A history with steps of the given numbers of commands, made one after another.
private func history(_ stepSizes: [Int]) -> History {
  var h = History()
  h.clock = { 1000 }
  var id: Int32 = 0
  for (i, size) in stepSizes.enumerated() {
    for _ in 0..<size {
      h.record(id)
      id += 1
    }
    h.commitStep(statement: range(i), op: .help(topic: nil))
  }
  return h
}

extension History {
  /// Makes a step of one command.
  mutating func make(_ id: Int32 = 0) {
    record(id)
    commitStep(statement: range(Int(id)), op: .help(topic: nil))
  }

  /// Node numbers along `path`.
  func numbers(_ indices: [Int]) -> [Int] { indices.map { nodes[$0].number } }

  /// The number of each kept node's parent (0: the root), by number.
  var parents: [Int: Int] {
    Dictionary(
      uniqueKeysWithValues: keptNodes.map { i in
        (nodes[i].number, nodes[i].parent < 0 ? 0 : nodes[Int(nodes[i].parent)].number)
      })
  }

  /// Follows a route as the invoker does (without receivers).
  mutating func go(to destination: Destination) {
    let route = route(to: destination)
    for _ in route.undo { didUndo() }
    for node in route.redo {
      willRedo(node)
      didRedo()
    }
    if case .before(let node) = destination { stopBefore(node) }
  }

  /// Every node on the current path is the child `redo` follows: what the limit and a
  /// new step rely on.
  var currentPathIsFirst: Bool {
    currentPath.allSatisfy { n in
      let parent = Int(nodes[n].parent)
      return (parent < 0 ? Int(firstRoot) : Int(nodes[parent].firstChild)) == n
    }
  }
}

@Suite struct HistoryTests {
  @Test func empty() {
    let h = History()
    #expect(h.undoCount == 0)
    #expect(h.redoCount == 0)
    #expect(h.current == -1)
    #expect(h.steps.isEmpty)
    #expect(h.commands.isEmpty)
  }

  @Test func stepsAreRangesOfCommandsNumberedFromOne() {
    let h = history([3, 2, 1])
    #expect(h.undoCount == 3)
    #expect(h.redoCount == 0)
    #expect(Array(h.commands) == [0, 1, 2, 3, 4, 5])
    #expect(h.nodes.map(\.end) == [3, 5, 6])
    #expect(h.nodes.map(\.number) == [1, 2, 3])
    #expect((0..<3).map(h.start(of:)) == [0, 3, 5])
    #expect(h.parents == [1: 0, 2: 1, 3: 2])
    #expect(h.currentNumber == 3 && h.lastNumber == 3)
  }

  @Test func undoAndRedoMoveAlongTheBranch() {
    var h = history([3, 2])
    h.didUndo()
    #expect(h.undoCount == 1 && h.redoCount == 1)
    #expect(h.currentNumber == 1 && h.redoTarget == 1)
    // Undone commands stay, to be redone.
    #expect(h.commands.count == 5)
    h.didUndo()
    #expect(h.current == -1 && h.currentNumber == 0 && h.redoCount == 2)
    h.didRedo()
    #expect(h.undoCount == 1 && h.redoCount == 1 && h.currentNumber == 1)
  }

  @Test func aStatementAfterUndoStartsABranchAndKeepsTheOldOne() {
    var h = history([3, 2])
    h.didUndo()
    h.make(42)
    #expect(Array(h.commands) == [0, 1, 2, 3, 4, 42])
    #expect(h.parents == [1: 0, 2: 1, 3: 1])
    #expect(h.numbers(h.children(of: 0)) == [3, 2])
    #expect(h.undoCount == 2 && h.redoCount == 0)
    // Redo after undoing the new step follows the new branch, as Vim's CTRL-R does.
    h.didUndo()
    #expect(h.redoTarget == 2)
  }

  @Test func aMoveMakesItsBranchTheOneRedoFollows() throws {
    var h = history([1, 1])
    h.didUndo()
    h.make()  // 3, sibling of 2
    try h.go(to: h.destination(number: 2))
    #expect(h.currentNumber == 2)
    #expect(h.numbers(h.children(of: 0)) == [2, 3])
    h.didUndo()
    #expect(h.redoTarget == 1)
    try h.go(to: h.destination(number: 0))
    #expect(h.current == -1 && h.redoTarget == 0)
    #expect(h.currentPathIsFirst)
  }

  @Test func earlierAndLaterGoInTheOrderStepsWereMade() throws {
    var h = history([1, 1])
    h.didUndo()
    h.make()  // 3 under 1; 2 is on another branch
    try h.go(to: h.destination(steps: -1))
    #expect(h.currentNumber == 2)
    try h.go(to: h.destination(steps: -1))
    #expect(h.currentNumber == 1)
    try h.go(to: h.destination(steps: 2))
    #expect(h.currentNumber == 3)
    #expect(throws: History.MoveRefusal.atNewest) { try h.destination(steps: 1) }
    try h.go(to: h.destination(steps: -10))
    #expect(h.currentNumber == 0)
    #expect(throws: History.MoveRefusal.atOldest) { try h.destination(steps: -1) }
    // Later past the newest goes to the newest.
    try h.go(to: h.destination(steps: 10))
    #expect(h.currentNumber == 3)
    #expect(throws: History.MoveRefusal.noStep(4)) { try h.destination(number: 4) }
  }

  @Test func timeMovesUseTheInjectedClock() throws {
    var h = History()
    var now = 10_000
    h.clock = { now }
    for _ in 0..<6 {
      h.make()
      now += 60
    }
    // Steps at 10000, 10060, …, 10300; the current time is the last step's plus one.
    #expect(h.currentTime == 10_301)
    // Two minutes back: the step nearest 10181 is the one at 10180 (number 4); earlier
    // stops before it.
    try h.go(to: h.destination(seconds: -120))
    #expect(h.currentNumber == 3 && h.redoTarget.map { h.nodes[$0].number } == 4)
    try h.go(to: h.destination(seconds: 60))
    #expect(h.currentNumber == 5)
    try h.go(to: h.destination(seconds: -3600))
    #expect(h.currentNumber == 0)
    try h.go(to: h.destination(seconds: 3600))
    #expect(h.currentNumber == 6)
  }

  @Test func theLimitDropsTheOldestNodesAndTheBranchesOnlyTheyReach() {
    var h = history([1, 1, 1])
    h.didUndo()
    h.didUndo()
    h.make()  // 4 under 1
    h.make()  // 5 under 4
    // Over a limit of 4: 1 is on the current path, with no alternatives at the root: it
    // goes, and its children become the root's…
    _ = h.cap(to: 4)
    #expect(h.parents == [2: 0, 3: 2, 4: 0, 5: 4])
    #expect(h.droppedSteps == 1 && h.undoCount == 2)
    // …then 2, off the current path, goes with its branch (3).
    _ = h.cap(to: 2)
    #expect(h.parents == [4: 0, 5: 4])
    #expect(h.droppedSteps == 3 && h.undoCount == 2 && h.currentPathIsFirst)
    #expect(h.index(ofNumber: 2) == nil && h.index(ofNumber: 5) != nil)
  }

  @Test func theLimitCompactsInBatchesAndReturnsTheRecordsToDrop() {
    var h = History()
    h.clock = { 0 }
    var released = 0
    for i in 0..<5000 {
      h.make(Int32(i))
      if let dropped = h.cap(to: 10) { released += dropped.count }
    }
    #expect(h.undoCount == 10 && h.liveCount == 10 && h.droppedSteps == 4990)
    // Stored nodes stay bounded: dropped ones are removed in batches of 1,024.
    #expect(h.nodes.count <= 10 + 1024 && h.commands.count == h.nodes.count)
    #expect(released == 4990 - (h.nodes.count - 10))
    #expect(h.numbers(h.currentPath) == Array(4991...5000))
  }

  /// The nodes kept, by number: parent, children in order, commands and statement.
  private func shape(_ h: History) -> [Int: (parent: Int, children: [Int], commands: [Int32], statement: Int)] {
    Dictionary(
      uniqueKeysWithValues: h.keptNodes.map { i in
        let parent = h.nodes[i].parent
        return (
          h.nodes[i].number,
          (
            parent < 0 ? 0 : h.nodes[Int(parent)].number, h.numbers(h.children(of: i)),
            Array(h.commands[h.start(of: i)..<h.nodes[i].end]), h.steps[i].statement.start
          )
        )
      })
  }

  /// Removing dropped nodes moves the kept ones, their steps and commands down in place:
  /// every link, every node's commands and the current and redo nodes stay what they were,
  /// on a tree with branches dropped whole (leaving gaps among the kept nodes).
  @Test func compactingKeepsTheTreeAsItWas() {
    var h = History()
    h.clock = { 0 }
    var compactions = 0
    for i in 1...4000 {
      h.record(Int32(-i))  // a step of two commands: its number negated, then its number
      h.make(Int32(i))
      if i % 7 == 0 {
        h.didUndo()
        h.didUndo()
      } else if i % 11 == 0 {
        h.didUndo()
      }
      let before = shape(h)
      let (current, redo) = (h.currentNumber, h.redoTarget.map { h.nodes[$0].number })
      let stored = h.nodes.count
      guard h.cap(to: 100) != nil else { continue }
      compactions += 1
      #expect(h.nodes.count < stored && h.steps.count == h.nodes.count)
      #expect(h.currentNumber == current && h.redoTarget.map { h.nodes[$0].number } == redo)
      let after = shape(h)
      #expect(after.count <= 100 && after.count == h.liveCount)
      for (number, node) in after {
        let old = before[number]!
        #expect(node.commands == [Int32(-number), Int32(number)] && node.commands == old.commands)
        #expect(node.statement == old.statement)
        #expect(node.parent == (after[old.parent] == nil ? 0 : old.parent))
        #expect(node.children == old.children.filter { after[$0] != nil })
      }
    }
    #expect(compactions >= 3)
  }

  @Test func limitZeroKeepsNothing() {
    var h = history([1])
    _ = h.cap(to: 0)
    #expect(h.undoCount == 0 && h.redoCount == 0 && h.current == -1)
  }

  @Test func discardDropsTheRunningStatementsCommands() {
    var h = history([2])
    h.record(7)
    h.record(8)
    h.discard(from: 2)
    #expect(Array(h.commands) == [0, 1])
    #expect(h.nodes.count == 1)
  }

  /// Issue 25: a statement after `undo` copied every undone step (the linear redo stack
  /// was taken off and put back), so a stream with undo took quadratic time. A new step
  /// now costs the same however long the history is: appending it touches a bounded
  /// number of entries, whatever is stored (checked through the storage a step leaves).
  @Test func aStepAfterUndoCopiesNothing() {
    var h = history(Array(repeating: 1, count: 10_000))
    for _ in 0..<5000 { h.didUndo() }
    let capacity = h.commands.capacity
    h.make(99)
    // The undone steps stay where they are; the new one is appended after them.
    #expect(h.commands.count == 10_001 && h.commands.capacity == capacity)
    #expect(h.nodes[10_000].number == 10_001 && h.parents[10_001] == 5000)
  }
}
