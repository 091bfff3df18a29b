// The libFuzzer target over the whole pipeline: lex, parse, check and run, on the
// built-in receivers, under AddressSanitizer. Build and run it with `scripts/fuzz`.
//
// Besides "no crash, no hang", it checks on every input what the language promises:
// - a compile error comes with at most `Session.maxErrors` diagnostics, each located on
//   a line and column of the input;
// - a statement that fails at run time leaves every receiver as it was before it;
// - undoing every step restores the initial states, and redoing them the final ones
//   (both except for the vehicle's audit log, whose `log` is declared not undoable);
// - what `export` writes, run on fresh receivers, reaches the final states too (the
//   dictionary, scripts/fuzz.dict, has `new` and a macro naming the instance it makes:
//   without them the fuzzer hardly ever wrote the programs whose export failed to replay
//   because a macro came before the `new` of an instance it uses);
// - compiling the input an entry at a time, as piped stdin and the REPL do, gives
//   located diagnostics too;
// - `Session.check` (what `--check` runs, keeping nothing) reports exactly what
//   `compile` reports: the same errors, or the same warnings;
// - `cmdscript fmt`'s output parses, and formatting it again changes nothing; the editor
//   server's outline of the names reads any text;
// - journals, damaged and torn, and the resume path: see JournalFuzz.swift.
//
// Run time: `repeat 1000000000 { … }` is valid, so each input runs with a step limit
// (`Session.limits.steps`: at most 100,000 receiver commands) and a watchdog thread that
// interrupts (through `Session.interruption`, as Ctrl-C does) whatever still runs after
// 50 ms. A statement stopped either way is rolled back like any failing one, so the checks
// above still apply. To spare that time, an input with an integer literal above 1000
// (anywhere, even in a string or a comment) is compiled but not run.

import CommandScript
import CommandScriptReceivers
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The built-in receivers, registered once.
private let registry = ReceiverRegistry.builtins

/// Files in memory, so that `source` and `export` are fuzzed without touching the disk
/// (an input could name any path): a script of macros, one that sources itself, and what
/// `export` writes.
private func memoryFiles() -> MemoryFileAccess {
  MemoryFileAccess([
    "defs.cmd": Array("macro zig n { move up $n; move right $n }\nmacro knock { door.close; door.open }\n".utf8),
    "loop.cmd": Array("move up\nsource \"loop.cmd\"\n".utf8),
  ])
}

/// The interruption of the session now running, and when it must stop.
private struct Watch: Sendable {
  var interruption: Interruption
  var deadline: ContinuousClock.Instant
}

private let watched = Mutex<Watch?>(nil)

/// Started on first use: every 5 ms, interrupts the running session if it is late.
/// (The flag stays set until the next `Session.run` clears it.)
private let watchdog: Void = {
  var thread = pthread_t()
  let started = pthread_create(
    &thread, nil,
    { _ in
      while true {
        usleep(5000)
        watched.withLock { watch in
          if let watch, ContinuousClock.now > watch.deadline { watch.interruption.request() }
        }
      }
    }, nil)
  precondition(started == 0, "cannot start the watchdog thread")
}()

/// Interrupts `session` if it still runs 50 ms from now.
func watch(_ session: Session) {
  watched.withLock { $0 = Watch(interruption: session.interruption, deadline: .now + .milliseconds(50)) }
}

func unwatch() { watched.withLock { $0 = nil } }

/// Whether the input has an integer literal above 1000 (see above).
private func hasLargeInteger(_ bytes: [UInt8]) -> Bool {
  var value = 0
  for b in bytes {
    if b >= 48 && b <= 57 {
      value = value * 10 + Int(b - 48)
      if value > 1000 { return true }
    } else {
      value = 0
    }
  }
  return false
}

/// The receivers' states, less what verbs declared not undoable change: the vehicle's
/// audit-log count, which no undo or rollback takes back and which redo adds to again.
func states(_ session: Session) -> [StateValue?] {
  session.receiverNames.map { name in
    guard case .object(let members)? = session.state(of: name),
      members.map(\.key) == ["saved", "sent", "log", "backend"]
    else { return session.state(of: name) }
    return .object(members.filter { $0.key != "log" })
  }
}

/// Runs `text` (an `undo n` or `redo n` of ours), which must compile and succeed.
private func runOwn(_ session: Session, _ text: String) {
  do {
    try session.run(SourceFile(name: "oracle", text: text))
  } catch {
    fatalError("`\(text)` failed: \(error)")
  }
}

private func checkDiagnostics(_ errors: CompileErrors, _ bytes: [UInt8], firstLine: Int) {
  precondition(!errors.diagnostics.isEmpty, "a compile failure without a diagnostic")
  precondition(errors.diagnostics.count <= Session.maxErrors, "more than \(Session.maxErrors) diagnostics")
  let lastLine = firstLine + bytes.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
  // (Diagnostics in a sourced file are located in that file.)
  for d in errors.diagnostics where d.location.file == "fuzz" || d.location.file == "stdin" {
    precondition(d.location.line >= firstLine && d.location.line <= lastLine, "line out of the input: \(d)")
    precondition(d.location.column >= 1 && d.location.length >= 1, "column or length below 1: \(d)")
  }
}

