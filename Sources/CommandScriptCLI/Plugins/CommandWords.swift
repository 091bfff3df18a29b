/// A plugin's command line split into words as a POSIX shell splits them (blanks between
/// words; `'…'` literally; `"…"` with `\"`, `\\`, `\$` and `` \` `` escapes; `\` before any
/// other character outside quotes), but with no expansion of any kind: no shell runs it.
enum CommandWords {
  struct Failure: Error {
    var reason: String
  }

  static func split(_ command: String) throws(Failure) -> [String] {
    var words: [String] = []
    var word: [UInt8] = []
    var inWord = false
    var bytes = command.utf8.makeIterator()
    while let byte = bytes.next() {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"):
        if inWord { words.append(String(decoding: word, as: UTF8.self)) }
        word = []
        inWord = false
      case UInt8(ascii: "'"):
        inWord = true
        while true {
          guard let next = bytes.next() else { throw Failure(reason: "a `'` is not closed") }
          if next == UInt8(ascii: "'") { break }
          word.append(next)
        }
      case UInt8(ascii: "\""):
        inWord = true
        while true {
          guard let next = bytes.next() else { throw Failure(reason: "a `\"` is not closed") }
          if next == UInt8(ascii: "\"") { break }
          if next == UInt8(ascii: "\\") {
            guard let escaped = bytes.next() else { throw Failure(reason: "a `\"` is not closed") }
            if !"\"\\$`".utf8.contains(escaped) { word.append(next) }
            word.append(escaped)
          } else {
            word.append(next)
          }
        }
      case UInt8(ascii: "\\"):
        inWord = true
        if let escaped = bytes.next() { word.append(escaped) }
      default:
        inWord = true
        word.append(byte)
      }
    }
    if inWord { words.append(String(decoding: word, as: UTF8.self)) }
    return words
  }
}
