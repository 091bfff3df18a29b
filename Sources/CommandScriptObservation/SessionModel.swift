// A session as SwiftUI sees it: what an app's views and menus show, as @Observable
// properties that change once per statement that changes them.

import CommandScript
import Observation

/// What a UI shows of a ``Session``: whether undo and redo are possible and their menu
/// titles, the history, the queued statements and each receiver's state. The properties
/// change after each statement, undo or redo that changes them, and only those: a view
/// that reads `states["todo"]` redraws when the to-do list changes, not when the shape
/// moves.
///
/// ```swift
/// @State var model = SessionModel(session: session)
/// Button(model.undoMenuItemTitle) { try? model.session.undo() }.disabled(!model.canUndo)
/// ```
///
/// It observes the session's changes (``Session/observeChanges(_:)``) beside any other
/// observer and the session's ``Session/onChange``, which the app may set before or after:
/// once per run (``Session/observeUpdates(_:)``), so that `undo(5)` refreshes it once,
/// reading only the receivers the run changed and the steps it made, undid or redid.
@Observable
public final class SessionModel {
  /// The session shown.
  @ObservationIgnored public let session: Session

  public private(set) var canUndo = false
  public private(set) var canRedo = false
  /// "Undo Add Item", or "Undo" (see ``Session/undoMenuItemTitle``).
  public private(set) var undoMenuItemTitle = "Undo"
  public private(set) var redoMenuItemTitle = "Redo"
  /// The history as a line (``Session/history``), kept up to date step by step.
  public var history: [HistoryEntry] {
    access(keyPath: \.history)
    return storedHistory
  }
  /// The whole undo tree (``Session/historyTree``): every step, its number, title, time,
  /// parent and children, and the current state; kept up to date step by step
  /// (``Session/update(_:_:)``), so that a change costs the model as much at the 10,000th
  /// step as at the 100th.
  public var historyTree: HistoryTree {
    access(keyPath: \.historyTree)
    return storedTree
  }
  // Updated in place, never copied: the observation is told by hand when they change.
  @ObservationIgnored private var storedHistory: [HistoryEntry] = []
  @ObservationIgnored private var storedTree: HistoryTree
  /// Whether the current state is the one marked saved (``markSaved()``): a document that
  /// is not dirty.
  public private(set) var isAtSavedState = false
  /// The statements waiting for `run`.
  public private(set) var pending: [String] = []
  /// Each receiver, by name: its state is observed apart, so that a view that shows the
  /// door is not redrawn when the shape moves.
  public private(set) var receivers: [String: ReceiverModel] = [:]

  /// The state of the receiver called `name` (observed as that receiver's alone).
  public func state(of name: String) -> StateValue? { receivers[name]?.state }

  /// Follows the session's changes while the model lives.
  @ObservationIgnored private var observation: ChangeObservation?

  public init(session: Session) {
    self.session = session
    storedTree = session.historyTree
    observation = session.observeUpdates { [weak self] changes in self?.refresh(after: changes) }
    refresh()
  }

  /// Runs script text, as ``Session/run(_:)``, then shows what it changed.
  public func run(_ file: SourceFile) throws(Session.RunError) {
    try session.run(file)
  }

  /// Marks the current state saved (``Session/markSaved()``), as a document app does when
  /// it saves, so that ``isAtSavedState`` is true until a step moves away from it. Calling
  /// the session's own does the same: the model is told.
  public func markSaved() {
    session.markSaved()
  }

  /// How many times the model has read the session since it was made: a run's update is
  /// one read, however many steps it undid.
  @ObservationIgnored public private(set) var refreshes = 0

  /// Reads the session again, every receiver's state included; sets only the properties
  /// whose values changed, so that views that read the others are not redrawn.
  public func refresh() { refresh(receivers: nil) }

  private func refresh(after changes: [Change]) {
    var changed: Set<String> = []
    for change in changes { changed.formUnion(change.receivers) }
    refresh(receivers: changed)
  }

  /// Reads the session again: of the receivers, those named in `changed` (nil: all).
  private func refresh(receivers changed: Set<String>?) {
    refreshes += 1
    update(\.canUndo, to: session.undoCount > 0)
    update(\.canRedo, to: session.redoActionName != nil)
    update(\.undoMenuItemTitle, to: session.undoMenuItemTitle)
    update(\.redoMenuItemTitle, to: session.redoMenuItemTitle)
    let (treeChanged, historyChanged) = session.update(&storedTree, &storedHistory)
    if treeChanged { withMutation(keyPath: \.historyTree) {} }
    if historyChanged { withMutation(keyPath: \.history) {} }
    update(\.isAtSavedState, to: session.isAtSavedState)
    update(\.pending, to: session.pendingStatements)
    let names = session.receiverNames
    if names.count != receivers.count || names.contains(where: { receivers[$0] == nil }) {
      receivers = Dictionary(uniqueKeysWithValues: names.map { ($0, receivers[$0] ?? ReceiverModel()) })
    }
    for (name, model) in receivers where changed?.contains(name) ?? true {
      if let state = session.state(of: name), state != model.state { model.state = state }
    }
  }

  private func update<Value: Equatable>(_ property: ReferenceWritableKeyPath<SessionModel, Value>, to value: Value) {
    if self[keyPath: property] != value { self[keyPath: property] = value }
  }
}

/// One receiver's state in a ``SessionModel``.
@Observable
public final class ReceiverModel {
  public internal(set) var state: StateValue = .null
}
