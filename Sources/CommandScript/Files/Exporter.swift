/// `export "FILE"`: the undo stack as a script that, run on fresh receivers, reaches the
/// same state. It is printed from the compiled ops, not from the source: every command is
/// written with its receiver (`shape.move up 1`), and every macro version a step used is
/// defined under a name of its own, so neither `use` nor later redefinitions can change
/// what the file means. A macro is defined just before the first step that calls it, after
/// the `new` of every instance it names (which ran before that step).
///
/// A step that decided (an `if`, a loop, a `try`, an `assert`, there or in a macro it called)
/// is written as the commands it ran, in one block: a branch it did not take may name an
/// instance whose `new` was undone, which a fresh session would not know.
///
/// The commands of receivers whose state outlives the session (``ReceiverTypeInfo/outlivesSession``:
/// a persistent plugin's) are not written to run again, as a journal's resume does not run
/// them: a step that ran any is written as the other commands it ran, after a comment line
/// naming those left out.
struct Exporter {
  let state: CheckerState
  let commands: CommandTable
  /// The name each exported macro version gets in the file.
  private(set) var macroNames: [Int: String] = [:]

  init(state: CheckerState, commands: CommandTable) {
    self.state = state
    self.commands = commands
  }

  /// A line of the script: an undo step (its op, the commands it ran, its name), or a
  /// move through the tree (`export tree`).
  enum Item {
    /// `isTransaction`: its statement was a `transaction`, written as one.
    case step(op: Op, ran: ArraySlice<Int32>, name: String?, isTransaction: Bool = false)
    case goto(Int)
  }

