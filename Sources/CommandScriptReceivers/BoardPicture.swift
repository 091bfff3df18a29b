import CommandScript

extension Board {
  /// The cells of the winning line (row × size + column, from 0), and what it is:
  /// `row 2`, `column 3`, `diagonal`, `anti-diagonal`.
  var winningLine: (cells: [Int], name: String)? {
    guard let outcome, outcome != "draw" else { return nil }
    let n = size
    let mark = Character(outcome)
    var lines: [([Int], String)] = []
    for i in 0..<n {
      lines.append(((0..<n).map { i * n + $0 }, "row \(i + 1)"))
      lines.append(((0..<n).map { $0 * n + i }, "column \(i + 1)"))
    }
    lines.append(((0..<n).map { $0 * n + $0 }, "diagonal"))
    lines.append(((0..<n).map { $0 * n + (n - 1 - $0) }, "anti-diagonal"))
    // The winning line goes through the last move (the one that won).
    return lines.first { line in
      line.0.contains(last) && line.0.allSatisfy { symbol(row: $0 / n, col: $0 % n) == mark }
    }.map { (cells: $0.0, name: $0.1) }
  }

  /// The board with row and column numbers, the last move in brackets (`[X]`), the
  /// winning line highlighted, then `next: O`, `winner: X (row 2)` or `draw`.
  public func picture(fitting size: PictureSize) -> Picture? {
    let n = self.size
    let winning = winningLine
    var picture = Picture()
    picture.append("  " + (1...n).map { " \($0)" }.joined(), .label)
    for r in 0..<n {
      var cells = [Picture.Cell(Character("\(r + 1)"), .label), Picture.Cell(" ")]
      for c in 0..<n {
        let i = r * n + c
        cells.append(
          i == last ? Picture.Cell("[", .mark) : i == last + 1 && c > 0 ? Picture.Cell("]", .mark) : Picture.Cell(" "))
        let glyph = symbol(row: r, col: c)
        let role: Picture.Role =
          winning?.cells.contains(i) == true
          ? .highlight
          : glyph == "X" ? .colour("cyan", strong: true) : glyph == "O" ? .colour("magenta", strong: true) : .faint
        cells.append(Picture.Cell(glyph, role))
      }
      if last == r * n + n - 1 { cells.append(Picture.Cell("]", .mark)) }
      picture.rows.append(cells)
    }
    switch outcome {
    case nil: picture.append("next: \(nextSymbol)", .label)
    case "draw": picture.append("draw", .label)
    case let mark?: picture.append("winner: \(mark) (\(winning?.name ?? "?"))", .label)
    }
    return picture
  }
}
