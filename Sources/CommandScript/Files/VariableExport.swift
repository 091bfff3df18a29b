// `export` of variables: an assignment is a command of the `vars` store, written back as
// the statement that makes it (`x = 3`); a top-level declaration as `let x = 3` or `var x =
// 3`, and a block's variable declared (`var y = 1`) where it is first set in the block it
// is written in, so that the script checks and rebuilds every variable.

extension Exporter {
  /// A step that is a top-level `let` or `var` alone, written as its declaration with the
  /// value it set; nil for any other step.
  func declaration(_ op: Op, ran: ArraySlice<Int32>) -> String? {
    guard case .assign(let assignment) = op, let keyword = assignment.declares, let last = ran.last else { return nil }
    if ran.count == 1 { return keyword + " " + text(command: last) }
    // The value called macros that returned it (`var a = step 2`), and what they ran is
    // part of the step: it runs again in a macro of the script's own that returns the
    // value, so the declaration stays one top-level statement and one step.
    let set = commands[last]
    guard Int(set.instance) == state.variableStore, set.arguments.count == 2 else { return nil }
    let variable = state.variables[assignment.slot]
    // Not the name of another macro the script defines; a macro of the session's by this
    // name is defined again, as the script would run it (so that exporting what it makes
    // writes the same script).
    var name = variable.name + "_value"
    var n = 1
    let taken = Set(macroNames.values)
    while Keyword(rawValue: name) != nil || taken.contains(name) || state.instanceIndex(name) != nil
      || state.verbTable.owners[name] != nil
    {
      n += 1
      name = variable.name + "_value\(n)"
    }
    let value = VariableStore.text(of: set.arguments[1], as: variable.kind)
    return "macro \(name) { " + texts(of: ran.dropLast()).joined(separator: "; ") + "; return \(value) }\n"
      + "\(keyword) \(variable.name) = \(name)"
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
    return "\(variable.name) = " + VariableStore.text(of: command.arguments[1], as: variable.kind)
  }
}
