import CommandScript

/// Turns the session's outputs and diagnostics into text for people (with colour on a
/// terminal unless NO_COLOR is set) or into JSON Lines (`--json`).
struct Renderer {
  var json: Bool
  /// Colour for diagnostics on standard error.
  var colour: Bool
  /// At most so many characters of a source line around a column, and the column within
  /// them (file, line, column, width): the line and caret under a diagnostic.
  var sourceExcerpt: (String, Int, Int, Int) -> SourceExcerpt? = { _, _, _, _ in nil }
  /// Whether `history` draws the tree (standard output is a terminal) rather than listing it.
  var drawsHistory = false
  /// Whether long diagnostic messages and notes are wrapped to the width of standard
  /// error when it is a terminal (not under `--json`).
  var wrapsDiagnostics = false

  // MARK: Output

  func render(_ output: Output) {
    if json {
      Console.out.line(jsonLine(output))
      return
    }
    switch output {
    case .shown(let shown):
      render(shown)
    case .state(let receiver, let type, _, let description) where receiver == "vars" && type == "vars":
      // The variables: one `NAME = VALUE` a line, as a script writes them.
      for line in Self.visible(description).split(separator: "\n") { Console.out.line(String(line)) }
    case .state(let receiver, let type, _, let description):
      let description = Self.visible(description)
      let heading = Self.heading(receiver, type)
      if description.contains("\n") {
        Console.out.line("\(heading):")
        for line in description.split(separator: "\n", omittingEmptySubsequences: false) {
          Console.out.line("  " + line)
        }
      } else {
        Console.out.line("\(heading): \(description)")
      }
    case .history(let tree):
      if tree.nodes.isEmpty { Console.out.line("(no history)") }
      for line in drawsHistory ? HistoryDrawing.picture(of: tree) : HistoryDrawing.list(of: tree) {
        Console.out.line(line)
      }
    case .help(let text):
      Console.out.line(text)
    case .pending(let statements):
      if statements.isEmpty { Console.out.line("(nothing pending)") }
      for (i, statement) in statements.enumerated() { Console.out.line("\(i + 1)  \(statement)") }
    case .queueRun(let finished, let failed):
      Console.out.line("ran \(finished + failed) queued: \(finished) finished, \(failed) failed")
    case .echo(let line), .report(let line), .value(_, text: let line):
      Console.out.line(line)
    }
  }

