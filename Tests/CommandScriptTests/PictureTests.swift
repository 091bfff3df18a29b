import CommandScript
import CommandScriptReceivers
import Testing

/// An app's own receiver that draws itself through the public API alone.
private final class Lamp: Receiver {
  typealias Undo = Bool
  static let typeName = "lamp"
  static let summary = "a lamp"
  static let verbs: [Verb<Lamp>] = [
    Verb("on", summary: "switch on") { lamp, _ in
      defer { lamp.isOn = true }
      return lamp.isOn
    } undo: { lamp, _, was in
      lamp.isOn = was
    }
  ]
  var isOn = false
  init() {}
  var state: StateValue { ["on": .bool(isOn)] }
  func picture(fitting size: PictureSize) -> Picture? {
    var picture = Picture()
    picture.append(isOn ? "(*)" : "( )", isOn ? .colour("yellow", strong: true) : .faint)
    return picture
  }
}

/// Everything `show` reports, in order.
private final class Shows {
  var all: [Output] = []
  var shown: [Shown] { all.compactMap { if case .shown(let s) = $0 { s } else { nil } } }
}

@Suite struct PictureTests {
  private func session(_ text: String = "", size: PictureSize? = PictureSize(columns: 80, rows: 24))
    throws -> (Session, Shows)
  {
    var registry = ReceiverRegistry.builtins
    try registry.register(Lamp.self)
    let s = Session(registry: registry)
    let shows = Shows()
    s.onOutput = { shows.all.append($0) }
    s.pictureSize = { size }
    if !text.isEmpty { try s.run(SourceFile(name: "t", text: text)) }
    return (s, shows)
  }

  private func picture(_ s: Session, _ shows: Shows, _ receiver: String) throws -> [String] {
    shows.all.removeAll()
    try s.run(SourceFile(name: "t", text: "show \(receiver)"))
    return try #require(shows.shown.first?.picture).plainLines
  }

  private func path(_ s: Session, _ shows: Shows) throws -> [StateValue] {
    s.showsViews = true
    defer { s.showsViews = false }
    shows.all.removeAll()
    try s.run(SourceFile(name: "t", text: "show shape"))
    guard case .array(let points)? = shows.shown.first?.view?["path"] else {
      Issue.record("no path in the shape's view")
      return []
    }
    return points
  }

  private func point(_ x: Int, _ y: Int) -> StateValue { .array([.int(x), .int(y)]) }