  /// The script for the undo steps, oldest first (with `tree`, the steps and moves that
  /// make the whole tree again, in order).
  mutating func script(of items: [Item], tree: Bool = false) -> String {
    let usedBySteps = items.map { item -> Set<Int> in
      guard case .step(let op, _, _, _) = item, !decides(op) else { return [] }
      return macrosCalled(by: op)
    }
    nameMacros(Set(usedBySteps.joined()).sorted())
    var lines = [
      tree
        ? "# Written by `export tree`: run on fresh receivers, it makes the session's undo tree again, every branch, and ends where the session was."
        : "# Written by `export`: run on fresh receivers, it reaches the state the session had."
    ]
    var defined = Set<Int>()
    for (item, used) in zip(items, usedBySteps) {
      guard case .step(let op, let ran, let name, let isTransaction) = item else {
        if case .goto(let n) = item { lines.append("goto \(n)") }
        continue
      }
      let step = (op: op, ran: ran, name: name)
      // A named step stays a named transaction, so that its undo title survives; a
      // transaction without a name stays one too, so that its statement does.
      let named = step.name.map { "transaction \(ScriptString.literal($0)) " } ?? (isTransaction ? "transaction " : "")
      let kept = step.ran.filter { !outlivesSession(command: $0) }
      if kept.count < step.ran.count {
        let left = step.ran.filter { outlivesSession(command: $0) }.map(text(command:))
        lines.append("# Not run again, their state outlives the session: " + left.joined(separator: "; "))
        if !kept.isEmpty { lines.append(named + "{ " + texts(of: kept[...]).joined(separator: "; ") + " }") }
        continue
      }
      if let declaration = declaration(step.op, ran: step.ran) {
        lines.append(named.isEmpty ? declaration : named + "{ " + declaration + " }")
        continue
      }
      if decides(step.op) {
        lines.append(named + "{ " + texts(of: step.ran).joined(separator: "; ") + " }")
        continue
      }
      // In the order they were defined, so that a macro follows the macros it calls.
      for index in used.sorted() where defined.insert(index).inserted {
        let macro = state.macros[index]
        let head = ([macroNames[index]!] + macro.parameters).joined(separator: " ")
        lines.append("macro \(head) \(block(macro.body, names: macro.parameters))")
      }
      let body = text(step.op, names: [])
      lines.append(named.isEmpty || body.hasPrefix("{") ? named + body : named + "{ " + body + " }")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Whether `op`, or a macro it calls, decides what runs; a `( … )` argument decides the
  /// value its command gets.
  private func decides(_ op: Op) -> Bool {
    var seen = Set<Int>()
    var pending = [op]
    var decided = false
    while !decided, let next = pending.popLast() {
      next.forEachPart { part in
        switch part {
        case .decision, .command(_, computesArguments: true): decided = true
        case .call(let call): if seen.insert(call.macro).inserted { pending += state.macros[call.macro].body }
        case .block(let ops, _): pending += ops
        case .command: break
        }
      }
    }
    return decided
  }

  /// The macros `op` calls, directly or through other macros. A work list rather than
  /// recursion along the calls, so that a long chain of macros costs no stack.
  private func macrosCalled(by op: Op) -> Set<Int> {
    var used = Set<Int>()
    var pending = [op]
    while let next = pending.popLast() {
      next.forEachPart { part in
        switch part {
        case .call(let call): if used.insert(call.macro).inserted { pending += state.macros[call.macro].body }
        case .block(let ops, _): pending += ops
        case .command, .decision: break
        }
      }
    }
    return used
  }

  /// One name per macro version: its own where that is unambiguous, else `name_2` and so
  /// on, avoiding every name already in use.
  private mutating func nameMacros(_ versions: [Int]) {
    var taken = Set(state.instances.map(\.name) + state.macros.map(\.name))
    taken.formUnion(state.verbTable.owners.keys)
    var byName: [String: [Int]] = [:]
    for index in versions { byName[state.macros[index].name, default: []].append(index) }
    for index in versions {
      let name = state.macros[index].name
      if byName[name]!.count == 1 {
        macroNames[index] = name
        continue
      }
      var n = byName[name]!.firstIndex(of: index)! + 1
      var candidate = n == 1 ? name : "\(name)_\(n)"
      while n > 1, taken.contains(candidate) {
        n += 1
        candidate = "\(name)_\(n)"
      }
      taken.insert(candidate)
      macroNames[index] = candidate
    }
  }

  private func block(_ ops: [Op], names: [String]) -> String {
    let parts = ops.map { text($0, names: names) }.filter { !$0.isEmpty }
    return parts.isEmpty ? "{ }" : "{ " + parts.joined(separator: "; ") + " }"
  }

  private func text(_ op: Op, names: [String]) -> String {
    switch op {
    case .command(let id, _): return text(command: id)
    case .parameterizedCommand(let command):
      let type = state.types[state.instances[command.instance].type]
      let verb = type.verbs[command.member]
      var pairs = Array(zip(command.arguments, verb.parameters))
      Self.dropDefaults(&pairs)
      let arguments = pairs.map { text($0.0, as: Constraint($0.1.kind), names: names) }
      return ([state.instances[command.instance].name + "." + verb.name] + arguments).joined(separator: " ")
    case .commands(let run): return run.ids.map(text(command:)).joined(separator: "; ")
    case .sequence(let ops): return block(ops, names: names)
    case .repeat(let count, let body, _):
      return "repeat \(text(count, as: .kind(.integer(0...Int.max)), names: names)) \(block(body, names: names))"
    case .call(let call):
      let callee = state.macros[call.macro]
      let arguments = zip(call.arguments, callee.constraints).map { text($0, as: $1, names: names) }
      return ([macroNames[call.macro]!] + arguments).joined(separator: " ")
    case .conditional(let c):
      var text = "if \(self.text(c.condition, names: names)) \(block(c.then, names: names))"
      if !c.otherwise.isEmpty { text += " else \(block(c.otherwise, names: names))" }
      return text
    case .countedLoop(let loop):
      let count = text(loop.count, as: .kind(.integer(0...Int.max)), names: names)
      return "repeat \(count) as \(loop.name) \(block(loop.body, names: names + [loop.name]))"
    case .loop(let loop): return "while \(text(loop.condition, names: names)) \(block(loop.body, names: names))"
    case .attempt(let a):
      return "try \(block(a.body, names: names))" + (a.otherwise.map { " else \(block($0, names: names))" } ?? "")
    case .assertion(let a): return "assert \(text(a.condition, names: names)) \(ScriptString.literal(a.message))"
    // Questions (`show`, `help`) and outputs (`echo`) change nothing.
    case .show, .help, .echo: return ""
    case .assign(let a):
      let name = state.variables[a.slot].name
      return (a.declares.map { $0 + " " } ?? "") + "\(name) = " + text(a.value, as: a.kind, names: names)
    case .loopExit(let isBreak, _): return isBreak ? "break" : "continue"
    // A step that calls a macro with `return` decided (`decides`): written as its commands.
    case .returnValue(let r): return "return " + text(r.value, as: r.kind, names: names)
    }
  }

  /// An expression as a script writes it; operands that are not plain values in
  /// parentheses, so that no precedence is relied on.
  private func text(_ expression: Expression, as kind: ValueKind? = nil, names: [String]) -> String {
    func operand(_ e: Expression, as kind: ValueKind? = nil) -> String {
      switch e {
      case .constant, .parameter: return text(e, as: kind, names: names)
      case .query(let call) where call.arguments.isEmpty: return text(e, as: kind, names: names)
      case .attribute: return text(e, as: kind, names: names)
      default: return "(" + text(e, as: kind, names: names) + ")"
      }
    }
    switch expression {
    case .constant(let value):
      let words: [String]? = if case .word(let set)? = kind { set.words } else { nil }
      return ScriptString.operand(value, words: words)
    case .parameter(let slot), .wordText(let slot, _): return "$" + names[slot]
    case .variable(let slot, _): return "$" + state.variables[slot].name
    case .text(let inner, let kind): return text(inner, as: kind, names: names)
    case .query(let call):
      let instance = state.instances[call.instance]
      let declaration = state.types[instance.type].queries[call.member]
      let arguments = zip(call.arguments, declaration.parameters).map {
        text($0.0, as: Constraint($0.1.kind), names: names)
      }
      return ([instance.name + "." + declaration.name] + arguments).joined(separator: " ")
    case .attribute(let instance, let query, let range):
      let call = MemberCall(instance: Int(instance), member: Int(query), arguments: [], range: range)
      return text(.query(call), as: kind, names: names)
    case .call(let call):
      let callee = state.macros[call.macro]
      let arguments = zip(call.arguments, callee.constraints).map { text($0, as: $1, names: names) }
      return ([macroNames[call.macro] ?? callee.name] + arguments).joined(separator: " ")
    case .not(let inner): return "not " + operand(inner)
    case .and(let l, let r): return operand(l) + " and " + operand(r)
    case .or(let l, let r): return operand(l) + " or " + operand(r)
    case .comparison(let op, let l, let r):
      let shared = self.kind(of: l) ?? self.kind(of: r)
      return operand(l, as: shared) + " \(op.symbol) " + operand(r, as: shared)
    case .joined(let l, let lk, let r, let rk, _): return operand(l, as: lk) + " + " + operand(r, as: rk)
    case .arithmetic(let op, let l, let r, _), .decimalArithmetic(let op, let l, let r, _),
      .decimalComparison(let op, let l, let r):
      return operand(l) + " \(op.symbol) " + operand(r)
    case .negation(let inner, _), .decimalNegation(let inner): return "-" + operand(inner)
    // Written as the integer it is: the script converts it again, where a decimal meets it.
    case .decimal(let inner): return text(inner, names: names)
    case .interpolation(let pieces, _):
      return ScriptString.interpolated(
        pieces.map {
          switch $0 {
          case .constant(.string(let t)): .text(t)
          case .parameter(let slot), .wordText(let slot, _): .parameter(names[slot])
          default: .text(text($0, names: names))
          }
        })
    }
  }

  /// The kind of a query's answer, which says how a word compared with it is written.
  private func kind(of expression: Expression) -> ValueKind? {
    let (instance, query): (Int, Int)
    switch expression {
    case .query(let call): (instance, query) = (call.instance, call.member)
    case .attribute(let i, let q, _): (instance, query) = (Int(i), Int(q))
    default: return nil
    }
    let result = state.types[state.instances[instance].type].queries[query].result
    if case .word = result { return result }
    return nil
  }

  /// Whether command `id` acts on a receiver whose state outlives the session.
  private func outlivesSession(command id: Int32) -> Bool {
    state.types[state.instances[Int(commands[id].instance)].type].outlivesSession
  }

  func text(command id: Int32) -> String {
    let command = commands[id]
    if Int(command.instance) == state.variableStore { return assignmentText(command) }
    let instance = state.instances[Int(command.instance)]
    let type = state.types[instance.type]
    if command.verb == CommandTable.lifecycleVerb { return "new \(type.name) \(instance.name)" }
    let verb = type.verbs[Int(command.verb)]
    var pairs = Array(zip(command.arguments.map(Operand.constant), verb.parameters))
    Self.dropDefaults(&pairs)
    let arguments = pairs.map { text($0.0, as: Constraint($0.1.kind), names: []) }
    return ([instance.name + "." + verb.name] + arguments).joined(separator: " ")
  }

  private func text(_ operand: Operand, as constraint: Constraint, names: [String]) -> String {
    switch operand {
    case .constant(let value): return text(value, as: constraint)
    case .parameter(let slot): return "$" + names[slot]
    case .computed(let expression, let constraint, _):
      let kind: ValueKind? = if case .kind(.word(let set)) = constraint { .word(set) } else { nil }
      return "(" + text(expression, as: kind, names: names) + ")"
    }
  }

  private func text(_ value: Value, as constraint: Constraint) -> String {
    let words: [String]? = if case .kind(.word(let set)) = constraint { set.words } else { nil }
    return ScriptString.argument(value, words: words)
  }

  /// Leaves out trailing arguments that are their parameter's default, as the script
  /// would write them: a default need not be writable (`board.reset` means the current
  /// size, which no argument spells).
  private static func dropDefaults(_ pairs: inout [(Operand, Parameter)]) {
    while let last = pairs.last, let value = last.1.defaultValue, case .constant(value) = last.0 { pairs.removeLast() }
  }
}
