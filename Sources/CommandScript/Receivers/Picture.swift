/// A receiver drawn for people: rows of cells, each a glyph and a role that says how to
/// colour it. A receiver describes its picture as a value (``ReceiverBase/picture(fitting:)``);
/// the host draws it, in colour on a terminal or as the glyphs alone elsewhere, so the
/// glyphs must make sense without colour too.
public struct Picture: Equatable, Sendable {
  /// How a cell is coloured where colour is available.
  public enum Role: Equatable, Sendable {
    /// The terminal's ordinary colour.
    case plain
    /// Background detail: grid dots.
    case faint
    /// Axes and frames.
    case axis
    /// Labels and numbers.
    case label
    /// Something in one of the shape colours (`red`, `teal`, `grey`, …); `strong` draws
    /// it bold.
    case colour(String, strong: Bool)
    /// The thing to notice first: the last move.
    case mark
    /// A highlighted part: a winning line.
    case highlight
  }

  /// One character cell.
  public struct Cell: Equatable, Sendable {
    /// What is drawn: one character, one column wide.
    public var glyph: Character
    /// What it stands for, which says how to colour it.
    public var role: Role
    /// A cell drawing `glyph` as `role`.
    public init(_ glyph: Character, _ role: Role = .plain) {
      self.glyph = glyph
      self.role = role
    }
  }

  /// The rows, top first. Each glyph should occupy one terminal column.
  public var rows: [[Cell]]

  /// A picture of `rows`, top first.
  public init(rows: [[Cell]] = []) { self.rows = rows }

  /// Appends a row of `text`, every character in `role`.
  public mutating func append(_ text: String, _ role: Role = .plain) {
    rows.append(text.map { Cell($0, role) })
  }

  /// The rows as plain text, trailing spaces removed: what a host without colour shows.
  package var plainLines: [String] {
    rows.map { row in
      var line = String(row.map(\.glyph))
      while line.last == " " { line.removeLast() }
      return line
    }
  }
}

/// The room a picture may take, in terminal columns and rows.
public struct PictureSize: Equatable, Sendable {
  /// The width, in terminal columns.
  public var columns: Int
  /// The height, in lines.
  public var rows: Int
  /// A size of `columns` by `rows`.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}
