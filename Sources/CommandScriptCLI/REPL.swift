import CReadline
import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive prompt on GNU readline: an entry (a line, plus continuation lines while
/// a block or string is open) is checked and run; errors never end the session; Ctrl-D
/// on an empty line exits.
struct REPL {
  let driver: Driver

  static let prompt = "cmd> "
  static let continuationPrompt = "...> "

  func run() -> ExitStatus {
    cs_set_readline_name(strdup("cmdscript"))
    var entry: [UInt8] = []
    var line = 1
    var firstLine = 1
    while true {
      Console.flush()
      guard let raw = readline(entry.isEmpty ? Self.prompt : Self.continuationPrompt) else {
        // Ctrl-D: run what is pending (reporting an unclosed block), then leave.
        if !entry.isEmpty { _ = driver.runChunk(entry, name: "<stdin>", firstLine: firstLine) }
        Console.out.line("")
        return .success
      }
      let text = String(cString: raw)
      free(raw)
      if !text.isEmpty && text.contains(where: { !$0.isWhitespace }) { add_history(text) }
      if entry.isEmpty { firstLine = line }
      entry += Array(text.utf8) + [10]
      line += 1
      if Session.needsMoreInput(entry) { continue }
      _ = driver.runChunk(entry, name: "<stdin>", firstLine: firstLine)
      entry.removeAll()
    }
  }
}
