import CommandScript

extension Shape {
  /// A grid around the origin and the shape: the axes (`-`, `|`, `+` at the origin,
  /// labelled `x` and `y`), grid dots, the path of the latest moves (`*`, joined by `-`
  /// along a row) and the shape (`@`) in its colour, then a legend with the ranges that
  /// the picture covers. When origin, shape and path do not fit, one cell stands for
  /// several steps (the legend says so).
  public func picture(fitting size: PictureSize) -> Picture? {
    // The legend is wrapped to the width; a second try makes room for more legend lines.
    let first = picture(fitting: size, legendLines: 1)
    return first.legendLines == 1 ? first.picture : picture(fitting: size, legendLines: first.legendLines).picture
  }

  private func picture(fitting size: PictureSize, legendLines: Int) -> (picture: Picture, legendLines: Int) {
    let points = path
    // Two columns a step (terminal cells are about twice as tall as wide), two more for
    // the `x` label; a row for the `y` label and the legend's.
    let maxColumns = max(3, (size.columns - 1) / 2)
    let maxRows = max(3, size.rows - 1 - legendLines)
    var (minX, maxX, minY, maxY) = (0, 0, 0, 0)
    for p in points {
      (minX, maxX) = (min(minX, p.x), max(maxX, p.x))
      (minY, maxY) = (min(minY, p.y), max(maxY, p.y))
    }
    // A margin of one step where it does not overflow; spans as Double, which cannot.
    if minX > Int.min { minX -= 1 }
    if maxX < Int.max { maxX += 1 }
    if minY > Int.min { minY -= 1 }
    if maxY < Int.max { maxY += 1 }
    let spanX = Double(maxX) - Double(minX) + 1
    let spanY = Double(maxY) - Double(minY) + 1
    let scale = max(1, (spanX / Double(maxColumns)).rounded(.up), (spanY / Double(maxRows)).rounded(.up))
    let columns = Int((spanX / scale).rounded(.up))
    let rows = Int((spanY / scale).rounded(.up))
    func column(_ x: Int) -> Int { min(columns - 1, Int(((Double(x) - Double(minX)) / scale).rounded(.down))) }
    // Row 0 is the top.
    func row(_ y: Int) -> Int { rows - 1 - min(rows - 1, Int(((Double(y) - Double(minY)) / scale).rounded(.down))) }

    let axisRow = row(0)
    let axisColumn = column(0)
    let width = 2 * columns - 1
    var grid = [[Picture.Cell]](repeating: [], count: rows)
    for r in 0..<rows {
      grid[r] = (0..<width).map { i in
        let c = i / 2
        if r == axisRow { return Picture.Cell(c == axisColumn && i % 2 == 0 ? "+" : "-", .axis) }
        if i % 2 == 1 { return Picture.Cell(" ") }
        return c == axisColumn ? Picture.Cell("|", .axis) : Picture.Cell(".", .faint)
      }
    }
    let trail = Picture.Role.colour(colour, strong: false)
    for (a, b) in zip(points, points.dropFirst()) {
      let (r1, r2) = (row(a.y), row(b.y))
      let (c1, c2) = (column(a.x), column(b.x))
      for r in min(r1, r2)...max(r1, r2) {
        for i in (2 * min(c1, c2))...(2 * max(c1, c2)) {
          grid[r][i] = Picture.Cell(i % 2 == 0 ? "*" : "-", trail)
        }
      }
    }
    grid[row(y)][2 * column(x)] = Picture.Cell("@", .colour(colour, strong: true))
    grid[axisRow] += [Picture.Cell(" "), Picture.Cell("x", .label)]

    var picture = Picture()
    picture.rows.append(Array(repeating: Picture.Cell(" "), count: 2 * axisColumn) + [Picture.Cell("y", .label)])
    picture.rows += grid
    func range(_ low: Int, _ high: Int) -> String { "\(low)..\(high)" }
    var legend = ["x \(range(minX, maxX))", "y \(range(minY, maxY))"]
    if scale > 1 { legend.append("a cell is \(clamped(scale))×\(clamped(scale)) steps") }
    legend.append("path: \(points.count - 1) move\(points.count == 2 ? "" : "s")")
    let pictureRows = picture.rows.count
    var line = ""
    for (i, part) in legend.enumerated() {
      let piece = part + (i < legend.count - 1 ? "," : "")
      if !line.isEmpty, line.count + 1 + piece.count > size.columns {
        picture.append(line, .label)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + piece
    }
    picture.append(line, .label)
    return (picture, picture.rows.count - pictureRows)
  }
}

/// `value` as an `Int`, saturating at the type's bounds.
private func clamped(_ value: Double) -> Int {
  value >= Double(Int.max) ? Int.max : value <= Double(Int.min) ? Int.min : Int(value)
}