  /// `text` with its control characters (but line breaks and tabs) written as script text
  /// writes them, `\u{1B}`, as `history` shows a statement: a receiver's description may
  /// hold what a script gave it, and a terminal must not take that for commands.
  static func visible(_ text: String) -> String {
    func isControl(_ scalar: Unicode.Scalar) -> Bool {
      (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// `back (door)` for an instance made by `new`; the name alone for the one named after
  /// its type.
  static func heading(_ receiver: String, _ type: String) -> String {
    receiver == type ? receiver : "\(receiver) (\(type))"
  }

  /// `"receiver": …`, then `"type": …` for an instance made by `new`.
  static func jsonHeading(_ receiver: String, _ type: String) -> [StateValue.Member] {
    [.init("receiver", .string(receiver))] + (receiver == type ? [] : [.init("type", .string(type))])
  }

  func jsonLine(_ output: Output) -> String { Self.jsonValue(output).json }

  /// An output as `--json` writes it (also what `mcp` answers with).
  static func jsonValue(_ output: Output) -> StateValue {
    switch output {
    case .state(let receiver, let type, let state, _):
      return StateValue.object(jsonHeading(receiver, type) + [.init("state", state)])
    case .shown(let shown):
      var members = jsonHeading(shown.receiver, shown.type) + [.init("state", shown.state)]
      if let view = shown.view { members.append(.init("view", view)) }
      return .object(members)
    case .history(let tree):
      return HistoryDrawing.json(of: tree)
    case .help(let text):
      return StateValue.object([.init("help", .string(text))])
    case .pending(let statements):
      return StateValue.object([.init("pending", .array(statements.map { .string($0) }))])
    case .queueRun(let finished, let failed):
      return StateValue.object([.init("queue_run", ["finished": .int(finished), "failed": .int(failed)])])
    case .echo(let line):
      return StateValue.object([.init("echo", .string(line))])
    case .value(let value, _):
      return StateValue.object([.init("value", value)])
    case .report(let line):
      return StateValue.object([.init("report", .string(line))])
    }
  }

  // MARK: Diagnostics

  func render(_ diagnostic: Diagnostic) {
    if json {
      Console.err.line(jsonLine(diagnostic))
      return
    }
    for line in textLines(diagnostic) { Console.err.line(line) }
  }

  /// An error about the run rather than a place in a source (a file that cannot be read,
  /// a usage error): `cmdscript: message`, or under `--json` an object with the file (if
  /// any), the severity and the message, like other diagnostics.
  func renderRunError(_ message: String, file: String? = nil) {
    renderAboutTheRun(message, file: file, severity: "error")
  }

  /// A note about the run that no statement's location fits (what a rollback of the
  /// whole run undid), written as ``renderRunError(_:file:)`` writes an error.
  func renderNote(_ message: String) { renderAboutTheRun(message, file: nil, severity: "note") }

  /// A warning about the run (a plugin that did not start, a verb it shadows), written as
  /// ``renderNote(_:)`` writes a note, after `warning: `.
  func renderWarning(_ message: String) {
    renderAboutTheRun(json ? message : "warning: " + message, file: nil, severity: "warning")
  }

  private func renderAboutTheRun(_ message: String, file: String?, severity: String) {
    guard json else {
      Console.err.message("\(message)")
      return
    }
    var members: [StateValue.Member] = file.map { [.init("file", .string($0))] } ?? []
    members += [.init("severity", .string(severity)), .init("message", .string(message))]
    Console.err.line(StateValue.object(members).json)
  }

  func jsonLine(_ d: Diagnostic) -> String { Self.jsonValue(d).json }

  /// A diagnostic as `--json` writes it (also what `mcp` answers with).
  static func jsonValue(_ d: Diagnostic) -> StateValue {
    func location(_ l: SourceLocation) -> [StateValue.Member] {
      [.init("file", .string(l.file)), .init("line", .int(l.line)), .init("column", .int(l.column))]
    }
    var members = location(d.location)
    members += [.init("severity", .string(d.severity.rawValue)), .init("message", .string(d.message))]
    if let s = d.suggestion { members.append(.init("suggestion", .string(s))) }
    if !d.notes.isEmpty {
      members.append(
        .init(
          "notes",
          .array(
            d.notes.map { note in
              .object([.init("message", .string(note.message))] + (note.location.map(location) ?? []))
            })))
    }
    return StateValue.object(members)
  }

  private func paint(_ text: String, _ code: String) -> String {
    colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// `file:line:col: error: message`, the source line, a caret under the range, then notes.
  func textLines(_ d: Diagnostic) -> [String] {
    let severity = d.severity == .error ? "error:" : "warning:"
    let diagnosticWidth = wrapsDiagnostics ? Self.diagnosticWidth() : nil
    let label = d.severity == .error ? paint("error:", "1;31") : paint("warning:", "1;35")
    var message = d.message
    if let s = d.suggestion { message += " (did you mean `\(s)`?)" }
    var lines = Self.wrap(
      message, after: paint("\(d.location):", "1") + " \(label) ", plainPrefix: "\(d.location): \(severity) ",
      width: diagnosticWidth, paint: { paint($0, "1") })
    lines += excerpt(at: d.location)
    let noteLabel: String = paint("note:", "1;36") + " "
    for note in d.notes {
      let place: String = note.location.map { "\($0): " } ?? ""
      let prefix: String = (place.isEmpty ? "" : paint(String(place.dropLast()), "1") + " ") + noteLabel
      lines += Self.wrap(
        note.message, after: prefix, plainPrefix: place + "note: ", width: diagnosticWidth, paint: { $0 })
      if let l = note.location { lines += excerpt(at: l) }
    }
    return lines
  }

  /// The source line (shortened around the column when very long, with `…` where it is
  /// cut) and a caret line. The caret follows the columns a terminal shows, not the count
  /// of characters: a wide character takes two, a combining mark none, and a tab in the
  /// line is a tab in the padding, so that the caret moves to the same tab stop.
  private func excerpt(at location: SourceLocation) -> [String] {
    guard let excerpt = sourceExcerpt(location.file, location.line, location.column, 160) else { return [] }
    let scalars = Array(excerpt.text.unicodeScalars)
    let column = excerpt.column
    guard column >= 1, column <= scalars.count + 1 else { return [] }
    let visible = scalars.map { $0.value < 0x20 && $0 != "\t" ? "?" : $0 }
    var shown = String(String.UnicodeScalarView(visible))
    var padding = ""
    if excerpt.isClippedBefore {
      shown = "…" + shown
      padding = " "
    }
    if excerpt.isClippedAfter { shown += "…" }
    for scalar in visible.prefix(column - 1) {
      padding += scalar == "\t" ? "\t" : String(repeating: " ", count: DisplayWidth.of(scalar))
    }
    let marked = visible[(column - 1)...].prefix(location.length)
    let width = max(1, DisplayWidth.of(marked))
    let marks = "^" + String(repeating: "~", count: width - 1)
    return ["    " + shown, "    " + padding + paint(marks, "1;32")]
  }
}
