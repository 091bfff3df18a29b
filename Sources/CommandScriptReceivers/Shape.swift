import CommandScript

/// A shape on an unbounded integer grid that moves and is painted.
///
/// Starts at (0, 0), painted blue. `move <direction> [steps]` moves it; `paint <colour>`
/// paints it.
public final class Shape: Receiver {
  /// Where `move` goes: up is y + 1, down y − 1, right x + 1, left x − 1.
  public enum Direction: String, CaseIterable, Sendable {
    case up, down, left, right
  }

  /// The colours `paint` accepts, in declaration order; `gray` is an alias of `grey`.
  public static let colours = WordSet(
    name: "colour",
    words: [
      "red", "orange", "yellow", "green", "teal", "cyan", "blue", "purple", "magenta", "black",
      "white", "grey",
    ],
    aliases: ["gray": "grey"])

  /// For `paint`, the previous colour's index in ``colours``; `move` records nothing (0)
  /// as it is reverted from its own arguments.
  public typealias Undo = UInt8

  public static let typeName = "shape"
  public static let summary = "a shape that moves and is painted"

  public static let verbs: [Verb<Shape>] = [
    Verb(
      "move",
      [
        Parameter("direction", .word(Direction.self, name: "direction")),
        Parameter("steps", .integer(1...Int.max), default: .integer(1)),
      ],
      summary: "move some steps in a direction"
    ) { shape, args throws(CommandFailure) in
      try shape.move(args.word(0, as: Direction.self), by: args.int(1))
      return 0
    } undo: { shape, args, _ in
      shape.unmove(args.word(0, as: Direction.self), by: args.int(1))
    },
    Verb("paint", [Parameter("colour", .word(colours))], summary: "paint in a colour") {
      shape, args in
      defer { shape.colourIndex = UInt8(args.wordIndex(0)) }
      return shape.colourIndex
    } undo: { shape, _, previous in
      shape.colourIndex = previous
    },
  ]

  public static let queries: [Query<Shape>] = [
    Query("x", .integer, summary: "the column") { shape, _ in .integer(shape.x) },
    Query("y", .integer, summary: "the row") { shape, _ in .integer(shape.y) },
    Query("colour", .word(colours), summary: "the colour") { shape, _ in .word(Int(shape.colourIndex)) },
    Query("color", .word(colours), summary: "the colour (as `colour`)") { shape, _ in .word(Int(shape.colourIndex)) },
  ]

  // x, y and the colour are written once per command by this class alone, never in
  // overlapping accesses, so the dynamic exclusivity check (most of the cost of a move)
  // is turned off for them. A receiver of your own does not need this: it is for the
  // benchmark of a million moves, and wrong if a verb could reach the same property twice.

  /// The column: right is +1.
  @exclusivity(unchecked) public private(set) var x = 0
  /// The row: up is +1.
  @exclusivity(unchecked) public private(set) var y = 0
  /// The colour's index in ``colours``.
  @exclusivity(unchecked) private var colourIndex = UInt8(colours.index(of: "blue")!)

  /// The positions the latest moves started from: the path drawn by `show`. A view, not
  /// state (see ``Trail``).
  let trail = Trail()

  /// The colour's name.
  public var colour: String { Self.colours.words[Int(colourIndex)] }

  /// A shape at (0, 0), painted blue.
  public init() {}

  /// Moves `steps` (possibly negative) towards `direction`; throws, unchanged, if a
  /// coordinate would overflow `Int`.
  private func move(_ direction: Direction, by steps: Int) throws(CommandFailure) {
    let result: (partialValue: Int, overflow: Bool)
    switch direction {
    case .up: result = y.addingReportingOverflow(steps)
    case .down: result = y.subtractingReportingOverflow(steps)
    case .right: result = x.addingReportingOverflow(steps)
    case .left: result = x.subtractingReportingOverflow(steps)
    }
    guard !result.overflow else { throw CommandFailure("move would take the shape out of range") }
    trail.push(x, y)
    switch direction {
    case .up, .down: y = result.partialValue
    case .left, .right: x = result.partialValue
    }
  }

  /// Reverts `move(direction, by: steps)`, which succeeded, so cannot overflow now.
  private func unmove(_ direction: Direction, by steps: Int) {
    switch direction {
    case .up: y &-= steps
    case .down: y &+= steps
    case .right: x &-= steps
    case .left: x &+= steps
    }
    trail.pop()
  }

  public var state: StateValue { ["x": .int(x), "y": .int(y), "color": .string(colour)] }

  /// `at (0, 0), blue`.
  public var stateDescription: String { "at (\(x), \(y)), \(colour)" }

  /// `{"path": [[0, 0], [0, 1], …]}`: the trail's points, oldest first, ending at the
  /// shape's position.
  public var view: StateValue? {
    ["path": .array(path.map { .array([.int($0.x), .int($0.y)]) })]
  }

  /// The trail's points, oldest first, then the shape's position.
  var path: [(x: Int, y: Int)] { trail.points + [(x, y)] }
}

/// The positions the shape's latest moves (at most ``capacity``) started from, newest
/// last: each move pushes where it started, and its undo pops it. A move beyond the
/// capacity evicts the oldest point, which its undo does not bring back, so the trail is
/// a view rather than state: after undo or a rollback it is what remains of the path of
/// the moves still in effect, never a point of a move undone, but possibly fewer points.
/// That keeps a move's cost at a few stores and the memory at 16 KiB per shape, where
/// making evictions undoable would cost a point in every move's undo record.
final class Trail {
  static let capacity = 1024
  private let storage = UnsafeMutablePointer<(x: Int, y: Int)>.allocate(capacity: capacity)
  /// How many points were pushed and not popped, wrapping; the newest is at `end - 1`.
  @exclusivity(unchecked) private var end = 0
  @exclusivity(unchecked) private(set) var count = 0

  deinit { storage.deallocate() }

  @inline(__always) func push(_ x: Int, _ y: Int) {
    storage[end & (Self.capacity - 1)] = (x, y)
    end &+= 1
    if count < Self.capacity { count &+= 1 }
  }

  @inline(__always) func pop() {
    guard count > 0 else { return }
    end &-= 1
    count &-= 1
  }

  /// The points, oldest first.
  var points: [(x: Int, y: Int)] {
    (0..<count).map { storage[(end &- count &+ $0) & (Self.capacity - 1)] }
  }
}
