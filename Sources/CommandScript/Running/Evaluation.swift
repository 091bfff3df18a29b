// The invoker's expressions: conditions, integer and decimal expressions evaluated as a
// statement runs, with 64-bit arithmetic that fails (and rolls back) rather than wraps, and
// decimal arithmetic that fails rather than becomes infinite.

extension Invoker {
  /// The arguments of a query that takes none.
  static let noArguments = Arguments([])

  /// The value of `expression`; `frame` holds the macro's arguments.
  func evaluate(_ expression: Expression, frame: [Value]) throws(RunFailure) -> Value {
    switch expression {
    case .constant(let answer): return answer
    case .parameter(let slot): return frame[slot]
    case .query(let call):
      let arguments = Arguments(try call.arguments.map { (operand) throws(RunFailure) in try value(operand, frame) })
      return try ask(call.instance, call.member, arguments, at: call.range)
    case .attribute(let instance, let query, let range):
      return try ask(Int(instance), Int(query), Self.noArguments, at: range)
    case .not(let inner): return .boolean(!(try isTrue(inner, frame: frame)))
    case .and(let left, let right):
      guard try isTrue(left, frame: frame) else { return .boolean(false) }
      return .boolean(try isTrue(right, frame: frame))
    case .or(let left, let right):
      if try isTrue(left, frame: frame) { return .boolean(true) }
      return .boolean(try isTrue(right, frame: frame))
    case .comparison(let op, let left, let right):
      let (l, r) = (try evaluate(left, frame: frame), try evaluate(right, frame: frame))
      switch op {
      case .equal: return .boolean(l == r)
      case .notEqual: return .boolean(l != r)
      case .less, .lessEqual, .greater, .greaterEqual:
        guard case .integer(let a) = l, case .integer(let b) = r else { throw wrongAnswer(in: left, right) }
        return .boolean(Self.compare(a, op, b))
      case .or, .and, .not, .plus, .minus, .times, .divide, .remainder, .negate:
        preconditionFailure("checked: a comparison's operator")
      }
    case .arithmetic(let op, let left, let right, let at):
      let (a, b) = (try integer(left, frame: frame), try integer(right, frame: frame))
      let (result, overflow): (Int, Bool)
      switch op {
      case .plus: (result, overflow) = a.addingReportingOverflow(b)
      case .minus: (result, overflow) = a.subtractingReportingOverflow(b)
      case .times: (result, overflow) = a.multipliedReportingOverflow(by: b)
      case .divide:
        guard b != 0 else { throw RunFailure(message: "division by zero", range: at) }
        (result, overflow) = a.dividedReportingOverflow(by: b)
      case .remainder:
        guard b != 0 else { throw RunFailure(message: "remainder of a division by zero", range: at) }
        (result, overflow) = a.remainderReportingOverflow(dividingBy: b)
      case .or, .and, .not, .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .negate:
        preconditionFailure("checked: an arithmetic operator")
      }
      guard !overflow else { throw RunFailure(message: "integer overflow in `\(op.symbol)`", range: at) }
      return .integer(result)
    case .variable(let slot, let range): return try variable(slot, at: range)
    case .call(let call): return try callValue(call, frame: frame)
    case .text(let inner, let kind): return .string(try text(of: inner, as: kind, frame: frame))
    case .wordText(let slot, let set):
      guard case .word(let i) = frame[slot] else { preconditionFailure("checked: a word") }
      return .string(set.words[i])
    case .joined(let left, let leftKind, let right, let rightKind, let range):
      let joined = try text(of: left, as: leftKind, frame: frame) + text(of: right, as: rightKind, frame: frame)
      guard joined.utf8.count <= stringLimit else { throw stringTooLong(at: range) }
      try spendValue(joined.utf8.count, at: range)
      return .string(joined)
    case .interpolation(let pieces, let range):
      // Each piece is at most `stringLimit` bytes long (it was made here, or written), so
      // no string longer than twice that is made.
      var text = ""
      for piece in pieces {
        text += try self.text(of: piece, as: .string, frame: frame)
        guard text.utf8.count <= stringLimit else { throw stringTooLong(at: range) }
      }
      try spendValue(text.utf8.count, at: range)
      return .string(text)
    case .negation(let inner, let at):
      let (result, overflow) = Int(0).subtractingReportingOverflow(try integer(inner, frame: frame))
      guard !overflow else { throw RunFailure(message: "integer overflow in `-`", range: at) }
      return .integer(result)
    case .decimal(let inner): return .decimal(Double(try integer(inner, frame: frame)))
    case .decimalNegation(let inner): return .decimal(-(try decimal(inner, frame: frame)))
    case .decimalArithmetic(let op, let left, let right, let at):
      let (a, b) = (try decimal(left, frame: frame), try decimal(right, frame: frame))
      let result: Double
      switch op {
      case .plus: result = a + b
      case .minus: result = a - b
      case .times: result = a * b
      case .divide:
        guard b != 0 else { throw RunFailure(message: "division by zero", range: at) }
        result = a / b
      case .remainder:
        guard b != 0 else { throw RunFailure(message: "remainder of a division by zero", range: at) }
        result = a.truncatingRemainder(dividingBy: b)
      case .or, .and, .not, .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .negate:
        preconditionFailure("checked: an arithmetic operator")
      }
      guard result.isFinite else { throw RunFailure(message: "decimal overflow in `\(op.symbol)`", range: at) }
      return .decimal(result)
    case .decimalComparison(let op, let left, let right):
      return .boolean(try isTrue(.decimalComparison(op, left, right), frame: frame))
    }
  }

