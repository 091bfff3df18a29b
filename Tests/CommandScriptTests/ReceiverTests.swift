import CommandScript
import CommandScriptReceivers
import Testing

/// A session with the built-in receivers that has run `text`.
private func session(_ text: String = "") throws -> Session {
  let session = Session(registry: .builtins)
  try session.run(SourceFile(name: "t", text: text))
  return session
}

/// Runs `text`, which must fail at run time, and returns the diagnostic.
private func runtimeFailure(_ session: Session, _ text: String) -> Diagnostic? {
  do {
    try session.run(SourceFile(name: "t", text: text))
  } catch {
    if case .runtime(let diagnostic) = error { return diagnostic }
    Issue.record("expected a run-time failure, got \(error)")
    return nil
  }
  Issue.record("expected `\(text)` to fail")
  return nil
}

/// Runs `text`, then `undo`, and checks the receiver is back exactly as before.
private func expectUndoRestores(_ session: Session, _ receiver: String, _ text: String) throws {
  let before = session.state(of: receiver)
  try session.run(SourceFile(name: "t", text: text))
  #expect(session.state(of: receiver) != before, "`\(text)` changed nothing")
  try session.run(SourceFile(name: "t", text: "undo"))
  #expect(session.state(of: receiver) == before)
}

private func board(_ rows: [String], next: String, winner: StateValue = .null) -> StateValue {
  ["size": .int(rows.count), "cells": .array(rows.map { .string($0) }), "next": .string(next), "winner": winner]
}

@Suite struct ReceiverTests {
  // MARK: Registry

  @Test func builtinsRegistersShapeDoorBoardVehicleNetworkInOrder() throws {
    let names = ["shape", "door", "board", "vehicle", "network"]
    #expect(ReceiverRegistry.builtins.types.map(\.name) == names)
    #expect(try session().receiverNames == names)
  }

  // MARK: Shape

  @Test func shapeStartsAtOriginBlue() throws {
    let s = try session()
    #expect(s.state(of: "shape") == ["x": .int(0), "y": .int(0), "color": .string("blue")])
  }

  @Test func shapeMovesInEveryDirection() throws {
    let s = try session("move up 3; paint red")
    #expect(s.state(of: "shape") == ["x": .int(0), "y": .int(3), "color": .string("red")])
    try s.run(SourceFile(name: "t", text: "move right 5; move down; move left 2"))
    #expect(s.state(of: "shape") == ["x": .int(3), "y": .int(2), "color": .string("red")])
  }

  @Test func shapeMoveAndPaintUndo() throws {
    let s = try session("move up 2; move left; paint teal")
    for text in ["move up", "move down 4", "move left 7", "move right", "paint red", "{ paint blue; paint white }"] {
      try expectUndoRestores(s, "shape", text)
    }
  }

  @Test func grayIsGrey() throws {
    let s = try session("paint gray")
    #expect(s.state(of: "shape")?["color"] == .string("grey"))
  }

  @Test func shapeDescription() throws {
    var description: String?
    let s = try session("move down 2; move right")
    s.onOutput = { if case .state(_, _, _, let d) = $0 { description = d } }
    try s.run(SourceFile(name: "t", text: "show shape"))
    #expect(description == "at (1, -2), blue")
  }

  @Test func moveThatWouldOverflowFailsAndChangesNothing() throws {
    let s = try session("move right \(Int.max)")
    let d = runtimeFailure(s, "move right 1")
    #expect(d?.message == "shape: move would take the shape out of range")
    #expect(s.state(of: "shape")?["x"] == .int(Int.max))
    try s.run(SourceFile(name: "t", text: "move left \(Int.max); move left \(Int.max)"))
    #expect(s.state(of: "shape")?["x"] == .int(-Int.max))
    #expect(runtimeFailure(s, "move left 2")?.message == "shape: move would take the shape out of range")
    #expect(s.state(of: "shape")?["x"] == .int(-Int.max))
  }

  // MARK: Door

  @Test func doorVerbsAndUndo() throws {
    let s = try session()
    #expect(s.state(of: "door") == ["open": .bool(false), "locked": .bool(false)])
    try expectUndoRestores(s, "door", "open")
    try expectUndoRestores(s, "door", "lock")
    try s.run(SourceFile(name: "t", text: "open"))
    #expect(s.state(of: "door") == ["open": .bool(true), "locked": .bool(false)])
    try expectUndoRestores(s, "door", "close")
    try s.run(SourceFile(name: "t", text: "close; lock"))
    #expect(s.state(of: "door") == ["open": .bool(false), "locked": .bool(true)])
    try expectUndoRestores(s, "door", "unlock")
  }

