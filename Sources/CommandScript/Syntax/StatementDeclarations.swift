// Each statement keyword declared once: its usage, its one-line summary and where it may
// stand. `help` and completion read these declarations, so that they cannot drift apart.

/// Where a statement may stand.
enum Placement: Sendable {
  /// At the top level and inside blocks and macro bodies.
  case anywhere
  /// Only as a top-level statement.
  case topLevel
  /// Only as a line of the REPL (the command line handles it; scripts may not use it).
  case repl
  /// Never a statement: a word inside others (`else`, `and`, `true`).
  case inside
}

/// What the language says about one statement keyword.
struct StatementDeclaration: Sendable {
  let usage: String
  let summary: String
  let placement: Placement

  /// Whether the statement always has a block, as its usage shows (`repeat n { ... }`): a
  /// line-by-line reader waits for the `{` on a later line.
  var hasBlock: Bool { usage.contains("{ ... }") }
}

extension Keyword {
  /// The statement's declaration. The switch has no `default:`, so a new keyword does not
  /// compile until it is declared here.
  var declaration: StatementDeclaration {
    switch self {
    case .undo:
      StatementDeclaration(usage: "undo [n]", summary: "undo the last n steps (default 1)", placement: .topLevel)
    case .redo:
      StatementDeclaration(usage: "redo [n]", summary: "redo n undone steps (default 1)", placement: .topLevel)
    case .history:
      StatementDeclaration(
        usage: "history", summary: "show the undo tree: each step by its number", placement: .topLevel)
    case .show:
      StatementDeclaration(
        usage: "show [receiver...]", summary: "print the state of some or every receiver", placement: .anywhere)
    case .use:
      StatementDeclaration(
        usage: "use receiver", summary: "send bare verbs to this receiver first", placement: .topLevel)
    case .help:
      StatementDeclaration(usage: "help [topic]", summary: "this text, or help on one name", placement: .anywhere)
    case .repeat:
      StatementDeclaration(
        usage: "repeat n { ... }", summary: "run the block n times, as one undo step", placement: .anywhere)
    case .macro:
      StatementDeclaration(
        usage: "macro name [param...] { ... }", summary: "define a macro; $param in the body", placement: .topLevel)
    case .transaction:
      StatementDeclaration(
        usage: "transaction [\"name\"] { ... }", summary: "run the block all or nothing", placement: .anywhere)
    case .new:
      StatementDeclaration(
        usage: "new type name", summary: "make another receiver of a type", placement: .topLevel)
    case .queue:
      StatementDeclaration(
        usage: "queue statement", summary: "check a statement now, run it at `run`", placement: .topLevel)
    case .run:
      StatementDeclaration(
        usage: "run", summary: "run the queued statements, each its own step", placement: .topLevel)
    case .pending:
      StatementDeclaration(usage: "pending", summary: "list the queued statements", placement: .topLevel)
    case .discard: StatementDeclaration(usage: "discard", summary: "empty the queue", placement: .topLevel)
    case .batch:
      StatementDeclaration(
        usage: "batch n | off", summary: "run the queue whenever n statements wait", placement: .topLevel)
    case .source:
      StatementDeclaration(
        usage: "source \"file\"", summary: "check and run a script here; its macros stay", placement: .topLevel)
    case .export:
      StatementDeclaration(
        usage: "export [tree] \"file\"", summary: "write the undo steps (or tree) as a script", placement: .topLevel)
    case .if:
      StatementDeclaration(
        usage: "if cond { ... } [else ...]", summary: "run a block if the condition holds",
        placement: .anywhere)
    case .while:
      StatementDeclaration(
        usage: "while cond { ... }", summary: "run the block while the condition holds", placement: .anywhere)
    case .try:
      StatementDeclaration(
        usage: "try { ... } [else { ... }]", summary: "run a block; if it fails, undo it and run else",
        placement: .anywhere)
    case .assert:
      StatementDeclaration(
        usage: "assert cond [\"message\"]", summary: "fail, rolled back, unless it holds",
        placement: .anywhere)
    case .echo:
      StatementDeclaration(
        usage: "echo value...", summary: "print values: words, numbers, (expressions)", placement: .anywhere)
    case .else, .as, .and, .or, .not, .true, .false:
      StatementDeclaration(usage: rawValue, summary: "", placement: .inside)
    // The REPL's own commands: their usage and summary are in the REPL's part of `help`.
    case .goto:
      StatementDeclaration(
        usage: "goto n", summary: "go to the state after step n (0: the start)", placement: .topLevel)
    case .earlier:
      StatementDeclaration(
        usage: "earlier [n | 30s]", summary: "go back n steps in the order made, or in time", placement: .topLevel)
    case .later:
      StatementDeclaration(
        usage: "later [n | 30s]", summary: "go ahead n steps in the order made, or in time", placement: .topLevel)
    case .record: StatementDeclaration(usage: "record name", summary: "", placement: .repl)
    case .end: StatementDeclaration(usage: "end", summary: "", placement: .repl)
    case .macros: StatementDeclaration(usage: "macros [save]", summary: "", placement: .repl)
    }
  }

  /// The statements of the language (the REPL's own left out), in the order `help` lists them.
  static let documented: [Keyword] = [
    .undo, .redo, .goto, .earlier, .later, .history, .show, .use, .help, .repeat, .macro, .transaction, .if, .while,
    .try, .assert, .echo,
    .new, .queue, .run, .pending, .discard, .batch, .source, .export,
  ]
}
