// Verbs that wait for a result (a request): the async entry points, which run a statement
// that uses one, and serialise with it the undo and redo a host asks for.
//
// The invoker stays synchronous (a million commands a second). An asynchronous verb is
// split in two: its work, which may suspend and does not touch the receiver, and a
// synchronous `execute` that applies the work's result. When a statement reaches such a
// command and its result is not there yet, the command fails as an interruption would: the
// statement is rolled back whole, the session awaits the work, keeps its result, and runs
// the statement again from the start, on the same state, where the command finds its
// result and goes on. A statement with k requests runs k + 1 times; its requests are made
// once each. While a request is awaited the receivers are as before the statement, so
// cancelling the task leaves them so: what had finished was already rolled back.
//
// A host with no async context of its own (the command-line tool) may instead let a
// synchronous statement block its thread until a result is there.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The results of a statement's asynchronous commands, in the order the statement reached
/// them; the task running the statement reaches them through ``current``.
@usableFromInline final class AwaitedResults: @unchecked Sendable {
  // Safe: an instance belongs to one statement, run by one task at a time; the task-local
  // only carries it down to the verbs that statement runs.

  /// One command's result: which command it was for, and the value its work made.
  struct Entry: @unchecked Sendable {
    // Safe: `value` is Sendable (the verb's declared result type); `Any` erases it.
    var key: Key
    var value: any Sendable
  }

  /// A command by what it was: the receiver object, its verb, its arguments.
  struct Key: Hashable {
    var receiver: ObjectIdentifier
    var verb: String
    var arguments: [Value]
  }

  /// The results of the statement running now, if it runs through an async entry point
  /// (or a step that had results is being redone).
  @TaskLocal static var current: AwaitedResults?

  /// Whether a command run by the synchronous path may block the thread until its result
  /// is there (``Session/waitingForResultsByBlocking(_:)``).
  @TaskLocal static var mayBlock = false

  private(set) var entries: [Entry]
  /// Where the next command's result is, in `entries`.
  private var next = 0
  /// How many commands that cannot be undone the statement has run, in this run and in
  /// the most of any run before it.
  private var onceRun = 0
  private var onceRunBefore = 0
  /// The work the statement is waiting for, and the command it is for.
  private(set) var awaited: (key: Key, work: () async throws(CommandFailure) -> any Sendable)?
  /// Whether a command may wait here; false in a sourced file, whose earlier statements
  /// would run again.
  var mayWait = true

  init(_ entries: [Entry] = []) { self.entries = entries }

  /// Starts a run of the statement from its first command.
  func rewind() {
    next = 0
    awaited = nil
    onceRun = 0
  }

  /// Whether the command that cannot be undone that the statement reached now ran in an
  /// earlier run, before the statement stopped to wait: its effect is still in effect (a
  /// rollback cannot take it back), so it does not run again.
  @usableFromInline static func ranBefore() -> Bool { current?.ranBefore() ?? false }

  private func ranBefore() -> Bool {
    onceRun += 1
    if onceRun <= onceRunBefore { return true }
    onceRunBefore = onceRun
    return false
  }

  /// Whether the statement stopped to wait for a result.
  var isWaiting: Bool { awaited != nil }

  /// Awaits the work the statement stopped for, and keeps its result for the next run.
  nonisolated(nonsending) func fetch() async throws(CommandFailure) {
    guard let (key, work) = awaited else { return }
    awaited = nil
    entries.append(Entry(key: key, value: try await work()))
  }

  /// The result for the command the running statement has reached: the one kept for it,
  /// or (with the command's work noted) the failure that stops the statement so that the
  /// work can be awaited.
  static func result<R: ReceiverBase, Result: Sendable>(
    of verb: String, on receiver: R, _ arguments: Arguments,
    work: nonisolated(nonsending) @escaping (R, Arguments) async throws(CommandFailure) -> Result
  ) throws(CommandFailure) -> Result {
    guard let results = current else {
      guard mayBlock else { throw CommandFailure("`\(verb)` waits for a result: run it with `await session.run(…)`") }
      return try blockingResult(of: work, on: receiver, arguments)
    }
    let key = Key(receiver: ObjectIdentifier(receiver), verb: verb, arguments: arguments.values)
    let index = results.next
    results.next += 1
    if index < results.entries.count, results.entries[index].key == key,
      let value = results.entries[index].value as? Result
    {
      return value
    }
    guard results.mayWait else {
      throw CommandFailure("`\(verb)` waits for a result, which a sourced file cannot do")
    }
    // A different command than the last run reached here: the results after it are stale.
    results.entries.removeSubrange(index...)
    results.awaited = (key, { () async throws(CommandFailure) -> any Sendable in try await work(receiver, arguments) })
    throw CommandFailure(waiting)
  }

  /// `work`'s result, awaited by a task while this thread waits for it.
  private static func blockingResult<R: ReceiverBase, Result: Sendable>(
    of work: nonisolated(nonsending) @escaping (R, Arguments) async throws(CommandFailure) -> Result,
    on receiver: R, _ arguments: Arguments
  ) throws(CommandFailure) -> Result {
    // Safe: this thread, the only other user of the receiver and the work, waits until
    // the task is done with them.
    nonisolated(unsafe) let (receiver, work) = (receiver, work)
    let execution = Arguments.running
    let outcome = Handoff<Swift.Result<Result, CommandFailure>>()
    Task.detached {
      let result: Swift.Result<Result, CommandFailure>
      do {
        result = .success(
          try await Arguments.$running.withValue(execution) { () async throws(CommandFailure) -> Result in
            try await work(receiver, arguments)
          })
      } catch {
        result = .failure(error as! CommandFailure)  // the work throws only CommandFailure
      }
      outcome.hand(result)
    }
    return try outcome.take().get()
  }