  @Test func theShapeIsDrawnWithAxesPathAndLegend() throws {
    let (s, shows) = try session("move up 2; move right 3; paint red; move down 4")
    #expect(
      try picture(s, shows, "shape") == [
        "  y",
        ". | . . . .",
        ". *-*-*-* .",
        ". * . . * .",
        "--*-----*-- x",
        ". | . . * .",
        ". | . . @ .",
        ". | . . . .",
        "x -1..4, y -3..3, path: 3 moves",
      ])
  }

  @Test func aShapeFarAwayIsScaledToFit() throws {
    let (s, shows) = try session("move right 1000; move up 37", size: PictureSize(columns: 40, rows: 10))
    let lines = try picture(s, shows, "shape")
    #expect(lines.count <= 10)
    #expect(lines.allSatisfy { $0.count <= 40 })
    #expect(lines.contains { $0.contains("@") })
    #expect(lines.suffix(2) == ["x -1..1001, y -1..38,", "a cell is 53×53 steps, path: 2 moves"])
    #expect(lines.count == 4)
  }

  @Test func coordinatesAtTheEndsOfIntAreDrawn() throws {
    let (s, shows) = try session("move left 9223372036854775807; move left; move up 9223372036854775807")
    let lines = try picture(s, shows, "shape")
    #expect(lines.contains { $0.contains("@") })
    #expect(
      lines.suffix(2) == [
        "x -9223372036854775808..1, y -1..9223372036854775807,",
        "a cell is 439208192231179776×439208192231179776 steps, path: 3 moves",
      ])
  }

  @Test func theViewIsThePathOfTheMovesInEffect() throws {
    let (s, shows) = try session("move up; move right 2; paint red")
    #expect(try path(s, shows) == [point(0, 0), point(0, 1), point(2, 1)])
    try s.run(SourceFile(name: "t", text: "undo 2"))
    #expect(try path(s, shows) == [point(0, 0), point(0, 1)])
    try s.run(SourceFile(name: "t", text: "redo"))
    #expect(try path(s, shows) == [point(0, 0), point(0, 1), point(2, 1)])
  }

  /// The trail keeps the last 1,024 moves; a statement that fails after moves that evicted
  /// points is rolled back exactly in state, and the trail is what remains of the path of
  /// the moves in effect: a suffix of it that ends at the shape, no point of the rolled
  /// back moves.
  @Test func aRollbackNearTheBoundRestoresTheStateAndLeavesASuffixOfThePath() throws {
    let (s, shows) = try session("repeat 1024 { move up }")
    let full = try path(s, shows)
    #expect(full.count == 1025)
    #expect(full.first == point(0, 0))
    let before = s.state(of: "shape")
    #expect(throws: Session.RunError.self) {
      try s.run(SourceFile(name: "t", text: "{ repeat 10 { move right }; move up 9223372036854775807 }"))
    }
    #expect(s.state(of: "shape") == before)
    let after = try path(s, shows)
    #expect(after == Array(full.suffix(1015)))
    // The undone points do not come back, but nothing else changes: more moves go on
    // from the shape's position.
    try s.run(SourceFile(name: "t", text: "move left"))
    #expect(try path(s, shows) == Array(full.suffix(1015)) + [point(-1, 1024)])
    try s.run(SourceFile(name: "t", text: "undo 2"))
    #expect(s.state(of: "shape") == ["x": .int(0), "y": .int(0), "color": .string("blue")])
    #expect(try path(s, shows) == [point(0, 0)])
  }

  /// Random moves, repeats, undo, redo and failing statements, against a model of the
  /// undo steps: the path is always the end of the path of the moves in effect, ending at
  /// the shape, at most 1,025 points; while fewer than 1,024 moves were ever made, it is
  /// all of it.
  @Test(arguments: [(UInt64(1), 40), (UInt64(2), 40), (UInt64(3), 1500)])
  func thePathIsTheEndOfThePathOfTheMovesInEffect(seed: UInt64, statements: Int) throws {
    let (s, shows) = try session()
    var random = SplitMix64(seed: seed)
    let directions: [(String, Int, Int)] = [("up", 0, 1), ("down", 0, -1), ("left", -1, 0), ("right", 1, 0)]
    var applied: [[(Int, Int)]] = []
    var undone: [[(Int, Int)]] = []
    var movesEver = 0
    for _ in 0..<statements {
      switch random.below(10) {
      case 0..<5:
        var text: [String] = []
        var moves: [(Int, Int)] = []
        for _ in 0...random.below(4) {
          let (name, dx, dy) = random.pick(directions)
          let steps = 1 + random.below(3)
          let times = random.chance(20) ? 1 + random.below(8) : 1
          text.append(times == 1 ? "move \(name) \(steps)" : "repeat \(times) { move \(name) \(steps) }")
          moves += Array(repeating: (dx * steps, dy * steps), count: times)
        }
        try s.run(SourceFile(name: "t", text: "{ " + text.joined(separator: "; ") + " }"))
        applied.append(moves)
        undone.removeAll()
        movesEver += moves.count
      case 5, 6:
        let n = min(applied.count, 1 + random.below(3))
        guard n > 0 else { continue }
        try s.run(SourceFile(name: "t", text: "undo \(n)"))
        for _ in 0..<n { undone.append(applied.removeLast()) }
      case 7:
        let n = min(undone.count, 1 + random.below(3))
        guard n > 0 else { continue }
        try s.run(SourceFile(name: "t", text: "redo \(n)"))
        for _ in 0..<n { applied.append(undone.removeLast()) }
        movesEver += applied.suffix(n).map(\.count).reduce(0, +)
      default:
        // Moves, then one that overflows: the statement is rolled back.
        let count = 1 + random.below(30)
        #expect(throws: Session.RunError.self) {
          try s.run(
            SourceFile(
              name: "t",
              text: "{ repeat \(count) { move left }; move up 9223372036854775807; move up 9223372036854775807 }"))
        }
        movesEver += count
      }
      var model = [point(0, 0)]
      var (x, y) = (0, 0)
      for (dx, dy) in applied.joined() {
        (x, y) = (x + dx, y + dy)
        model.append(point(x, y))
      }
      let shown = try path(s, shows)
      #expect(shown.count <= 1025)
      #expect(Array(model.suffix(shown.count)) == shown, "seed \(seed)")
      if movesEver < 1024 { #expect(shown == model, "seed \(seed)") }
    }
    // The long run goes well past the ring's bound, so evictions were rolled back too.
    if statements > 1000 { #expect(movesEver > 3 * 1024) }
  }

  @Test func theBoardHasNumbersTheLastMoveAndTheWinningLine() throws {
    let (s, shows) = try session("reset 4; place 1 1; place 2 2; place 1 2; place 4 4")
    #expect(
      try picture(s, shows, "board") == [
        "   1 2 3 4",
        "1  X X . .",
        "2  . O . .",
        "3  . . . .",
        "4  . . .[O]",
        "next: X",
      ])
    try s.run(SourceFile(name: "t", text: "place 1 4; place 3 3; place 1 3"))
    #expect(
      try picture(s, shows, "board") == [
        "   1 2 3 4",
        "1  X X[X]X",
        "2  . O . .",
        "3  . . O .",
        "4  . . . O",
        "winner: X (row 1)",
      ])
    // Undo brings back the previous last move, exactly.
    try s.run(SourceFile(name: "t", text: "undo"))
    #expect(try picture(s, shows, "board")[3] == "3  . .[O].")
    try s.run(SourceFile(name: "t", text: "undo 5; place 3 1"))
    #expect(try picture(s, shows, "board")[1...3] == ["1  X . . .", "2  . . . .", "3 [O]. . ."])
  }

  @Test func theBoardNamesItsWinningLine() throws {
    let (s, shows) = try session("place 1 3; place 1 1; place 2 2; place 1 2; place 3 1")
    #expect(try picture(s, shows, "board").last == "winner: X (anti-diagonal)")
    try s.run(SourceFile(name: "t", text: "reset; place 1 2; place 1 1; place 2 2; place 2 1; place 3 3; place 3 1"))
    #expect(try picture(s, shows, "board").last == "winner: O (column 1)")
  }

  @Test func anAppsReceiverIsDrawnThroughThePublicAPI() throws {
    let (s, shows) = try session("lamp.on")
    try s.run(SourceFile(name: "t", text: "show lamp"))
    #expect(shows.shown.first?.picture?.rows.first?.first == Picture.Cell("(", .colour("yellow", strong: true)))
    // Receivers that draw nothing are shown by their description.
    shows.all.removeAll()
    try s.run(SourceFile(name: "t", text: "show door"))
    #expect(shows.shown.first?.picture == nil)
    #expect(shows.shown.first?.description == "closed, unlocked")
  }

  @Test func withoutPicturesOrViewsShowGivesTheStateAsBefore() throws {
    let (s, shows) = try session("move up", size: nil)
    try s.run(SourceFile(name: "t", text: "show shape"))
    #expect(
      shows.all == [
        .state(
          receiver: "shape", type: "shape", state: ["x": .int(0), "y": .int(1), "color": .string("blue")],
          description: "at (0, 1), blue")
      ])
  }
}
