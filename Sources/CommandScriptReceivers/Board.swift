import CommandScript

/// A game of tic-tac-toe on an n×n board (3 ≤ n ≤ 9). X moves first; n marks in a row,
/// column or diagonal win, and a full board without a winner is a draw.
public final class Board: Receiver {
  /// A cell's content, and a player.
  private enum Mark: UInt8 {
    case empty, x, o

    var symbol: Character { self == .x ? "X" : self == .o ? "O" : "." }
    var other: Mark { self == .x ? .o : .x }
  }

  /// A whole board, saved by `reset` so that undo can restore it.
  public struct Snapshot: Sendable {
    fileprivate let size: Int
    fileprivate let cells: [UInt8]
    fileprivate let next: UInt8
    fileprivate let winner: UInt8?
    fileprivate let filled: Int
    fileprivate let last: Int
  }

  /// What undo needs: for `place`, the previous last move (it clears the cell its
  /// arguments name; the game cannot have been over before it), the previous board for
  /// `reset`.
  public enum Undo: Sendable {
    case place(previousLast: Int8)
    case reset(Snapshot)
  }

  public static let typeName = "board"
  public static let summary = "a game of tic-tac-toe"

  public static let verbs: [Verb<Board>] = [
    Verb(
      "place", [Parameter("row", .integer(1...9)), Parameter("col", .integer(1...9))],
      summary: "next player's mark in a cell; fails if taken"
    ) { board, args throws(CommandFailure) in
      let previous = board.last
      try board.place(row: args.int(0), col: args.int(1))
      return .place(previousLast: Int8(previous))
    } undo: { board, args, undo in
      board.unplace(row: args.int(0), col: args.int(1))
      if case .place(let previous) = undo { board.last = Int(previous) }
    },
    // A default is a fixed value, but a reset keeps the current size: the default 0
    // (outside 3...9, so no script can write it) stands for "the current size".
    Verb(
      "reset", [Parameter("size", .integer(3...9), default: .integer(0))],
      summary: "start a new game (default size: the current one)"
    ) { board, args in
      defer { board.clear(size: args.int(0) == 0 ? board.size : args.int(0)) }
      return .reset(board.snapshot)
    } undo: { board, _, undo in
      if case .reset(let saved) = undo { board.restore(saved) }
    },
  ]

  public static let availability: [String: [Availability]] = ["place": [.when("over", "the game is over")]]

  /// The answers of `board.cell`, `board.next` and `board.winner`.
  private static let cellWords = WordSet(words: ["empty", "X", "O"])
  private static let playerWords = WordSet(words: ["X", "O"])
  private static let outcomeWords = WordSet(words: ["none", "X", "O", "draw"])
  private static let cellParameters = [Parameter("row", .integer(1...9)), Parameter("col", .integer(1...9))]

  public static let queries: [Query<Board>] = [
    Query("size", .integer(3...9), summary: "the number of rows and columns") { board, _ in .integer(board.size) },
    Query("moves", .integer(0...81), summary: "how many marks are placed") { board, _ in .integer(board.filled) },
    Query("next", .word(playerWords), summary: "the player to move") { board, _ in
      .word(board.next == .x ? 0 : 1)
    },
    Query("winner", .word(outcomeWords), summary: "X, O, draw, or none while the game goes on") { board, _ in
      switch board.winner {
      case nil: .word(0)
      case .x?: .word(1)
      case .o?: .word(2)
      case .empty?: .word(3)
      }
    },
    Query("over", .boolean, summary: "whether the game is won or drawn") { board, _ in
      .boolean(board.winner != nil)
    },
    Query("cell", cellParameters, .word(cellWords), summary: "what a cell holds") {
      board, args throws(CommandFailure) in
      .word(Int(try board.mark(row: args.int(0), col: args.int(1)).rawValue))
    },
    Query("free", cellParameters, .boolean, summary: "whether a mark can be placed in a cell") { board, args in
      let (row, col) = (args.int(0), args.int(1))
      return .boolean(
        board.winner == nil && row <= board.size && col <= board.size && (try? board.mark(row: row, col: col)) == .empty
      )
    },
  ]

  /// The number of rows and columns.
  public private(set) var size = 3
  /// Row by row, `Mark` raw values.
  private var cells = [UInt8](repeating: 0, count: 9)
  private var next = Mark.x
  /// X or O once they have won; `.empty` for a draw; nil while the game goes on.
  private var winner: Mark?
  private var filled = 0
  /// The cell of the last move still in effect (row × size + column, from 0), or -1.
  private(set) var last = -1

  /// An empty 3×3 board, X to move.
  public init() {}

