import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// When `show` draws receivers' pictures (`--pictures`).
enum PictureMode: String, CaseIterable, Equatable {
  /// When standard output is a terminal.
  case auto
  /// Always: plain characters when not on a terminal or with NO_COLOR.
  case always
  /// Never: one-line (or grid) descriptions only.
  case never

  /// The room `show` gives a picture, or nil for no pictures: the terminal's size less the
  /// header line, the indentation and a line for the next prompt; when standard output is
  /// not a terminal, $COLUMNS×$LINES, or 80×24.
  var pictureSize: PictureSize? {
    switch self {
    case .never: return nil
    case .auto where !Console.out.isTerminal: return nil
    case .auto, .always:
      let (columns, rows) = terminalSize() ?? (environmentNumber("COLUMNS") ?? 80, environmentNumber("LINES") ?? 24)
      return PictureSize(columns: max(10, columns - 2), rows: max(5, rows - 2))
    }
  }
}

/// A positive number in the environment variable `name`.
private func environmentNumber(_ name: String) -> Int? {
  guard let value = getenv(name), let number = Int(String(cString: value)), number > 0 else { return nil }
  return number
}

/// The size of the terminal on standard output, if it is one that knows it.
func terminalSize() -> (columns: Int, rows: Int)? {
  var size = winsize()
  guard Console.out.isTerminal, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
    return nil
  }
  return (Int(size.ws_col), Int(size.ws_row))
}

extension Renderer {
  /// `show` with a picture: `shape: at (1, 2), red` (or `board:` when the description has
  /// several lines), then the picture indented by two columns, in colour when standard
  /// output allows it. Without a picture, as `.state` is shown.
  func render(_ shown: Shown) {
    guard let picture = shown.picture else {
      render(.state(receiver: shown.receiver, type: shown.type, state: shown.state, description: shown.description))
      return
    }
    let description = Self.visible(shown.description)
    let heading = Self.heading(shown.receiver, shown.type)
    Console.out.line(description.contains("\n") ? "\(heading):" : "\(heading): \(description)")
    for line in PictureText.lines(picture, colour: Console.out.allowsColour) { Console.out.line("  " + line) }
  }

  /// `{"receiver": …, "state": …, "view": …}`: the view only when there is one.
  func jsonLine(_ shown: Shown) -> String { Self.jsonValue(.shown(shown)).json }
}

/// A picture as lines of text: the glyphs alone, or with ANSI colours (one escape sequence
/// per run of cells in the same role).
enum PictureText {
  static func lines(_ picture: Picture, colour: Bool) -> [String] {
    guard colour else { return picture.plainLines }
    return picture.rows.map { row in
      var line = ""
      var current: String?
      var end = row.count
      while end > 0, row[end - 1].glyph == " " { end -= 1 }
      for cell in row[..<end] {
        // A space keeps the run going (fewer escape codes), except after a highlight,
        // whose reverse video would paint the space too.
        let code = cell.glyph == " " && current != highlight ? current : sgr(cell.role)
        if code != current {
          if current != nil { line += "\u{1B}[0m" }
          if let code { line += "\u{1B}[\(code)m" }
          current = code
        }
        line.append(cell.glyph)
      }
      if current != nil { line += "\u{1B}[0m" }
      return line
    }
  }

  private static let highlight = sgr(.highlight)

  /// The Select Graphic Rendition parameters of a role, or nil for the terminal's own.
  static func sgr(_ role: Picture.Role) -> String? {
    switch role {
    case .plain: return nil
    case .faint: return "2"
    case .axis: return "36"
    case .label: return "1"
    case .mark: return "1;33"
    case .highlight: return "1;7;32"
    case .colour(let name, let strong): return (strong ? "1;" : "") + (colourCodes[name] ?? "39")
    }
  }

  /// The shape colours as terminal colours (256-colour codes where the basic 8 have none).
  static let colourCodes: [String: String] = [
    "red": "31", "orange": "38;5;208", "yellow": "33", "green": "32", "teal": "38;5;30", "cyan": "96",
    "blue": "34", "purple": "38;5;93", "magenta": "35", "black": "30", "white": "97", "grey": "90",
    "gray": "90",
  ]
}
