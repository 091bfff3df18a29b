import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Long diagnostic messages and notes broken at word boundaries to the terminal's width, the
// lines after the first indented under the message's start, as rustc's notes are. Only on
// a terminal: in a pipe or a file each message stays one line, for programs and tests.

extension Renderer {
  /// The columns of standard error when it is a terminal (nil otherwise), asked at each
  /// diagnostic, so that a resized terminal is followed.
  static func diagnosticWidth() -> Int? {
    var size = winsize()
    guard Console.err.isTerminal, ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// `message` after `prefix` (its plain text `plainPrefix`, which sets its width), broken
  /// at spaces to fit `width` columns, each line after the first indented to stand under
  /// the message's first character (by two columns when that would leave fewer than 30). A
  /// word longer than a line stays whole, and so does code in backticks (`var x = 3`), which
  /// a reader copies. Painted with `paint`, word by word unchanged.
  static func wrap(
    _ message: String, after prefix: String, plainPrefix: String, width: Int?, paint: (String) -> String
  ) -> [String] {
    let start = DisplayWidth.of(plainPrefix.unicodeScalars)
    guard let width, start + DisplayWidth.of(message.unicodeScalars) > width else {
      return [prefix + paint(message)]
    }
    let indent = width - start >= 30 ? start : 2
    var lines: [String] = []
    var line = ""
    var used = start
    for word in words(of: message) {
      let columns = DisplayWidth.of(word.unicodeScalars)
      if !line.isEmpty, used + 1 + columns > width {
        lines.append(line)
        line = ""
        used = indent
      }
      if line.isEmpty {
        line = String(word)
        used += columns
      } else {
        line += " " + word
        used += 1 + columns
      }
    }
    lines.append(line)
    return lines.enumerated().map { i, text in
      (i == 0 ? prefix : String(repeating: " ", count: indent)) + paint(text)
    }
  }

  /// The words of `message` between spaces, but for spaces inside backticks: a code span
  /// is one word.
  static func words(of message: String) -> [Substring] {
    var words: [Substring] = []
    var start = message.startIndex
    var inCode = false
    for i in message.indices {
      if message[i] == "`" {
        inCode.toggle()
      } else if message[i] == " ", !inCode {
        words.append(message[start..<i])
        start = message.index(after: i)
      }
    }
    words.append(message[start...])
    return words
  }
}
