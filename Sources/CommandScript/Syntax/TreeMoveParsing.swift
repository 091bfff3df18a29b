// The statements that move through the undo tree — `goto N`, `earlier N`, `later N`,
// `earlier 30s`, `later 1h` — as written, and how the parser reads them.

/// A move through the undo tree, as a statement asks for it (Vim's `:undo N`, `:earlier`,
/// `:later`).
enum TreeMove: Sendable, BitwiseCopyable, Equatable {
  /// `goto N`: the state right after step N; 0 is the state before the first step.
  case number(Int)
  /// `earlier N` (negative) or `later N`: N steps in the order they were made.
  case steps(Int)
  /// `earlier 30s` (negative) or `later 5m`: by time, in seconds.
  case seconds(Int)

  /// The statement's keyword.
  var keyword: Keyword {
    switch self {
    case .number: .goto
    case .steps(let n), .seconds(let n): n < 0 ? .earlier : .later
    }
  }

  /// The statement as written canonically: a time in the largest unit that divides it.
  var canonical: String {
    switch self {
    case .number(let n): return "goto \(n)"
    case .steps(let n): return "\(keyword.rawValue) \(abs(n))"
    case .seconds(let n):
      let seconds = abs(n)
      let amount =
        seconds % 3600 == 0 && seconds > 0
        ? "\(seconds / 3600)h" : seconds % 60 == 0 && seconds > 0 ? "\(seconds / 60)m" : "\(seconds)s"
      return "\(keyword.rawValue) \(amount)"
    }
  }
}

extension Parser {
  /// `goto N`; `earlier` and `later` with a count (1 if none) or a time (`30s`, `5m`, `1h`).
  mutating func parseMove(_ keyword: Keyword, start: SourceRange) -> Statement? {
    advance()
    let isGoto = keyword == .goto
    let sign = keyword == .earlier ? -1 : 1
    if !isGoto, atStatementEnd { return Statement(.move(.steps(sign)), range: start) }
    let found = token
    switch found.kind {
    case .integer where isGoto && found.integer >= 0:
      advance()
      return Statement(.move(.number(found.integer)), range: start.through(found.range))
    case .integer where !isGoto && found.integer >= 1:
      advance()
      if let unit = timeUnit(afterCount: found) {
        problems.append(
          Problem(
            "a time is one word, its unit right after the number: `\(keyword.rawValue) \(found.integer)\(unit)`",
            at: found.range.through(token.range)))
        advance()
        return nil
      }
      return Statement(.move(.steps(sign * found.integer)), range: start.through(found.range))
    case .duration where !isGoto && found.integer >= 1:
      advance()
      return Statement(.move(.seconds(sign * found.integer)), range: start.through(found.range))
    case .invalid:
      return nil
    default:
      let wanted =
        isGoto
        ? "a step number (0 or more) after `goto`"
        : "a count (1 or more) or a time such as `30s`, `5m` or `1h` after `\(keyword.rawValue)`"
      problems.append(Problem("expected \(wanted), found \(describe(found))", at: found.range))
      return nil
    }
  }

  /// The unit (`s`, `m`, `h`) of a time written apart from its count (`earlier 2 s`,
  /// `earlier 5 minutes`): the word after the count, if it names one.
  private func timeUnit(afterCount count: Token) -> String? {
    guard token.kind == .word else { return nil }
    switch lexer.shortText(of: token.range) {
    case "s", "sec", "secs", "second", "seconds": return "s"
    case "m", "min", "mins", "minute", "minutes": return "m"
    case "h", "hr", "hrs", "hour", "hours": return "h"
    default: return nil
    }
  }
}
