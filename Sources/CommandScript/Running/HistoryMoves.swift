// Where `goto`, `earlier` and `later` go in the undo tree: Vim's `undo_time()`, by number,
// by count in the order steps were made, and by time.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Seconds since 1970, the history's default clock.
func systemTime() -> Int { Int(time(nil)) }

extension History {
  /// Where a move through the tree ends.
  enum Destination: Equatable {
    /// The state right after node `index` (a storage index; -1: the root, before every
    /// step).
    case after(Int)
    /// The state right before node `index`: its parent's, with `index` the child `redo`
    /// follows. Where `earlier` by time stops, as Vim's does.
    case before(Int)
  }

  /// Why a move cannot be made.
  enum MoveRefusal: Error, Equatable {
    /// `goto N` names a step the history does not hold.
    case noStep(Int)
    /// Nothing was made before the current state.
    case atOldest
    /// Nothing was made after it.
    case atNewest
  }

  /// `goto N`: the state right after step `number`; 0 is the state before the first step.
  func destination(number: Int) throws(MoveRefusal) -> Destination {
    if number == 0 { return .after(-1) }
    guard let index = index(ofNumber: number) else { throw .noStep(number) }
    return .after(index)
  }

  /// `earlier N` (negative `steps`) and `later N`: the state `|steps|` steps back or
  /// forward in the order steps were made, across branches (Vim's `g-`, `g+`).
  func destination(steps: Int) throws(MoveRefusal) -> Destination {
    // Clamped: `later 9223372036854775807` is as far as the tree goes, not an overflow.
    var target = currentNumber.clampedAdding(steps)
    if steps < 0 {
      guard current >= 0 else { throw .atOldest }
      target = max(0, target)
      if target == 0 { return .after(-1) }
    } else {
      target = min(target, lastNumber + 1)
    }
    if let index = index(ofNumber: target) { return .after(index) }
    // Not kept (the limit dropped it, or past the newest): the nearest kept one that way.
    var closest: Int?
    for i in keptNodes where steps < 0 ? nodes[i].number <= currentNumber : nodes[i].number > currentNumber {
      if let c = closest, nodes[c].number.distance(magnitudeTo: target) < nodes[i].number.distance(magnitudeTo: target)
      {
        continue
      }
      closest = i
    }
    guard let closest else { throw steps < 0 ? .atOldest : .atNewest }
    return steps < 0 ? .before(closest) : .after(closest)
  }

  /// `earlier 30s` (negative `seconds`) and `later 5m`: the step made nearest to the
  /// current state's time moved by `seconds` — going back, the state just before it (as
  /// Vim does: `earlier 10s` undoes the changes of the last ten seconds); going forward,
  /// the state after it. Only steps made before the current one (going back) or after it
  /// (going forward) are candidates; between two equally near, the older going back and
  /// the newer going forward.
  func destination(seconds: Int) throws(MoveRefusal) -> Destination {
    // Clamped, and distances as magnitudes: times a journal or a host's clock gave (one
    // that went backwards) and any count of seconds compare without overflow.
    let target = currentTime.clampedAdding(seconds)
    var closest: Int?
    for i in keptNodes where seconds < 0 ? nodes[i].number <= currentNumber : nodes[i].number > currentNumber {
      guard let c = closest else {
        closest = i
        continue
      }
      let (distance, best) = (nodes[i].time.distance(magnitudeTo: target), nodes[c].time.distance(magnitudeTo: target))
      if distance < best || (distance == best && (seconds > 0 || nodes[i].time != nodes[c].time)) { closest = i }
    }
    guard let closest else { throw seconds < 0 ? .atOldest : .atNewest }
    return seconds < 0 ? .before(closest) : .after(closest)
  }

  /// The nodes a move to `destination` undoes (from the current node up) and redoes
  /// (down to the destination), in order.
  func route(to destination: Destination) -> (undo: [Int], redo: [Int]) {
    let target: Int
    switch destination {
    case .after(let node): target = node
    case .before(let node): target = Int(nodes[node].parent)
    }
    let top = commonAncestor(current, target)
    var undo: [Int] = []
    var node = current
    while node != top {
      undo.append(node)
      node = Int(nodes[node].parent)
    }
    var redo: [Int] = []
    node = target
    while node != top {
      redo.append(node)
      node = Int(nodes[node].parent)
    }
    return (undo, redo.reversed())
  }

  /// After a move to `.before(node)`: `node` becomes the child `redo` follows.
  mutating func stopBefore(_ node: Int) { willRedo(node) }
}

extension Int {
  /// `self + other`, held at `Int.min` or `Int.max` where it would overflow: for counts and
  /// times a user or a journal gave, which must never trap.
  func clampedAdding(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other < 0 ? .min : .max
  }

  /// `|self - other|`, exact for any two: the difference of two `Int`s fits in a `UInt`.
  func distance(magnitudeTo other: Int) -> UInt {
    self >= other ? UInt(bitPattern: self &- other) : UInt(bitPattern: other &- self)
  }
}
