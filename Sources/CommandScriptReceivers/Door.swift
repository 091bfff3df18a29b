import CommandScript

/// A door that opens, closes and locks. Starts closed and unlocked; a locked door does not
/// open and an open door does not lock.
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
    restoringPosition("open", summary: "open the door unless it is locked") { door, _ throws(CommandFailure) in
      guard !door.position.isLocked else { throw CommandFailure("the door is locked") }
      door.position.isOpen = true
    },
    restoringPosition("close", summary: "close the door") { door, _ in door.position.isOpen = false },
    restoringPosition("lock", summary: "lock the door unless it is open") { door, _ throws(CommandFailure) in
      guard !door.position.isOpen else { throw CommandFailure("the door is open") }
      door.position.isLocked = true
    },
    restoringPosition("unlock", summary: "unlock the door") { door, _ in door.position.isLocked = false },
  ]

  /// `Verb(name, summary:, restoring: \.position, execute:)` spelled out: a key path is an
  /// object the runtime builds when the verb table is, at every start-up of `cmdscript`.
  private static func restoringPosition(
    _ name: String, summary: String, execute: @escaping @Sendable (Door, Arguments) throws(CommandFailure) -> Void
  ) -> Verb<Door> {
    Verb(name, summary: summary) { door, arguments throws(CommandFailure) in
      let previous = door.position
      try execute(door, arguments)
      return previous
    } undo: { door, _, previous in
      door.position = previous
    }
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
