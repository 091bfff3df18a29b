// A top-level statement with loops, compiled once more for the invoker into a flat list of
// plain instructions (as Lua's and Wren's interpreters run theirs): a loop is a counter and
// a jump, an `if` a test and a jump, so that each turn copies and drops no op, and the
// common condition (`shape.x < 9`, `shape.colour == red`) asks its query and compares the
// answer without evaluating an expression tree. Whatever has no instruction of its own
// (a macro call, `try`, `show`, …) is one `slow` instruction that runs its op as before.

/// A top-level op as flat instructions, run by `Invoker.run(_:request:)`.
final class FlatCode {
  enum Code: UInt8, BitwiseCopyable {
    /// Runs command `a`.
    case command
    /// Sets loop counter `a` to `n`.
    case repeatStart
    /// Jumps to `b` when loop counter `a` is 0; otherwise takes a turn (a step) and
    /// counts it.
    case repeatTest
    /// Jumps to `b` unless condition `a` holds.
    case branch
    /// Jumps to `b` unless condition `a` holds; otherwise takes a turn (a step).
    case whileTest
    /// Jumps to `b`.
    case jump
    /// Runs op `a` of `slowOps`; if a `break` or `continue` in it left its loop, jumps to
    /// `b` (the loop's end) or `n` (its test).
    case slow
    /// `break` or `continue`: takes a step and jumps to `b`.
    case exit
    /// Runs assignment `a` of `assignments`.
    case assign
  }

  struct Instruction: BitwiseCopyable {
    var code: Code
    var a: Int32 = 0
    var b: Int32 = 0
    var n: Int = 0
  }

  /// A condition as it is tested: the common comparison of a query without arguments
  /// with a constant, or any other, by its index in `expressions`.
  struct Condition: BitwiseCopyable {
    enum Kind: UInt8, BitwiseCopyable {
      /// `expressions[general]`, evaluated as before; or, when `query` is
      /// `variableComparison` or `variableTruth`, `$NAME OP constant` or `$NAME` alone, the
      /// variable's slot in `instance`.
      case general
      /// `instance.query OP constant`, the constant of `constantKind`.
      case comparison
      /// `instance.query` alone, a boolean.
      case truth
    }
    /// The `query` of a general condition that compares a variable with a constant.
    static let variableComparison: Int32 = -1
    /// The `query` of a general condition that is a boolean variable alone.
    static let variableTruth: Int32 = -2
    var kind: Kind
    var op: Operator = .equal
    /// 0: an integer, 1: a word, 2: a boolean.
    var constantKind: UInt8 = 0
    var instance: Int32 = 0
    var query: Int32 = 0
    var constant: Int = 0
    /// The whole condition, evaluated as before when the answer is not of the expected
    /// kind or the query fails (so that the failure is the same).
    var general: Int32
  }

  // Plain values in buffers of their own, which the loop reads without retaining any.
  private(set) var instructions = UnsafeMutableBufferPointer<Instruction>(start: nil, count: 0)
  /// Each instruction's range (a command's, a loop's), for the failure it may raise.
  private(set) var ranges = UnsafeMutableBufferPointer<SourceRange>(start: nil, count: 0)
  private(set) var conditions = UnsafeMutableBufferPointer<Condition>(start: nil, count: 0)
  private(set) var expressions: [Expression] = []
  /// Each condition's query, bound by the invoker before the code runs (nil: asked
  /// through its instance); `boundQueries` keeps them.
  private(set) var queries = UnsafeMutableBufferPointer<Unmanaged<BoundQuery>?>(start: nil, count: 0)
  private var boundQueries: [BoundQuery] = []
  private(set) var slowOps: [Op] = []
  /// The assignments, each as its common shape, `$NAME ± constant` or a constant, or
  /// as the whole assignment run as before.
  private(set) var assignments = UnsafeMutableBufferPointer<FlatAssignment>(start: nil, count: 0)
  private(set) var generalAssignments: [Assignment] = []
  private var buildingAssignments: [FlatAssignment] = []
  /// How many loop counters the code needs: the deepest nesting of loops.
  private(set) var counterCount = 0
  private var building: [Instruction] = []
  private var buildingRanges: [SourceRange] = []
  private var buildingConditions: [Condition] = []
  /// The loops around the instruction being emitted, innermost last: where `continue`
  /// jumps, and the instructions that jump to the end, patched at the end.
  private var loops: [(test: Int32, exits: [Int32])] = []

  /// The flat form of `op`, or nil when it has no loop, so that running it flat would
  /// not pay for compiling it.
  static func compile(_ op: Op) -> FlatCode? {
    guard hasLoop(op) else { return nil }
    return FlatCode(op)
  }

