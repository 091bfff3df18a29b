/// A name as written, with where it was written.
struct Name: Sendable {
  var text: String
  var range: SourceRange
  /// The name's number in the compilation's ``SymbolTable``, or -1 when it has none.
  var symbol: SymbolTable.ID = -1
}

/// An argument as written.
enum ArgumentNode: Sendable {
  case integer(Int, SourceRange)
  case word(Name)
  case string(String, SourceRange)
  case parameter(String, SourceRange)

  var range: SourceRange {
    switch self {
    case .integer(_, let r), .string(_, let r), .parameter(_, let r): return r
    case .word(let name): return name.range
    }
  }
}

/// A statement as written. Every node keeps its source range for diagnostics. Only the
/// case that holds a statement is boxed, so a command costs no allocation of its own.
enum Statement: Sendable {
  /// `[receiver.]name arg...`: a receiver command or a macro call; the checker decides.
  case invocation(receiver: Name?, name: Name, arguments: [ArgumentNode], range: SourceRange)
  case block([Statement], range: SourceRange)
  case `repeat`(count: ArgumentNode, body: [Statement], range: SourceRange)
  case transaction([Statement], range: SourceRange)
  case macro(name: Name, parameters: [Name], body: [Statement], range: SourceRange)
  case use(Name, range: SourceRange)
  case undo(count: ArgumentNode?, range: SourceRange)
  case redo(count: ArgumentNode?, range: SourceRange)
  case history(range: SourceRange)
  case show(Name?, range: SourceRange)
  case help(Name?, range: SourceRange)
  /// `new TYPE NAME`: another instance of a receiver type.
  case new(type: Name, name: Name, range: SourceRange)
  /// `queue STATEMENT`: check it now, run it at the next `run`.
  indirect case queue(Statement, range: SourceRange)
  case run(range: SourceRange)
  case pending(range: SourceRange)
  case discard(range: SourceRange)
  /// `batch N` or `batch off`.
  case batch(ArgumentNode, range: SourceRange)
  /// `source "FILE"`: check and run another script here.
  case source(String, range: SourceRange)
  /// `export "FILE"`: write the undo stack as a script.
  case export(String, range: SourceRange)

  var range: SourceRange {
    switch self {
    case .invocation(_, _, _, let r), .block(_, let r), .repeat(_, _, let r), .transaction(_, let r),
      .macro(_, _, _, let r), .use(_, let r), .undo(_, let r), .redo(_, let r), .history(let r),
      .show(_, let r), .help(_, let r), .new(_, _, let r), .queue(_, let r), .run(let r), .pending(let r),
      .discard(let r), .batch(_, let r), .source(_, let r), .export(_, let r):
      return r
    }
  }
}

extension Statement {
  var isTransaction: Bool {
    if case .transaction = self { return true }
    return false
  }

  var isSource: Bool {
    if case .source = self { return true }
    return false
  }

  /// The keyword a built-in statement starts with, for messages.
  var keyword: String {
    switch self {
    case .run: return "run"
    case .pending: return "pending"
    case .discard: return "discard"
    default: return description.prefix { $0 != " " }.description
    }
  }
}

extension ArgumentNode: CustomStringConvertible {
  var description: String {
    switch self {
    case .integer(let n, _): return String(n)
    case .word(let w): return w.text
    case .string(let s, _): return Lexer.stringLiteral(s)
    case .parameter(let p, _): return "$" + p
    }
  }
}

extension Statement: CustomStringConvertible {
  /// The statement in canonical form on one line (`repeat 4 { move right; paint green }`),
  /// as `history` lists it.
  var description: String {
    func block(_ body: [Statement]) -> String {
      body.isEmpty ? "{ }" : "{ " + body.map(\.description).joined(separator: "; ") + " }"
    }
    func words(_ parts: [String?]) -> String { parts.compactMap { $0 }.joined(separator: " ") }
    switch self {
    case .invocation(let receiver, let name, let arguments, _):
      let head = receiver.map { "\($0.text).\(name.text)" } ?? name.text
      return words([head] + arguments.map(\.description))
    case .block(let body, _): return block(body)
    case .repeat(let count, let body, _): return "repeat \(count) \(block(body))"
    case .transaction(let body, _): return "transaction \(block(body))"
    case .macro(let name, let parameters, let body, _):
      return words(["macro", name.text] + parameters.map(\.text) + [block(body)])
    case .use(let name, _): return "use \(name.text)"
    case .undo(let count, _): return words(["undo", count?.description])
    case .redo(let count, _): return words(["redo", count?.description])
    case .history: return "history"
    case .show(let name, _): return words(["show", name?.text])
    case .help(let name, _): return words(["help", name?.text])
    case .new(let type, let name, _): return "new \(type.text) \(name.text)"
    case .queue(let statement, _): return "queue \(statement)"
    case .run: return "run"
    case .pending: return "pending"
    case .discard: return "discard"
    case .batch(let size, _): return "batch \(size)"
    case .source(let path, _): return "source \(Lexer.stringLiteral(path))"
    case .export(let path, _): return "export \(Lexer.stringLiteral(path))"
    }
  }
}
