// The syntax tree: what the parser builds and the checker reads. Statements and arguments are
// plain values in flat lists of one tree per top-level statement.

/// A name as written, with where it was written: a plain value (its text is in the
/// compilation's ``SymbolTable``), so that syntax nodes copy without reference counting.
struct Name: Sendable, BitwiseCopyable {
  var symbol: SymbolTable.ID
  var range: SourceRange
}

/// The receiver a command or a query is addressed to: an instance by name (`door.close`),
/// or a macro's receiver parameter (`$d.close`), bound to an instance at each call.
struct Target: Sendable, BitwiseCopyable {
  var name: Name
  var isParameter: Bool

  var range: SourceRange { name.range }
}

/// Consecutive entries of one of a ``SyntaxTree``'s lists: `first..<first + count`.
struct NodeRange: Sendable, BitwiseCopyable {
  var first: Int32
  var count: Int32
}

/// An argument as written.
enum ArgumentNode: Sendable, BitwiseCopyable {
  case integer(Int, SourceRange)
  case decimal(Double, SourceRange)
  case word(Name)
  /// A string literal: its unescaped text is `strings[index]` of its tree.
  case string(index: Int32, SourceRange)
  /// `$name`: the name without its `$`.
  case parameter(Name)
  /// `( expression )`: the expression is `expressions[index]` of its tree; the range
  /// includes the parentheses.
  case expression(index: Int32, SourceRange)

  var range: SourceRange {
    switch self {
    case .integer(_, let r), .decimal(_, let r), .string(_, let r), .expression(_, let r): return r
    case .word(let name), .parameter(let name): return name.range
    }
  }
}

/// The operators of conditions and integer expressions.
enum Operator: UInt8, Sendable, BitwiseCopyable {
  case or, and, not
  case equal, notEqual, less, lessEqual, greater, greaterEqual
  case plus, minus, times, divide, remainder, negate

  /// How it is written.
  var symbol: String {
    switch self {
    case .or: "or"
    case .and: "and"
    case .not: "not"
    case .equal: "=="
    case .notEqual: "!="
    case .less: "<"
    case .lessEqual: "<="
    case .greater: ">"
    case .greaterEqual: ">="
    case .plus: "+"
    case .minus, .negate: "-"
    case .times: "*"
    case .divide: "/"
    case .remainder: "%"
    }
  }

  /// Whether it makes a number of numbers: `+ - * / %` and unary minus.
  var isArithmetic: Bool {
    switch self {
    case .plus, .minus, .times, .divide, .remainder, .negate: true
    case .or, .and, .not, .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual: false
    }
  }

  /// Binding strength: `or` 1, `and` 2, `not` 3, comparisons 4, `+ -` 5, `* / %` 6, unary
  /// minus 7.
  var precedence: Int {
    switch self {
    case .or: 1
    case .and: 2
    case .not: 3
    case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual: 4
    case .plus, .minus: 5
    case .times, .divide, .remainder: 6
    case .negate: 7
    }
  }
}

/// An expression as written: a condition, a `( … )` argument. Operands are indices into
/// the tree's `expressions`.
enum ExpressionNode: Sendable, BitwiseCopyable {
  case integer(Int, SourceRange)
  case decimal(Double, SourceRange)
  /// A word: `true`, `false`, or a word literal compared with a query (`X`, `red`).
  case word(Name)
  case string(index: Int32, SourceRange)
  case parameter(Name)
  /// `receiver.query argument…`: the arguments are a range of the tree's `queryArguments`.
  case query(receiver: Target, name: Name, arguments: NodeRange, range: SourceRange)
  /// `not a`, `-a`: `at` is the operator's range, `range` the whole expression's.
  case unary(Operator, operand: Int32, at: SourceRange, range: SourceRange)
  case binary(Operator, left: Int32, right: Int32, at: SourceRange, range: SourceRange)
  /// `( … )`, kept so that the canonical text keeps the author's grouping.
  case group(Int32, range: SourceRange)
  /// `NAME argument…`: a call of a macro that returns a value; the arguments, written as a
  /// query's, are a range of the tree's `queryArguments`.
  case call(name: Name, arguments: NodeRange, range: SourceRange)

  var range: SourceRange {
    switch self {
    case .integer(_, let r), .decimal(_, let r), .string(_, let r): r
    case .word(let name), .parameter(let name): name.range
    case .query(_, _, _, let r), .unary(_, _, _, let r), .binary(_, _, _, _, let r), .group(_, let r),
      .call(_, _, let r):
      r
    }
  }
}

