import CommandScript
import CommandScriptReceivers
import Testing

/// The vehicle's state as `state(of:)` reports it.
private func vehicle(saved: Bool = false, sent: Bool = false, log: Int = 0, backend: String = "up") -> StateValue {
  ["saved": .bool(saved), "sent": .bool(sent), "log": .int(log), "backend": .string(backend)]
}

/// The network's state as `state(of:)` reports it.
private func network(_ pending: [String] = [], cancelled: Int = 0) -> StateValue {
  ["pending": .array(pending.map { .string($0) }), "cancelled": .int(cancelled)]
}

/// A session with the built-in receivers, collecting outputs and warnings.
private func recorder(_ text: String = "") -> Recorder {
  let r = Recorder(.builtins)
  r.run(text)
  return r
}

/// What `show NAME` prints for people.
private func description(_ r: Recorder, _ name: String) -> String? {
  r.outputs = []
  r.run("show \(name)")
  guard case .state(_, _, _, let description)? = r.outputs.last else { return nil }
  return description
}

@Suite struct VehicleNetworkTests {
  // MARK: Registration

  @Test func bareVerbsReachTheNewReceiversWithoutAmbiguity() throws {
    let session = Session(registry: .builtins)
    for verb in ["save", "send", "log", "backend up", "request x", "cancel"] {
      #expect(throws: Never.self, "`\(verb)`") { _ = try session.compile(SourceFile(name: "t", text: verb)) }
    }
  }

  @Test func onlyLogCannotBeUndone() throws {
    let types = ReceiverRegistry.builtins.types
    let vehicle = try #require(types.first { $0.name == "vehicle" })
    let network = try #require(types.first { $0.name == "network" })
    #expect(vehicle.verbs.map(\.name) == ["save", "send", "log", "backend"])
    #expect(vehicle.verbs.filter { !$0.isUndoable }.map(\.name) == ["log"])
    #expect(network.verbs.map(\.name) == ["request", "cancel"])
    #expect(network.verbs.filter { !$0.isUndoable }.isEmpty)
    #expect(Session(registry: .builtins).help("log").contains("(cannot be undone)"))
  }

  @Test func undoRecordsAreSmallValues() {
    // Stored once per executed command: a few bytes, not a closure or a box.
    #expect(MemoryLayout<Vehicle.Undo>.size <= 3)
    #expect(MemoryLayout<Network.Undo>.size <= 9)
  }

  // MARK: Vehicle

  @Test func vehicleStartsUnsavedUnsentWithTheBackendUp() {
    let r = recorder()
    #expect(r.state("vehicle") == vehicle())
    #expect(r.state("vehicle")?.json == #"{"saved": false, "sent": false, "log": 0, "backend": "up"}"#)
    #expect(description(r, "vehicle") == "not saved, not sent, 0 log lines, backend up")
  }

  @Test func saveAndItsUndo() {
    let r = recorder("save")
    #expect(r.state("vehicle") == vehicle(saved: true))
    r.run("undo")
    #expect(r.state("vehicle") == vehicle())
    r.run("redo")
    #expect(r.state("vehicle") == vehicle(saved: true))
  }

  @Test func savingASavedVehicleIsANoOpThatUndoesExactly() {
    let r = recorder("save; save")
    #expect(r.state("vehicle") == vehicle(saved: true))
    #expect(r.session.undoCount == 2)
    r.run("undo")
    #expect(r.state("vehicle") == vehicle(saved: true))
    r.run("undo")
    #expect(r.state("vehicle") == vehicle())
  }

  @Test func sendAndItsUndo() {
    let r = recorder("save; send")
    #expect(r.state("vehicle") == vehicle(saved: true, sent: true))
    r.run("undo")
    #expect(r.state("vehicle") == vehicle(saved: true))
    r.run("redo")
    #expect(r.state("vehicle") == vehicle(saved: true, sent: true))
  }

