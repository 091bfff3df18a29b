// A script run for a host that answers with what it did rather than through the session's
// hooks: its outputs, its diagnostics and, per receiver, the state before and after (what
// an agent is shown). `preview` runs a script for real, then takes it all back: the
// receivers, the history, the queue, the definitions, and nothing given to the journal.

/// What one receiver was before a script and is after it: the states `show` gives
/// (``Session/state(of:)``); nil where the receiver did not exist (a `new`, or one undone).
package struct ReceiverChange: Equatable, Sendable {
  /// The receiver instance's name.
  package var receiver: String
  /// Its state before, nil if it did not exist.
  package var before: StateValue?
  /// Its state after, nil if it no longer exists.
  package var after: StateValue?
}

/// The first command a script would run that cannot be undone (a verb declared so, or an
/// `export`, which writes a file): what ``Session/preview(_:)`` stops before, and what
/// ``Session/run(_:allowingIrreversible:)`` refuses without leave.
package struct IrreversibleCommand: Equatable, Sendable {
  /// `receiver.verb`, or `export`.
  package var command: String
  /// The top-level statement that holds it, in canonical form.
  package var statement: String
  /// The statements from that one on, in canonical form: what was not run.
  package var following: [String]
}

/// What a script did (``Session/run(_:allowingIrreversible:)``) or would do
/// (``Session/preview(_:)``).
package struct ScriptReport: Equatable, Sendable {
  /// Whether it compiled and every statement that ran succeeded (and, for a run, none was
  /// refused).
  package var ok: Bool
  /// The receivers whose states differ after it, in the session's order of receivers.
  package var changes: [ReceiverChange]
  /// What `echo`, `show` and the like produced, in order.
  package var outputs: [Output]
  /// Its compile errors, or the failure that stopped it, and the warnings.
  package var diagnostics: [Diagnostic]
  /// The first command it has that cannot be undone, if any: a preview stopped before its
  /// statement; a run not allowed to run one ran nothing.
  package var irreversible: IrreversibleCommand?
}

extension Session {
  /// The step the session stands on: the number of the history tree's current node, 0 for
  /// the state before every kept step (``HistoryTree/current``, without building the tree).
  package var currentStep: Int {
    let history = timeline.invoker.history
    return history.current < 0 ? 0 : history.nodes[history.current].number
  }

  /// Each existing receiver's name and state, in order.
  package var receiverStates: [(receiver: String, state: StateValue)] {
    timeline.instances.filter(\.exists).map { ($0.name, $0.state()) }
  }

  /// The receiver type of the instance called `name`, if it exists.
  package func typeOfReceiver(_ name: String) -> ReceiverTypeInfo? {
    guard let index = timeline.instances.lastIndex(where: { $0.name == name && $0.exists }) else { return nil }
    return type(ofInstance: index)
  }

  /// The language's statements as `help` lists them: each one's usage and summary.
  package static var statementUsages: [(usage: String, summary: String)] {
    Keyword.documented.map { ($0.declaration.usage, $0.declaration.summary) }
  }

  /// The receivers whose state differs between `before` and `after` (lists of
  /// ``receiverStates``), in `after`'s order, then those gone.
  package static func changes(
    from before: [(receiver: String, state: StateValue)], to after: [(receiver: String, state: StateValue)]
  ) -> [ReceiverChange] {
    var old: [String: StateValue] = [:]
    for (name, state) in before { old[name] = state }
    var changes: [ReceiverChange] = []
    for (name, state) in after where old[name] != state {
      changes.append(ReceiverChange(receiver: name, before: old[name], after: state))
    }
    let now = Set(after.map(\.receiver))
    for (name, state) in before where !now.contains(name) {
      changes.append(ReceiverChange(receiver: name, before: state, after: nil))
    }
    return changes
  }