/// A statement as written: what it is, and where (kept apart, so that reading the range
/// needs no look into the statement's kind).
///
/// A plain value: what it contains (a block's statements, a command's arguments, a
/// string's text) is in its ``SyntaxTree`` and referred to by position, so statements copy
/// and die without reference counting or a look at their kind.
struct Statement: Sendable, BitwiseCopyable {
  var kind: Kind
  var range: SourceRange

  init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  /// The kinds of statement. Spans and indices are into the statement's tree.
  enum Kind: Sendable, BitwiseCopyable {
    /// `[receiver.]name arg...`: a receiver command or a macro call; the checker decides.
    /// The arguments are a span of the tree's `arguments`.
    case invocation(receiver: Target?, name: Name, arguments: NodeRange)
    /// Blocks' bodies are spans of the tree's `statements`.
    case block(NodeRange)
    case `repeat`(count: ArgumentNode, body: NodeRange)
    /// `transaction ["NAME"] { … }`: the name, which names its undo step, is
    /// `strings[index]` of the tree.
    case transaction(NodeRange, name: Int32?)
    /// The parameters are a span of the tree's `names`.
    case macro(name: Name, parameters: NodeRange, body: NodeRange)
    case use(Name)
    case undo(count: ArgumentNode?)
    case redo(count: ArgumentNode?)
    /// `history [N]`.
    case history(count: ArgumentNode?)
    /// `goto N`, `earlier …`, `later …`: a move through the undo tree.
    case move(TreeMove)
    /// `show [NAME…]`: the names are a range of the tree's `names` (none: every receiver).
    case show(NodeRange)
    /// `help`, `help NAME`, `help RECEIVER.MEMBER` (a verb or a query).
    case help(Name?, member: Name?)
    /// `new TYPE NAME`: another instance of a receiver type.
    case new(type: Name, name: Name)
    /// `queue STATEMENT`: check it now, run it at the next `run`. The statement is
    /// `statements[index]` of the tree.
    case queue(index: Int32)
    case run
    case pending
    case discard
    /// `batch N` or `batch off`.
    case batch(ArgumentNode)
    /// `source "FILE"`: check and run another script here. The file name is
    /// `strings[index]` of the tree.
    case source(index: Int32)
    /// `export "FILE"`: write the undo stack as a script; `export tree "FILE"`, a script
    /// that rebuilds the whole undo tree.
    case export(index: Int32, tree: Bool)
    /// `if CONDITION { … } else { … }`: the condition is `expressions[condition]`; an
    /// `else if` is an `otherwise` body of one `if` statement; no `else` is an empty body.
    case `if`(condition: Int32, then: NodeRange, otherwise: NodeRange)
    case `while`(condition: Int32, body: NodeRange)
    /// `repeat COUNT as NAME { … }`: NAME is `names[name]`; `$NAME` is the turn, from 1.
    case countedRepeat(count: ArgumentNode, name: Int32, body: NodeRange)
    /// `try { … } else [as NAME] { … }`: `otherwise` is nil without `else`, `failure` the
    /// index in `names` of the name the `else` block calls the failure's message, if given.
    case `try`(body: NodeRange, otherwise: NodeRange?, failure: Int32?)
    /// `assert CONDITION ["message"]`: the message is `strings[index]`.
    case assert(condition: Int32, message: Int32?)
    /// `echo argument…`: the arguments are a range of the tree's `arguments`.
    case echo(arguments: NodeRange)
    /// `let NAME = EXPR` (`isLet`) or `var NAME = EXPR`: the value is `expressions[value]`.
    case declare(name: Name, value: Int32, isLet: Bool)
    /// `NAME = EXPR`.
    case assign(name: Name, value: Int32)
    /// `break` (`isBreak`) or `continue`.
    case loopExit(isBreak: Bool)
    /// `return EXPR`: the value is `expressions[value]`.
    case returnValue(value: Int32)
  }

  var isTransaction: Bool {
    if case .transaction = kind { return true }
    return false
  }

  var isSource: Bool {
    if case .source = kind { return true }
    return false
  }
}

