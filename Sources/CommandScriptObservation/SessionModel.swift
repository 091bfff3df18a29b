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
/// observer and the session's ``Session/onChange``, which the app may set before or after;
/// statements that change no receiver (`queue`, `discard`) are seen when the app runs them
/// through the model's ``run(_:)`` or calls ``refresh()``.
@Observable
public final class SessionModel {
  /// The session shown.
  @ObservationIgnored public let session: Session

  public private(set) var canUndo = false
  public private(set) var canRedo = false
  /// "Undo Add Item", or "Undo" (see ``Session/undoMenuItemTitle``).
  public private(set) var undoMenuItemTitle = "Undo"
  public private(set) var redoMenuItemTitle = "Redo"
  public private(set) var history: [HistoryEntry] = []
  /// The whole undo tree (``Session/historyTree``): every step, its number, title, time,
  /// parent and children, and the current state.
  public private(set) var historyTree: HistoryTree
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
    historyTree = session.historyTree
    observation = session.observeChanges { [weak self] _ in self?.refresh() }
    refresh()
  }

  /// Runs script text, as ``Session/run(_:)``, then shows what it changed.
  public func run(_ file: SourceFile) throws(Session.RunError) {
    defer { refresh() }
    try session.run(file)
  }

  /// Marks the current state saved (``Session/markSaved()``), as a document app does when
  /// it saves, so that ``isAtSavedState`` is true until a step moves away from it.
  public func markSaved() {
    session.markSaved()
    refresh()
  }

  /// Reads the session again; sets only the properties whose values changed, so that
  /// views that read the others are not redrawn.
  public func refresh() {
    update(\.canUndo, to: session.undoCount > 0)
    update(\.canRedo, to: session.redoCount > 0)
    update(\.undoMenuItemTitle, to: session.undoMenuItemTitle)
    update(\.redoMenuItemTitle, to: session.redoMenuItemTitle)
    update(\.history, to: session.history)
    update(\.historyTree, to: session.historyTree)
    update(\.isAtSavedState, to: session.isAtSavedState)
    update(\.pending, to: session.pendingStatements)
    let names = session.receiverNames
    if names.sorted() != receivers.keys.sorted() {
      receivers = Dictionary(uniqueKeysWithValues: names.map { ($0, receivers[$0] ?? ReceiverModel()) })
    }
    for (name, model) in receivers {
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