  /// `file` compiled for a report, with the interruption cleared: its warnings, or its
  /// errors (then nil), added to `diagnostics`.
  private func compiledForReport(_ file: SourceFile, diagnostics: inout [Diagnostic]) -> Program? {
    interruption.clear()
    do throws(CompileErrors) {
      let program = try compile(file)
      diagnostics += program.warnings
      return program
    } catch {
      diagnostics += error.diagnostics
      return nil
    }
  }

  /// Compiles and runs `file` statement by statement, as a script runs with the default
  /// `--on-error stop`: each statement atomic, the failed one rolled back, the ones before
  /// it kept, and every one given to the ``journal``. If the script has a command that
  /// cannot be undone and `allowingIrreversible` is false, nothing runs and its
  /// definitions are not kept: the report names the command. The session's hooks are not
  /// told of its outputs and diagnostics: the report holds them.
  package func run(_ file: SourceFile, allowingIrreversible: Bool) -> ScriptReport {
    let before = receiverStates
    let mark = checkerState.mark
    return capturing { outputs, diagnostics in
      guard let program = compiledForReport(file, diagnostics: &diagnostics) else {
        return ScriptReport(ok: false, changes: [], outputs: [], diagnostics: [], irreversible: nil)
      }
      if !allowingIrreversible, let stop = firstIrreversible(in: program.statements) {
        takeBack(since: mark)
        return ScriptReport(ok: false, changes: [], outputs: [], diagnostics: [], irreversible: stop.command)
      }
      let failures = execute(program) { failure in
        diagnostics.append(failure)
        return false
      }
      return ScriptReport(
        ok: failures == 0, changes: Self.changes(from: before, to: receiverStates), outputs: [], diagnostics: [],
        irreversible: nil)
    }
  }

  /// Runs `file` for real, as ``run(_:allowingIrreversible:)`` would at this step, then
  /// takes it all back: the receivers are as before (every step it made undone, every step
  /// it undid redone), and the history, the queue and the definitions in force are exactly
  /// as before; nothing of it reaches the journal, ``onCommit`` or the change observers. It
  /// stops before the first statement that may run a command that cannot be undone (or an
  /// `export`) and names it. The report's changes are those a run would make (up to that
  /// statement).
  package func preview(_ file: SourceFile) -> ScriptReport {
    let before = receiverStates
    let start = checkpoint()
    let (journal, commit, limit, observers, listener) = (
      timeline.journal, timeline.onCommit, timeline.limits.history, changeObservers, onChange
    )
    // Nothing dropped from the history, so that every step can be taken back.
    (timeline.journal, timeline.onCommit, timeline.limits.history) = (nil, { _ in }, nil)
    (changeObservers, onChange) = ([], nil)
    defer {
      (timeline.journal, timeline.onCommit, timeline.limits.history) = (journal, commit, limit)
      changeObservers = observers
      onChange = listener
    }
    return capturing { outputs, diagnostics in
      guard let program = compiledForReport(file, diagnostics: &diagnostics) else {
        return ScriptReport(ok: false, changes: [], outputs: [], diagnostics: [], irreversible: nil)
      }
      let stop = firstIrreversible(in: program.statements)
      let prefix = Program(
        statements: Array(program.statements[..<(stop?.index ?? program.statements.count)]), warnings: [])
      let failures = execute(prefix) { failure in
        diagnostics.append(failure)
        return false
      }
      let after = receiverStates
      // Back to the step it started on, then the tree as it was: the steps the script made
      // are undone (the receivers keep no record of them), those it undid are redone.
      let takenBack = rollBack(to: start)
      if let failure = takenBack {
        diagnostics.append(
          Diagnostic(
            .error, "the preview could not be taken back: \(failure.message)",
            at: SourceLocation(file: file.name, line: file.firstLine, column: 1)))
      }
      return ScriptReport(
        ok: failures == 0 && takenBack == nil, changes: Self.changes(from: before, to: after), outputs: [],
        diagnostics: [], irreversible: stop?.command)
    }
  }