/// Compiles and runs the whole input, and checks atomicity, undo and redo.
private func runWhole(_ bytes: [UInt8], run: Bool) {
  let files = memoryFiles()
  let session = Session(registry: registry)
  session.fileAccess = files
  session.limits.steps = 100_000
  let checker = Session(registry: registry)
  checker.fileAccess = files
  let checked = Result { () throws(CompileErrors) in try checker.check([SourceFile(name: "fuzz", bytes: bytes)]) }
  let program: Program
  do {
    program = try session.compile(SourceFile(name: "fuzz", bytes: bytes))
  } catch {
    checkDiagnostics(error, bytes, firstLine: 1)
    guard case .failure(let checkErrors) = checked, checkErrors.diagnostics == error.diagnostics else {
      fatalError("check and compile disagree: \(checked) against \(error.diagnostics)")
    }
    return
  }
  guard case .success(let warnings) = checked, warnings == program.warnings else {
    fatalError("check and compile disagree: \(checked) against warnings \(program.warnings)")
  }
  guard run else { return }
  let initial = states(session)
  // The states after the last statement that took effect: what a failure must leave.
  var committed = initial
  session.onCommit = { _ in committed = states(session) }
  watched.withLock { $0 = Watch(interruption: session.interruption, deadline: .now + .milliseconds(50)) }
  let failed: Bool
  do {
    try session.execute(program)
    failed = false
  } catch {
    failed = true
  }
  watched.withLock { $0 = nil }
  session.onCommit = { _ in }
  let final = states(session)
  if failed { precondition(final == committed, "a failing statement changed a receiver") }
  runOwn(session, #"export "fuzz-export.cmd""#)
  let replay = Session(registry: registry)
  replay.fileAccess = files
  do {
    try replay.run(SourceFile(name: "fuzz-export.cmd", bytes: files.read("fuzz-export.cmd")))
  } catch {
    fatalError("the exported script failed: \(error)")
  }
  precondition(states(replay) == final, "the exported script did not reproduce the final states")
  let steps = session.undoCount
  guard steps > 0 else { return }
  runOwn(session, "undo \(steps)")
  precondition(states(session) == initial, "undoing every step did not restore the initial states")
  runOwn(session, "redo \(steps)")
  precondition(states(session) == final, "redoing every step did not restore the final states")
  _ = session.history
}

/// Compiles the input an entry at a time, as piped stdin does: a line, plus the lines
/// that complete an open block or string; what is left at the end is an entry too.
private func compileByLine(_ bytes: [UInt8]) {
  let session = Session(registry: registry)
  session.fileAccess = memoryFiles()
  var chunk: [UInt8] = []
  var scanner = EntryScanner()
  var firstLine = 1
  var line = 1
  /// Compiles the chunk; false after a compile error, which ends a stream.
  func compileChunk() -> Bool {
    do {
      _ = try session.compile(SourceFile(name: "stdin", bytes: chunk, firstLine: firstLine))
    } catch {
      checkDiagnostics(error, chunk, firstLine: firstLine)
      return false
    }
    chunk.removeAll(keepingCapacity: true)
    scanner = EntryScanner()
    firstLine = line
    return true
  }
  var start = 0
  while start < bytes.count {
    let end = bytes[start...].firstIndex(of: 10).map { $0 + 1 } ?? bytes.count
    chunk += bytes[start..<end]
    scanner.read(bytes[start..<end])
    start = end
    line += 1
    if scanner.needsMoreInput { continue }
    guard compileChunk() else { return }
  }
  if !chunk.isEmpty { _ = compileChunk() }
}

/// Runs once before the inputs: initialises the receivers' static declarations and the
/// watchdog, so that LeakSanitizer, which checks every input that allocated more than it
/// freed, does not take these one-time allocations for leaks.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
  _ argc: UnsafeMutablePointer<Int32>?,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
  watchdog
  let warmUp =
    "move up 2; paint gray; door.open; door.close; door.lock; door.unlock; board.place 1 1; board.reset 4; "
    + #"save; log; send; backend down; request "https://a"; cancel"#
  runWhole(Array((warmUp + "\nshow; help; help move; history; undo; redo\n").utf8), run: true)
  compileByLine(Array("macro m n { move up $n }\nm 2\n".utf8))
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  let run = !hasLargeInteger(bytes)
  runWhole(bytes, run: run)
  compileByLine(bytes)
  format(bytes)
  // What the editor server reads of a document's names, from any text.
  _ = ScriptOutline(SourceFile(name: "fuzz", bytes: bytes))
  fuzzJournal(bytes, run: run, files: memoryFiles())
  return 0
}

/// `cmdscript fmt` on the input: it either reports syntax errors, or its output parses to
/// the same statements, and formatting that again changes nothing.
private func format(_ bytes: [UInt8]) {
  guard let formatted = try? ScriptFormatter.format(SourceFile(name: "fuzz", bytes: bytes)) else { return }
  guard let again = try? ScriptFormatter.format(SourceFile(name: "fuzz", text: formatted)) else {
    fatalError("formatted text does not parse:\n\(formatted)")
  }
  if again != formatted { fatalError("formatting is not idempotent:\n\(formatted)\n---\n\(again)") }
}