  private init(_ op: Op) {
    emit(op, depth: 0)
    instructions = .allocate(capacity: building.count)
    _ = instructions.initialize(from: building)
    ranges = .allocate(capacity: buildingRanges.count)
    _ = ranges.initialize(from: buildingRanges)
    conditions = .allocate(capacity: buildingConditions.count)
    _ = conditions.initialize(from: buildingConditions)
    queries = .allocate(capacity: buildingConditions.count)
    queries.initialize(repeating: nil)
    assignments = .allocate(capacity: buildingAssignments.count)
    _ = assignments.initialize(from: buildingAssignments)
    (building, buildingRanges, buildingConditions, buildingAssignments) = ([], [], [], [])
  }

  deinit {
    instructions.deallocate()
    ranges.deallocate()
    conditions.deallocate()
    queries.deallocate()
    assignments.deallocate()
  }

  private static func hasLoop(_ op: Op) -> Bool {
    switch op {
    case .repeat, .loop: return true
    case .sequence(let ops): return ops.contains(where: hasLoop)
    case .conditional(let c): return c.then.contains(where: hasLoop) || c.otherwise.contains(where: hasLoop)
    // Commands, and the ops run as slow ones, whose insides flat code does not compile.
    case .command, .parameterizedCommand, .commands, .call, .show, .help, .countedLoop, .attempt, .assertion, .echo,
      .assign, .loopExit, .returnValue:
      return false
    }
  }

  private func append(_ instruction: Instruction, range: SourceRange = SourceRange.none) {
    building.append(instruction)
    buildingRanges.append(range)
  }

  private var here: Int32 { Int32(building.count) }

  private func emit(_ ops: [Op], depth: Int) { for op in ops { emit(op, depth: depth) } }

  private func emit(_ op: Op, depth: Int) {
    switch op {
    case .command(let id, let range): append(Instruction(code: .command, a: id), range: range)
    case .commands(let run):
      for i in run.ids.indices { append(Instruction(code: .command, a: run.ids[i]), range: run.ranges[i]) }
    case .sequence(let ops): emit(ops, depth: depth)
    case .repeat(.constant(.integer(let n)), let body, let range):
      counterCount = max(counterCount, depth + 1)
      append(Instruction(code: .repeatStart, a: Int32(depth), n: max(n, 0)))
      let test = here
      append(Instruction(code: .repeatTest, a: Int32(depth)), range: range)
      emitLoopBody(body, test: test, depth: depth + 1)
    case .loop(let loop):
      let test = here
      append(Instruction(code: .whileTest, a: condition(loop.condition)), range: loop.range)
      emitLoopBody(loop.body, test: test, depth: depth)
    case .loopExit(let isBreak, let range):
      let loop = loops.count - 1
      if !isBreak {
        append(Instruction(code: .exit, b: loops[loop].test), range: range)
      } else {
        loops[loop].exits.append(here)
        append(Instruction(code: .exit), range: range)
      }
    case .conditional(let c):
      let branch = here
      append(Instruction(code: .branch, a: condition(c.condition)))
      emit(c.then, depth: depth)
      if c.otherwise.isEmpty {
        building[Int(branch)].b = here
      } else {
        let skip = here
        append(Instruction(code: .jump))
        building[Int(branch)].b = here
        emit(c.otherwise, depth: depth)
        building[Int(skip)].b = here
      }
    case .assign(let assignment):
      append(Instruction(code: .assign, a: Int32(buildingAssignments.count)), range: assignment.range)
      buildingAssignments.append(FlatAssignment(assignment, general: Int32(generalAssignments.count)))
      generalAssignments.append(assignment)
    case .repeat, .parameterizedCommand, .call, .show, .help, .countedLoop, .attempt, .assertion, .echo,
      .returnValue:
      // A `break` or `continue` inside it (a `try`'s) may leave the loop around it.
      var slow = Instruction(code: .slow, a: Int32(slowOps.count), b: -1, n: -1)
      if let loop = loops.indices.last {
        slow.n = Int(loops[loop].test)
        loops[loop].exits.append(here)
      }
      append(slow)
      slowOps.append(op)
    }
  }

  /// A loop's body after its test at `test`, and the jump back to it; the test's and the
  /// `break`s' jumps go past it.
  private func emitLoopBody(_ body: [Op], test: Int32, depth: Int) {
    loops.append((test, []))
    emit(body, depth: depth)
    append(Instruction(code: .jump, b: test))
    building[Int(test)].b = here
    for exit in loops.removeLast().exits { building[Int(exit)].b = here }
  }

  /// Binds the query of each condition that asks one with `bind`.
  func bindQueries(_ bind: (_ instance: Int, _ query: Int) -> BoundQuery?) {
    for i in conditions.indices where conditions[i].kind != .general {
      guard let query = bind(Int(conditions[i].instance), Int(conditions[i].query)) else { continue }
      boundQueries.append(query)
      queries[i] = .passUnretained(query)
    }
  }