  /// Runs `body` with the outputs and diagnostics it makes collected instead of handed to
  /// the host's hooks, and puts them in its report.
  private func capturing(
    _ body: (_ outputs: inout [Output], _ diagnostics: inout [Diagnostic]) -> ScriptReport
  ) -> ScriptReport {
    var outputs: [Output] = []
    var diagnostics: [Diagnostic] = []
    let (output, diagnostic) = (onOutput, onDiagnostic)
    // The hooks append to a box, since they may be called while `body` holds the arrays.
    final class Box {
      var outputs: [Output] = []
      var diagnostics: [Diagnostic] = []
    }
    let box = Box()
    onOutput = { box.outputs.append($0) }
    onDiagnostic = { box.diagnostics.append($0) }
    defer { (onOutput, onDiagnostic) = (output, diagnostic) }
    var report = body(&outputs, &diagnostics)
    report.outputs = box.outputs + outputs
    report.diagnostics = diagnostics + box.diagnostics
    return report
  }

  /// Takes back what compiling defined since `mark`: the macros and `use`s, and the
  /// instances of `new`s, withdrawn (as a run stopped before a `new` takes them back).
  func takeBack(since mark: CheckerState.Mark) {
    checkerState.takeBack(since: mark)
    timeline.define(macros: checkerState.macros)
  }

  /// The first of `statements` (sourced files' statements in turn) that may run a command
  /// that cannot be undone, or export, with its index among `statements`.
  private func firstIrreversible(in statements: [CompiledStatement]) -> (index: Int, command: IrreversibleCommand)? {
    for (i, statement) in statements.enumerated() {
      guard let command = irreversibleCommand(of: statement) else { continue }
      let following = statements[i...].map { canonicalText(of: $0.range) }
      return (i, IrreversibleCommand(command: command, statement: following[0], following: following))
    }
    return nil
  }

  /// The command that cannot be undone that `statement` may run, if any.
  private func irreversibleCommand(of statement: CompiledStatement) -> String? {
    switch statement.action {
    case .operation(let op):
      var visited = Set<Int>()
      return irreversibleCommand(in: [op], visited: &visited)
    case .directive(.export): return "export"
    case .directive(.sourced(let inner)):
      for s in inner { if let command = irreversibleCommand(of: s) { return command } }
      return nil
    case .directive(.queue(let op, _, _)):
      var visited = Set<Int>()
      return irreversibleCommand(in: [op], visited: &visited)
    case .directive: return nil
    }
  }

  /// The first command that cannot be undone among `ops` and the macros they call
  /// (`visited`: the macros looked into already).
  private func irreversibleCommand(in ops: [Op], visited: inout Set<Int>) -> String? {
    let instances = timeline.instances
    func named(_ instance: Int, _ verb: Int) -> String? {
      guard verb >= 0, instances[instance].notUndoable[verb] != nil else { return nil }
      return "\(instances[instance].name).\(instances[instance].verbNames[verb])"
    }
    for op in ops {
      switch op {
      case .command(let id, _):
        let head = commands.heads[Int(id)]
        if let name = named(Int(head.instance), Int(head.verb)) { return name }
      case .parameterizedCommand(let call):
        // A `( … )` argument may call a macro that returns a value, which runs first.
        var found: String?
        call.arguments.forEachCall { called in
          guard found == nil, visited.insert(called.macro).inserted else { return }
          found = irreversibleCommand(in: timeline.invoker.macros[called.macro].body, visited: &visited)
        }
        if let found { return found }
        if let name = named(call.instance, call.member) { return name }
      case .commands(let run):
        for id in run.ids {
          let head = commands.heads[Int(id)]
          if let name = named(Int(head.instance), Int(head.verb)) { return name }
        }
      default:
        var found: String?
        op.forEachPart { part in
          guard found == nil else { return }
          switch part {
          case .block(let body, _): found = irreversibleCommand(in: body, visited: &visited)
          case .call(let call):
            guard visited.insert(call.macro).inserted else { return }
            found = irreversibleCommand(in: timeline.invoker.macros[call.macro].body, visited: &visited)
          case .command, .decision: break
          }
        }
        if let found { return found }
      }
    }
    return nil
  }
}
