import Benchmark
import CommandScript

/// What undo records cost a text buffer: 3,000 inserts of 100 characters, with
/// `restoring: \.text` keeping a copy of the whole text per step (`Undo = String`), with
/// computed records (how many characters to remove), and with `restoring: \.text` keeping
/// the run each step changed (`Undo = Splice<String>`). Peak resident memory is the number
/// to compare.

final class CopyingBuffer: Receiver {
  typealias Undo = String
  static let typeName = "text"
  static let summary = "a text buffer that keeps the text before each insert"
  static let verbs: [Verb<CopyingBuffer>] = [
    Verb("insert", [Parameter("text", .string)], summary: "append text", restoring: \.text) { buffer, args in
      buffer.text += args.string(0)
    }
  ]
  var text = ""
  init() {}
  var state: StateValue { ["length": .int(text.utf8.count)] }
}

final class ComputedBuffer: Receiver {
  typealias Undo = Int
  static let typeName = "text"
  static let summary = "a text buffer that keeps how much each insert added"
  static let verbs: [Verb<ComputedBuffer>] = [
    Verb("insert", [Parameter("text", .string)], summary: "append text") { buffer, args in
      buffer.text += args.string(0)
      return args.string(0).count
    } undo: { buffer, _, count in
      buffer.text.removeLast(count)
    }
  ]
  var text = ""
  init() {}
  var state: StateValue { ["length": .int(text.utf8.count)] }
}

final class SplicingBuffer: Receiver {
  typealias Undo = Splice<String>
  static let typeName = "text"
  static let summary = "a text buffer that keeps the run each insert changed"
  static let verbs: [Verb<SplicingBuffer>] = [
    Verb("insert", .string("text"), summary: "append text", restoring: \.text) { $0.text += $1 }
  ]
  var text = ""
  init() {}
  var state: StateValue { ["length": .int(text.utf8.count)] }
}

/// 3,000 inserts of 100 characters through typed calls, each its own undo step.
func typeIntoSession<R: Receiver>(_ type: R.Type) throws {
  var registry = ReceiverRegistry()
  try registry.register(type)
  let session = Session(registry: registry)
  let line = String(repeating: "x", count: 100)
  for _ in 0..<3000 { try session.perform("insert", on: "text", .text(line)) }
  precondition(session.state(of: "text") == ["length": .int(300_000)] && session.undoCount == 3000)
}

let benchmarks: @Sendable () -> Void = {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 5)
  Benchmark("Undo records: 3,000 inserts, restoring: \\.text", configuration: configuration) { _ in
    try typeIntoSession(CopyingBuffer.self)
  }
  Benchmark("Undo records: 3,000 inserts, computed records", configuration: configuration) { _ in
    try typeIntoSession(ComputedBuffer.self)
  }
  Benchmark("Undo records: 3,000 inserts, restoring: \\.text with Splice<String>", configuration: configuration) { _ in
    try typeIntoSession(SplicingBuffer.self)
  }
}
