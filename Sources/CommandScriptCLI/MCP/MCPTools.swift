import CommandScript

/// The tools of `cmdscript mcp` (docs/mcp.md), each a client of the ``Session`` as the
/// command line is: what they take, what they answer, and the truth of their annotations.
/// Every answer is a tool result whose `structuredContent` and text are the same JSON; a
/// failure is one with `isError`, never a protocol error.
final class MCPTools {
  private let served: ServedSession
  private var session: Session { served.session }
  /// Set when the journal could not keep or make durable what a call did: the server stops.
  private(set) var journalFailed = false
  /// What `confirm` tokens are keyed with, new at each start.
  private let secret = (UInt64.random(in: .min ... .max), UInt64.random(in: .min ... .max))

  init(served: ServedSession) { self.served = served }

  static let names = ["describe", "check", "preview", "run", "undo", "redo", "goto", "history", "show"]

  /// Why a call cannot be made: a tool result with `isError`.
  struct Refusal: Error {
    var message: String
    var details: [StateValue.Member] = []
  }

  // MARK: The tools' declarations

  /// `tools/list`'s tools: names, descriptions, input schemas and annotations.
  static let list: StateValue = {
    func schema(_ properties: [(String, StateValue)], required: [String] = []) -> StateValue {
      var members: [StateValue.Member] = [
        .init("type", "object"), .init("properties", .object(properties.map { .init($0.0, $0.1) })),
      ]
      if !required.isEmpty { members.append(.init("required", .array(required.map { .string($0) }))) }
      members.append(.init("additionalProperties", .bool(false)))
      return .object(members)
    }
    func property(_ type: String, _ description: String, minimum: Int? = nil) -> StateValue {
      var members: [StateValue.Member] = [.init("type", .string(type)), .init("description", .string(description))]
      if let minimum { members.append(.init("minimum", .int(minimum))) }
      return .object(members)
    }
    let script = ("script", property("string", "CommandScript text: statements separated by lines or `;`."))
    let count = ("count", property("integer", "How many steps (default 1).", minimum: 1))
    func tool(_ name: String, _ title: String, _ description: String, _ input: StateValue, readOnly: Bool)
      -> StateValue
    {
      var hints: [StateValue.Member] = [.init("title", .string(title)), .init("readOnlyHint", .bool(readOnly))]
      // Every change can be undone (`undo`, `goto`): nothing is destroyed.
      if !readOnly { hints += [.init("destructiveHint", .bool(false))] }
      return .object([
        .init("name", .string(name)), .init("title", .string(title)), .init("description", .string(description)),
        .init("inputSchema", input), .init("annotations", .object(hints)),
      ])
    }
    return .array([
      tool(
        "describe", "Describe the session",
        "The receivers (name, type, verbs with parameters and whether each can be undone, when each cannot work and why if it cannot now, queries), the language's statements, and the current step. Call it first.",
        schema([]), readOnly: true),
      tool(
        "check", "Check a script", "Checks a script without running anything: `ok` and located `diagnostics`.",
        schema([script], required: ["script"]), readOnly: true),
      tool(
        "preview", "Preview a script",
        "Runs a script, then takes it all back (state, history and journal as before): the `changes` (receiver, before, after) and `output` it would make. Stops before a command that cannot be undone, named in `irreversible`. Gives the `step` and a `confirm` token for `run`.",
        schema([script], required: ["script"]), readOnly: true),
      tool(
        "run", "Run a script",
        "Runs a script statement by statement, each atomic and one undo step; a failing statement is rolled back and stops the script. With `expect`, runs nothing unless the session is at that step. A command that cannot be undone needs the `confirm` token `preview` gave for this script at this step. Answers the new `step` and the `changes`.",
        schema(
          [
            script,
            ("expect", property("integer", "The step the session must be at (from preview, or a previous run).")),
            ("confirm", property("string", "The token preview gave for this script at this step.")),
          ], required: ["script"]), readOnly: false),
      tool("undo", "Undo", "Undoes the last steps, as the statement `undo N`.", schema([count]), readOnly: false),
      tool("redo", "Redo", "Redoes undone steps, as the statement `redo N`.", schema([count]), readOnly: false),
      tool(
        "goto", "Go to a step",
        "Goes to the state right after a step of the undo tree (0: before the first), wherever it is, as `goto N`.",
        schema([("step", property("integer", "The step number (see history).", minimum: 0))], required: ["step"]),
        readOnly: false),
      tool(
        "history", "Show the undo tree",
        "The undo tree as `history --json` gives it: Vim's undotree() keys, each step with its statement and title.",
        schema([]), readOnly: true),
      tool(
        "show", "Show states", "The receivers' states (all, or those named), as `show --json` gives them.",
        schema([("receivers", .object([.init("type", "array"), .init("items", .object([.init("type", "string")]))]))]),
        readOnly: true),
    ])
  }()