  /// The answer of query `query` of `instance`.
  private func ask(_ index: Int, _ query: Int, _ arguments: Arguments, at range: SourceRange) throws(RunFailure)
    -> Value
  {
    var instance = instances[index]
    if !instance.exists {
      guard let standing = instanceStanding(for: index) else {
        throw RunFailure(message: instance.withdrawnMessage, range: range)
      }
      instance = instances[standing]
    }
    do {
      return try instance.ask(query, arguments)
    } catch {
      throw RunFailure(message: "\(instance.name): \(error.message)", range: range)
    }
  }

  /// A condition's value. The common shapes (a comparison, `and`, `or`, `not`, a boolean
  /// query) are taken apart here, without making a `Value` for each operand.
  func isTrue(_ expression: Expression, frame: [Value]) throws(RunFailure) -> Bool {
    switch expression {
    case .comparison(let op, let left, let right):
      switch op {
      case .less: return try integer(left, frame: frame) < integer(right, frame: frame)
      case .lessEqual: return try integer(left, frame: frame) <= integer(right, frame: frame)
      case .greater: return try integer(left, frame: frame) > integer(right, frame: frame)
      case .greaterEqual: return try integer(left, frame: frame) >= integer(right, frame: frame)
      case .or, .and, .not, .plus, .minus, .times, .divide, .remainder, .negate:
        preconditionFailure("checked: a comparison's operator")
      case .equal, .notEqual:
        let equal: Bool
        switch (try evaluate(left, frame: frame), try evaluate(right, frame: frame)) {
        case (.word(let a), .word(let b)), (.integer(let a), .integer(let b)): equal = a == b
        case (.boolean(let a), .boolean(let b)): equal = a == b
        case (let a, let b): equal = a == b
        }
        return op == .equal ? equal : !equal
      }
    case .and(let left, let right):
      guard try isTrue(left, frame: frame) else { return false }
      return try isTrue(right, frame: frame)
    case .or(let left, let right):
      if try isTrue(left, frame: frame) { return true }
      return try isTrue(right, frame: frame)
    case .not(let inner): return !(try isTrue(inner, frame: frame))
    case .decimalComparison(let op, let left, let right):
      let (a, b) = (try decimal(left, frame: frame), try decimal(right, frame: frame))
      return Self.compare(a, op, b)
    case .constant(.boolean(let b)): return b
    default:
      guard case .boolean(let b) = try evaluate(expression, frame: frame) else { throw wrongAnswer(in: expression) }
      return b
    }
  }

  /// `a OP b` for a comparison's operator (`==` and `!=` included), every operator
  /// listed: a new one does not compile until it says here what it compares.
  @inline(__always) static func compare<T: Comparable>(_ a: T, _ op: Operator, _ b: T) -> Bool {
    switch op {
    case .equal: a == b
    case .notEqual: a != b
    case .less: a < b
    case .lessEqual: a <= b
    case .greater: a > b
    case .greaterEqual: a >= b
    case .or, .and, .not, .plus, .minus, .times, .divide, .remainder, .negate:
      preconditionFailure("checked: a comparison's operator")
    }
  }

  /// An integer expression's value; constants and queries without making a `Value` box
  /// around a plain value where it can.
  private func integer(_ expression: Expression, frame: [Value]) throws(RunFailure) -> Int {
    if case .constant(.integer(let n)) = expression { return n }
    guard case .integer(let n) = try evaluate(expression, frame: frame) else { throw wrongAnswer(in: expression) }
    return n
  }

  /// A decimal expression's value.
  private func decimal(_ expression: Expression, frame: [Value]) throws(RunFailure) -> Double {
    if case .constant(.decimal(let x)) = expression { return x }
    guard case .decimal(let x) = try evaluate(expression, frame: frame), x.isFinite else {
      throw wrongAnswer(in: expression)
    }
    return x
  }