/// What one top-level statement contains, in flat lists of plain values: the statements of
/// its blocks (each block's consecutive), the arguments of its commands, the parameters of
/// its macro, its strings.
///
/// A parser fills one tree per top-level statement and reuses it for the next once nothing
/// refers to it, so parsing allocates nothing per statement and a script of any length is
/// parsed in the memory of its largest statement.
final class SyntaxTree: @unchecked Sendable {
  // Unchecked: only the parser that made a tree changes it, before it hands it out, and
  // it empties the tree only when nothing else refers to it.
  @exclusivity(unchecked) private(set) var statements = PlainList<Statement>()
  @exclusivity(unchecked) private(set) var arguments = PlainList<ArgumentNode>()
  @exclusivity(unchecked) private(set) var names = PlainList<Name>()
  @exclusivity(unchecked) private(set) var expressions = PlainList<ExpressionNode>()
  /// The arguments of queries: apart from `arguments`, so that a query inside a command's
  /// `( … )` argument does not split the command's arguments.
  @exclusivity(unchecked) private(set) var queryArguments = PlainList<ArgumentNode>()
  @exclusivity(unchecked) private(set) var strings: [String] = []
  /// What the names' symbols stand for.
  let symbols: SymbolTable

  init(symbols: SymbolTable) {
    self.symbols = symbols
  }

  /// A tree with nothing in it, for checking what needs no tree.
  static let empty = SyntaxTree(symbols: SymbolTable())

  func add(_ statement: Statement) -> Int32 { statements.append(statement) }
  func add(_ argument: ArgumentNode) { _ = arguments.append(argument) }
  func add(_ name: Name) { _ = names.append(name) }
  func add(_ expression: ExpressionNode) -> Int32 { expressions.append(expression) }
  /// Appends a query's arguments, consecutive.
  func addQueryArguments(_ list: [ArgumentNode]) -> NodeRange {
    let range = NodeRange(
      first: Int32(truncatingIfNeeded: queryArguments.count), count: Int32(truncatingIfNeeded: list.count))
    for argument in list { _ = queryArguments.append(argument) }
    return range
  }
  func add(_ string: String) -> Int32 {
    strings.append(string)
    return Int32(truncatingIfNeeded: strings.count - 1)
  }

  /// Appends statements as one block body.
  func addBody(_ body: ArraySlice<Statement>) -> NodeRange {
    let span = NodeRange(
      first: Int32(truncatingIfNeeded: statements.count), count: Int32(truncatingIfNeeded: body.count))
    for statement in body { _ = statements.append(statement) }
    return span
  }

  /// Drops the arguments from `first` on (a command's, done with), keeping their memory.
  @inline(__always) func removeArguments(from first: Int32) { arguments.removeLast(from: Int(first)) }

  /// Empties every list, keeping their memory. (Inlined: the parser calls it once a statement.)
  @inline(__always) func removeAll() {
    statements.removeAll()
    arguments.removeAll()
    names.removeAll()
    expressions.removeAll()
    queryArguments.removeAll()
    if !strings.isEmpty { strings.removeAll(keepingCapacity: true) }
  }
}

/// A growable list of plain values that owns its memory (so it cannot be copied): read
/// and handed out (as buffers, valid while the list lives and does not change) without
/// reference counting or uniqueness checks.
struct PlainList<Element: BitwiseCopyable>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  private(set) var count = 0

  init() {
    capacity = 16
    base = .allocate(capacity: capacity)
  }

  /// Appends `element` and returns its index.
  @inline(__always) mutating func append(_ element: Element) -> Int32 {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    // Below the capacity, itself an allocation's count: no overflow.
    count &+= 1
    return Int32(truncatingIfNeeded: count &- 1)
  }

  /// Doubles the capacity. Out of line: rare, and the parser's loops inline `append`.
  @inline(never) private mutating func grow() {
    let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    grown.moveInitialize(from: base, count: count)
    base.deallocate()
    base = grown
    capacity *= 2
  }

  subscript(i: Int) -> Element {
    precondition(i >= 0 && i < count, "index out of range")
    return base[i]
  }

  /// The entries in `range`, valid while the list lives and does not change: their bounds
  /// checked once, not each entry's.
  func entries(_ range: NodeRange) -> UnsafeBufferPointer<Element> {
    // (Neither is negative when their bits or'd are not: one test for the two.)
    precondition(range.first | range.count >= 0 && Int(range.first) + Int(range.count) <= count)
    return UnsafeBufferPointer(start: base + Int(range.first), count: Int(range.count))
  }

  /// A copy of the entries in `range` (a block's statements, a macro's parameters).
  subscript(range: NodeRange) -> [Element] { Array(entries(range)) }

  /// Empties the list, keeping its memory (plain values need no clean-up).
  mutating func removeAll() { count = 0 }

  /// Drops the entries from `first` on, keeping their memory.
  mutating func removeLast(from first: Int) {
    precondition(first >= 0 && first <= count, "index out of range")
    count = first
  }

  deinit { base.deallocate() }
}

