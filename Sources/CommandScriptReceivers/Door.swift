import CommandScript

/// A door that opens, closes and locks. Starts closed and unlocked; a locked door does not
/// open and an open door does not lock.
public final class Door: Receiver {
  /// The door as it was before a command: what undo restores.
  public struct Undo: Sendable {
    fileprivate let isOpen: Bool
    fileprivate let isLocked: Bool
  }

  public static let typeName = "door"
  public static let summary = "a door that opens, closes and locks"

  public static let verbs: [Verb<Door>] = [
    Verb("open", summary: "open the door unless it is locked") { door, _ throws(CommandFailure) in
      guard !door.isLocked else { throw CommandFailure("the door is locked") }
      return door.change(open: true)
    } undo: { door, _, previous in
      door.restore(previous)
    },
    Verb("close", summary: "close the door") { door, _ in
      door.change(open: false)
    } undo: { door, _, previous in
      door.restore(previous)
    },
    Verb("lock", summary: "lock the door unless it is open") { door, _ throws(CommandFailure) in
      guard !door.isOpen else { throw CommandFailure("the door is open") }
      return door.change(locked: true)
    } undo: { door, _, previous in
      door.restore(previous)
    },
    Verb("unlock", summary: "unlock the door") { door, _ in
      door.change(locked: false)
    } undo: { door, _, previous in
      door.restore(previous)
    },
  ]

  public private(set) var isOpen = false
  public private(set) var isLocked = false

  /// A closed, unlocked door.
  public init() {}

  /// Sets what is given and returns the state before.
  private func change(open: Bool? = nil, locked: Bool? = nil) -> Undo {
    defer {
      if let open { isOpen = open }
      if let locked { isLocked = locked }
    }
    return Undo(isOpen: isOpen, isLocked: isLocked)
  }

  private func restore(_ previous: Undo) {
    isOpen = previous.isOpen
    isLocked = previous.isLocked
  }

  public var state: StateValue { ["open": .bool(isOpen), "locked": .bool(isLocked)] }

  /// `closed, unlocked`.
  public var stateDescription: String {
    (isOpen ? "open" : "closed") + ", " + (isLocked ? "locked" : "unlocked")
  }
}
