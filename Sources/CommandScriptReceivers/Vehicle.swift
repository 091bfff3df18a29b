import CommandScript

/// A vehicle record that is stored in a database, sent to a backend and written to an
/// audit log: the Command pattern's classic case of commands with side effects elsewhere,
/// one of which (the audit log) cannot be taken back.
///
/// Starts unsaved, unsent, with an empty audit log and the backend up.
///
/// - `save` stores the record in the database; saving a saved record changes nothing.
///   Undo removes it from the database.
/// - `send` sends the record to the backend. The record must be saved first, and the
///   backend must be up; sending a record that was sent changes nothing. Undo deletes it
///   from the backend.
/// - `log` appends a line to the audit log, and sends it to the audit service if one was
///   given (`Vehicle(audit:)`). It is declared not undoable: an audit trail is never
///   rewritten, so undo and rollback leave the line and say so, and redo does not write
///   it again. A session restored from its journal gets its lines back without sending
///   them again.
/// - `backend up|down` simulates the backend's health; undo restores the previous one.
public final class Vehicle: Receiver {
  /// The backend's health, as `backend` takes it.
  public enum Health: String, CaseIterable, Sendable {
    case up, down
  }

  /// Where the record is, and whether the backend is up: what the undoable verbs change,
  /// and so what undo restores (three bytes).
  public struct Record: Sendable, Equatable {
    public var isSaved = false
    public var isSent = false
    public var backend = Health.up
  }
  public typealias Undo = Record

  public static let typeName = "vehicle"
  public static let summary = "a vehicle record: database, backend, audit log"

  public static let verbs: [Verb<Vehicle>] = [
    restoringRecord("save", summary: "store in the database; no-op if saved") { vehicle, _ in
      vehicle.record.isSaved = true
    },
    restoringRecord("send", summary: "send it; fails if not saved or backend down") {
      vehicle, _ throws(CommandFailure) in
      guard vehicle.record.isSaved else { throw CommandFailure("the vehicle is not saved") }
      guard vehicle.record.backend == .up else { throw CommandFailure("the backend is down") }
      vehicle.record.isSent = true
    },
    Verb(notUndoable: "log", summary: "append an audit line") { vehicle, args in
      vehicle.auditLog.append(vehicle.stateOfRecord)
      // Restoring a session puts the line back in the log; the audit service has it.
      if args.execution == .live { vehicle.audit?(vehicle.stateOfRecord) }
    },
    restoringRecord(
      "backend", [Parameter("state", .word(Health.self))], summary: "set the simulated backend's health"
    ) { vehicle, args in
      vehicle.record.backend = args.word(0, as: Health.self)
    },
  ]

  public static let availability: [String: [Availability]] = [
    "save": [.when("saved", "the record is already saved")],
    "send": [.unless("saved", "the vehicle is not saved"), .when("sent", "the record is already sent")],
  ]

  public static let queries: [Query<Vehicle>] = [
    Query("saved", .boolean, summary: "whether the record is saved") { vehicle, _ in .boolean(vehicle.record.isSaved) },
    Query("sent", .boolean, summary: "whether the record was sent") { vehicle, _ in .boolean(vehicle.record.isSent) },
    Query("backend", .word(Health.self), summary: "whether the backend is up or down") { vehicle, _ in
      .word(vehicle.record.backend)
    },
    Query("logs", .integer(0...Int.max), summary: "how many lines the audit log has") { vehicle, _ in
      .integer(vehicle.auditLog.count)
    },
  ]

  /// A verb whose undo puts the record back (`saving:restoring:` rather than a key path,
  /// which the runtime would build at every start-up).
  private static func restoringRecord(
    _ name: String, _ parameters: [Parameter] = [], summary: String,
    execute: @escaping @Sendable (Vehicle, Arguments) throws(CommandFailure) -> Void
  ) -> Verb<Vehicle> {
    Verb(name, parameters, summary: summary, saving: { $0.record }, restoring: { $0.record = $1 }, execute: execute)
  }

  public private(set) var record = Record()
  /// The audit log, oldest line first: each line is the record's state when it was logged
  /// (`saved, not sent, backend up`).
  public private(set) var auditLog: [String] = []

  /// Where each audit line also goes when it is written (an audit service): not when a
  /// session is restored from its journal, which already wrote it.
  let audit: (@Sendable (String) -> Void)?

  /// An unsaved, unsent vehicle with an empty audit log, the backend up, whose audit lines
  /// also go to `audit` (see ``ReceiverRegistry/register(_:make:)``).
  public init(audit: (@Sendable (String) -> Void)?) { self.audit = audit }

  /// An unsaved, unsent vehicle with an empty audit log; the backend is up.
  public convenience init() { self.init(audit: nil) }

  public var state: StateValue {
    [
      "saved": .bool(record.isSaved),
      "sent": .bool(record.isSent),
      "log": .int(auditLog.count),
      "backend": .string(record.backend.rawValue),
    ]
  }

  /// `saved, not sent, 2 log lines, backend up`, then the last three lines of the log,
  /// each on a line of its own and numbered (`log 2: saved, not sent, backend up`).
  public var stateDescription: String {
    let lines = auditLog.count == 1 ? "1 log line" : "\(auditLog.count) log lines"
    let summary =
      (record.isSaved ? "saved" : "not saved") + ", " + (record.isSent ? "sent" : "not sent") + ", "
      + lines + ", backend " + record.backend.rawValue
    let recent = auditLog.indices.suffix(Self.linesShown).map { "\nlog \($0 + 1): \(auditLog[$0])" }
    return summary + recent.joined()
  }

  /// How many of the log's last lines `show` lists.
  static let linesShown = 3

  /// `saved, not sent, backend up`: an audit line.
  private var stateOfRecord: String {
    (record.isSaved ? "saved" : "not saved") + ", " + (record.isSent ? "sent" : "not sent") + ", backend "
      + record.backend.rawValue
  }
}
