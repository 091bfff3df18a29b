// How a session presents what its timeline tells: requests answered as outputs, steps as
// changes, reports and warnings as diagnostics; and what the timeline asks of the compile
// half (a statement's text, a transaction's name, export's script).

extension Session: TimelineHost {
  /// The diagnostic for a statement's failure, with its macro calls and what its rollback
  /// did.
  func diagnostic(of error: RunFailure) -> Diagnostic {
    var problem = Problem(error.message, at: error.range)
    problem.notes = error.calls.map { ("in macro `\($0.macro)` called here", $0.at) }
    if error.rolledBackTransaction {
      let list = error.reverted.map { "`\($0)`" }.joined(separator: ", ")
      problem.notes.append(("the transaction was rolled back: " + (list.isEmpty ? "nothing had run" : list), nil))
    }
    if !error.notReverted.isEmpty {
      let list = error.notReverted.map { "`\($0)`" }.joined(separator: ", ")
      problem.notes.append(("the rollback could not revert \(list): declared as not undoable", nil))
    }
    return problem.diagnostic(in: sources)
  }

  private func answer(_ request: Invoker.Request) {
    switch request {
    case .show(let instances):
      // `show` alone shows the variables only when there are some.
      let shown =
        instances
        ?? timeline.instances.indices.filter { $0 != checkerState.variableStore || !timeline.variables.isEmpty }
      let size = pictureSize()
      for i in shown where timeline.instances[i].exists {
        let box = timeline.instances[i]
        let type = self.type(ofInstance: i).name
        if showsViews || size != nil {
          onOutput(
            .shown(
              Shown(
                receiver: box.name, type: type, state: box.state(), description: box.stateDescription(),
                view: showsViews ? box.view() : nil, picture: size.flatMap(box.picture))))
        } else {
          onOutput(.state(receiver: box.name, type: type, state: box.state(), description: box.stateDescription()))
        }
      }
    case .help(let topic):
      onOutput(.help(help(topic)))
    case .echo(let line):
      onOutput(.echo(line))
    case .value(let value, let text):
      onOutput(.value(value, text: text))
    case .caught(_, handled: true):
      break
    case .caught(let failure, handled: false):
      var problem = Problem(
        "`try` caught: \(failure.message); it was rolled back", at: failure.range, severity: .warning)
      problem.notes = failure.calls.map { ("in macro `\($0.macro)` called here", $0.at) }
      if !failure.notReverted.isEmpty {
        let list = failure.notReverted.map { "`\($0)`" }.joined(separator: ", ")
        problem.notes.append(("the rollback could not revert \(list): declared as not undoable", nil))
      }
      onDiagnostic(problem.diagnostic(in: sources))
    }
  }

  /// Tells the host what the timeline did: outputs, changes, reports and warnings.
  func present(_ event: Timeline.Event) {
    switch event {
    case .request(let request): answer(request)
    case .made(let i):
      if reportsEffects {
        report("made `\(instanceName(i))`, a new \(type(ofInstance: i).name)")
      }
    case .done(let op, let statement, let name, let instances):
      if reportsEffects {
        for i in instances {
          if let outcome = timeline.instances[i].object as? any ReceiverBase, let text = outcome.outcomeReport {
            report(text)
          }
        }
      }
      guard hasChangeObservers else { return }
      tell(
        Change(
          kind: .done, actionName: actionName(of: op, statement: statement, name: name),
          receivers: instances.map(instanceName)))
    case .undone(let step, let statement, let notReverted, let cause):
      if hasChangeObservers { tell(change(.undone, step: step)) }
      if !notReverted.isEmpty {
        let list = notReverted.map { "`\($0)`" }.joined(separator: ", ")
        switch cause {
        case .undo(let range): warn("undo could not revert \(list): declared as not undoable", at: range)
        case .rollback: warn("rolling back could not revert \(list): declared as not undoable", at: statement)
        case .move: break
        }
      }
    case .redone(let step):
      if hasChangeObservers { tell(change(.redone, step: step)) }
    case .undid(let statements, let count, let range):
      if reportsEffects, !statements.isEmpty { report(Self.summary(of: statements.map(canonicalText), as: "undid")) }
      let done = statements.count
      if done < count {
        warn(done == 0 ? "nothing to undo" : "only \(done) of \(count) steps could be undone", at: range)
      }
    case .redid(let statements, let count, let range, let stopped):
      let done = statements.count
      if let stopped {
        warn("redo stopped: \(stopped.message)", at: range)
      } else if done < count {
        warn(done == 0 ? "nothing to redo" : "only \(done) of \(count) steps could be redone", at: range)
      }
      if reportsEffects, !statements.isEmpty { report(Self.summary(of: statements.map(canonicalText), as: "redid")) }
    case .rollbackStopped(let statement, let failure):
      warn("rolling back stopped: cannot undo: \(failure.message)", at: statement)
    case .listHistory(let last):
      var tree = historyTree
      tree.shownSteps = last
      onOutput(.history(tree))
    case .listQueue: onOutput(.pending(pendingStatements))
    case .discarded(let count):
      if reportsEffects { report(count == 1 ? "dropped 1 pending statement" : "dropped \(count) pending statements") }
    case .defined(let used):
      if reportsEffects, let used { report("now using `\(used)`") }
    case .exported(let steps, let path):
      if reportsEffects { report("wrote \(steps == 1 ? "1 step" : "\(steps) steps") to `\(path)`") }
    case .queuedFailed(let failure): onDiagnostic(diagnostic(of: failure))
    case .queueRan(let finished, let failed): onOutput(.queueRun(finished: finished, failed: failed))
    case .moved(let report): present(report)
    case .sourceStopped(let statement, let notRun, let all):
      warn(
        "`\(sourceText(of: statement))` stopped: \(notRun) of its \(all) statements did not run", at: statement)
    }
  }

