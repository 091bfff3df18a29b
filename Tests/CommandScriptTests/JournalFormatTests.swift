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
    #expect(contents.droppedBytes == 0 && contents.version == 3)
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
    #expect(damage.reason.hasPrefix("its checksum does not match"))
    #expect(damage.intact.map(\.bytes) == [Array("move up\n".utf8)])
  }

  @Test func onlyATornLastRecordIsDropped() throws {
    let file = JournalFormat.file(entries(["move up", "paint red"]))
    let torn = Array(file.dropLast(3))
    let contents = try JournalFormat.parse(torn).get()
    #expect(contents.entries.map(\.bytes) == [Array("move up\n".utf8)])
    #expect(contents.droppedBytes == torn.count - JournalFormat.file(entries(["move up"])).count)
  }

  @Test func recordsAreChainedFromTheSalt() throws {
    let file = JournalFormat.file(entries(["move up", "move up", "paint red"]), salt: 7)
    let contents = try JournalFormat.parse(file).get()
    #expect(contents.salt == 7)
    #expect(contents.entries.map(\.line) == [2, 4, 6])
    // The same entries under another salt: every check line differs.
    let other = JournalFormat.file(entries(["move up", "move up", "paint red"]), salt: 8)
    let checks = { (bytes: [UInt8]) in
      String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("#~ ") }.dropFirst()
    }
    #expect(zip(checks(file), checks(other)).allSatisfy { $0 != $1 })
    // Two equal entries in a row have different check lines.
    #expect(Set(checks(file)).count == 3)
  }

  @Test func everyBitFlippedInTheHeaderIsDamage() {
    // A salt with letters among its hex digits: an upper-case one, a bit away, read as the
    // same value was not seen as damage (found by scripts/fuzz).
    let file = JournalFormat.file(entries(["move up", "paint red"]), salt: 0xABCD_EF12)
    let header = file.firstIndex(of: 10)!
    for offset in 0..<header {
      for bit in 0..<8 {
        var damaged = file
        damaged[offset] ^= UInt8(1 << bit)
        if case .success(let contents) = JournalFormat.parse(damaged), !contents.entries.isEmpty {
          Issue.record("bit \(bit) of header byte \(offset) flipped read as \(contents.entries.count) entries")
        }
      }
    }
  }

  @Test func aWholeLastRecordWithADamagedLineBreakIsDamageNotATornRecord() throws {
    let file = JournalFormat.file(entries(["move up", "paint red"]))
    for offset in [file.count - 1, file.count - 15, file.count - 14, file.count - 13] {
      var damaged = file
      damaged[offset] = UInt8(ascii: "x")
      guard case .failure(let damage) = JournalFormat.parse(damaged) else {
        Issue.record("byte \(offset) from the end read as a torn record")
        continue
      }
      #expect(damage.line == 4)
      #expect(damage.intact.count == 1)
    }
    // Cut off (a prefix), it is torn.
    for cut in [1, 2, 5, 14, 20] where cut > 1 {
      let contents = try JournalFormat.parse(Array(file.dropLast(cut))).get()
      #expect(contents.entries.count == 1, "cut \(cut)")
    }
    // Only its last line break cut off: whole, kept, and the line break to be given back.
    let kept = try JournalFormat.parse(Array(file.dropLast())).get()
    #expect(kept.entries.count == 2 && kept.missingLineBreak)
  }

  @Test func entriesOfEachKindReadBack() throws {
    let written: [JournalFormat.Entry] = [
      .init(bytes: Array("move up\n".utf8), line: 0),
      .init(bytes: JournalFormat.entry(historyLimit: 3), line: 0, kind: .historyLimit(3)),
      .init(bytes: Array("transaction { vehicle.log; door.open }\n".utf8), line: 0, kind: .failedStatement),
      .init(bytes: JournalFormat.entry(notReverted: ["vehicle.log"]), line: 0, kind: .notReverted(["vehicle.log"])),
    ]
    let contents = try JournalFormat.parse(JournalFormat.file(written)).get()
    #expect(contents.entries.map(\.kind) == written.map(\.kind))
    #expect(contents.entries.map(\.bytes) == written.map(\.bytes))
    // The failed statement is on the line after its `#= failed`.
    #expect(contents.entries.map(\.line) == [2, 4, 7, 9])
  }

  @Test func aCallLeftUnfinishedIsFoundFromItsBegin() throws {
    let texts = ["move up", "#= begin", "move left", "#= commit", "#= begin", "paint red", "#= commit"]
    let whole = try JournalFormat.parse(JournalFormat.file(entries(texts))).get().entries
    #expect(whole.map(\.kind)[1...3] == [.callBegin, .statement, .callCommit])
    #expect(JournalFormat.unfinishedCall(in: whole) == nil)
    #expect(JournalFormat.unfinishedCall(in: Array(whole.dropLast())) == 4)
    #expect(JournalFormat.unfinishedCall(in: Array(whole.prefix(5))) == 4)
    #expect(JournalFormat.unfinishedCall(in: Array(whole.prefix(3))) == 1)
    // `#= begin` takes no words.
    let wrong = JournalFormat.file(entries(["#= begin now"]))
    guard case .failure(let damage) = JournalFormat.parse(wrong) else {
      Issue.record("a malformed `#= begin` was read")
      return
    }
    #expect(damage.reason == "its `#=` line is unknown")
  }

  @Test func aFileThatIsNoJournalIsSaidToBeNone() {
    for text in ["move up\n", "move up", "# a comment\nmove up\n", "#~ 1234abcd 8\n"] {
      guard case .failure(let damage) = JournalFormat.parse(Array(text.utf8)) else {
        Issue.record("`\(text)` read as a journal")
        continue
      }
      #expect(damage.notAJournal, "\(text)")
    }
    #expect(JournalFormat.isJournal(JournalFormat.file([])))
    #expect(!JournalFormat.isJournal(Array("move up\n".utf8)))
  }

  @Test func theExampleInGrammarIsWhatIsWritten() {
    let file = JournalFormat.file(
      [
        .init(bytes: JournalFormat.entry(historyLimit: 100), line: 0, kind: .historyLimit(100)),
        .init(bytes: Array("move up\n".utf8), line: 0),
      ], salt: 0x5A17_0001)
    #expect(
      String(decoding: file, as: UTF8.self)
        == "#~ cmdscript session 3 5a170001\n#= history-limit 100\n#~ a52b90f5 21\nmove up\n#~ 2bd3b1c3 8\n")
  }
}
