// `export` of variables: an assignment is a command of the `vars` store, written back as
// the statement that makes it (`x = 3`); a top-level declaration as `let x = 3` or `var x =
// 3`, and a block's variable declared (`var y = 1`) where it is first set in the block it
// is written in, so that the script checks and rebuilds every variable.

extension Exporter {
  /// A step that is a top-level `let` or `var` alone, written as its declaration with the
  /// value it set; nil for any other step.
  func declaration(_ op: Op, ran: ArraySlice<Int32>) -> String? {
    guard case .assign(let assignment) = op, let keyword = assignment.declares, ran.count == 1 else { return nil }
    return keyword + " " + text(command: ran[ran.startIndex])
  }

  /// The commands a step ran, each as a statement: the first setting of a variable that
  /// is not a top-level one declares it, with `var`.
  func texts(of ran: ArraySlice<Int32>) -> [String] {
    var declared = Set<Int>()
    return ran.map { id in
      let command = commands[id]
      let line = text(command: id)
      guard Int(command.instance) == state.variableStore, case .integer(let slot) = command.arguments[0],
        !state.variables[slot].isGlobal, declared.insert(slot).inserted
      else { return line }
      return "var " + line
    }
  }

  /// `NAME = VALUE` for a command of the variables' store.
  func assignmentText(_ command: ResolvedCommand) -> String {
    guard case .integer(let slot) = command.arguments[0] else { return "" }
    let variable = state.variables[slot]
    return "\(variable.name) = " + VariableStore.text(of: Answer(command.arguments[1]), as: variable.kind)
  }
}
