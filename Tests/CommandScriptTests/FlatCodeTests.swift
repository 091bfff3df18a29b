import CommandScript
import Testing

/// A receiver whose queries answer kinds they did not declare, for the flat conditions'
/// fallback to the general evaluation.
private final class Fibber: Receiver {
  static let typeName = "fibber"
  static let summary = "answers of the wrong kind"
  static let verbs: [Verb<Fibber>] = [Verb(notUndoable: "nod", [], summary: "nothing") { _, _ in }]
  static let queries: [Query<Fibber>] = [
    Query("count", .integer, summary: "not an integer") { _, _ in .boolean(true) },
    Query("flag", .boolean, summary: "not a boolean") { _, _ in .integer(1) },
    Query("broken", .integer, summary: "fails") { _, _ throws(CommandFailure) in throw CommandFailure("no answer") },
  ]
  init() {}
  var state: StateValue { [:] }
}

/// A top-level statement with a loop runs in a flat form (FlatCode.swift): these are the
/// tree walker's results, which it must give too.
@Suite struct FlatCodeTests {
  @Test func conditionsInLoopsDecideAsTheTreeWalkerDoes() {
    let r = Recorder()
    r.run(
      "repeat 25 { if shape.x < 9 { move right } else { move left 9 }; if shape.colour == red { paint green } else { paint red } }"
    )
    #expect(r.shape == (5, 0, "red"))
    r.run("undo")
    #expect(r.shape == (0, 0, "blue"))
    #expect(r.session.undoCount == 0)
    // The constant on the left, each ordering, `!=`, and an integer `==`.
    r.run("repeat 12 { if 3 > shape.x { move right } }; repeat 12 { if 5 >= shape.y { move up } }")
    #expect(r.shape == (3, 6, "blue"))
    r.run("repeat 12 { if shape.x <= 4 { move right } }; repeat 12 { if shape.y > 2 { move down } }")
    #expect(r.shape == (5, 2, "blue"))
    r.run("repeat 3 { if shape.colour != blue { paint blue } else { paint red } }")
    #expect(r.shape.colour == "red")
    r.run("repeat 4 { if shape.x == 5 { move up } else { move left } }")
    #expect(r.shape == (5, 6, "red"))
    r.run("repeat 4 { if shape.x != 5 { move up } else { move left } }")
    #expect(r.shape == (4, 9, "red"))
  }

  @Test func booleanQueriesAndCompoundConditionsInLoops() {
    let r = Recorder()
    r.run("repeat 3 { if door.locked { door.unlock } else { door.lock } }")
    #expect(r.state("door")?["locked"] == .bool(true))
    r.run("repeat 3 { if door.locked == true { door.unlock } else { door.lock } }")
    #expect(r.state("door")?["locked"] == .bool(false))
    r.run("repeat 3 { if door.locked != false { door.unlock } else { door.lock } }")
    #expect(r.state("door")?["locked"] == .bool(true))
    r.run("repeat 10 { if shape.x < 3 and not door.open { move right } }")
    #expect(r.shape.x == 3)
  }

  @Test func loopsNestCountAndStop() {
    let r = Recorder()
    r.run("repeat 3 { repeat 4 { move up }; repeat 0 { move down }; move right }")
    #expect(r.shape == (3, 12, "blue"))
    r.run("while shape.y > 2 { move down }")
    #expect(r.shape == (3, 2, "blue"))
    r.run("{ move up; repeat 2 { while shape.x < 5 { move right } }; if shape.x == 5 { paint red } }")
    #expect(r.shape == (5, 3, "red"))
    #expect(r.session.undoCount == 3)
    r.run("undo 3")
    #expect(r.shape == (0, 0, "blue"))
  }

  @Test func slowOpsRunInsideFlatLoops() {
    let r = Recorder()
    r.run("macro zig n { repeat $n { move up }; move right }")
    r.run("repeat 3 { zig 2; try { door.lock; door.open } else { paint red }; show shape; echo (shape.y) }")
    #expect(r.shape == (3, 6, "red"))
    #expect(r.outputs.count >= 6)
  }

  @Test func aFailureInAFlatLoopRollsBackAndReadsAsBefore() {
    let r = Recorder()
    r.run("door.lock")
    let plain = r.runtimeError("{ move up; door.open }")
    let looped = r.runtimeError("repeat 3 { move up; if shape.y == 2 { door.open } }")
    #expect(plain?.message == "door: the door is locked")
    #expect(looped?.message == plain?.message)
    #expect(looped?.location.column == 39)
    #expect(r.shape == (0, 0, "blue"))
    #expect(r.session.undoCount == 1)
  }

  @Test func aWithdrawnInstanceFailsInAFlatLoopAsElsewhere() {
    let r = Recorder()
    r.run("new shape s2")
    r.run("repeat 2 { s2.move up; if s2.y < 5 { s2.paint red } }")
    #expect(r.state("s2")?["y"] == .int(2))
    r.run("undo 2")
    let plain = r.runtimeError("s2.move up")
    #expect(plain?.message == "receiver `s2` does not exist: the `new` that made it was undone")
    #expect(r.runtimeError("repeat 2 { s2.move up }")?.message == plain?.message)
    #expect(r.runtimeError("repeat 2 { if s2.x < 1 { move up } }")?.message == plain?.message)
    #expect(r.shape == (0, 0, "blue"))
  }

  @Test func boundCommandsKeepTheirUndoRecordsWithTheOthersUnderAHistoryCap() {
    let r = Recorder()
    r.session.limits.history = 2
    let colours = ["red", "green", "yellow", "black"]
    // Enough steps that dropped records are removed in batches.
    for i in 0..<2_500 { r.run("repeat 2 { paint \(colours[i % 4]); move up }") }
    r.run("paint white")
    r.run("undo 2")
    #expect(r.shape == (0, 4_998, "yellow"))
    r.run("redo 2")
    #expect(r.shape == (0, 5_000, "white"))
  }

  @Test func theStepLimitStopsAFlatLoop() {
    let r = Recorder()
    r.session.limits.steps = 10
    let stopped = r.runtimeError("repeat 100 { move up }")
    #expect(stopped?.message == "the step limit was reached")
    #expect(r.shape == (0, 0, "blue"))
  }

  @Test func answersOfAnotherKindInFlatConditionsFailOrCompareAsBefore() throws {
    let s = try session(of: Fibber.self)
    for text in ["repeat 1 { if fibber.count > 1 { } }", "repeat 1 { if fibber.flag { } }"] {
      #expect(
        failure(of: text, on: s) == .runtime("fibber: a query answered a value of another kind than it declares"),
        "\(text)")
    }
    #expect(failure(of: "repeat 2 { if fibber.broken > 1 { nod } }", on: s) == .runtime("fibber: no answer"))
    // `==` of answers of two kinds is false, in either form.
    #expect(failure(of: "repeat 1 { if fibber.count == 1 { nod } }", on: s) == nil)
    #expect(failure(of: "assert not (fibber.count == 1)", on: s) == nil)
  }
}
