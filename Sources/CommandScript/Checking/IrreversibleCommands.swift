/// The commands that cannot be undone in the block being checked, and the warning for each
/// one that another command of the same top-level statement may run after: a failure
/// there rolls the statement back, but leaves it in effect (grammar.md, "Undo steps and
/// atomicity"). The checker notes such commands inside blocks and macro bodies as it
/// compiles them, at no cost to other commands; once the outermost block (or a macro body)
/// is compiled, and only if it noted one, its ops are walked in the order they run.
struct IrreversibleCommands {
  /// A command that cannot be undone: its op starts at `start` in the statement's source;
  /// the warning points at `name`. For a macro that ends with one, `macro` is its index and
  /// `name` is where the call is.
  struct Entry: Sendable {
    var name: SourceRange
    var start: Int32
    var instance: Int32
    var verb: Int32
    var macro: Int32 = -1
  }

  /// Whether the statement being compiled has a command that cannot be undone, or calls a
  /// macro that ends with one: whether it must be walked.
  private(set) var isNoted = false
  private var entries: [Entry] = []

  /// Notes a command that cannot be undone, whose op has the range `op`.
  mutating func note(instance: Int, verb: Int, name: SourceRange, op: SourceRange) {
    isNoted = true
    entries.append(
      Entry(
        name: name, start: Int32(truncatingIfNeeded: op.start), instance: Int32(truncatingIfNeeded: instance),
        verb: Int32(truncatingIfNeeded: verb)))
  }

  /// Notes a call of a macro that ends with a command that cannot be undone.
  mutating func noteCall() { isNoted = true }

  /// The warnings for `ops`, a statement or a macro body, and the command that cannot be
  /// undone that it ends with, if any (what a macro passes on to its calls). Forgets what
  /// was noted.
  mutating func settle(_ ops: [Op], state: CheckerState) -> (warnings: [Problem], end: Entry?) {
    var walk = Walk(entries: entries, state: state)
    walk.visit(ops)
    entries.removeAll(keepingCapacity: true)
    isNoted = false
    return (walk.warnings, walk.pending)
  }

  private struct Walk {
    /// In the order their commands were compiled, which is the order of their ops.
    let entries: [Entry]
    /// The first entry whose op has not been visited yet (ops are visited in order, each
    /// once: a walk is linear in the size of the statement).
    var next = 0
    let state: CheckerState
    var warnings: [Problem] = []
    /// The last command that ran, if it cannot be undone.
    var pending: Entry?
    /// How many times `pending` was set, to tell whether a `repeat` body set it.
    var pendings = 0

    mutating func visit(_ ops: [Op]) {
      for op in ops {
        op.forEachPart { part in
          switch part {
          case .command(let range, _): command(at: range)
          case .call(let call):
            let macro = state.macros[call.macro]
            if macro.runsCommands { settlePending() }
            if var end = macro.irreversibleEnd {
              end.name = call.range
              end.macro = Int32(truncatingIfNeeded: call.macro)
              setPending(end)
            }
          case .block(let body, let repeats):
            let before = pendings
            visit(body)
            // The body's next turn runs after its last command.
            if repeats, pendings != before, pending != nil { settlePending() }
          case .decision: break
          }
        }
      }
    }

    private mutating func command(at range: SourceRange) {
      settlePending()
      let start = Int32(truncatingIfNeeded: range.start)
      // Entries of commands that made no op (they had errors) are passed over.
      while next < entries.count, entries[next].start < start { next += 1 }
      if next < entries.count, entries[next].start == start {
        setPending(entries[next])
        next += 1
      }
    }

    private mutating func setPending(_ entry: Entry) {
      pending = entry
      pendings += 1
    }

    /// A command runs after the pending one: it gets its warning.
    private mutating func settlePending() {
      guard let entry = pending else { return }
      pending = nil
      let receiver = state.instances[Int(entry.instance)]
      let command = "`\(receiver.name).\(state.types[receiver.type].verbs[Int(entry.verb)].name)`"
      let subject =
        entry.macro >= 0 ? "macro `\(state.macros[Int(entry.macro)].name)` ends with \(command), which" : command
      warnings.append(
        Problem(
          "\(subject) cannot be undone: if a command after it fails, the rollback leaves it in effect",
          at: entry.name, severity: .warning))
    }
  }
}

extension Macro {
  /// Whether `ops` run a receiver command (a macro made only of `show` or `help` does not),
  /// `macros` being the macros they may call.
  static func runCommands(_ ops: [Op], macros: [Macro]) -> Bool {
    ops.contains { op in
      var runs = false
      op.forEachPart { part in
        guard !runs else { return }
        switch part {
        case .command: runs = true
        case .call(let call): runs = macros[call.macro].runsCommands
        case .block(let body, _): runs = runCommands(body, macros: macros)
        case .decision: break
        }
      }
      return runs
    }
  }
}