  /// The script that makes `items` again, for `export` and `export tree`.
  func script(of items: [Exporter.Item], tree: Bool) -> String {
    var exporter = Exporter(state: checkerState, commands: commands)
    return exporter.script(of: items, tree: tree)
  }

  private func report(_ text: String) { onOutput(.report(text)) }

  /// How the session's reports tell of steps ("undid \`paint red\`", or "undid 3 steps:
  /// \`a\`, \`b\`, \`c\`", listing five at most), for a host's own reports in the same words.
  package static func summary(of steps: [String], as verb: String) -> String {
    guard steps.count > 1 else { return "\(verb) `\(steps[0])`" }
    let shown = steps.prefix(5).map { "`\($0)`" }.joined(separator: ", ")
    return "\(verb) \(steps.count) steps: \(shown)" + (steps.count > 5 ? ", and \(steps.count - 5) more" : "")
  }

  private func warn(_ message: String, at range: SourceRange) {
    onDiagnostic(Problem(message, at: range, severity: .warning).diagnostic(in: sources))
  }

  /// The text of `range` as written.
  func sourceText(of range: SourceRange) -> String {
    String(decoding: sources[range.source].bytes[range.start..<range.end], as: UTF8.self)
  }

  /// The statement at `range` in canonical one-line form: its text as written, unless the
  /// compile half recorded another form for it.
  func canonicalText(of range: SourceRange) -> String {
    statementTitles[range]?.canonical ?? sourceText(of: range)
  }

  /// The name `transaction "NAME" { … }` gives its undo step, as recorded when it was
  /// compiled (so that a compiled statement carries no name: checking a million of them
  /// would copy it), or nil for any other statement.
  func stepName(of statement: CompiledStatement) -> String? {
    statement.isTransaction ? statementTitles[statement.range]?.name : nil
  }

  /// The name of instance `index`, as the compile half numbers instances.
  func instanceName(_ index: Int) -> String { checkerState.instances[index].name }

  /// The receiver type of instance `index`.
  func type(ofInstance index: Int) -> ReceiverTypeInfo { checkerState.types[checkerState.instances[index].type] }
}

/// What a statement is called where its text as written does not say it: its canonical
/// one-line form (`repeat 4 { move right }`) when that is not the text, and the name
/// `transaction "NAME" { … }` gives its step. Made once, when the statement is compiled to
/// be kept, from the syntax tree the parser built.
struct StatementTitle {
  /// The canonical form, where it differs from the text as written.
  var canonical: String?
  /// A transaction's name.
  var name: String?

  /// Records the title of `statement` of `tree`, whose source is `bytes`, if it has one
  /// (and, for `queue S`, that of `S`, which waits in the queue under its own range).
  static func record(
    _ statement: Statement, in tree: SyntaxTree, bytes: [UInt8], into titles: inout [SourceRange: StatementTitle]
  ) {
    if case .queue(let index) = statement.kind {
      record(tree.statements[Int(index)], in: tree, bytes: bytes, into: &titles)
    }
    var title = StatementTitle()
    let range = statement.range
    let canonical = tree.canonical(statement)
    if !canonical.utf8.elementsEqual(bytes[range.start..<range.end]) { title.canonical = canonical }
    if case .transaction(_, let name?) = statement.kind { title.name = ScriptString.plain(tree.strings[Int(name)]) }
    if title.canonical != nil || title.name != nil { titles[range] = title }
  }
}
