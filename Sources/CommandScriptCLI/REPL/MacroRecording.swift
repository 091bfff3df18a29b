import CommandScript

/// `record NAME` … `end` in the REPL: the statements typed in between run as usual, and
/// those still in effect at `end` become the body of macro NAME, in order.
///
/// A recorded macro replays the net effect of what was typed: each statement that took
/// effect as an undo step is recorded; `undo` takes back the recorded steps it undoes and
/// `redo` puts them back, so `move up; paint red; undo` records just `move up`. Definitions
/// (`macro`, `use`) and questions (`show`, `help`, `history`) are not recorded, nor are
/// statements that failed and were rolled back, nor steps that only the top level can make
/// (`new`, the statements a queue `run` ran).
final class MacroRecording {
  let name: String
  /// One entry per undo step made while recording, oldest first: its statement, or nil
  /// for a step no macro can contain (`new`, the statements a queue `run` ran).
  private var steps: [String?] = []
  /// Steps that were undone, most recently undone last: what `redo` brings back.
  private var undone: [String?] = []
  /// Steps from before `record` that the recording undid: the macro cannot express that.
  private(set) var undoneBeforeStart = 0
  /// Of those, how many `redo` could still bring back (the most recently undone steps).
  private var redoableBeforeStart = 0
  /// Where the session's history stands: steps that can be undone, plus those the history
  /// cap dropped, so that a new step always counts one more.
  private var position: Int

  init(name: String, session: Session) {
    self.name = name
    position = Self.position(of: session)
  }

  private static func position(of session: Session) -> Int { session.undoCount + session.droppedSteps }

  /// Called with each top-level statement that took effect, after it ran.
  func commit(_ statement: String, session: Session) {
    let now = Self.position(of: session)
    defer { position = now }
    let keyword = statement.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
    switch keyword {
    case "undo":
      for _ in 0..<max(0, position - now) {
        if let step = steps.popLast() {
          undone.append(step)
        } else {
          undoneBeforeStart += 1
          redoableBeforeStart += 1
        }
      }
    case "redo":
      for _ in 0..<max(0, now - position) {
        // Steps from before the recording were undone last, so they are redone first.
        if redoableBeforeStart > 0 {
          redoableBeforeStart -= 1
          undoneBeforeStart -= 1
        } else if let step = undone.popLast() {
          steps.append(step)
        }
      }
    default:
      // New undo steps (a statement that ran no command, or a definition, makes none).
      let made = now - position
      guard made > 0 else { return }
      let recordable = made == 1 && !Session.standsOnlyAtTopLevel(keyword)
      steps += recordable ? [statement] : Array(repeating: nil, count: made)
      undone.removeAll()
      redoableBeforeStart = 0
    }
  }

  /// The recorded statements in effect, in order.
  var statements: [String] { steps.compactMap { $0 } }

  /// How many steps in effect could not be recorded.
  var unrecordedSteps: Int { steps.count - statements.count }

  /// The definition of the recorded macro.
  var definition: String {
    "macro \(name) {\n" + statements.map { "  " + $0 + "\n" }.joined() + "}"
  }
}