  @Test func sendingASentVehicleIsANoOpThatUndoesExactly() {
    let r = recorder("save; send; send")
    #expect(r.state("vehicle") == vehicle(saved: true, sent: true))
    r.run("undo")
    #expect(r.state("vehicle") == vehicle(saved: true, sent: true))
    r.run("undo")
    #expect(r.state("vehicle") == vehicle(saved: true))
  }

  @Test func sendingAnUnsavedVehicleFails() {
    let r = recorder()
    let error = r.runtimeError("backend down\nsend")
    #expect(error?.message == "vehicle: the vehicle is not saved")
    #expect(error?.location == SourceLocation(file: "t", line: 2, column: 1, length: 4))
    // The statement before the failing one took effect; the failing one changed nothing.
    #expect(r.state("vehicle") == vehicle(backend: "down"))
    #expect(r.session.undoCount == 1)
  }

  @Test func backendAndItsUndo() {
    let r = recorder("backend down")
    #expect(r.state("vehicle") == vehicle(backend: "down"))
    r.run("vehicle.backend down; backend up")
    #expect(r.state("vehicle") == vehicle(backend: "up"))
    r.run("undo")
    #expect(r.state("vehicle") == vehicle(backend: "down"))
    r.run("undo 2")
    #expect(r.state("vehicle") == vehicle())
  }

  @Test func sendWhileTheBackendIsDownFailsAndTheStatementRollsBack() {
    let r = recorder("backend down")
    let error = r.runtimeError("{ save; backend down; send }")
    #expect(error?.message == "vehicle: the backend is down")
    #expect(error?.location == SourceLocation(file: "t", line: 1, column: 23, length: 4))
    #expect(error?.notes.contains { $0.message.contains("could not revert") } == false)
    #expect(r.state("vehicle") == vehicle(backend: "down"))
    #expect(r.session.undoCount == 1)
    // Once the backend is back, the same statement runs.
    r.run("backend up; { save; send }")
    #expect(r.state("vehicle") == vehicle(saved: true, sent: true))
  }

  @Test func logAppendsAnAuditLine() {
    let r = recorder("log; save; vehicle.log")
    #expect(r.state("vehicle") == vehicle(saved: true, log: 2))
    // `show` lists the log's last lines, each the record's state when it was logged.
    let log = "\nlog 1: not saved, not sent, backend up\nlog 2: saved, not sent, backend up"
    #expect(description(r, "vehicle") == "saved, not sent, 2 log lines, backend up" + log)
    r.run("undo 2")
    #expect(description(r, "vehicle") == "not saved, not sent, 2 log lines, backend up" + log)
  }

  @Test func theDescriptionSaysOneLogLine() {
    let r = recorder("save; send; backend down; log")
    #expect(description(r, "vehicle") == "saved, sent, 1 log line, backend down\nlog 1: saved, sent, backend down")
  }

