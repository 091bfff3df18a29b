// Macros that return values, in the tree interpreter: `return` sets `Invoker.loopExit` to
// `.returning` with the value, each body and loop it stands in stops, and the call takes the
// value. The commands the body runs are recorded with the statement that called it, so they
// are atomic with it, one undo step with it, and rolled back with it.

extension Invoker {
  /// `return VALUE`: the value kept for the call, and the body left.
  func executeReturn(_ value: Return, frame: [Value]) throws(RunFailure) {
    try takeStep(at: value.range)
    let answer = try evaluate(value.value, frame: frame)
    switch (answer, value.kind) {
    case (.integer, .integer), (.decimal, .decimal), (.boolean, .boolean), (.string, .string), (.word, .word): break
    default:
      // Only a receiver's query can answer otherwise than it declares: the call's
      // expression is not left to meet a value of another kind.
      throw RunFailure(message: "a query answered a value of another kind than it declares", range: value.range)
    }
    returned = answer
    loopExit = .returning
  }

  /// The value of a call of a macro that returns one, inside an expression: its body run
  /// up to a `return` (the checker made sure every path has one).
  @inline(never) func callValue(_ call: CallOp, frame: [Value]) throws(RunFailure) -> Value {
    // A step, as every macro call is.
    try takeStep(at: call.range)
    let macro = macros[call.macro]
    let arguments = try call.arguments.map { (operand) throws(RunFailure) in try value(operand, frame) }
    let request = requests ?? { _ in }
    do {
      for op in macro.body {
        try execute(op, frame: arguments, request: request)
        if loopExit != .none { break }
      }
    } catch {
      var failure = error
      failure.calls.append((macro.name, call.range))
      throw failure
    }
    guard loopExit == .returning, let answer = returned else { preconditionFailure("checked: every path returns") }
    loopExit = .none
    returned = nil
    return answer
  }
}
