import CommandScript

/// A door that opens, closes and locks. Starts closed and unlocked; a locked door does not
/// open and an open door does not lock. Each verb is declared unavailable where it fails or
/// would change nothing (`open` while locked or open), so that the page disables it.
public final class Door: Receiver {
  /// The door's state; also what undo restores.
  public struct Position: Sendable, Equatable {
    public var isOpen = false
    public var isLocked = false
  }
  public typealias Undo = Position

  public static let typeName = "door"
  public static let summary = "a door that opens, closes and locks"

  public static let verbs: [Verb<Door>] = [
    restoringPosition("open", summary: "open the door; fails if it is locked") { door, _ throws(CommandFailure) in
      guard !door.position.isLocked else { throw CommandFailure("the door is locked") }
      door.position.isOpen = true
    },
    restoringPosition("close", summary: "close the door") { door, _ in door.position.isOpen = false },
    restoringPosition("lock", summary: "lock the door; fails if it is open") { door, _ throws(CommandFailure) in
      guard !door.position.isOpen else { throw CommandFailure("the door is open") }
      door.position.isLocked = true
    },
    restoringPosition("unlock", summary: "unlock the door") { door, _ in door.position.isLocked = false },
  ]

  public static let availability: [String: [Availability]] = [
    "open": [.when("locked", "the door is locked"), .when("open", "the door is already open")],
    "close": [.unless("open", "the door is already closed")],
    "lock": [.when("open", "the door is open"), .when("locked", "the door is already locked")],
    "unlock": [.unless("locked", "the door is not locked")],
  ]

  public static let queries: [Query<Door>] = [
    Query("open", .boolean, summary: "whether it is open") { door, _ in .boolean(door.isOpen) },
    Query("locked", .boolean, summary: "whether it is locked") { door, _ in .boolean(door.isLocked) },
  ]

  /// A verb whose undo puts the position back (`saving:restoring:` rather than a key
  /// path, which the runtime would build at every start-up).
  private static func restoringPosition(
    _ name: String, summary: String, execute: @escaping @Sendable (Door, Arguments) throws(CommandFailure) -> Void
  ) -> Verb<Door> {
    Verb(name, summary: summary, saving: { $0.position }, restoring: { $0.position = $1 }, execute: execute)
  }

  public private(set) var position = Position()
  public var isOpen: Bool { position.isOpen }
  public var isLocked: Bool { position.isLocked }

  /// A closed, unlocked door.
  public init() {}

  public var state: StateValue { ["open": .bool(isOpen), "locked": .bool(isLocked)] }

  /// `closed, unlocked`.
  public var stateDescription: String {
    (isOpen ? "open" : "closed") + ", " + (isLocked ? "locked" : "unlocked")
  }
}
