/// A located message about a script: a compile error, a run-time failure, or a warning.
/// Diagnostics are values: the library hands them to the host, which renders them.
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
  /// Whether it stops the script (an error) or only informs (a warning).
  public enum Severity: String, Sendable {
    /// `error` stops the script; `warning` only informs.
    case error, warning
  }

  /// Extra context, such as "in macro `zig` called at 7:1".
  public struct Note: Equatable, Sendable {
    /// What the note says.
    public var message: String
    /// Where it points, if anywhere.
    public var location: SourceLocation?
    /// A note saying `message`, at `location`.
    public init(_ message: String, at location: SourceLocation? = nil) {
      self.message = message
      self.location = location
    }
  }

  /// An error or a warning.
  public var severity: Severity
  /// What is wrong, in one line.
  public var message: String
  /// Where: file, line, column and length.
  public var location: SourceLocation
  /// Context: macro calls, rollbacks, a script's usage.
  public var notes: [Note]
  /// A replacement for the text at `location` ("did you mean `paint`?").
  public var suggestion: String?

  /// A diagnostic of `severity` saying `message` at `location`.
  public init(
    _ severity: Severity, _ message: String, at location: SourceLocation,
    notes: [Note] = [], suggestion: String? = nil
  ) {
    self.severity = severity
    self.message = message
    self.location = location
    self.notes = notes
    self.suggestion = suggestion
  }

  /// `file:line:col: error: message`, plus ` (did you mean `x`?)`.
  public var description: String {
    var text = "\(location): \(severity.rawValue): \(message)"
    if let suggestion { text += " (did you mean `\(suggestion)`?)" }
    return text
  }
}

/// A diagnostic before its source range is turned into a location: what the stages
/// produce, since they know ranges but not file names.
struct Problem: Error {
  var severity: Diagnostic.Severity = .error
  var message: String
  var range: SourceRange
  var notes: [(String, SourceRange?)] = []
  var suggestion: String?

  init(
    _ message: String, at range: SourceRange, suggestion: String? = nil,
    severity: Diagnostic.Severity = .error
  ) {
    self.message = message
    self.range = range
    self.suggestion = suggestion
    self.severity = severity
  }

  func diagnostic(in sources: SourceTable) -> Diagnostic {
    Diagnostic(
      severity, message, at: sources.location(of: range),
      notes: notes.map { Diagnostic.Note($0.0, at: $0.1.map(sources.location(of:))) },
      suggestion: suggestion)
  }
}

/// The one candidate that begins with `word` (two letters at least), if just one does: a
/// name cut short, which no edit distance would suggest (`gar` for `garage`).
func onlyCompletion(of word: String, among candidates: [String]) -> String? {
  guard word.utf8.count >= 2 else { return nil }
  let found = candidates.filter { $0.hasPrefix(word) && $0 != word }
  return found.count == 1 ? found[0] : nil
}

/// The closest of `candidates` to `word` by edit distance, if close enough to be a
/// plausible misspelling (at most a third of the word's length, and at least 1).
///
/// Its work is bounded, whatever it is given: a word longer than `maxSuggestedWordLength`
/// bytes gets no suggestion, a candidate whose length alone puts it too far is skipped
/// unmeasured, and at most `maxMeasuredCandidates` are measured.
func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
  let bytes = Array(word.utf8)
  guard bytes.count <= maxSuggestedWordLength else { return nil }
  let limit = max(1, word.count / 3)
  var best: (String, Int)?
  var measured = 0
  for candidate in candidates {
    // The distance is at least the difference in length.
    guard abs(candidate.utf8.count - bytes.count) <= limit else { continue }
    guard measured < maxMeasuredCandidates else { break }
    measured += 1
    let d = editDistance(bytes, Array(candidate.utf8))
    if d <= limit, d < (best?.1 ?? .max) { best = (candidate, d) }
  }
  return best?.0
}

/// The longest word, in bytes, that gets a "did you mean" (the longest name is 256).
let maxSuggestedWordLength = 64
/// How many candidates one suggestion measures at most.
let maxMeasuredCandidates = 1000

/// Damerau–Levenshtein distance with adjacent transpositions (so `paitn` is 1 from `paint`).
func editDistance(_ a: String, _ b: String) -> Int { editDistance(Array(a.utf8), Array(b.utf8)) }

/// ``editDistance(_:_:)`` of UTF-8 bytes.
func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous2 = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        current[j] = min(current[j], previous2[j - 2] + 1)
      }
    }
    (previous2, previous, current) = (previous, current, previous2)
  }
  return previous[b.count]
}

/// What other languages' words are written as here: the hint of the error where one is
/// met (`print` → `echo`, `def` → `macro`, `x = 5` → there are no variables), so that a
/// slip from python, lua or bash gets the way to write it rather than a near spelling.
enum ForeignWords {
  /// How to get help and how to leave, for `exit()`, `quit()`, `help()`, `.quit`, `\q`.
  static let helpAndLeave = "`help` lists what you can write and `help NAME` tells more; `exit` or Ctrl-D leaves"
  /// What to write instead of `=`: in a condition, `==`.
  static let equals = "`=` does not compare: write `==`"
  /// What to write instead of an assignment.
  static let noVariables =
    "a variable is declared with `var NAME = VALUE` and read as `$NAME`; `let NAME = VALUE` names a value"

  /// The hint for `word` at the start of a statement, or nil if it is no other language's.
  static func hint(for word: String) -> String? {
    switch word {
    case "print", "println", "printf", "puts", "say", "write": "to print, write `echo`: `echo \"x is\" (shape.x)`"
    case "def", "function", "func", "fn", "proc", "procedure", "sub", "define":
      "a macro is defined with `macro NAME [PARAM...] { ... }`"
    case "for", "foreach", "loop", "do":
      "loops are `repeat N as NAME { ... }` (`$NAME` is the turn) and `while CONDITION { ... }`"
    case "set", "local", "const", "declare", "export": noVariables
    case "elif", "elsif", "elseif": "write `else if` after the `}`: `} else if CONDITION { ... }`"
    case "exit", "quit", "bye", "q": helpAndLeave
    default: nil
    }
  }

  /// The hint for a run of bytes that start no token (`&&`, `||`, `!`, `\q`), or nil.
  static func hint(forInvalid text: String) -> String? {
    switch text {
    case "&&", "&": "write `and`"
    case "||", "|": "write `or`"
    case "!": "write `not`"
    case _ where text.hasPrefix("\\"): helpAndLeave  // psql's `\q`, `\?`
    default: nil
    }
  }
}
