// The checker's view of a script's arguments: `$1`, `$2`, … in a script run as
// `cmdscript FILE ARG…` stand for the arguments, checked where they are used as if written
// there, so that a missing or ill-kinded one is a compile error and nothing runs.

/// A script's arguments as the checker sees them while it checks that script.
struct ScriptArguments {
  /// The script's name as given, for its usage line.
  var script: String
  var values: [String]
  /// For each argument number used, the name of the slot it was first used in (`COUNT`
  /// for `move`'s `count`): the script's usage is made of them.
  var names: [Int: String] = [:]
  /// The problems about arguments, as indices into the checker's problems: each gets the
  /// usage as a note once the whole script is checked.
  var problems: [Int] = []
  /// Whether the script is checked without its arguments (`cmdscript --check FILE`): each
  /// `$N` is checked by its uses alone. Otherwise a missing one is one error for the script.
  var checksWithoutValues = false
  /// The highest argument number used, and where the first missing one is used.
  var highest = 0
  var firstMissing: SourceRange?
  /// For each missing argument, what its uses so far require of it.
  var required: [Int: (constraint: Constraint, at: SourceRange)] = [:]
  /// Where an error about the whole script is located (its start), when more arguments
  /// than it uses are an error; nil when they are not.
  var refusesExtraAt: SourceRange?

  init(script: String, values: [String], checksWithoutValues: Bool = false, refusesExtraAt: SourceRange? = nil) {
    self.script = script
    self.values = values
    self.checksWithoutValues = checksWithoutValues && values.isEmpty
    self.refusesExtraAt = refusesExtraAt
  }

  /// `spiral.cmd COUNT COLOUR`: each argument by the slot it is first used in.
  var usage: String {
    let count = max(names.keys.max() ?? 0, highest)
    return ([script] + (0..<count).map { names[$0 + 1] ?? "ARG\($0 + 1)" }).joined(separator: " ")
  }

  /// The number of `$NAME` when NAME is one (`1` of `$1`); nil for a macro parameter's name.
  static func number(_ name: String) -> Int? {
    guard let first = name.utf8.first, Lexer.isDigit(first) else { return nil }
    return Int(name)
  }
}

extension Checker {
  /// `$N` used where `constraint` applies: the argument as a constant of that kind, or nil
  /// (with an error) if there is no such argument or it does not fit.
  mutating func scriptArgument(
    _ number: Int, at range: SourceRange, for constraint: Constraint, what: @autoclosure () -> String
  ) -> Operand? {
    guard var arguments = scriptArguments else {
      fail(
        "`$\(number)` is a script's argument: there are none here (give them after the script: `cmdscript FILE ARG…`)",
        at: range)
      return nil
    }
    if arguments.names[number] == nil, constraint != .any {
      arguments.names[number] = Self.usageName(what()) ?? "ARG\(number)"
      scriptArguments = arguments
    }
    guard number >= 1 else {
      failOnArgument("`$0`: a script's arguments count from `$1`", at: range)
      return nil
    }
    arguments.highest = max(arguments.highest, number)
    scriptArguments = arguments
    guard number <= arguments.values.count else { return missingArgument(number, at: range, for: constraint) }
    let text = arguments.values[number - 1]
    switch constraint {
    case .any: return .constant(.string(text))
    case .kind(let kind):
      guard let value = kind.value(ofArgument: text) else {
        let words: [String]? = if case .word(let set) = kind { set.words + set.aliases.keys.sorted() } else { nil }
        failOnArgument(
          "`$\(number)` is `\(text)`: \(what()) must be \(constraint.description)", at: range,
          suggestion: words.flatMap { suggestion(for: text, among: $0) })
        return nil
      }
      return .constant(value)
    case .receiver:
      guard let instance = state.instanceIndex(text) else {
        failOnArgument(
          "`$\(number)` is `\(text)`, which names no receiver", at: range,
          suggestion: suggestion(for: text, among: state.instanceNames))
        return nil
      }
      return .constant(.integer(instance))
    }
  }

  /// `$N` beyond the arguments given: checked by what its uses require (as a macro's
  /// parameter is), with a value of that kind standing for it. Unless the script is checked
  /// without its arguments, the script then fails with one error (``noteScriptUsage()``).
  private mutating func missingArgument(_ number: Int, at range: SourceRange, for constraint: Constraint) -> Operand? {
    guard var arguments = scriptArguments else { return nil }
    if arguments.firstMissing == nil { arguments.firstMissing = range }
    defer { scriptArguments = arguments }
    if let earlier = arguments.required[number] {
      guard let merged = earlier.constraint.merged(with: constraint) else {
        var problem = Problem(
          "`$\(number)` is used as \(constraint.description) here, but as \(earlier.constraint.description) before",
          at: range)
        problem.notes.append(("first used here", earlier.at))
        record(problem)
        return nil
      }
      arguments.required[number] = (merged, earlier.at)
    } else if constraint != .any {
      arguments.required[number] = (constraint, range)
    }
    switch constraint {
    case .any: return .constant(.string(""))
    case .kind(let kind): return .constant(kind.standIn)
    case .receiver:
      guard arguments.checksWithoutValues else { return .constant(.integer(0)) }
      fail("`$\(number)` names a receiver: the script is checked with its arguments only", at: range)
      return nil
    }
  }

  /// An error about an argument, which gets the script's usage as a note.
  private mutating func failOnArgument(_ message: String, at range: SourceRange, suggestion: String? = nil) {
    scriptArguments?.problems.append(problems.count)
    fail(message, at: range, suggestion: suggestion)
  }

  /// `COUNT` for a slot described as "`count`" or "the repeat count", `N` for "`$n`";
  /// nil for others ("the left of `<`").
  private static func usageName(_ what: String) -> String? {
    guard let last = what.split(separator: " ").last else { return nil }
    let name = last.filter { $0 != "`" && $0 != "$" }
    guard !name.isEmpty, name.utf8.allSatisfy(Lexer.isWordContinue) else { return nil }
    return name.uppercased()
  }

  /// Adds the usage line to the problems about the arguments of the script just checked;
  /// first, for arguments it uses and was not given, the one error that says how many it
  /// takes.
  mutating func noteScriptUsage() {
    if let arguments = scriptArguments, !arguments.checksWithoutValues {
      let (taken, given) = (arguments.highest, arguments.values.count)
      let takes = taken == 0 ? "no arguments" : "\(taken) argument\(taken == 1 ? "" : "s")"
      if let range = arguments.firstMissing {
        failOnArgument("the script takes \(takes) and was given \(given == 0 ? "none" : "\(given)")", at: range)
      } else if given > taken, let start = arguments.refusesExtraAt {
        // As many too many as too few: a typo'd or misplaced argument is not dropped silently.
        failOnArgument("the script takes \(takes) and was given \(given)", at: start)
      }
    }
    guard let arguments = scriptArguments, !arguments.problems.isEmpty else { return }
    addNote("usage: \(arguments.usage)", toProblems: arguments.problems)
  }
}