  /// The index of `expression` as a condition.
  private func condition(_ expression: Expression) -> Int32 {
    let general = Int32(expressions.count)
    expressions.append(expression)
    var flat = Condition(kind: .general, general: general)
    switch expression {
    case .attribute(let instance, let query, _):
      (flat.kind, flat.instance, flat.query) = (.truth, instance, query)
    case .variable(let slot, _):
      (flat.instance, flat.query) = (Int32(slot), Condition.variableTruth)
    case .comparison(let op, .attribute(let instance, let query, _), .constant(let constant)):
      if let (kind, value) = Self.plain(constant, op) {
        (flat.kind, flat.op, flat.instance, flat.query) = (.comparison, op, instance, query)
        (flat.constantKind, flat.constant) = (kind, value)
      }
    case .comparison(let op, .constant(let constant), .attribute(let instance, let query, _)):
      if let (kind, value) = Self.plain(constant, op) {
        (flat.kind, flat.op, flat.instance, flat.query) = (.comparison, op.mirrored, instance, query)
        (flat.constantKind, flat.constant) = (kind, value)
      }
    case .comparison(let op, .variable(let slot, _), .constant(let constant)):
      if let (kind, value) = Self.plain(constant, op) {
        (flat.op, flat.instance, flat.query) = (op, Int32(slot), Condition.variableComparison)
        (flat.constantKind, flat.constant) = (kind, value)
      }
    case .comparison(let op, .constant(let constant), .variable(let slot, _)):
      if let (kind, value) = Self.plain(constant, op) {
        (flat.op, flat.instance, flat.query) = (op.mirrored, Int32(slot), Condition.variableComparison)
        (flat.constantKind, flat.constant) = (kind, value)
      }
    default: break
    }
    buildingConditions.append(flat)
    return Int32(buildingConditions.count - 1)
  }

  /// A constant as a kind and an integer, when `op` compares it so: any integer, word or
  /// boolean for `==` and `!=`, an integer for the others.
  private static func plain(_ constant: Value, _ op: Operator) -> (UInt8, Int)? {
    switch op {
    case .equal, .notEqual:
      switch constant {
      case .integer(let n): return (0, n)
      case .word(let i): return (1, i)
      case .boolean(let b): return (2, b ? 1 : 0)
      case .decimal, .string: return nil
      }
    case .less, .lessEqual, .greater, .greaterEqual:
      guard case .integer(let n) = constant else { return nil }
      return (0, n)
    case .or, .and, .not, .plus, .minus, .times, .divide, .remainder, .negate: return nil
    }
  }
}

/// An assignment as flat code runs it: `$source + constant` (`$source - constant` is
/// written with the constant negated) or a constant, computed without evaluating an
/// expression; any other value, or an overflow, is left to `Invoker.assign` on the whole.
struct FlatAssignment: BitwiseCopyable {
  enum Kind: UInt8, BitwiseCopyable {
    case general
    /// `$source + constant`, integers.
    case sum
    /// The integer `constant`.
    case integer
  }
  var kind = Kind.general
  var slot: Int
  /// Whether the variable must already hold a value (an assignment, not a declaration).
  var mustBeSet: Bool
  var source = 0
  var constant = 0
  /// Its index in `FlatCode.generalAssignments`.
  var general: Int32

  init(_ assignment: Assignment, general: Int32) {
    (slot, mustBeSet, self.general) = (assignment.slot, assignment.declares == nil, general)
    switch assignment.value {
    case .constant(.integer(let n)): (kind, constant) = (.integer, n)
    case .arithmetic(.plus, .variable(let source, _), .constant(.integer(let n)), _),
      .arithmetic(.plus, .constant(.integer(let n)), .variable(let source, _), _):
      (kind, self.source, constant) = (.sum, source, n)
    case .arithmetic(.minus, .variable(let source, _), .constant(.integer(let n)), _) where n != .min:
      (kind, self.source, constant) = (.sum, source, -n)
    default: break
    }
  }
}

extension Operator {
  /// The operator with its operands swapped (`9 > x` is `x < 9`).
  fileprivate var mirrored: Operator {
    switch self {
    case .less: .greater
    case .lessEqual: .greaterEqual
    case .greater: .less
    case .greaterEqual: .lessEqual
    case .equal, .notEqual: self
    // Not comparisons: FlatCode mirrors only comparisons.
    case .or, .and, .not, .plus, .minus, .times, .divide, .remainder, .negate: self
    }
  }
}

extension SourceRange {
  /// The range of an instruction that cannot fail.
  fileprivate static let none = SourceRange(source: 0, start: 0, end: 0)
}
