import CommandScript
import CommandScriptObservation
import Observation
import Synchronization
import Testing

/// A SwiftUI-style model: a main-actor class whose conformance is isolated to the main
/// actor, so that its verbs, queries and state read and write it there.
@MainActor final class Counter: @MainActor Receiver {
  typealias Undo = Int
  static let typeName = "counter"
  static let summary = "a count on the main actor"
  static let verbs: [Verb<Counter>] = [
    Verb("add", [Parameter("n", .integer(1...100))], summary: "add n", restoring: \.count) { counter, args in
      counter.count += args.int(0)
    },
    Verb("double", summary: "double it") { counter, _ in
      counter.count *= 2
      return counter.count / 2
    } undo: { counter, _, previous in
      counter.count = previous
    },
  ]
  static let queries: [Query<Counter>] = [
    Query("count", .integer, summary: "the count") { counter, _ in .integer(counter.count) }
  ]
  var count = 0
  init() {}
  var state: StateValue { ["count": .int(count)] }
}

/// A main-actor model made by the app (it holds the app's step), whose verb awaits.
@MainActor final class Stepper: @MainActor ReceiverBase {
  typealias Undo = Int
  static let typeName = "stepper"
  static let summary = "steps by an amount the app sets, after a pause"
  // Computed, not a stored `static let`: Swift 6.3 rejects an initialiser of a main-actor
  // type's stored property that holds a main-actor closure with an `await` in it
  // ("default argument cannot be both main actor-isolated and nonisolated").
  static var verbs: [Verb<Stepper>] {
    [
      Verb(
        "step", summary: "wait, then step",
        awaiting: { @MainActor stepper, _ throws(CommandFailure) in
          try? await Task.sleep(nanoseconds: 10_000_000)
          return stepper.step  // main-actor state, read on the main actor
        },
        execute: { stepper, _, step in
          // Not `defer`: a closure with one loses the main actor it would inherit.
          let previous = stepper.value
          stepper.value += step
          return previous
        },
        undo: { stepper, _, previous in stepper.value = previous })
    ]
  }
  let step: Int
  var value = 0
  init(step: Int) { self.step = step }
  var state: StateValue { ["value": .int(value)] }
}

@Suite struct MainActorReceiverTests {
  @Test @MainActor func aMainActorModelIsAReceiver() async throws {
    var registry = ReceiverRegistry()
    try registry.register(Counter.self)
    try registry.register(Stepper.self) { _ in Stepper(step: 5) }
    let s = Session(registry: registry)
    try await s.run(SourceFile(name: "t", text: "add 2; double; add 3; undo; if counter.count == 4 { add 1 }"))
    #expect(s.receiver("counter", as: Counter.self)?.count == 5)
    try await s.run(SourceFile(name: "t", text: "stepper.step; stepper.step; new counter other; other.add 7"))
    #expect(s.receiver("stepper", as: Stepper.self)?.value == 10)
    #expect(s.receiver("other", as: Counter.self)?.count == 7)
    try await s.undo(3)
    #expect(s.receiver("stepper", as: Stepper.self)?.value == 5)
  }

  @Test @MainActor func anObservedSessionOfMainActorModelsRedrawsOncePerStatement() throws {
    var registry = ReceiverRegistry()
    try registry.register(Counter.self)
    let model = SessionModel(session: Session(registry: registry))
    let redraws = Mutex(0)
    func observe() {
      withObservationTracking {
        _ = model.state(of: "counter")
      } onChange: {
        redraws.withLock { $0 += 1 }
      }
    }
    observe()
    try model.run(SourceFile(name: "t", text: "add 2; add 3"))
    #expect(redraws.withLock { $0 } == 1)
    observe()
    try model.run(SourceFile(name: "t", text: "undo"))
    #expect(redraws.withLock { $0 } == 2)
    #expect(model.state(of: "counter") == ["count": .int(2)])
  }
}
