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
      // Reverting a move that succeeded cannot overflow.
      try! shape.move(args.word(0, as: Direction.self), by: -args.int(1))
    },
    Verb("paint", [Parameter("colour", .word(colours))], summary: "paint in a colour") {
      shape, args in
      defer { shape.colourIndex = UInt8(args.wordIndex(0)) }
      return shape.colourIndex
    } undo: { shape, _, previous in
      shape.colourIndex = previous
    },
  ]

  // x, y and the colour are written once per command by this class alone, never in
  // overlapping accesses, so the dynamic exclusivity check (most of the cost of a move)
  // is turned off for them.

  /// The column: right is +1.
  @exclusivity(unchecked) public private(set) var x = 0
  /// The row: up is +1.
  @exclusivity(unchecked) public private(set) var y = 0
  /// The colour's index in ``colours``.
  @exclusivity(unchecked) private var colourIndex = UInt8(colours.index(of: "blue")!)

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
    switch direction {
    case .up, .down: y = result.partialValue
    case .left, .right: x = result.partialValue
    }
  }

  public var state: StateValue { ["x": .int(x), "y": .int(y), "color": .string(colour)] }

  /// `at (0, 0), blue`.
  public var stateDescription: String { "at (\(x), \(y)), \(colour)" }
}
