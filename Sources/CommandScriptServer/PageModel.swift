// What the page is told, as JSON: the receiver types' declarations (from which it makes its
// buttons, menus and keys), the receivers' states, the history, and each entry's outcome.

import CommandScript

/// The declarations of every receiver type: the same the checker, help and completion use.
struct Declarations: Encodable {
  struct TypeInfo: Encodable {
    var name: String
    var summary: String
    var verbs: [VerbEntry]
  }
  /// A verb's declaration (the library's `MemberDeclaration`, which the checker and help
  /// read too) as the page's JSON carries it.
  struct VerbEntry: Encodable {
    var name: String
    var summary: String
    var undoable: Bool
    var actionName: String?
    var parameters: [ParameterInfo]
  }
  /// One parameter: `kind` is integer, decimal, word, string or boolean; `min` and `max`
  /// bound a number (absent where unbounded); `words` are a word set's members.
  struct ParameterInfo: Encodable {
    var name: String
    var kind: String
    var min: Double?
    var max: Double?
    var words: [String]?
    var defaultValue: String?
  }

  var types: [TypeInfo]
  /// The types some verb of which declares when it cannot work (``Availability``).
  let typesWithConditions: Set<String>

  private enum CodingKeys: CodingKey { case types }

  init(_ registry: ReceiverRegistry) {
    typesWithConditions = Set(
      registry.types.filter { $0.verbs.contains { !$0.availability.isEmpty } }.map(\.name))
    types = registry.types.map { type in
      TypeInfo(
        name: type.name, summary: type.summary,
        verbs: type.verbs.map { verb in
          VerbEntry(
            name: verb.name, summary: verb.summary, undoable: verb.isUndoable, actionName: verb.actionName,
            parameters: verb.parameters.map(Self.parameter))
        })
    }
  }

  /// A bound as JSON can carry it: nil for the open ends of a range.
  private static func bound(_ x: Double) -> Double? { x.isFinite && abs(x) < 9e15 ? x : nil }

  private static func parameter(_ parameter: Parameter) -> ParameterInfo {
    var info = ParameterInfo(name: parameter.name, kind: parameter.kind.name)
    // The bounds or the words of the kinds that have them.
    if case .integer(let range) = parameter.kind {
      (info.min, info.max) = (bound(Double(range.lowerBound)), bound(Double(range.upperBound)))
    } else if case .decimal(let range) = parameter.kind {
      (info.min, info.max) = (bound(range.lowerBound), bound(range.upperBound))
    } else if case .word(let set) = parameter.kind {
      info.words = set.words
    }
    switch parameter.defaultValue {
    // As the statement the page sends writes it (a string is quoted by the page).
    case .string(let s)?: info.defaultValue = s
    case .decimal(let x)? where !x.isFinite: info.defaultValue = String(x)
    case let value?: info.defaultValue = ScriptString.argument(value, words: info.words)
    case nil: break
    }
    return info
  }
}

/// The session as the page draws it, or what changed in it since the version before
/// (`from`): the receivers (as `show` gives them, with their views and pictures) that
/// changed, the names of all of them, the rows of the history tree that changed (by index),
/// and the titles of Undo and Redo. A full one (`full`) has every receiver and the last
/// ``PageState/rowsSent`` rows; a page asks for other rows when it shows them.
struct Snapshot: Encodable {
  struct Receiver: Encodable, Equatable {
    var name: String
    var type: String
    var state: StateValue
    var description: String
    var view: StateValue?
    /// The receiver's picture as rows of cells, each `[glyph, role]`.
    var picture: [[[String]]]?
    /// Its verbs that cannot work now, each with why (``Session/unavailableVerbs(of:)``):
    /// the page disables their controls and says why. Absent for a receiver whose type
    /// declares no condition; sent again, with the receiver, whenever it changes.
    var unavailable: [String: String]?
  }
  struct Step: Encodable {
    var number: Int
    var statement: String
    var undone: Bool
  }

  /// One line of the history tree as the page draws it (``HistoryTree/rows``), at `index`
  /// among them: a click on it goes there (`goto N`).
  struct TreeRow: Encodable, Equatable {
    var index: Int
    var prefix: String
    var number: Int
    /// The step it followed (0: the state before every step).
    var parent: Int
    var statement: String
    /// `current` (the state is right after it), `applied` (the state stands on it) or
    /// `undone`.
    var mark: String
  }

