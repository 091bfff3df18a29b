/// A name as written, with where it was written: a plain value (its text is in the
/// compilation's ``SymbolTable``), so that syntax nodes copy without reference counting.
struct Name: Sendable {
  var symbol: SymbolTable.ID
  var range: SourceRange
}

/// An argument as written.
enum ArgumentNode: Sendable {
  case integer(Int, SourceRange)
  case word(Name)
  case string(String, SourceRange)
  /// `$name`: the name without its `$`.
  case parameter(Name)

  var range: SourceRange {
    switch self {
    case .integer(_, let r), .string(_, let r): return r
    case .word(let name), .parameter(let name): return name.range
    }
  }
}

/// Where a parser keeps the arguments of the invocations it parses, one after another,
/// so that parsing a command allocates nothing of its own.
final class ArgumentBuffer: @unchecked Sendable {
  // Unchecked: a parser appends to the buffer only before it hands out the statements
  // that read the new arguments, and empties it only when no statement refers to it.
  /// The arguments are `nodes[..<count]`; the slots after them are kept for reuse.
  @exclusivity(unchecked) private(set) var nodes: [ArgumentNode] = []
  @exclusivity(unchecked) private(set) var count = 0

  func append(_ node: ArgumentNode) {
    if count < nodes.count { nodes[count] = node } else { nodes.append(node) }
    count += 1
  }

  /// Starts over, keeping the slots.
  func removeAll() { count = 0 }
}

/// The arguments of one invocation, numbered from 0: a stretch of its parser's
/// ``ArgumentBuffer``.
struct ArgumentList: RandomAccessCollection, Sendable {
  let buffer: ArgumentBuffer
  let first: Int
  let count: Int

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(i: Int) -> ArgumentNode {
    precondition(i >= 0 && i < count, "argument index out of range")
    return buffer.nodes[first + i]
  }
}

/// A statement as written: what it is, and where (kept apart, so that reading the range
/// needs no look into the statement's kind).
struct Statement: Sendable {
  var kind: Kind
  var range: SourceRange

  init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  /// The kinds of statement. Every node keeps its source range for diagnostics. Only the
  /// kind that holds a statement is boxed, so a command costs no allocation of its own.
  enum Kind: Sendable {
    /// `[receiver.]name arg...`: a receiver command or a macro call; the checker decides.
    case invocation(receiver: Name?, name: Name, arguments: ArgumentList)
    case block([Statement])
    case `repeat`(count: ArgumentNode, body: [Statement])
    case transaction([Statement])
    case macro(name: Name, parameters: [Name], body: [Statement])
    case use(Name)
    case undo(count: ArgumentNode?)
    case redo(count: ArgumentNode?)
    case history
    case show(Name?)
    case help(Name?)
    /// `new TYPE NAME`: another instance of a receiver type.
    case new(type: Name, name: Name)
    /// `queue STATEMENT`: check it now, run it at the next `run`.
    indirect case queue(Statement)
    case run
    case pending
    case discard
    /// `batch N` or `batch off`.
    case batch(ArgumentNode)
    /// `source "FILE"`: check and run another script here.
    case source(String)
    /// `export "FILE"`: write the undo stack as a script.
    case export(String)
  }
}

extension Statement {
  var isTransaction: Bool {
    if case .transaction = kind { return true }
    return false
  }

  var isSource: Bool {
    if case .source = kind { return true }
    return false
  }
}

extension ArgumentNode {
  /// The argument as written, in canonical form.
  func canonical(_ symbols: SymbolTable) -> String {
    switch self {
    case .integer(let n, _): return String(n)
    case .word(let w): return symbols[w.symbol]
    case .string(let s, _): return Lexer.stringLiteral(s)
    case .parameter(let p): return "$" + symbols[p.symbol]
    }
  }
}

extension Statement {
  /// The statement in canonical form on one line (`repeat 4 { move right; paint green }`),
  /// as `history` lists it; `symbols` holds its names.
  func canonical(_ symbols: SymbolTable) -> String {
    func block(_ body: [Statement]) -> String {
      body.isEmpty ? "{ }" : "{ " + body.map { $0.canonical(symbols) }.joined(separator: "; ") + " }"
    }
    func words(_ parts: [String?]) -> String { parts.compactMap { $0 }.joined(separator: " ") }
    func text(_ name: Name) -> String { symbols[name.symbol] }
    switch kind {
    case .invocation(let receiver, let name, let arguments):
      let head = receiver.map { "\(text($0)).\(text(name))" } ?? text(name)
      return words([head] + arguments.map { $0.canonical(symbols) })
    case .block(let body): return block(body)
    case .repeat(let count, let body): return "repeat \(count.canonical(symbols)) \(block(body))"
    case .transaction(let body): return "transaction \(block(body))"
    case .macro(let name, let parameters, let body):
      return words(["macro", text(name)] + parameters.map(text) + [block(body)])
    case .use(let name): return "use \(text(name))"
    case .undo(let count): return words(["undo", count?.canonical(symbols)])
    case .redo(let count): return words(["redo", count?.canonical(symbols)])
    case .history: return "history"
    case .show(let name): return words(["show", name.map(text)])
    case .help(let name): return words(["help", name.map(text)])
    case .new(let type, let name): return "new \(text(type)) \(text(name))"
    case .queue(let statement): return "queue \(statement.canonical(symbols))"
    case .run: return "run"
    case .pending: return "pending"
    case .discard: return "discard"
    case .batch(let size): return "batch \(size.canonical(symbols))"
    case .source(let path): return "source \(Lexer.stringLiteral(path))"
    case .export(let path): return "export \(Lexer.stringLiteral(path))"
    }
  }
}