  @Test func theDescriptionListsTheLastThreeLogLines() {
    let r = recorder("log; save; log; send; log; backend down; log")
    #expect(
      description(r, "vehicle")
        == "saved, sent, 4 log lines, backend down\nlog 2: saved, not sent, backend up\n"
        + "log 3: saved, sent, backend up\nlog 4: saved, sent, backend down")
  }

  @Test func undoOfAStatementThatLoggedWarnsAndRevertsTheRest() {
    let r = recorder("{ save; log; send; backend down }")
    #expect(r.state("vehicle") == vehicle(saved: true, sent: true, log: 1, backend: "down"))
    r.run("undo")
    #expect(r.state("vehicle") == vehicle(log: 1))
    #expect(
      r.warnings == [
        Diagnostic(
          .warning, "undo could not revert `vehicle.log`: declared as not undoable",
          at: SourceLocation(file: "t", line: 1, column: 1, length: 4))
      ])
    #expect(r.session.undoCount == 0)
  }

  @Test func redoDoesNotWriteTheLogLineAgain() {
    // Undo left the line: redo saves again and leaves the log as it is.
    let r = recorder("{ save; log }; undo; redo")
    #expect(r.state("vehicle") == vehicle(saved: true, log: 1))
  }

  @Test func aLogLineAloneIsNoUndoStep() {
    let r = recorder("save; log; undo")
    #expect(r.state("vehicle") == vehicle(log: 1))
    #expect(r.session.undoCount == 0 && r.session.redoCount == 1)
    #expect(r.warnings.isEmpty)
  }

  @Test func aFailingTransactionRollsBackAllButTheLog() {
    let r = recorder("vehicle.backend down")
    let error = r.runtimeError("transaction { vehicle.log; vehicle.save; vehicle.send; vehicle.log }")
    #expect(error?.message == "vehicle: the backend is down")
    #expect(error?.location == SourceLocation(file: "t", line: 1, column: 42, length: 12))
    let note = Diagnostic.Note("the rollback could not revert `vehicle.log`: declared as not undoable")
    #expect(error?.notes.contains(note) == true)
    // The first log line stayed; the second never ran; the save was rolled back.
    #expect(r.state("vehicle") == vehicle(saved: false, log: 1, backend: "down"))
    #expect(r.session.undoCount == 1)
  }

  // MARK: Network

  @Test func networkStartsEmpty() {
    let r = recorder()
    #expect(r.state("network") == network())
    #expect(r.state("network")?.json == #"{"pending": [], "cancelled": 0}"#)
    #expect(description(r, "network") == "0 pending, 0 cancelled")
  }

  @Test func requestAddsAPendingRequestAndUndoRemovesIt() {
    let r = recorder(#"request "https://a"; network.request "https://b""#)
    #expect(r.state("network") == network(["https://a", "https://b"]))
    #expect(r.state("network")?.json == #"{"pending": ["https://a", "https://b"], "cancelled": 0}"#)
    r.run("undo")
    #expect(r.state("network") == network(["https://a"]))
    r.run("redo")
    #expect(r.state("network") == network(["https://a", "https://b"]))
    r.run("undo 2")
    #expect(r.state("network") == network())
  }

  @Test func aBareWordIsAURL() {
    let r = recorder("request home")
    #expect(r.state("network") == network(["home"]))
  }

  @Test func cancelCancelsEveryPendingRequestAndUndoPutsThemBackInOrder() {
    let r = recorder(#"request "https://a"; request "https://b"; request "https://c"; cancel"#)
    #expect(r.state("network") == network(cancelled: 3))
    r.run(#"request "https://d"; cancel"#)
    #expect(r.state("network") == network(cancelled: 4))
    r.run("undo")
    #expect(r.state("network") == network(["https://d"], cancelled: 3))
    r.run("undo 2")
    #expect(r.state("network") == network(["https://a", "https://b", "https://c"]))
    r.run("redo")
    #expect(r.state("network") == network(cancelled: 3))
    r.run("redo 2")
    #expect(r.state("network") == network(cancelled: 4))
    r.run("undo 6")
    #expect(r.state("network") == network())
    #expect(r.warnings.isEmpty)
  }

  @Test func cancelWithNothingPendingIsANoOp() {
    let r = recorder("cancel")
    #expect(r.state("network") == network())
    #expect(r.session.undoCount == 1)
    r.run("undo")
    #expect(r.state("network") == network())
  }

  @Test func requestsAndCancelInOneStepAreOneUndo() {
    let r = recorder(#"request "https://a""#)
    r.run(#"{ request "https://b"; cancel; request "https://c" }"#)
    #expect(r.state("network") == network(["https://c"], cancelled: 2))
    #expect(description(r, "network") == "1 pending (https://c), 2 cancelled")
    r.run("undo")
    #expect(r.state("network") == network(["https://a"]))
  }

  @Test func networkDescriptionListsThePendingRequests() {
    let r = recorder(#"request "https://x"; cancel; request "https://a"; request "https://b""#)
    #expect(description(r, "network") == "2 pending (https://a, https://b), 1 cancelled")
  }

  @Test func aFailingStatementRollsBackTheNetworkToo() {
    let r = recorder(#"request "https://a""#)
    let error = r.runtimeError(#"{ request "https://b"; cancel; vehicle.send }"#)
    #expect(error?.message == "vehicle: the vehicle is not saved")
    #expect(r.state("network") == network(["https://a"]))
  }
}