  // MARK: Calls

  /// The result of calling `name` (one of ``names``) with `arguments`.
  func call(_ name: String, _ arguments: StateValue) -> StateValue {
    session.resetSteps()
    do {
      let given = try Given(arguments, tool: name)
      let (content, failed) = try answer(name, given)
      return Self.toolResult(content, isError: failed)
    } catch {
      return Self.toolResult(
        .object([.init("ok", .bool(false)), .init("error", .string(error.message))] + error.details), isError: true)
    }
  }

  private func answer(_ name: String, _ given: Given) throws(Refusal) -> (StateValue, failed: Bool) {
    switch name {
    case "describe":
      try given.only([])
      return (describe(), false)
    case "check":
      try given.only(["script"])
      return (check(try given.string("script")), false)
    case "preview":
      try given.only(["script"])
      return (preview(try given.string("script")), false)
    case "run":
      try given.only(["script", "expect", "confirm"])
      return try run(
        given.string("script"), expect: given.integer("expect", required: false),
        confirm: given.optionalString("confirm"))
    case "undo", "redo":
      try given.only(["count"])
      let count = try given.integer("count", required: false, minimum: 1) ?? 1
      return change(count == 1 ? name : "\(name) \(count)")
    case "goto":
      try given.only(["step"])
      return change("goto \(try given.integer("step", minimum: 0)!)")
    case "history":
      try given.only([])
      return (HistoryDrawing.json(of: session.historyTree), false)
    default:
      try given.only(["receivers"])
      return (try show(given.strings("receivers")), false)
    }
  }

  private func describe() -> StateValue {
    // The receivers a script names (not the store of `let` and `var`, which `show vars` reads).
    let receivers = session.receiverNames.compactMap { name -> StateValue? in
      guard let type = session.typeOfReceiver(name) else { return nil }
      let unavailableNow = Dictionary(
        session.unavailableVerbs(of: name).map { ($0.verb, $0.reason) }, uniquingKeysWith: { a, _ in a })
      return .object([
        .init("name", .string(name)), .init("type", .string(type.name)), .init("summary", .string(type.summary)),
        .init(
          "verbs",
          .array(
            type.verbs.map { verb in
              .object(
                [
                  .init("name", .string(verb.name)), .init("summary", .string(verb.summary)),
                  .init("parameters", .array(verb.parameters.map(Self.parameter))),
                  .init("undoable", .bool(verb.isUndoable)),
                ] + Self.availability(verb, now: unavailableNow[verb.name]))
            })),
        .init(
          "queries",
          .array(
            type.queries.map { query in
              .object([
                .init("name", .string(query.name)), .init("summary", .string(query.summary)),
                .init("kind", .string(query.result.description)),
                .init("parameters", .array(query.parameters.map(Self.parameter))),
              ])
            })),
      ])
    }
    let statements = Session.statementUsages.map { usage, summary -> StateValue in
      .object([.init("usage", .string(usage)), .init("summary", .string(summary))])
    }
    return .object([
      .init("receivers", .array(receivers)), .init("statements", .array(statements)),
      .init("step", .int(session.currentStep)),
    ])
  }

  /// When a verb cannot work, as `describe` gives it (only for a verb that declares it):
  /// `unavailable`, its conditions as a plugin declares them (`{"when": "locked", "reason":
  /// "the door is locked"}`, or `"unless"`), and `unavailableNow`, the reason it cannot
  /// work now, if it cannot.
  private static func availability(_ verb: MemberDeclaration, now reason: String?) -> [StateValue.Member] {
    guard !verb.availability.isEmpty else { return [] }
    let conditions = verb.availability.map { condition -> StateValue in
      .object([
        .init(condition.answer ? "when" : "unless", .string(condition.query)),
        .init("reason", .string(condition.reason)),
      ])
    }
    return [.init("unavailable", .array(conditions))] + (reason.map { [.init("unavailableNow", .string($0))] } ?? [])
  }