/// The arguments of one invocation, numbered from 0: a range of its tree's `arguments`,
/// read through the tree, so that keeping one keeps the tree (no pointer into it).
struct ArgumentList: RandomAccessCollection {
  let tree: SyntaxTree
  private let first: Int
  let endIndex: Int
  var startIndex: Int { 0 }

  init(_ range: NodeRange, of tree: SyntaxTree) {
    self.tree = tree
    first = Int(range.first)
    endIndex = Int(range.count)
  }

  subscript(i: Int) -> ArgumentNode {
    // The tree's list checks its own bounds; this range's are the caller's (indices).
    assert(i >= 0 && i < endIndex, "index out of range")
    return tree.arguments[first + i]
  }
}

/// A top-level statement and the tree that holds what it contains: what
/// ``Parser/nextStatement()`` returns, and the checker checks.
struct ParsedStatement: Sendable {
  var root: Statement
  var tree: SyntaxTree

  var kind: Statement.Kind { root.kind }
  var range: SourceRange { root.range }

  /// The statement in canonical form on one line (`repeat 4 { move right; paint green }`),
  /// as `history` lists it.
  var canonical: String { tree.canonical(root) }
}

extension SyntaxTree {
  /// A command's or query's receiver as written: `door`, `$d`.
  func text(of target: Target) -> String {
    (target.isParameter ? "$" : "") + symbols[target.name.symbol]
  }

  /// An argument as written, in canonical form.
  func canonical(_ argument: ArgumentNode) -> String {
    switch argument {
    case .integer(let n, _): return ScriptString.integer(n)
    case .decimal(let x, _): return ScriptString.decimal(x)
    case .word(let w): return symbols[w.symbol]
    case .string(let index, _): return ScriptString.canonical(strings[Int(index)])
    case .parameter(let p): return "$" + symbols[p.symbol]
    case .expression(let index, _): return "(" + canonical(expression: index) + ")"
    }
  }

  /// An expression in canonical form: one space around each binary operator, the
  /// author's parentheses kept.
  func canonical(expression index: Int32) -> String {
    switch expressions[Int(index)] {
    case .integer(let n, _): return ScriptString.integer(n)
    case .decimal(let x, _): return ScriptString.decimal(x)
    case .word(let w): return symbols[w.symbol]
    case .string(let i, _): return ScriptString.canonical(strings[Int(i)])
    case .parameter(let p): return "$" + symbols[p.symbol]
    case .query(let receiver, let name, let arguments, _):
      return ([text(of: receiver) + "." + symbols[name.symbol]] + queryArguments[arguments].map(canonical))
        .joined(separator: " ")
    case .unary(let op, let operand, _, _):
      return op == .not ? "not " + canonical(expression: operand) : "-" + canonical(expression: operand)
    case .binary(let op, let left, let right, _, _):
      return canonical(expression: left) + " \(op.symbol) " + canonical(expression: right)
    case .group(let inner, _): return "(" + canonical(expression: inner) + ")"
    case .call(let name, let arguments, _):
      return ([symbols[name.symbol]] + queryArguments[arguments].map(canonical)).joined(separator: " ")
    }
  }

  /// Whether `statement` is written in `bytes`, its source, exactly in its canonical form,
  /// answered without writing that form: a command whose arguments are words and plain
  /// integers, one space apart (`move up`, `door.open`, `move left 9`), which is what nearly
  /// every line of a stream is. False for anything else, written canonically or not.
  @inline(__always) func isWrittenCanonically(_ statement: Statement, in bytes: [UInt8]) -> Bool {
    guard case .invocation(let receiver, let name, let arguments) = statement.kind else { return false }
    if let receiver, receiver.isParameter || receiver.range.end &+ 1 != name.range.start { return false }
    var end = name.range.end
    var i = Int(arguments.first)
    let last = i &+ Int(arguments.count)
    while i < last {
      let range: SourceRange
      switch self.arguments[i] {
      case .word(let word): range = word.range
      case .integer(_, let r) where Self.isPlainInteger(bytes[r.start..<r.end]): range = r
      default: return false
      }
      // One byte between the tokens, which only a space or a tab can be.
      guard range.start == end &+ 1, bytes[end] == UInt8(ascii: " ") else { return false }
      end = range.end
      i &+= 1
    }
    return end == statement.range.end
  }