  /// A `( … )` command argument's value, checked against what its slot accepts.
  func argument(_ expression: Expression, accepts constraint: Constraint, at range: SourceRange, frame: [Value])
    throws(RunFailure) -> Value
  {
    let answer = try evaluate(expression, frame: frame)
    // The checker gave the expression the slot's kind, so only a query can answer otherwise.
    switch constraint {
    case .kind(let kind):
      // What a value of the kind is, is the kind's (`accepts`), for every kind alike.
      if kind.accepts(answer) { return answer }
      // Of the kind but outside its bounds: the script's value, not the receiver's defect.
      if kind.widened.accepts(answer) {
        throw RunFailure(
          message: "the value must be \(kind.nounPhrase()), not \(try text(of: answer, from: expression, as: kind))",
          range: range)
      }
      // A condition where text is taken gives its word, as `echo` writes it.
      if case .boolean(let b) = answer, case .string = kind {
        return .string(b ? "true" : "false")
      }
      throw wrongAnswer(in: expression)
    case .any:
      switch answer {
      case .boolean(let b): return .string(b ? "true" : "false")
      case .decimal(let x) where !x.isFinite: throw wrongAnswer(in: expression)
      case .integer, .decimal, .word, .string: return answer
      }
    case .receiver:
      // The checker refuses an expression where a receiver is needed.
      throw wrongAnswer(in: expression)
    }
  }

  /// The failure for an answer that is not of the kind its query declares (a receiver's
  /// defect; trapping on it would take the host down): at the first query in `expressions`.
  @inline(never) private func wrongAnswer(in expressions: Expression...) -> RunFailure {
    func firstQuery(_ e: Expression) -> (instance: Int, range: SourceRange)? {
      switch e {
      case .query(let call): return (call.instance, call.range)
      case .attribute(let instance, _, let range): return (Int(instance), range)
      case .constant, .parameter, .wordText, .variable, .call: return nil
      case .text(let inner, _): return firstQuery(inner)
      case .not(let inner), .negation(let inner, _), .decimal(let inner), .decimalNegation(let inner):
        return firstQuery(inner)
      case .and(let l, let r), .or(let l, let r), .comparison(_, let l, let r), .arithmetic(_, let l, let r, _),
        .decimalArithmetic(_, let l, let r, _), .decimalComparison(_, let l, let r):
        return firstQuery(l) ?? firstQuery(r)
      case .joined(let l, _, let r, _, _): return firstQuery(l) ?? firstQuery(r)
      case .interpolation(let pieces, _): return pieces.lazy.compactMap(firstQuery).first
      }
    }
    guard let (instance, range) = expressions.lazy.compactMap(firstQuery).first else {
      preconditionFailure("checked: only a query answers a value of another kind")
    }
    return RunFailure(
      message: "\(instances[instance].name): a query answered a value of another kind than it declares", range: range)
  }

  /// How `echo` writes a value.
  func text(of expression: Expression, as kind: ValueKind, frame: [Value]) throws(RunFailure) -> String {
    try text(of: try evaluate(expression, frame: frame), from: expression, as: kind)
  }

  /// `answer`, the value of `expression`, as `echo` prints it.
  func text(of answer: Value, from expression: Expression, as kind: ValueKind) throws(RunFailure) -> String {
    switch (answer, kind) {
    case (.boolean(let b), _): return b ? "true" : "false"
    case (.integer(let n), _): return String(n)
    case (.decimal(let x), _) where x.isFinite: return ScriptString.decimal(x)
    case (.decimal, _): throw wrongAnswer(in: expression)
    case (.string(let s), _): return s
    case (.word(let i), .word(let set)):
      guard set.words.indices.contains(i) else { throw wrongAnswer(in: expression) }
      return set.words[i]
    case (.word(let i), _): return "#\(i)"
    }
  }

  /// Counts a string of `bytes` that a statement made, at `range`, against the value budget.
  func spendValue(_ bytes: Int, at range: SourceRange) throws(RunFailure) {
    guard !valueBudget.spend(bytes), let limit = valueBudget.limit else { return }
    throw RunFailure(
      message: "the strings made would pass \(limit) bytes, the most the statements may make here", range: range)
  }

  /// The failure of a string, at `range`, that would be longer than `stringLimit` bytes.
  func stringTooLong(at range: SourceRange) -> RunFailure {
    RunFailure(
      message: "the string would be longer than \(stringLimit) bytes, the most a string may have here", range: range)
  }
}
