import CommandScript
import Testing

/// A declared receiver that confirms its commands later, as a plugin's batches do: `settle`
/// fails the command `failing` (counted from 1 over its commands since it last settled),
/// naming it as an earlier command.
private final class Deferring: DeclaredReceiver {
  var failing: Int?
  var sent = 0
  var value = 0

  func execute(_ verb: Int, _ arguments: Arguments) throws(CommandFailure) -> StateValue {
    sent += 1
    defer { value = arguments.int(0) }
    return .int(value)
  }

  func undo(_ verb: Int, _ arguments: Arguments, record: StateValue) {
    if case .int(let before) = record { value = before }
  }

  func ask(_ query: Int, _ arguments: Arguments) throws(CommandFailure) -> Answer { .integer(value) }

  var state: StateValue { ["value": .int(value)] }

  func settle() throws(CommandFailure) {
    defer { sent = 0 }
    guard let failing, failing <= sent else { return }
    throw CommandFailure("command \(failing) failed", at: EarlierCommand(of: self, commandsAfter: sent - failing))
  }
}

@Suite("A failure found when a deferring receiver settles")
struct PluginDeferredFailureTests {
  private func recorder(_ receiver: Deferring) throws -> Recorder {
    var registry = testRegistry()
    try registry.register(
      declared: ReceiverDeclaration(
        name: "dev", summary: "a deferring receiver",
        verbs: [VerbDeclaration("set", [Parameter("n", .integer(0...100))], summary: "set the value")])
    ) { _ in receiver }
    return Recorder(registry)
  }

  @Test("is located at the command it names, inside a loop's body, and the statement rolls back")
  func locatedInLoop() throws {
    let receiver = Deferring()
    let recorder = try recorder(receiver)
    recorder.run("dev.set 7")
    receiver.failing = 4
    let failure = recorder.runtimeError("repeat 3 {\n  dev.set 1\n  dev.set 2\n}")
    #expect(failure?.message == "command 4 failed")
    #expect(failure?.location.line == 3 && failure?.location.column == 3)
    #expect(receiver.value == 7)
  }

  @Test("is located at its command among others on one line")
  func locatedOnLine() throws {
    let receiver = Deferring()
    let recorder = try recorder(receiver)
    receiver.failing = 2
    let failure = recorder.runtimeError("{ dev.set 1; shape.move up; dev.set 2; dev.set 3 }")
    #expect(failure?.location.column == 29)
    #expect(recorder.shape.y == 0)
  }
}
