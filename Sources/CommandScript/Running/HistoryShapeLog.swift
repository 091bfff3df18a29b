// What changed in the undo tree's shape, for a host that follows the tree as it changes
// (`Session.update(_:_:)`): each change to a node's children and each node dropped, so that
// the host's copy is brought up to date in time proportional to what changed.

/// One change to the tree's shape.
enum ShapeChange: Equatable {
  /// The children of the node numbered so (0: the root's) changed.
  case children(of: Int)
  /// The node numbered so is no longer kept.
  case dropped(Int)
  /// The node numbered so was made again (steps joined into it: its title, its end).
  case rewritten(Int)
}

/// The changes to the tree's shape, in order. Bounded: the oldest entries are forgotten,
/// and a copy older than the entries kept is built again.
struct ShapeLog {
  /// The position of `entries[0]` among all the entries ever logged.
  private(set) var base = 0
  private(set) var entries: [ShapeChange] = []
  /// How many entries are kept at least.
  static let kept = 4096

  /// The position after the last entry: where a copy made now is up to date.
  var end: Int { base + entries.count }

  mutating func append(_ entry: ShapeChange) {
    if entries.count >= 2 * Self.kept {
      entries.removeFirst(Self.kept)
      base += Self.kept
    }
    entries.append(entry)
  }

  /// The entries from `position` on; nil if some of them are forgotten.
  func entries(since position: Int) -> ArraySlice<ShapeChange>? {
    position >= base && position <= end ? entries[(position - base)...] : nil
  }

  /// Forgets every entry: a copy made before is built again (the history was cleared).
  mutating func reset() {
    base = end + 1
    entries = []
  }
}
