import CommandScript
import Testing

/// Uses the test suite's `counter`: `bump` can be undone, `log` cannot, `fail` always fails.
@Suite struct TransactionReportTests {
  private let session = Session(registry: testRegistry(gate: false))

  @Test func aFailedTransactionListsWhatWasRolledBackAndWhatCouldNotBe() throws {
    do {
      try session.run(
        SourceFile(name: "t", text: "transaction { log \"a\"; bump 2; move up; counter.fail; log \"b\" }"))
      Issue.record("expected the transaction to fail")
    } catch .runtime(let d) {
      #expect(d.location.column == 41)
      #expect(
        d.notes.map(\.message) == [
          "the transaction was rolled back: `shape.move`, `counter.bump`",
          "the rollback could not revert `counter.log`: declared as not undoable",
        ])
    } catch {
      Issue.record("unexpected \(error)")
    }
    #expect(session.state(of: "shape")?["y"] == .int(0))
    #expect(session.state(of: "counter")?["count"] == .int(0))
  }

  @Test func aPlainStatementDoesNotCallItselfATransaction() throws {
    do {
      try session.run(SourceFile(name: "t", text: "{ bump; counter.fail }"))
      Issue.record("expected the block to fail")
    } catch .runtime(let d) {
      #expect(d.notes.isEmpty)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  /// One rule for every form: a command that cannot be undone warns where a command of the
  /// same top-level statement may run after it, since a failure there rolls the statement
  /// back around it.
  @Test func aCommandThatCannotBeUndoneWarnsWhereverACommandMayRunAfterIt() throws {
    let text = """
      log "a"
      { log "b" }
      transaction { bump; log "c" }
      queue log "d"
      repeat 1 { log "e" }
      macro last { bump; log "f" }
      last
      transaction { log "g"; bump }
      { log "h"; bump }
      repeat 2 { log "i" }
      queue { log "j"; bump }
      macro first { log "k"; bump }
      transaction { last; bump }
      { last; last }
      macro counted n { repeat $n { log "l" } }
      macro quiet { show counter }
      { log "m"; quiet }
      """
    let program = try session.compile(SourceFile(name: "t", text: text))
    let because = "cannot be undone: if a command after it fails, the rollback leaves it in effect"
    #expect(
      program.warnings.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
        "8:15 `counter.log` \(because)",
        "9:3 `counter.log` \(because)",
        "10:12 `counter.log` \(because)",
        "11:9 `counter.log` \(because)",
        "12:15 `counter.log` \(because)",
        "13:15 macro `last` ends with `counter.log`, which \(because)",
        "14:3 macro `last` ends with `counter.log`, which \(because)",
        "15:31 `counter.log` \(because)",
      ])
  }
}
