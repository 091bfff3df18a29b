import Testing

@testable import CommandScript

/// A scanner kept from one entry to the next (``EntryScanner/reset()``) answers as a fresh
/// one.
struct EntryScannerReuseTests {
  /// Pieces of lines: statements that await a block, blocks, strings, comments, `else` and
  /// words that contain it, invalid bytes.
  static let pieces = [
    "move up", "repeat 2", "if door.locked", "else", "else as e", "} else", "{", "}", "\"", "\"a{\"",
    "# {", ";", "macro m n", "echo \"x\\\"\"", "elsewhere", "$1", "é", "==", "\t", "try", "as", "n", "e",
    "lse", "while", "# else", "\\", "\r", "-", "42", "\u{FEFF}",
  ]

  static func randomLine(_ random: inout SplitMix64) -> [UInt8] {
    var line = ""
    for _ in 0..<Int.random(in: 0...5, using: &random) {
      line += pieces.randomElement(using: &random)! + (Bool.random(using: &random) ? " " : "")
    }
    switch Int.random(in: 0..<10, using: &random) {
    case 0: break  // a read without a line break
    case 1: line += "\n" + pieces.randomElement(using: &random)! + "\n"  // two lines in one read
    default: line += "\n"
    }
    return Array(line.utf8)
  }

  @Test func aReusedScannerAnswersAsAFreshOne() {
    var random = SplitMix64(seed: 30)
    var reused = EntryScanner()
    var fresh = EntryScanner()
    var entry: [UInt8] = []
    // Whether every read so far ended a line, so that the whole text reads the same.
    var linesWhole = true
    for _ in 0..<20_000 {
      let line = Self.randomLine(&random)
      entry += line
      linesWhole = linesWhole && line.last == 10
      reused.read(line)
      fresh.read(line)
      let text = String(decoding: entry, as: UTF8.self)
      #expect(reused.needsMoreInput == fresh.needsMoreInput, "\(text)")
      if linesWhole { #expect(Parser.needsMoreInput(entry) == fresh.needsMoreInput, "\(text)") }
      if fresh.needsMoreInput, entry.count < 2000 { continue }
      reused.reset()
      fresh = EntryScanner()
      entry = []
      linesWhole = true
    }
  }

  @Test func aCopiedScannerReadsOnItsOwn() {
    var scanner = EntryScanner()
    scanner.read(Array("repeat 2\n".utf8))
    var copy = scanner
    copy.read(Array("{\n".utf8))
    scanner.read(Array("{ move up }\n".utf8))
    #expect(copy.needsMoreInput)
    #expect(!scanner.needsMoreInput)
    copy.reset()
    #expect(!copy.needsMoreInput)
    copy.read(Array("move up\n".utf8))
    #expect(!copy.needsMoreInput)
  }
}
