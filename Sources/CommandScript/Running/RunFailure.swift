// How a statement fails at run time: what the invoker throws and the timeline reports.

/// A run-time failure on its way out: the receiver's message, the failing command's
/// range, and the macro calls it happened in (innermost first).
struct RunFailure: Error {
  var message: String
  var range: SourceRange
  var calls: [(macro: String, at: SourceRange)] = []
  /// Commands the rollback could not revert (declared not undoable), each once.
  var notReverted: [String] = []
  /// The commands the rollback undid (each `receiver.verb` once), for a transaction's report.
  var reverted: [String] = []
  /// An interruption or the step limit: `try` does not catch it.
  var stopsEverything = false
  /// Whether the statement that failed was a transaction, whose rollback its report lists.
  var rolledBackTransaction = false
  /// An interruption (Ctrl-C).
  var isInterruption = false

  // Both out of line: inlined into the flat loop's step checks, their message's constant
  // was kept in a register across every instruction.
  @inline(never) static func interrupted(at range: SourceRange) -> RunFailure {
    RunFailure(message: "interrupted", range: range, stopsEverything: true, isInterruption: true)
  }

  @inline(never) static func stepLimit(at range: SourceRange) -> RunFailure {
    RunFailure(message: "the step limit was reached", range: range, stopsEverything: true)
  }
}
