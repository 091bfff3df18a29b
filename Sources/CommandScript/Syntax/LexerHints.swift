// The lexer's hints for what other languages write where a byte starts no token here: `&&`,
// `!`, psql's `\q`, a lone `=`, a Python block's `:`.

extension Lexer {
  /// For a `:` that opens a block in Python (`for i in range(3):`, `def f(n):`, `while
  /// true:`, `if x > 2:`), the way to write that statement here, by the first word of its
  /// statement.
  func colonHint(before start: Int) -> String? {
    var i = start
    while i > 0, bytes[i - 1] != 10, bytes[i - 1] != UInt8(ascii: ";"), bytes[i - 1] != UInt8(ascii: "{"),
      bytes[i - 1] != UInt8(ascii: "}")
    {
      i -= 1
    }
    while i < start, bytes[i] == 32 || bytes[i] == 9 { i += 1 }
    var end = i
    while end < start, Self.isWordContinue(bytes[end]) { end += 1 }
    let word = String(decoding: bytes[i..<end], as: UTF8.self)
    let line = String(decoding: bytes[i..<start], as: UTF8.self)
    switch word {
    case "for":
      // `for i in range(3)`: `repeat 3 as i`.
      let parts = line.split(whereSeparator: { " \t()".contains($0) })
      if parts.count == 5, parts[2] == "in", parts[3] == "range", Int(parts[4]) != nil {
        return "a loop is written `repeat \(parts[4]) as \(parts[1]) { ... }` (`$\(parts[1])` is the turn, from 1)"
      }
      return "`for` is not a word of this language: \(ForeignWords.hint(for: word)!)"
    case "if", "elif", "else": return "a block is written in braces, not after `:`: `if CONDITION { ... }`"
    case "while": return "a block is written in braces, not after `:`: `while CONDITION { ... }`"
    default:
      return ForeignWords.hint(for: word).map { "`\(word)` is not a word of this language: \($0)" }
    }
  }
}

extension Lexer {
  /// For an invalid run from `start` to `position` that another language writes (`&&`,
  /// `!`, `\q` at the start of a statement, `=`), what to write here. A lone `=` is an assignment where only words
  /// stand before it in its statement (`x = 5`, `set x = 5`), else a comparison.
  func otherLanguageHint(from start: Int) -> String? {
    let run = String(decoding: bytes[start..<position], as: UTF8.self)
    var i = start
    if run.hasPrefix("\\") {
      // psql's `\q` and `\?` begin a statement; a `\` elsewhere is no other prompt's command.
      while i > 0, bytes[i - 1] == 32 || bytes[i - 1] == 9 { i -= 1 }
      guard i == 0 || bytes[i - 1] == 10 || bytes[i - 1] == UInt8(ascii: ";") else { return nil }
    }
    if run == ":" { return colonHint(before: start) }
    guard run == "=" else { return ForeignWords.hint(forInvalid: run) }
    var firstWord = i
    while i > 0 {
      let b = bytes[i - 1]
      if b == 32 || b == 9 {
        i -= 1
      } else if Self.isWordContinue(b) {
        while i > 0, Self.isWordContinue(bytes[i - 1]) { i -= 1 }
        firstWord = i
      } else if b == 10 || b == UInt8(ascii: ";") || b == UInt8(ascii: "{") || b == UInt8(ascii: "}") {
        break
      } else {
        return ForeignWords.equals
      }
    }
    var end = firstWord
    while end < start, Self.isWordContinue(bytes[end]) { end += 1 }
    let word = String(decoding: bytes[firstWord..<end], as: UTF8.self)
    return ["if", "while", "assert", "until", "elif"].contains(word) ? ForeignWords.equals : ForeignWords.noVariables
  }
}
