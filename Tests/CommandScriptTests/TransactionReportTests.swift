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

  @Test func commandsThatCannotBeUndoneWarnInTransactionsAndQueuedStatementsOnly() throws {
    let program = try session.compile(
      SourceFile(name: "t", text: "log \"a\"\n{ log \"b\" }\ntransaction { log \"c\" }\nqueue log \"d\""))
    #expect(
      program.warnings.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
        "3:15 `counter.log` cannot be undone: if this transaction fails, it stays in effect",
        "4:7 `counter.log` cannot be undone: if this queued statement fails, it stays in effect",
      ])
    #expect(program.count == 4)
  }
}