  /// Whether `digits` is an integer as `String(n)` writes it: no sign but `-`, no leading
  /// zero, no separators.
  private static func isPlainInteger(_ written: ArraySlice<UInt8>) -> Bool {
    let digits = written.first == UInt8(ascii: "-") ? written.dropFirst() : written
    guard let first = digits.first, first != UInt8(ascii: "0") || written.count == 1 else { return false }
    return digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// A statement of this tree in canonical form on one line.
  func canonical(_ statement: Statement) -> String {
    func block(_ body: NodeRange) -> String {
      body.count == 0 ? "{ }" : "{ " + statements[body].map(canonical).joined(separator: "; ") + " }"
    }
    func words(_ parts: [String?]) -> String { parts.compactMap { $0 }.joined(separator: " ") }
    func text(_ name: Name) -> String { symbols[name.symbol] }
    switch statement.kind {
    case .invocation(let receiver, let name, let arguments):
      let head = receiver.map { "\(self.text(of: $0)).\(text(name))" } ?? text(name)
      return words([head] + self.arguments[arguments].map(canonical))
    case .block(let body): return block(body)
    case .repeat(let count, let body): return "repeat \(canonical(count)) \(block(body))"
    case .transaction(let body, let name):
      return words(["transaction", name.map { ScriptString.canonical(strings[Int($0)]) }, block(body)])
    case .macro(let name, let parameters, let body):
      return words(["macro", text(name)] + names[parameters].map(text) + [block(body)])
    case .use(let name): return "use \(text(name))"
    case .undo(let count): return words(["undo", count.map(canonical)])
    case .redo(let count): return words(["redo", count.map(canonical)])
    case .history(let count): return words(["history", count.map(canonical)])
    case .move(let move): return move.canonical
    case .show(let names): return words(["show"] + self.names[names].map(text))
    case .help(let name, let member):
      return words(["help", name.map { text($0) + (member.map { "." + text($0) } ?? "") }])
    case .new(let type, let name): return "new \(text(type)) \(text(name))"
    case .queue(let index): return "queue \(canonical(statements[Int(index)]))"
    case .run: return "run"
    case .pending: return "pending"
    case .discard: return "discard"
    case .batch(let size): return "batch \(canonical(size))"
    case .source(let index): return "source \(ScriptString.canonical(strings[Int(index)]))"
    case .export(let index, let tree):
      return "export \(tree ? "tree " : "")\(ScriptString.canonical(strings[Int(index)]))"
    case .if(let condition, let then, let otherwise):
      let head = "if \(canonical(expression: condition)) \(block(then))"
      guard otherwise.count > 0 else { return head }
      if otherwise.count == 1, case .if = statements[Int(otherwise.first)].kind {
        return head + " else " + canonical(statements[Int(otherwise.first)])
      }
      return head + " else " + block(otherwise)
    case .countedRepeat(let count, let name, let body):
      return "repeat \(canonical(count)) as \(text(names[Int(name)])) \(block(body))"
    case .while(let condition, let body): return "while \(canonical(expression: condition)) \(block(body))"
    case .try(let body, let otherwise, let failure):
      let named = failure.map { "as " + symbols[names[Int($0)].symbol] + " " } ?? ""
      return words(["try", block(body), otherwise.map { "else " + named + block($0) }])
    case .assert(let condition, let message):
      return words([
        "assert", canonical(expression: condition), message.map { ScriptString.canonical(strings[Int($0)]) },
      ])
    case .echo(let arguments): return words(["echo"] + self.arguments[arguments].map(canonical))
    case .declare(let name, let value, let isLet):
      return "\(isLet ? "let" : "var") \(text(name)) = \(canonical(expression: value))"
    case .assign(let name, let value): return "\(text(name)) = \(canonical(expression: value))"
    case .loopExit(let isBreak): return isBreak ? "break" : "continue"
    case .returnValue(let value): return "return " + canonical(expression: value)
    }
  }
}
