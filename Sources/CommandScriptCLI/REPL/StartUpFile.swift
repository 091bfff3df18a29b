/// What the REPL says of a start-up file that did not compile (and so did not run at all).
enum StartUpFile {
  /// The names after `macro` at the start of a statement, in order: the macros the file
  /// would have defined. A plain scan of the text, since the file did not parse; words
  /// inside strings and comments are skipped.
  static func macroNames(in bytes: [UInt8]) -> [String] {
    var names: [String] = []
    var words: [String] = []
    var word: [UInt8] = []
    var inString = false
    var inComment = false
    var statementStart = true
    func endWord() {
      guard !word.isEmpty else { return }
      words.append(String(decoding: word, as: UTF8.self))
      word.removeAll()
      if words.count == 2, words[0] == "macro", statementStart { names.append(words[1]) }
      if words.count >= 2 { statementStart = false }
    }
    for byte in bytes {
      if inComment {
        if byte == 10 { inComment = false } else { continue }
      }
      if inString {
        if byte == UInt8(ascii: "\"") { inString = false }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        endWord()
        inString = true
      case UInt8(ascii: "#"):
        endWord()
        inComment = true
      case 10, UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"):
        endWord()
        words.removeAll()
        statementStart = true
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        endWord()
      default:
        word.append(byte)
      }
    }
    endWord()
    return names
  }
}
