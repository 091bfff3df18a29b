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
  /// Only in a macro's body, at any depth of blocks there (`return`).
  case macroBody
}

/// What the language says about one statement keyword.
struct StatementDeclaration: Sendable {
  let usage: String
  let summary: String
  let placement: Placement
  /// A line that uses it, for `help` (empty for the REPL's commands, whose help is the REPL's).
  var example = ""

  /// Whether the statement always has a block, as its usage shows (`repeat n { ... }`): a
  /// line-by-line reader waits for the `{` on a later line. (Not a word inside statements.)
  var hasBlock: Bool { placement != .inside && usage.contains("{ ... }") }
}

extension Keyword {
  /// The statement's declaration. The switch has no `default:`, so a new keyword does not
  /// compile until it is declared here.
  var declaration: StatementDeclaration {
    switch self {
    case .undo:
      StatementDeclaration(
        usage: "undo [n]", summary: "undo the last n steps (default 1)", placement: .topLevel,
        example: "move up; paint red; undo 2")
    case .redo:
      StatementDeclaration(
        usage: "redo [n]", summary: "redo n undone steps (default 1)", placement: .topLevel, example: "undo; redo")
    case .history:
      StatementDeclaration(
        usage: "history [n]", summary: "show the undo tree: each step by its number (the last n)", placement: .topLevel,
        example: "move up; undo; move down; history")
    case .show:
      StatementDeclaration(
        usage: "show [receiver...]", summary: "print the state of some or every receiver", placement: .anywhere,
        example: "show door")
    case .use:
      StatementDeclaration(
        usage: "use receiver", summary: "send bare verbs to this receiver first", placement: .topLevel,
        example: "new door back; use back; open")
    case .help:
      StatementDeclaration(
        usage: "help [topic]", summary: "the index, or help on one name or operator", placement: .anywhere,
        example: "help shape.move")
    case .repeat:
      StatementDeclaration(
        usage: "repeat n [as i] { ... }", summary: "run the block n times, as one undo step; $i is the turn, 1 to n",
        placement: .anywhere, example: "repeat 4 as i { move right $i }")
    case .macro:
      StatementDeclaration(
        usage: "macro name [param...] { ... }", summary: "define a macro; $param in the body", placement: .topLevel,
        example: "macro zig n { move up $n; move right $n }")
    case .transaction:
      StatementDeclaration(
        usage: "transaction [\"name\"] { ... }", summary: "run the block all or nothing", placement: .anywhere,
        example: "transaction \"enter\" { door.unlock; door.open }")
    case .new:
      StatementDeclaration(
        usage: "new type name", summary: "make another receiver of a type", placement: .topLevel,
        example: "new door back; back.lock")
    case .queue:
      StatementDeclaration(
        usage: "queue statement", summary: "check a statement now, run it at `run`", placement: .topLevel,
        example: "queue move up; run")
    case .run:
      StatementDeclaration(
        usage: "run", summary: "run the queued statements, each its own step", placement: .topLevel,
        example: "queue move up; queue paint red; run")
    case .pending:
      StatementDeclaration(
        usage: "pending", summary: "list the queued statements", placement: .topLevel, example: "queue move up; pending"
      )
    case .discard:
      StatementDeclaration(
        usage: "discard", summary: "empty the queue", placement: .topLevel, example: "queue move up; discard")
    case .batch:
      StatementDeclaration(
        usage: "batch n | off", summary: "run the queue whenever n statements wait", placement: .topLevel,
        example: "batch 2; queue move up; queue move down")
    case .source:
      StatementDeclaration(
        usage: "source \"file\"", summary: "check and run a script here; its macros stay", placement: .topLevel,
        example: "source \"lib/shapes.cmd\"")
    case .export:
      StatementDeclaration(
        usage: "export [tree] \"file\"", summary: "write the undo steps (or tree) as a script", placement: .topLevel,
        example: "export \"session.cmd\"")
    case .if:
      StatementDeclaration(
        usage: "if cond { ... } [else ...]", summary: "run a block if the condition holds",
        placement: .anywhere, example: "if door.locked { door.unlock } else if door.open { door.close }")
    case .while:
      StatementDeclaration(
        usage: "while cond { ... }", summary: "run the block while the condition holds", placement: .anywhere,
        example: "while shape.x < 5 { move right }")
    case .try:
      StatementDeclaration(
        usage: "try { ... } [else [as e] { ... }]", summary: "undo a failed block and run else",
        placement: .anywhere, example: "try { vehicle.send } else as e { echo (\"not sent: \" + $e) }")
    case .assert:
      StatementDeclaration(
        usage: "assert cond [\"message\"]", summary: "fail, rolled back, unless it holds",
        placement: .anywhere, example: "assert shape.x < 10 \"too far right\"")
    case .echo:
      StatementDeclaration(
        usage: "echo value...", summary: "print values: words, numbers, (expressions)", placement: .anywhere,
        example: "echo \"x is\" (shape.x)")
    // Words inside statements: `help not` says what each does.
    case .else:
      StatementDeclaration(
        usage: "... } else { ... }", summary: "what `if` runs when no condition holds, or `try` when its block fails",
        placement: .inside, example: "if door.open { door.close } else { door.open }")
    case .as:
      StatementDeclaration(
        usage: "repeat n as i { ... } | try { ... } else as e { ... }",
        summary: "names the turn ($i, 1 to n) or the failure's message ($e)", placement: .inside,
        example: "repeat 3 as i { echo \"turn $i\" }")
    case .and:
      StatementDeclaration(
        usage: "cond and cond", summary: "holds if both do; the right is asked only if the left holds",
        placement: .inside, example: "if door.locked and not door.open { door.unlock }")
    case .or:
      StatementDeclaration(
        usage: "cond or cond", summary: "holds if either does; the right is asked only if the left does not",
        placement: .inside, example: "if board.winner == X or board.winner == O { echo \"game over\" }")
    case .not:
      StatementDeclaration(
        usage: "not cond", summary: "holds if the condition does not", placement: .inside,
        example: "while not door.open { door.unlock; door.open }")
    case .true:
      StatementDeclaration(
        usage: "true", summary: "the boolean that holds", placement: .inside, example: "if true { echo \"always\" }")
    case .false:
      StatementDeclaration(
        usage: "false", summary: "the boolean that does not hold", placement: .inside,
        example: "echo (false or door.open)")
    // The REPL's own commands: their usage and summary are in the REPL's part of `help`.
    case .goto:
      StatementDeclaration(
        usage: "goto n", summary: "go to the state after step n (0: the start)", placement: .topLevel,
        example: "move up; undo; paint red; goto 1")
    case .earlier:
      StatementDeclaration(
        usage: "earlier [n | 30s]", summary: "go back n steps in the order made, or in time", placement: .topLevel,
        example: "move up; undo; paint red; earlier 2")
    case .later:
      StatementDeclaration(
        usage: "later [n | 30s]", summary: "go ahead n steps in the order made, or in time", placement: .topLevel,
        example: "move up; paint red; earlier 2; later 1")
    case .let:
      StatementDeclaration(
        usage: "let name = value", summary: "name a value for the rest of the block ($name)", placement: .anywhere,
        example: "let start = shape.x; move right 3; echo (shape.x - $start)")
    case .var:
      StatementDeclaration(
        usage: "var name = value", summary: "declare a variable: name = value assigns it, undone with its step",
        placement: .anywhere, example: "var n = 0; while $n < 3 { move up; n = $n + 1 }")
    case .break:
      StatementDeclaration(
        usage: "break", summary: "end the innermost repeat or while", placement: .anywhere,
        example: "while true { move right; if shape.x >= 5 { break } }")
    case .continue:
      StatementDeclaration(
        usage: "continue", summary: "go on with the loop's next turn", placement: .anywhere,
        example: "repeat 6 as i { if $i % 2 == 0 { continue }; echo $i }")
    case .return:
      StatementDeclaration(
        usage: "return value", summary: "end a macro with a value; call it in expressions: name args",
        placement: .macroBody, example: "macro double n { return ($n * 2) }; echo (double 3 + 1)")
    case .record: StatementDeclaration(usage: "record name", summary: "", placement: .repl)
    case .end: StatementDeclaration(usage: "end", summary: "", placement: .repl)
    case .macros: StatementDeclaration(usage: "macros [save]", summary: "", placement: .repl)
    }
  }

  /// The statements of the language (the REPL's own left out), in the order `help` lists them.
  static let documented: [Keyword] = [
    .undo, .redo, .goto, .earlier, .later, .history, .show, .use, .help, .repeat, .macro, .transaction, .if, .while,
    .try, .assert, .echo, .let, .var, .break, .continue, .return,
    .new, .queue, .run, .pending, .discard, .batch, .source, .export,
  ]

  /// The words inside statements that `help` explains (`help not`), in the order it lists them.
  static let conditionWords: [Keyword] = [.and, .or, .not, .true, .false, .else, .as]
}
