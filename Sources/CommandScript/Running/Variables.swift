// Variables as state: `let` and `var` names hold their values in one built-in receiver,
// `vars`, whose one verb sets a slot. An assignment is a receiver command like any other, so
// the invoker records it in the statement's step and the timeline undoes, redoes, rolls back,
// moves through the tree, journals and exports it with no code of its own; its undo record is
// the slot's previous value.

/// The values of a session's variables, by slot (the checker numbers the slots, one per
/// declaration). A receiver registered by the session itself (never by a host), under the
/// name `vars`, so that `show vars` shows it and `--json` writes it as every receiver.
final class VariableStore: ReceiverBase {
  typealias Undo = Value?

  static let typeName = "vars"
  static let summary = "the variables of `let` and `var` (`show vars`)"
  /// The one verb: `set SLOT VALUE`. Its name cannot be reached from script text, since the
  /// checker refuses commands to `vars`; the invoker makes each of its commands
  /// (`CommandTable.appendAssignment`) and runs and undoes them itself (`set`, `unset`).
  static let verbs: [Verb<VariableStore>] = [
    Verb(
      "set", [Parameter("slot", .integer(0...Int.max)), Parameter("value", .string)],
      summary: "sets a variable",
      execute: { store, arguments in
        guard case .integer(let slot) = arguments.values[0] else { return nil }
        store.set(slot, arguments.values[1])
        return nil
      },
      undo: { store, arguments, _ in
        guard case .integer(let slot) = arguments.values[0] else { return }
        store.unset(slot)
      })
  ]

  /// The type as the checker and the session know it, made once. Its instance keeps no
  /// records of its own: the store keeps them (`previous`), so that the invoker's
  /// assignments and the records the history drops are one stack.
  static let typeInfo: ReceiverTypeInfo = {
    var registry = ReceiverRegistry()
    try! registry.add(
      name: typeName, summary: summary,
      verbs: verbs.map { $0.declaration },
      queries: { [] }, make: { name in VariableStore().instance(named: name) })
    return registry.types[0]
  }()

  /// The store behind a receiver instance whose verb sets a slot and whose undo record is
  /// the slot's previous value, kept in `previous`.
  private func instance(named name: String) -> ReceiverInstance {
    let set = Self.verbs[0]
    return ReceiverInstance(
      name: name, object: self,
      execute: { _, arguments throws(CommandFailure) in _ = try set.execute(self, arguments) },
      undo: { _, arguments in set.undo?(self, arguments, nil) },
      ask: { _, _ throws(CommandFailure) in throw CommandFailure("`vars` has no queries") },
      dropOldestRecords: { self.previous.removeFirst($0) },
      dropNewestRecords: { self.previous.removeLast($0) },
      state: { self.state }, stateDescription: { self.stateDescription }, view: { nil }, picture: { _ in nil },
      notUndoable: [nil], verbNames: [set.name])
  }

  /// Each assignment's undo record, the slot's value before it, newest last.
  let previous = RecordStack<Value?>()

  /// Sets variable `slot`, keeping its previous value as the undo record.
  @inline(__always) func set(_ slot: Int, _ value: Value) {
    previous.push(values[slot])
    values[slot] = value
  }

  /// Gives variable `slot` back the value it had before its latest `set`.
  @inline(__always) func unset(_ slot: Int) { values[slot] = previous.pop() }

  /// Each slot's value; nil before its declaration runs (or after it is undone).
  @exclusivity(unchecked) var values: [Value?] = []
  /// Each slot's variable, as the checker declared it.
  private(set) var declared: [Variable] = []

  /// Takes the checker's declarations (all of them: the new ones are added).
  func declare(_ variables: [Variable]) {
    guard variables.count > declared.count else { return }
    declared += variables[declared.count...]
    values += repeatElement(nil, count: variables.count - values.count)
  }