  /// What cell (row, col) holds; throws if it is outside the board.
  private func mark(row: Int, col: Int) throws(CommandFailure) -> Mark {
    guard row <= size, col <= size else {
      throw CommandFailure("cell \(row) \(col) is outside the \(size)×\(size) board")
    }
    return Mark(rawValue: cells[(row - 1) * size + (col - 1)])!
  }

  private func place(row: Int, col: Int) throws(CommandFailure) {
    if let winner {
      throw CommandFailure("the game is over: " + (winner == .empty ? "draw" : "\(winner.symbol) won"))
    }
    guard row <= size, col <= size else {
      throw CommandFailure("cell \(row) \(col) is outside the \(size)×\(size) board")
    }
    let r = row - 1
    let c = col - 1
    let taken = Mark(rawValue: cells[r * size + c])!
    guard taken == .empty else { throw CommandFailure("cell \(row) \(col) is taken by \(taken.symbol)") }
    cells[r * size + c] = next.rawValue
    last = r * size + c
    filled += 1
    if wins(next, row: r, col: c) {
      winner = next
    } else if filled == size * size {
      winner = .empty
    }
    next = next.other
  }

  private func unplace(row: Int, col: Int) {
    let i = (row - 1) * size + (col - 1)
    next = Mark(rawValue: cells[i])!
    cells[i] = Mark.empty.rawValue
    filled -= 1
    winner = nil
  }

  /// Whether `mark`, just placed at (r, c), completes its row, column or a diagonal.
  private func wins(_ mark: Mark, row r: Int, col c: Int) -> Bool {
    let m = mark.rawValue
    let n = size
    if (0..<n).allSatisfy({ cells[r * n + $0] == m }) { return true }
    if (0..<n).allSatisfy({ cells[$0 * n + c] == m }) { return true }
    if r == c, (0..<n).allSatisfy({ cells[$0 * n + $0] == m }) { return true }
    if r + c == n - 1, (0..<n).allSatisfy({ cells[$0 * n + (n - 1 - $0)] == m }) { return true }
    return false
  }

  private var snapshot: Snapshot {
    Snapshot(
      size: size, cells: cells, next: next.rawValue, winner: winner?.rawValue, filled: filled, last: last)
  }

  private func clear(size: Int) {
    self.size = size
    cells = [UInt8](repeating: 0, count: size * size)
    next = .x
    winner = nil
    filled = 0
    last = -1
  }

  private func restore(_ saved: Snapshot) {
    size = saved.size
    cells = saved.cells
    next = Mark(rawValue: saved.next)!
    winner = saved.winner.map { Mark(rawValue: $0)! }
    filled = saved.filled
    last = saved.last
  }

  /// The mark in cell (r, c), from 0: "X", "O" or ".".
  func symbol(row r: Int, col c: Int) -> Character { Mark(rawValue: cells[r * size + c])!.symbol }

  /// The winner's symbol, "draw", or nil while the game goes on.
  var outcome: String? {
    winner.map { $0 == .empty ? "draw" : String($0.symbol) }
  }

  /// Once the game is over, how it ended, named as its picture names it: "X wins (row
  /// 1)", "O wins (column 3)", "X wins (diagonal)", "O wins (anti-diagonal)", or "draw";
  /// nil while it goes on. A statement that changes a board whose game is over ended it
  /// (a `place` after the end fails), so the session says this after the move that ends
  /// the game.
  public var outcomeReport: String? {
    guard let outcome else { return nil }
    guard outcome != "draw" else { return "draw" }
    return "\(outcome) wins" + (winningLine.map { " (\($0.name))" } ?? "")
  }

  /// The symbol of the player to move.
  var nextSymbol: Character { next.symbol }

  private func row(_ r: Int) -> String {
    String(cells[r * size..<(r + 1) * size].map { Mark(rawValue: $0)!.symbol })
  }

  private var winnerState: StateValue {
    guard let winner else { return .null }
    return .string(winner == .empty ? "draw" : String(winner.symbol))
  }

  public var state: StateValue {
    [
      "size": .int(size),
      "cells": .array((0..<size).map { .string(row($0)) }),
      "next": .string(String(next.symbol)),
      "winner": winnerState,
    ]
  }

  /// The grid, one row per line with cells separated by spaces, then `next: O`,
  /// `winner: X` or `draw`.
  public var stateDescription: String {
    var lines = (0..<size).map { r in row(r).map(String.init).joined(separator: " ") }
    switch winner {
    case nil: lines.append("next: \(next.symbol)")
    case .empty?: lines.append("draw")
    case let mark?: lines.append("winner: \(mark.symbol)")
    }
    return lines.joined(separator: "\n")
  }
}
