// What a session hands its host and asks of it, as values: outputs, history entries,
// compile errors, and the journal that keeps what took effect.

/// What a script asks to show: values for the host to render as it likes (text on a
/// terminal, JSON lines, a test's expectations). The library itself never prints.
public enum Output: Equatable, Sendable {
  /// `show`: one receiver's state, structured and for people; `type` is its receiver
  /// type (the same as `receiver` for the instance named after its type).
  case state(receiver: String, type: String, state: StateValue, description: String)
  /// `show` when the host asked for more than `state` gives (``Session/showsViews``,
  /// ``Session/pictureSize``): the state with the receiver's view and picture.
  case shown(Shown)
  /// `history`: the undo tree, every step kept (``HistoryTree/linear`` is the path to the
  /// current state, then the steps `redo` would redo: what ``Session/history`` lists).
  case history(HistoryTree)
  /// `help`: text of at most 80 columns.
  case help(String)
  /// `pending`: the queued statements, in order, in canonical form.
  case pending([String])
  /// `run` (or a full batch): how many queued statements finished and how many failed.
  case queueRun(finished: Int, failed: Int)
  /// `echo`: one line of text.
  case echo(String)
  /// A statement that is an expression (`1 + 2`, `shape.x`, `"a$b"`): its value, of its
  /// kind (an integer, a decimal, a boolean, a string; a word as a string), and `text`,
  /// the line `echo` would print for it.
  case value(StateValue, text: String)
  /// What a statement that prints nothing did ("undid \`paint red\`", "made \`back\`, a
  /// new door"), when ``Session/reportsEffects`` is set.
  case report(String)
}

/// What `show` tells of one receiver when the host asks for views or pictures.
public struct Shown: Equatable, Sendable {
  /// The receiver's name.
  public var receiver: String
  /// The receiver's type: the same as `receiver` but for instances made by `new`.
  public var type: String
  /// Its ``ReceiverBase/state``.
  public var state: StateValue
  /// Its ``ReceiverBase/stateDescription``.
  public var description: String
  /// The receiver's ``ReceiverBase/view`` when ``Session/showsViews`` is set.
  public var view: StateValue?
  /// The receiver's picture when ``Session/pictureSize`` gave room and it draws one.
  public var picture: Picture?

  /// What `show` tells of `receiver` (of `type`, by default its own name).
  public init(
    receiver: String, type: String? = nil, state: StateValue, description: String, view: StateValue? = nil,
    picture: Picture? = nil
  ) {
    self.receiver = receiver
    self.type = type ?? receiver
    self.state = state
    self.description = description
    self.view = view
    self.picture = picture
  }
}

/// Keeps the statements that take effect, as source text, so that running them again in
/// a new session restores this one (``Session/journal``).
public protocol StatementJournal: AnyObject {
  /// Keeps `text`, a statement about to run (or a definition in force), or throws why it
  /// cannot; the statement then does not run and fails with that reason.
  func record(_ text: String) throws(RecordFailure)
  /// The statement recorded last failed and was rolled back: forget it.
  func withdrawLast()
  /// The statement recorded last failed, but its rollback could not revert `commands`
  /// (each `receiver.verb`, declared not undoable): keep it, marked as failed, so that
  /// replaying it fails the same way and leaves the same; or, when it would not fail again
  /// (`replays` false: it was interrupted or reached the step limit), keep what it left,
  /// so that a replay can say what it cannot restore.
  func keepFailed(leaving commands: [String], replays: Bool)
}

/// Why a journal could not keep a statement (no space left, an I/O error).
public struct RecordFailure: Error, Sendable {
  /// What went wrong, for the message.
  public var reason: String
  /// A failure saying `reason`.
  public init(reason: String) { self.reason = reason }
}

/// One line of `history`.
public struct HistoryEntry: Equatable, Sendable {
  /// From 1, oldest first.
  public var number: Int
  /// The statement in canonical form, on one line.
  public var statement: String
  /// Whether it has been undone (and can be redone).
  public var undone: Bool

  /// A line of `history`.
  public init(number: Int, statement: String, undone: Bool) {
    self.number = number
    self.statement = statement
    self.undone = undone
  }
}

/// Compile errors of one input: nothing of it ran.
public struct CompileErrors: Error, Equatable, Sendable {
  /// The errors (and the warnings found with them), in source order.
  public var diagnostics: [Diagnostic]
}
