// `break` and `continue` in the tree interpreter: the op sets `Invoker.loopExit` and each
// body it stands in stops; the innermost `repeat` or `while` takes it (the checker puts
// every one inside a loop of its own body, so none crosses a macro call).

/// A `break` or `continue` on its way out to its loop.
enum LoopExit: UInt8 {
  case none
  case breaking
  case continuing
  /// `return`: out of every loop and block to the macro's call (ReturningCalls.swift).
  case returning
}

extension Invoker {
  /// Runs a body's ops until one of them exits its loop.
  @inline(__always) func executeBody(_ ops: [Op], frame: [Value], request: (Request) -> Void) throws(RunFailure) {
    for op in ops {
      try execute(op, frame: frame, request: request)
      if loopExit != .none { return }
    }
  }

  /// After a loop's turn: whether the loop ends (a `break`, or a `return` that goes on
  /// out); a `continue` is spent.
  @inline(__always) func loopEnds() -> Bool {
    guard loopExit != .none else { return false }
    if loopExit == .returning { return true }
    defer { loopExit = .none }
    return loopExit == .breaking
  }
}