  /// Whether this is the whole session (a page starts over from it).
  var full = false
  /// This state's number; a page applies a difference only to the version it came `from`.
  var version = 0
  var from: Int?
  var receivers: [Receiver] = []
  /// Every receiver's name, in order.
  var names: [String] = []
  /// How many rows the history tree has.
  var rowCount = 0
  var rows: [TreeRow] = []
  /// The current step's number (0: before every step), and the saved one's, if any.
  var current = 0
  var saved: Int?
  var undoTitle = "Undo"
  var redoTitle = "Redo"
  var canUndo = false
  var canRedo = false
  /// The session's change events since the last snapshot: which receivers to flash.
  var changes: [ChangeInfo] = []

  static func picture(_ picture: Picture?) -> [[[String]]]? {
    picture?.rows.map { row in row.map { [String($0.glyph), role($0.role)] } }
  }

  /// A role as a CSS class: `plain`, `faint`, `axis`, `label`, `mark`, `highlight`, or a
  /// colour's name (`red`), with `-strong` when it is drawn bold.
  static func role(_ role: Picture.Role) -> String {
    switch role {
    case .plain: "plain"
    case .faint: "faint"
    case .axis: "axis"
    case .label: "label"
    case .mark: "mark"
    case .highlight: "highlight"
    case .colour(let name, let strong): strong ? name + "-strong" : name
    }
  }
}

/// One change event (``Change``), as the page reads it.
struct ChangeInfo: Encodable, Equatable {
  var kind: String
  var actionName: String
  var receivers: [String]

  init(_ change: Change) {
    switch change.kind {
    case .done: kind = "done"
    case .undone: kind = "undone"
    case .redone: kind = "redone"
    case .moved: kind = "moved"
    }
    actionName = change.actionName
    receivers = change.receivers
  }
}

/// One output of an entry, for the console: `text` (echo, help, a report, …), `shown` (a
/// receiver's state) or `history`.
struct OutputInfo: Encodable {
  var kind: String
  var text: String?
  var receiver: String?
  var type: String?
  var history: [Snapshot.Step]?

  init(_ output: Output) {
    switch output {
    case .state(let receiver, let type, _, let description):
      (kind, self.receiver, self.type, text) = ("shown", receiver, type, description)
    case .shown(let shown):
      (kind, receiver, type, text) = ("shown", shown.receiver, shown.type, shown.description)
    case .history(let tree):
      kind = "history"
      history = tree.linear.map { Snapshot.Step(number: $0.number, statement: $0.statement, undone: $0.undone) }
    case .help(let text): (kind, self.text) = ("text", text)
    case .pending(let statements):
      (kind, text) = ("text", statements.isEmpty ? "(nothing pending)" : statements.joined(separator: "\n"))
    case .queueRun(let finished, let failed):
      (kind, text) = ("text", "ran \(finished + failed) queued: \(finished) finished, \(failed) failed")
    case .echo(let line), .report(let line), .value(_, text: let line): (kind, text) = ("text", line)
    }
  }
}

/// A diagnostic at its place in the entry.
struct DiagnosticInfo: Encodable {
  var severity: String
  var message: String
  var line: Int
  var column: Int
  var length: Int
  var notes: [String]
  var suggestion: String?

  init(_ diagnostic: Diagnostic) {
    severity = diagnostic.severity.rawValue
    message = diagnostic.message
    line = diagnostic.location.line
    column = diagnostic.location.column
    length = diagnostic.location.length
    notes = diagnostic.notes.map { note in note.location.map { "\($0): \(note.message)" } ?? note.message }
    suggestion = diagnostic.suggestion
  }
}

/// What an entry did, sent to every page: the entry as typed or made by a control, from
/// which page (`client`) and with which of its request numbers (`id`).
struct EntryReport: Encodable {
  var type = "entry"
  var client: Int
  var id: Int?
  var source: String
  var outputs: [OutputInfo] = []
  var diagnostics: [DiagnosticInfo] = []
  /// Whether a statement failed at run time (and was rolled back).
  var failed = false
  /// Whether it did not compile, so nothing ran.
  var rejected = false
  /// Whether it needs more lines (an open block or string): nothing ran, and only its
  /// page is told.
  var incomplete = false
}