  /// The variables in force at the top level that have a value, in the order declared.
  var shown: [(name: String, text: String, value: Value, kind: ValueKind)] {
    declared.indices.compactMap { slot in
      let variable = declared[slot]
      guard variable.isGlobal, let value = values[slot] else { return nil }
      return (variable.name, Self.text(of: value, as: variable.kind), value, variable.kind)
    }
  }

  /// Whether any variable is shown: `show` alone includes `vars` only then.
  var isEmpty: Bool { shown.isEmpty }

  var state: StateValue {
    .object(
      shown.map { variable in StateValue.Member(variable.name, StateValue(variable.value, of: variable.kind)) })
  }

  /// One `NAME = VALUE` a line.
  var stateDescription: String { shown.map { "\($0.name) = \($0.text)" }.joined(separator: "\n") }

  /// A value as the language writes it: `"text"`, `3`, `2.5`, `true`, `red`.
  static func text(of value: Value, as kind: ValueKind) -> String {
    let words: [String]? = if case .word(let set) = kind { set.words } else { nil }
    return ScriptString.argument(value, words: words)
  }
}

/// A variable as the checker declared it: a slot of the ``VariableStore``.
struct Variable: Sendable {
  var name: String
  var kind: ValueKind
  /// Bound by `let`: never assigned again.
  var isLet: Bool
  /// Declared at the top level (of a script, the prompt or standard input), so that it
  /// outlives its statement; a block's or a macro body's lives while its statement runs.
  var isGlobal: Bool
  /// Where it was declared, for the errors that point at it.
  var range: SourceRange
}

extension Invoker {
  /// Runs `let`, `var` or `NAME = …`: the value computed, then set by a command of the
  /// store, recorded in the statement's step as every command is (undone, redone, rolled
  /// back with it).
  func assign(_ assignment: Assignment, frame: [Value]) throws(RunFailure) {
    // A variable whose declaration did not run (it failed, or was undone) is not assigned
    // either: so a step sets only variables its ancestors declared, as `export` writes them.
    if assignment.declares == nil, variables.values[assignment.slot] == nil {
      throw unset(assignment.slot, at: assignment.range)
    }
    let value = try evaluate(assignment.value, frame: frame)
    if case .string(let text) = value { try hold(text, madeBy: assignment.value, at: assignment.range) }
    try assign(value, to: assignment.slot, at: assignment.range)
  }

  /// Counts a string that a variable is to hold against the string bounds (`--safe`'s): at
  /// most `stringLimit` bytes, and its bytes against the value budget, since the history
  /// keeps every value assigned. A string the expression has just made was counted as it
  /// was made.
  @inline(never) private func hold(_ text: String, madeBy expression: Expression, at range: SourceRange)
    throws(RunFailure)
  {
    switch expression {
    case .interpolation, .joined: return
    default: break
    }
    let bytes = text.utf8.count
    guard bytes <= stringLimit else { throw stringTooLong(at: range) }
    try spendValue(bytes, at: range)
  }

  /// Sets variable `slot` to `value` by a command of the store, counted as a step and
  /// recorded as `executeCommand` records every command (the store never fails, nor
  /// confirms later).
  @inline(__always) func assign(_ value: Value, to slot: Int, at range: @autoclosure () -> SourceRange)
    throws(RunFailure)
  {
    if interruption.isRequested { throw .interrupted(at: range()) }
    if remainingSteps == 0 { throw .stepLimit(at: range()) }
    remainingSteps &-= 1
    history.record(commands.appendAssignment(instance: variableStore, slot: slot, value: value))
    variables.set(slot, value)
  }

  /// The value of variable `slot`: a failure where its declaration has not run (it failed,
  /// or was undone).
  @inline(__always) func variable(_ slot: Int, at range: SourceRange) throws(RunFailure) -> Value {
    guard let value = variables.values[slot] else { throw unset(slot, at: range) }
    return value
  }

  @inline(never) func unset(_ slot: Int, at range: SourceRange) -> RunFailure {
    let name = slot < variables.declared.count ? variables.declared[slot].name : "?"
    return RunFailure(
      message: "`$\(name)` has no value: the statement that declared it did not run, or was undone", range: range)
  }
}