  /// A parameter as `describe` gives it: its name and kind, its range or words, its default.
  private static func parameter(_ parameter: Parameter) -> StateValue {
    var members: [StateValue.Member] = [
      .init("name", .string(parameter.name)), .init("kind", .string(parameter.kind.name)),
    ]
    var words: [String]?
    // The bounds or the words of the kinds that have them.
    if case .integer(let range) = parameter.kind {
      if range.lowerBound != .min { members.append(.init("min", .int(range.lowerBound))) }
      if range.upperBound != .max { members.append(.init("max", .int(range.upperBound))) }
    } else if case .decimal(let range) = parameter.kind {
      if range.lowerBound.isFinite { members.append(.init("min", .double(range.lowerBound))) }
      if range.upperBound.isFinite { members.append(.init("max", .double(range.upperBound))) }
    } else if case .word(let set) = parameter.kind {
      words = set.words
      members.append(.init("words", .array(set.words.map { .string($0) })))
    }
    if let value = parameter.defaultValue {
      members.append(.init("default", .string(ScriptString.argument(value, words: words))))
    }
    return .object(members)
  }

  private func check(_ script: String) -> StateValue {
    var ok = true
    var diagnostics: [Diagnostic]
    do { diagnostics = try session.check([SourceFile(name: "script", text: script)]) } catch {
      (ok, diagnostics) = (false, error.diagnostics)
    }
    return .object([.init("ok", .bool(ok)), .init("diagnostics", .array(diagnostics.map(Renderer.jsonValue)))])
  }

  private func preview(_ script: String) -> StateValue {
    let step = session.currentStep
    let report = served.previewing { session.preview(SourceFile(name: "script", text: script)) }
    var members = Self.members(of: report)
    members.append(.init("irreversible", Self.irreversible(report.irreversible)))
    members += [.init("step", .int(step)), .init("confirm", .string(token(script, step: step)))]
    return .object(members)
  }

  private func run(_ script: String, expect: Int?, confirm: String?) throws(Refusal) -> (StateValue, failed: Bool) {
    let step = session.currentStep
    if let expect, expect != step {
      let made = session.historyTree.nodes.filter { $0.number > expect }
      throw Refusal(
        message:
          "nothing ran: the session is at step \(step), not \(expect)"
          + (made.isEmpty
            ? " (steps were undone or gone to since)"
            : "; made since step \(expect): " + made.map { "\($0.number) `\($0.statement)`" }.joined(separator: ", ")),
        details: [
          .init("step", .int(step)), .init("expected", .int(expect)),
          .init(
            "since",
            .array(made.map { .object([.init("step", .int($0.number)), .init("statement", .string($0.statement))]) })),
        ])
    }
    let allowed = confirm == token(script, step: step)
    // Its statements are journaled whole or not at all; `journaled` ends the call.
    served.beginCall()
    let report = session.run(SourceFile(name: "script", text: script), allowingIrreversible: allowed)
    if let irreversible = report.irreversible {
      // It ran nothing: the call ends with nothing journaled.
      served.endCall()
      throw Refusal(
        message:
          "nothing ran: `\(irreversible.command)` cannot be undone; preview the script and run it with the `confirm` token preview gives for it at this step",
        details: [.init("step", .int(step)), .init("irreversible", Self.irreversible(irreversible))])
    }
    return try journaled(report)
  }

  /// `undo`, `redo` or `goto`, run as the statement `text`.
  private func change(_ text: String) -> (StateValue, failed: Bool) {
    do {
      return try journaled(session.run(SourceFile(name: name(of: text), text: text), allowingIrreversible: true))
    } catch {
      return (.object([.init("ok", .bool(false)), .init("error", .string(error.message))]), true)
    }
  }

  private func name(of text: String) -> String { String(text.split(separator: " ")[0]) }

  /// A run's answer, once the journal holds what it did, durably.
  private func journaled(_ report: ScriptReport) throws(Refusal) -> (StateValue, failed: Bool) {
    guard served.entryEnded() else {
      journalFailed = true
      throw Refusal(message: "the session's journal cannot be written; the server stops")
    }
    return (.object([.init("step", .int(session.currentStep))] + Self.members(of: report)), !report.ok)
  }

  private func show(_ names: [String]?) throws(Refusal) -> StateValue {
    let states = session.receiverStates
    for name in names ?? [] where !states.contains(where: { $0.receiver == name }) {
      throw Refusal(
        message: "no receiver named `\(name)`; the receivers are \(states.map(\.receiver).joined(separator: ", "))")
    }
    let shown = names.map { names in names.compactMap { name in states.first { $0.receiver == name } } } ?? states
    return .object([
      .init(
        "states",
        .array(
          shown.map { name, state in
            Renderer.jsonValue(
              .state(receiver: name, type: session.typeOfReceiver(name)?.name ?? name, state: state, description: ""))
          }))
    ])
  }

