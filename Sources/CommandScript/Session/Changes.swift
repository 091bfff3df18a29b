// What a host's UI follows: one change per step done, undone or redone, with which
// receivers it changed and its action name; and the undo and redo titles for its menus.

/// One statement that took effect on the receivers, or one step undone or redone: what a
/// UI redraws from (``Session/onChange``).
public struct Change: Sendable, Hashable {
  /// What happened to the step.
  public enum Kind: Sendable, Hashable {
    /// A statement ran (written, queued, sourced, a host's call or group, or replayed
    /// from a journal).
    case done
    /// `undo` reverted it.
    case undone
    /// `redo` did it again.
    case redone
    /// `goto`, `earlier` or `later` (or ``Session/goto(_:)`` and the like) moved through
    /// the tree: one change for the whole move, however many steps it undid and redid
    /// (``undoneSteps``, ``redoneSteps``), so that a UI redraws once.
    case moved
  }

  /// Whether the step was done, undone or redone.
  public var kind: Kind
  /// The step's action name, localised: a host group's name, a single command's verb's
  /// ``Verb/actionName``, a macro call's macro, or else the statement.
  public var actionName: String
  /// The receiver instances whose commands ran, each once, in the order they first ran.
  public var receivers: [String]
  /// For a move: the numbers of the steps it undid, in order (the current one first).
  public var undoneSteps: [Int] = []
  /// For a move: the numbers of the steps it redid, in order.
  public var redoneSteps: [Int] = []

  /// A change of `kind` to the step named `actionName`, on `receivers`.
  public init(kind: Kind, actionName: String, receivers: [String]) {
    self.kind = kind
    self.actionName = actionName
    self.receivers = receivers
  }

  /// A move through the tree, `actionName` being its statement (`goto 3`), that undid
  /// `undoneSteps` and redid `redoneSteps` (step numbers), on `receivers`.
  public init(movedBy actionName: String, undoneSteps: [Int], redoneSteps: [Int], receivers: [String]) {
    self.init(kind: .moved, actionName: actionName, receivers: receivers)
    (self.undoneSteps, self.redoneSteps) = (undoneSteps, redoneSteps)
  }
}

/// An observer of a session's changes (``Session/observeChanges(_:)``): it is told of
/// every change until ``cancel()`` is called or the token is released.
public final class ChangeObservation {
  private weak var session: Session?
  let id: Int

  init(session: Session, id: Int) {
    self.session = session
    self.id = id
  }

  /// Stops telling the observer of changes.
  public func cancel() {
    session?.removeChangeObserver(id)
    session = nil
  }

  deinit { cancel() }
}

extension Session {
  /// Adds `observer`, told of every change after ``onChange`` and the observers added
  /// before it, for as long as the returned token is kept and not cancelled. Any number of
  /// observers (a `SessionModel`, a view of its own, a log) follow one session; none
  /// replaces another.
  public func observeChanges(_ observer: @escaping (Change) -> Void) -> ChangeObservation {
    nextChangeObserver += 1
    changeObservers.append((nextChangeObserver, observer))
    timeline.tellsChanges = true
    return ChangeObservation(session: self, id: nextChangeObserver)
  }

  func removeChangeObserver(_ id: Int) {
    changeObservers.removeAll { $0.id == id }
    updates.observers.removeAll { $0.id == id }
    timeline.tellsChanges = tellsDone
  }

  /// Whether anyone follows changes: ``onChange`` or an observer.
  var hasChangeObservers: Bool { onChange != nil || !changeObservers.isEmpty || !updates.observers.isEmpty }

  /// Whether the timeline tells of each step done: for the observers of changes, and for
  /// the receivers' ``ReceiverBase/outcomeReport``s when effects are reported.
  var tellsDone: Bool { hasChangeObservers || reportsEffects }

  /// Tells ``onChange`` and every observer of `change`.
  func tell(_ change: Change) {
    onChange?(change)
    for (_, observer) in changeObservers { observer(change) }
    if !updates.observers.isEmpty { updates.changes.append(change) }
  }

  /// The action name of the step that `undo` would undo ("Insert Text"), localised; nil
  /// if there is nothing to undo.
  public var undoActionName: String? { timeline.stepToUndo.map(actionName(ofStep:)) }

  /// The action name of the step that `redo` would redo, localised; nil if none.
  public var redoActionName: String? { timeline.stepToRedo.map(actionName(ofStep:)) }

  /// "Undo Insert Text", or "Undo" when there is nothing to undo, through
  /// ``menuItemTitle``: an Undo menu item's title.
  public var undoMenuItemTitle: String { menuItemTitle(.undone, undoActionName) }
  /// "Redo Insert Text", or "Redo", through ``menuItemTitle``.
  public var redoMenuItemTitle: String { menuItemTitle(.redone, redoActionName) }

  /// A step's action name: a host group's name, a single command's verb's declared
  /// ``Verb/actionName`` (or its statement), a macro call's macro, otherwise the statement
  /// as written canonically; passed through ``localizedActionName``.
  func actionName(ofStep index: Int) -> String {
    let step = timeline.step(index)
    return actionName(of: step.op, statement: step.statement, name: step.name)
  }

  /// The action name of the statement at `statement`, compiled to `op`, named `name` by
  /// a host's group.
  func actionName(of op: Op, statement: SourceRange, name: String?) -> String {
    localizedActionName(unlocalizedActionName(of: op, statement: statement, name: name))
  }

  /// ``actionName(of:statement:name:)`` before ``localizedActionName``.
  func unlocalizedActionName(of op: Op, statement: SourceRange, name: String?) -> String {
    if let name { return name }
    if case .command(let id, _) = op, case let head = commands.heads[Int(id)], head.verb >= 0 {
      let type = type(ofInstance: Int(head.instance))
      if let name = type.verbs[Int(head.verb)].actionName { return name }
    } else if case .call(let call) = op {
      return checkerState.macros[call.macro].name
    }
    return canonicalText(of: statement)
  }

  /// The one change of a move through the tree that undid the steps at storage indices
  /// `undone` and redid `redone`.
  func moveChange(_ move: TreeMove, undone: [Int], redone: [Int]) -> Change {
    var receivers: [String] = []
    for index in undone + redone {
      for name in timeline.instances(ofStep: index).map(instanceName) where !receivers.contains(name) {
        receivers.append(name)
      }
    }
    let number = { (index: Int) in self.timeline.invoker.history.nodes[index].number }
    return Change(
      movedBy: localizedActionName(move.canonical), undoneSteps: undone.map(number), redoneSteps: redone.map(number),
      receivers: receivers)
  }

  /// The change that step `index` made, undone or redone, for ``onChange``.
  func change(_ kind: Change.Kind, step index: Int) -> Change {
    let receivers = timeline.instances(ofStep: index).map(instanceName)
    return Change(kind: kind, actionName: actionName(ofStep: index), receivers: receivers)
  }
}
