import Testing

@testable import CommandScript

@Suite struct JournalFormatTests {
  private func entries(_ texts: [String]) -> [JournalFormat.Entry] {
    texts.map { JournalFormat.Entry(bytes: Array(($0.hasSuffix("\n") ? $0 : $0 + "\n").utf8), line: 0) }
  }

  @Test func recordsReadBackWithTheirLines() throws {
    let file = JournalFormat.file(entries(["move up", "macro hop {\n  move up\n}", "undo"]))
    let contents = try JournalFormat.parse(file).get()
    #expect(
      contents.entries.map { String(decoding: $0.bytes, as: UTF8.self) } == [
        "move up\n", "macro hop {\n  move up\n}\n", "undo\n",
      ])
    #expect(contents.entries.map(\.line) == [2, 4, 8])
    #expect(contents.droppedBytes == 0 && !contents.version1)
  }

  @Test func aStatementWithALineStartingWithHashIsJournaledInOneLine() throws {
    // Such a line could be taken for a check line.
    let text = "macro hop {\n#~ 00000000 8\n  move up\n}"
    #expect(String(decoding: JournalFormat.entry(statement: text), as: UTF8.self) == "macro hop { move up }")
    #expect(String(decoding: JournalFormat.entry(statement: "move up # why"), as: UTF8.self) == "move up # why")
  }

  @Test func damageIsReportedAtItsRecordWithWhatPrecedesIt() {
    let file = JournalFormat.file(entries(["move up", "paint red", "move left"]))
    var damaged = file
    // The `p` of `paint`.
    let paint = damaged.indices.first { damaged[$0...].starts(with: "paint".utf8) }!
    damaged[paint] = UInt8(ascii: "q")
    guard case .failure(let damage) = JournalFormat.parse(damaged) else {
      Issue.record("damage not seen")
      return
    }
    #expect(damage.line == 4)
    #expect(damage.reason == "its checksum does not match")
    #expect(damage.intact.map(\.bytes) == [Array("move up\n".utf8)])
  }

  @Test func onlyATornLastRecordIsDropped() throws {
    let file = JournalFormat.file(entries(["move up", "paint red"]))
    let torn = Array(file.dropLast(3))
    let contents = try JournalFormat.parse(torn).get()
    #expect(contents.entries.map(\.bytes) == [Array("move up\n".utf8)])
    #expect(contents.droppedBytes == torn.count - JournalFormat.file(entries(["move up"])).count)
  }
}
