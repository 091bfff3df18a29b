/// The command line as written, read before ArgumentParser for what it gets wrong or
/// cannot know: a negative number after an option that takes one, and whether a usage
/// error should be written as JSON.
struct UsageScan {
  let arguments: [String]

  init(_ arguments: [String]) { self.arguments = arguments }

  /// Options whose value is a number.
  private static let numeric: Set<String> = ["--max-steps", "--history-limit"]
  /// Options that take a value (which is not an option even if it looks like one).
  private static let takingValues = Set(["-c", "-f", "--session", "--on-error"]).union(numeric)

  /// `--max-steps -1` as `--max-steps=-1`. ArgumentParser takes `-1` for an option and says
  /// the value is missing; joined, the value reaches validation, which says what is wrong.
  var joiningNegativeValues: [String] {
    var result: [String] = []
    var i = 0
    while i < arguments.count {
      let argument = arguments[i]
      if argument == "--" {
        result += arguments[i...]
        break
      }
      if Self.takingValues.contains(argument), i + 1 < arguments.count {
        let value = arguments[i + 1]
        if Self.numeric.contains(argument), Self.isNegativeInteger(value) {
          result.append(argument + "=" + value)
        } else {
          result += [argument, value]
        }
        i += 2
      } else {
        result.append(argument)
        i += 1
      }
    }
    return result
  }

  /// Whether `--json` is given as an option (not as the value of `-c`, not after `--`).
  var wantsJSON: Bool {
    var i = 0
    while i < arguments.count, arguments[i] != "--" {
      if arguments[i] == "--json" { return true }
      i += Self.takingValues.contains(arguments[i]) ? 2 : 1
    }
    return false
  }

  /// For each `-c TEXT`, in order, how many `-f FILE` come before it: files and text run
  /// in the order written, as psql's.
  var filesBeforeCommands: [Int] {
    var count = 0
    var positions: [Int] = []
    var i = 0
    while i < arguments.count, arguments[i] != "--" {
      if arguments[i] == "-c" { positions.append(count) }
      if arguments[i] == "-f" { count += 1 }
      i += Self.takingValues.contains(arguments[i]) ? 2 : 1
    }
    return positions
  }

  private static func isNegativeInteger(_ text: String) -> Bool {
    let digits = text.utf8.dropFirst()
    return text.utf8.first == UInt8(ascii: "-") && !digits.isEmpty && digits.allSatisfy { $0 &- 48 < 10 }
  }
}