  @Test func openingAnOpenDoorIsANoOpThatUndoesExactly() throws {
    let s = try session("open; open")
    #expect(s.state(of: "door") == ["open": .bool(true), "locked": .bool(false)])
    try s.run(SourceFile(name: "t", text: "undo"))
    #expect(s.state(of: "door") == ["open": .bool(true), "locked": .bool(false)])
    try s.run(SourceFile(name: "t", text: "undo"))
    #expect(s.state(of: "door") == ["open": .bool(false), "locked": .bool(false)])
  }

  @Test func lockedDoorDoesNotOpen() throws {
    let s = try session("lock")
    let before = s.state(of: "door")
    let d = runtimeFailure(s, "move up\n  door.open")
    #expect(d?.message == "door: the door is locked")
    #expect(d?.location.line == 2)
    #expect(d?.location.column == 3)  // `door.open` is located at `door`
    #expect(s.state(of: "door") == before)
    #expect(s.state(of: "shape")?["y"] == .int(1))
  }

  @Test func openDoorDoesNotLock() throws {
    let s = try session("open")
    let d = runtimeFailure(s, "lock")
    #expect(d?.message == "door: the door is open")
    #expect(d?.location.line == 1)
    #expect(d?.location.column == 1)
    #expect(s.state(of: "door") == ["open": .bool(true), "locked": .bool(false)])
  }

  @Test func doorDescription() throws {
    var descriptions: [String] = []
    let s = try session("open")
    s.onOutput = { if case .state(_, _, _, let d) = $0 { descriptions.append(d) } }
    try s.run(SourceFile(name: "t", text: "show door; close; lock; show door"))
    #expect(descriptions == ["open, unlocked", "closed, locked"])
  }

  // MARK: Board

  @Test func boardStartsEmptyWithXToMove() throws {
    let s = try session()
    #expect(s.state(of: "board") == board(["...", "...", "..."], next: "X"))
  }

  @Test func placeAlternatesPlayers() throws {
    let s = try session("place 1 1; place 2 3")
    #expect(s.state(of: "board") == board(["X..", "..O", "..."], next: "X"))
  }

  @Test func winInARow() throws {
    let s = try session("place 2 1; place 1 1; place 2 2; place 1 2; place 2 3")
    #expect(s.state(of: "board") == board(["OO.", "XXX", "..."], next: "O", winner: .string("X")))
  }

  @Test func winInAColumn() throws {
    let s = try session("place 1 1; place 1 3; place 2 2; place 2 3; place 1 2; place 3 3")
    #expect(s.state(of: "board") == board(["XXO", ".XO", "..O"], next: "X", winner: .string("O")))
  }

  @Test func winOnBothDiagonals() throws {
    let s = try session("place 1 1; place 1 2; place 2 2; place 1 3; place 3 3")
    #expect(s.state(of: "board")?["winner"] == .string("X"))
    try s.run(SourceFile(name: "t", text: "reset; place 1 1; place 1 3; place 1 2; place 2 2; place 2 1; place 3 1"))
    #expect(s.state(of: "board") == board(["XXO", "XO.", "O.."], next: "X", winner: .string("O")))
  }

  @Test func winOnABiggerBoardNeedsAFullLine() throws {
    let s = try session("reset 4; place 1 1; place 2 1; place 1 2; place 2 2; place 1 3; place 2 3")
    #expect(s.state(of: "board")?["winner"] == .null)
    try s.run(SourceFile(name: "t", text: "place 1 4"))
    #expect(s.state(of: "board") == board(["XXXX", "OOO.", "....", "...."], next: "O", winner: .string("X")))
  }

  @Test func fullBoardWithoutALineIsADraw() throws {
    // X O X / X O O / O X X
    let s = try session(
      "place 1 1; place 1 2; place 1 3; place 2 2; place 2 1; place 2 3; place 3 2; place 3 1; place 3 3")
    #expect(s.state(of: "board") == board(["XOX", "XOO", "OXX"], next: "O", winner: .string("draw")))
    var description: String?
    s.onOutput = { if case .state(_, _, _, let d) = $0 { description = d } }
    try s.run(SourceFile(name: "t", text: "show board"))
    #expect(description == "X O X\nX O O\nO X X\ndraw")
  }

  @Test func boardDescription() throws {
    var descriptions: [String] = []
    let s = try session("place 1 1; place 1 3; place 2 2")
    s.onOutput = { if case .state(_, _, _, let d) = $0 { descriptions.append(d) } }
    try s.run(SourceFile(name: "t", text: "show board; place 1 2; place 3 3; show board"))
    #expect(descriptions == ["X . O\n. X .\n. . .\nnext: O", "X O O\n. X .\n. . X\nwinner: X"])
  }