  /// A value a task hands to the thread that waits for it, through a POSIX semaphore (a
  /// DispatchSemaphore would add Dispatch's metadata to every start-up's relocations).
  private final class Handoff<Value>: @unchecked Sendable {
    // Safe: the task writes `value` before it posts the semaphore, the thread reads it
    // after its wait returns.
    private var value: Value?
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    init() { sem_init(semaphore, 0, 0) }

    deinit {
      sem_destroy(semaphore)
      semaphore.deallocate()
    }

    func hand(_ value: Value) {
      self.value = value
      sem_post(semaphore)
    }

    func take() -> Value {
      while sem_wait(semaphore) != 0 {}  // EINTR: a signal (Ctrl-C) arrived; wait on
      return value!
    }
  }

  /// What a command that stops to wait says (the invoker puts its instance's name first).
  private static let waiting = "waiting for a result"

  /// The instance's name and colon that begin `message`, a waiting command's failure.
  static func instancePrefix(ofWaiting message: String) -> String {
    message.hasSuffix(waiting) ? String(message.dropLast(waiting.count)) : ""
  }
}

/// Turns for a session's async calls, taken in the order they were asked for.
final class AsyncTurns {
  private var isTaken = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Waits until every call asked for before this one is done.
  nonisolated(nonsending) func take() async {
    guard isTaken else {
      isTaken = true
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Gives the turn to the next call waiting, if any.
  func pass() {
    if waiting.isEmpty { isTaken = false } else { waiting.removeFirst().resume() }
  }
}

extension Session {
  /// Runs `body`, in which the synchronous ``run(_:)-1qicv`` (and `execute`) of any session
  /// runs a verb that waits for a result by blocking the thread until the result is there,
  /// rather than failing: for a host with no async context, such as a command-line tool.
  /// A redo then asks again. Not for the main actor: a verb whose work needs it would wait
  /// for itself.
  public static func waitingForResultsByBlocking<T>(_ body: () throws -> T) rethrows -> T {
    try AwaitedResults.$mayBlock.withValue(true, operation: body)
  }

  /// Compiles and runs a source whose statements may use verbs that wait for a result (a
  /// request): each such statement runs all or nothing as any other, and is one undo step.
  /// Calls to the async `run`, `perform`, `undo` and `redo` take turns: an `undo` asked for
  /// while a request is awaited undoes the statement that made it, after it finishes.
  ///
  /// Cancelling the task stops the statement that is running and rolls it back, whether it
  /// is awaiting a request or running commands; it throws ``RunError/runtime(_:)`` saying
  /// "cancelled", and the statements after it do not run.
  ///
  /// ```swift
  /// try await session.run(SourceFile(name: "ui", text: "weather.fetch \"Oslo\""))
  /// ```
  public nonisolated(nonsending) func run(_ file: SourceFile) async throws(RunError) {
    await asyncTurns.take()
    defer { asyncTurns.pass() }
    let program = try compiledToRun(file)
    let interruption = self.interruption
    var failure: Diagnostic?
    await withTaskCancellationHandler {
      for statement in program.statements {
        do throws(Diagnostic) { try await runWaiting(statement) } catch {
          failure = error
          break
        }
      }
    } onCancel: {
      interruption.request()
    }
    if let failure { throw .runtime(failure) }
  }

  /// Runs `verb` on `receiver` as ``perform(_:on:_:coalescing:)`` does, through the async
  /// ``run(_:)-8j7z9``, so that the verb may wait for a result.
  public nonisolated(nonsending) func perform(_ verb: String, on receiver: String? = nil, _ arguments: CallArgument...)
    async throws(RunError)
  {
    try await run(Self.callSource(statement(verb, on: receiver, arguments)))
  }

  /// Undoes the last `steps` steps, after the async calls asked for before it are done.
  public nonisolated(nonsending) func undo(_ steps: Int = 1) async throws(RunError) {
    try await run(Self.callSource(Self.historyStatement("undo", steps)))
  }

  /// Redoes the last `steps` undone steps, after the async calls asked for before it are
  /// done. A step with requests is redone with their results, not by asking again.
  public nonisolated(nonsending) func redo(_ steps: Int = 1) async throws(RunError) {
    try await run(Self.callSource(Self.historyStatement("redo", steps)))
  }

  /// Runs one top-level statement, again after each result it stopped to wait for.
  private nonisolated(nonsending) func runWaiting(_ statement: CompiledStatement) async throws(Diagnostic) {
    let results = AwaitedResults()
    if case .directive(.sourced) = statement.action { results.mayWait = false }
    let cancelled = { Problem("cancelled", at: statement.range).diagnostic(in: self.sources) }
    while true {
      if Task.isCancelled { throw cancelled() }
      results.rewind()
      var failure: Diagnostic?
      timeline.awaiting = results
      AwaitedResults.$current.withValue(results) {
        do throws(Diagnostic) { try execute(Program(statements: [statement], warnings: [])) } catch {
          failure = error
        }
      }
      timeline.awaiting = nil
      guard results.isWaiting else {
        if let failure {
          throw Task.isCancelled ? cancelled() : failure
        }
        return
      }
      // Rolled back; the receivers are as before the statement while the work is awaited.
      interruption.clear()
      do { try await results.fetch() } catch {
        // Said where the command stopped to wait, as its own failure would be.
        var diagnostic = failure ?? Problem("", at: statement.range).diagnostic(in: sources)
        diagnostic.message =
          Task.isCancelled ? "cancelled" : AwaitedResults.instancePrefix(ofWaiting: diagnostic.message) + error.message
        throw diagnostic
      }
    }
  }
}