  // MARK: Answers

  /// `ok`, `changes`, `output` and `diagnostics` of a report.
  private static func members(of report: ScriptReport) -> [StateValue.Member] {
    [
      .init("ok", .bool(report.ok)),
      .init(
        "changes",
        .array(
          report.changes.map {
            .object([
              .init("receiver", .string($0.receiver)), .init("before", $0.before ?? .null),
              .init("after", $0.after ?? .null),
            ])
          })),
      .init("output", .array(report.outputs.map(Renderer.jsonValue))),
      .init("diagnostics", .array(report.diagnostics.map(Renderer.jsonValue))),
    ]
  }

  private static func irreversible(_ command: IrreversibleCommand?) -> StateValue {
    guard let command else { return .null }
    return .object([
      .init("command", .string(command.command)), .init("statement", .string(command.statement)),
      .init("following", .array(command.following.map { .string($0) })),
    ])
  }

  /// A tool result: the same JSON as text and as `structuredContent`.
  private static func toolResult(_ content: StateValue, isError: Bool) -> StateValue {
    .object([
      .init("content", .array([.object([.init("type", "text"), .init("text", .string(content.json))])])),
      .init("structuredContent", content), .init("isError", .bool(isError)),
    ])
  }

  /// The `confirm` token of `script` at `step`: keyed by this server's secret, so that
  /// only `preview` here gives it.
  private func token(_ script: String, step: Int) -> String {
    var first = Hasher()
    first.combine(secret.0)
    first.combine(step)
    first.combine(script)
    var second = Hasher()
    second.combine(secret.1)
    second.combine(script)
    second.combine(step)
    func hex(_ n: Int) -> String {
      let text = String(UInt64(bitPattern: Int64(n)), radix: 16)
      return String(repeating: "0", count: 16 - text.count) + text
    }
    return hex(first.finalize()) + hex(second.finalize())
  }
}

/// A tool call's arguments, checked: each named, of its type.
private struct Given {
  let members: [StateValue.Member]
  let tool: String

  init(_ value: StateValue, tool: String) throws(MCPTools.Refusal) {
    self.tool = tool
    switch value {
    case .null: members = []
    case .object(let members): self.members = members
    default: throw MCPTools.Refusal(message: "the arguments of `\(tool)` must be an object")
    }
  }

  func only(_ names: [String]) throws(MCPTools.Refusal) {
    for member in members where !names.contains(member.key) {
      throw MCPTools.Refusal(
        message: "`\(tool)` takes no argument `\(member.key)`"
          + (names.isEmpty ? "" : "; it takes \(names.map { "`\($0)`" }.joined(separator: ", "))"))
    }
  }

  private func value(_ name: String) -> StateValue? {
    members.last { $0.key == name }.flatMap { $0.value == .null ? nil : $0.value }
  }

  func string(_ name: String) throws(MCPTools.Refusal) -> String {
    guard let text = try optionalString(name) else {
      throw MCPTools.Refusal(message: "`\(tool)` needs the argument `\(name)`, a string")
    }
    return text
  }

  func optionalString(_ name: String) throws(MCPTools.Refusal) -> String? {
    guard let value = value(name) else { return nil }
    guard case .string(let text) = value else { throw MCPTools.Refusal(message: "`\(name)` must be a string") }
    return text
  }

  func integer(_ name: String, required: Bool = true, minimum: Int = .min) throws(MCPTools.Refusal) -> Int? {
    guard let value = value(name) else {
      if required { throw MCPTools.Refusal(message: "`\(tool)` needs the argument `\(name)`, an integer") }
      return nil
    }
    guard case .int(let n) = value, n >= minimum else {
      throw MCPTools.Refusal(
        message: "`\(name)` must be an integer" + (minimum == .min ? "" : " of at least \(minimum)"))
    }
    return n
  }

  func strings(_ name: String) throws(MCPTools.Refusal) -> [String]? {
    guard let value = value(name) else { return nil }
    guard case .array(let items) = value else {
      throw MCPTools.Refusal(message: "`\(name)` must be an array of strings")
    }
    var texts: [String] = []
    for item in items {
      guard case .string(let text) = item else {
        throw MCPTools.Refusal(message: "`\(name)` must be an array of strings")
      }
      texts.append(text)
    }
    return texts
  }
}