  @Test func occupiedCellFails() throws {
    let s = try session("place 2 2")
    let before = s.state(of: "board")
    let d = runtimeFailure(s, "place 2 2")
    #expect(d?.message == "board: cell 2 2 is taken by X")
    #expect(s.state(of: "board") == before)
  }

  @Test func cellOutsideTheBoardFails() throws {
    let s = try session("reset 5; place 5 5")
    #expect(s.state(of: "board")?["size"] == .int(5))
    try s.run(SourceFile(name: "t", text: "reset 3"))
    let d = runtimeFailure(s, "place 4 4")
    #expect(d?.message == "board: cell 4 4 is outside the 3×3 board")
    #expect(runtimeFailure(s, "place 1 9")?.message == "board: cell 1 9 is outside the 3×3 board")
    #expect(s.state(of: "board") == board(["...", "...", "..."], next: "X"))
  }

  @Test func finishedGameRefusesMoves() throws {
    let s = try session("place 1 1; place 2 1; place 1 2; place 2 2; place 1 3")
    #expect(runtimeFailure(s, "place 3 3")?.message == "board: the game is over: X won")
    try s.run(
      SourceFile(
        name: "t",
        text: "reset; place 1 1; place 1 2; place 1 3; place 2 2; place 2 1; place 2 3; place 3 2; place 3 1; place 3 3"
      ))
    #expect(runtimeFailure(s, "place 1 1")?.message == "board: the game is over: draw")
  }

  @Test func resetWithAndWithoutSize() throws {
    let s = try session("place 1 1; reset 4")
    #expect(s.state(of: "board") == board(["....", "....", "....", "...."], next: "X"))
    try s.run(SourceFile(name: "t", text: "place 4 4; place 1 1; reset"))
    #expect(s.state(of: "board") == board(["....", "....", "....", "...."], next: "X"))
    try s.run(SourceFile(name: "t", text: "reset 3"))
    #expect(s.state(of: "board") == board(["...", "...", "..."], next: "X"))
  }

  @Test func resetSizeIsChecked() throws {
    let s = try session()
    for text in ["reset 2", "reset 10", "reset 0"] {
      #expect(throws: Session.RunError.self) { try s.run(SourceFile(name: "t", text: text)) }
    }
    #expect(s.state(of: "board") == board(["...", "...", "..."], next: "X"))
  }

  @Test func undoOfResetRestoresTheWholeBoard() throws {
    let s = try session("reset 4; place 1 1; place 4 4; place 2 3")
    try expectUndoRestores(s, "board", "reset")
    try expectUndoRestores(s, "board", "reset 3")
    try expectUndoRestores(s, "board", "reset 9")
    try s.run(SourceFile(name: "t", text: "reset 3; place 1 1; place 2 1; place 1 2; place 2 2; place 1 3"))
    try expectUndoRestores(s, "board", "reset")
    #expect(s.state(of: "board") == board(["XXX", "OO.", "..."], next: "O", winner: .string("X")))
  }

  @Test func undoOfPlaceRestoresNextPlayerAndWinner() throws {
    let s = try session("place 1 1; place 2 1; place 1 2; place 2 2")
    try expectUndoRestores(s, "board", "place 3 3")
    try expectUndoRestores(s, "board", "place 1 3")
    #expect(s.state(of: "board") == board(["XX.", "OO.", "..."], next: "X"))
    try s.run(SourceFile(name: "t", text: "place 3 3; place 2 3; undo; undo"))
    #expect(s.state(of: "board") == board(["XX.", "OO.", "..."], next: "X"))
  }

  @Test func redoOfPlaceAndReset() throws {
    let s = try session("place 1 1; reset 4")
    let after = s.state(of: "board")
    try s.run(SourceFile(name: "t", text: "undo 2; redo 2"))
    #expect(s.state(of: "board") == after)
  }

  // MARK: Atomic statements

  @Test func failingStatementIsRolledBack() throws {
    let s = try session()
    let d = runtimeFailure(s, "{ board.place 1 1; board.place 1 1 }")
    #expect(d?.message == "board: cell 1 1 is taken by X")
    #expect(d?.location.line == 1)
    #expect(d?.location.column == 20)  // the second command, from its receiver `board`
    #expect(s.state(of: "board") == board(["...", "...", "..."], next: "X"))
    #expect(s.undoCount == 0)
  }
}
