import Foundation

/// A `.cmd` script that carries its expected behaviour as `# directive: value` comments
/// (the format is described in `Scripts/README.md`).
struct GoldenScript: Sendable, Identifiable, CustomStringConvertible {
  /// Where the script is.
  var url: URL
  /// Its name in test results: the path under `Scripts/`, or `examples/NAME.cmd`.
  var id: String

  var description: String { id }

  /// The folder of the golden scripts.
  static let scriptsFolder = CLI.packageRoot.appendingPathComponent("Tests/CLITests/Scripts")
  /// The tour scripts, run the same way when there are any.
  static let examplesFolder = CLI.packageRoot.appendingPathComponent("examples")

  /// Every `.cmd` file under `Scripts/` and directly in `examples/` (its subfolders are
  /// projects of their own, such as an embedding app with its own receivers), sorted.
  static func all() -> [GoldenScript] {
    find(in: scriptsFolder, prefix: "") + find(in: examplesFolder, prefix: "examples/", recursive: false)
  }

  static func find(in folder: URL, prefix: String, recursive: Bool = true) -> [GoldenScript] {
    let options: FileManager.DirectoryEnumerationOptions = recursive ? [] : [.skipsSubdirectoryDescendants]
    guard
      let walker = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: nil, options: options)
    else { return [] }
    let base = folder.standardizedFileURL.path + "/"
    var scripts: [GoldenScript] = []
    for case let url as URL in walker where url.pathExtension == "cmd" {
      let path = url.standardizedFileURL.path
      let relative = path.hasPrefix(base) ? String(path.dropFirst(base.count)) : url.lastPathComponent
      scripts.append(GoldenScript(url: url, id: prefix + relative))
    }
    return scripts.sorted { $0.id < $1.id }
  }
}

/// How the runner hands the script to `cmdscript`.
enum InputMode: String, CaseIterable {
  /// `cmdscript ARGS... NAME.cmd`.
  case file
  /// `cmdscript ARGS...` with the script's bytes piped on standard input.
  case stdin
  /// `cmdscript ARGS...` alone (for `-c`, `--help`, usage errors), stdin /dev/null.
  case none
}

/// Raw-byte properties a byte-exact script claims (`# bytes: crlf, bom`), checked so that
/// an editor or a checkout that normalises the file cannot silently void the case.
enum ByteProperty: String, CaseIterable {
  case bom, crlf, nul
  case noFinalNewline = "no-final-newline"
  case invalidUTF8 = "invalid-utf8"

  func holds(for bytes: [UInt8]) -> Bool {
    switch self {
    case .bom: return bytes.starts(with: [0xEF, 0xBB, 0xBF])
    case .crlf: return zip(bytes, bytes.dropFirst()).contains { $0 == 13 && $1 == 10 }
    case .nul: return bytes.contains(0)
    case .noFinalNewline: return !bytes.isEmpty && bytes.last != 10
    case .invalidUTF8: return String(validating: bytes, as: UTF8.self) == nil
    }
  }
}

/// What a golden script expects, read from its directives.
struct Expectations {
  var arguments: [String] = []
  var mode = InputMode.file
  var stdout: [String] = []
  /// Diagnostic lines (stderr without the source excerpts), file name prefix stripped.
  var stderr: [String] = []
  /// All of stderr (file name prefix stripped), when the script gives `stderr-full`.
  var stderrFull: [String]?
  var exit: Int32 = 0
  var bytes: [ByteProperty] = []
  /// Mistakes in the directives themselves.
  var problems: [String] = []

  static let names = ["args", "mode", "stdout", "stderr", "stderr-full", "exit", "bytes"]

  init(parsing data: [UInt8]) {
    var bytes = data[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    var seen: Set<String> = []
    // Split bytes, not Characters: in Swift "\r\n" is one Character.
    for (index, rawLine) in bytes.split(separator: 10, omittingEmptySubsequences: false).enumerated() {
      var line = Substring(String(decoding: rawLine, as: UTF8.self))
      if line.hasSuffix("\r") { line = line.dropLast() }
      guard let (name, value) = Self.directive(in: line) else { continue }
      let lineNumber = index + 1
      guard Self.names.contains(name) else {
        if let near = Self.names.first(where: { editDistance($0, name) <= 1 }) {
          problems.append("line \(lineNumber): unknown directive `\(name)` (did you mean `\(near)`?)")
        }
        continue
      }
      let once = ["mode", "exit", "bytes"]
      if once.contains(name), !seen.insert(name).inserted {
        problems.append("line \(lineNumber): `\(name)` may be given only once")
      }
      switch name {
      case "args":
        switch shellWords(value) {
        case .success(let words): arguments += words
        case .failure(let message): problems.append("line \(lineNumber): \(message.text)")
        }
      case "mode":
        if let mode = InputMode(rawValue: value.trimmingCharacters(in: .whitespaces)) {
          self.mode = mode
        } else {
          problems.append("line \(lineNumber): mode must be file, stdin or none, not `\(value)`")
        }
      case "stdout": stdout.append(value)
      case "stderr": stderr.append(value)
      case "stderr-full": stderrFull = (stderrFull ?? []) + [value]
      case "exit":
        if let status = Int32(value.trimmingCharacters(in: .whitespaces)) {
          exit = status
        } else {
          problems.append("line \(lineNumber): exit must be a number, not `\(value)`")
        }
      case "bytes":
        for word in value.split(whereSeparator: { $0 == "," || $0 == " " }) {
          if let property = ByteProperty(rawValue: String(word)) {
            self.bytes.append(property)
          } else {
            let known = ByteProperty.allCases.map(\.rawValue).joined(separator: ", ")
            problems.append("line \(lineNumber): unknown byte property `\(word)` (known: \(known))")
          }
        }
      default: break
      }
    }
    if stderrFull != nil, !stderr.isEmpty {
      problems.append("give either `stderr` or `stderr-full` lines, not both")
    }
    for property in self.bytes where !property.holds(for: data) {
      problems.append(
        "the file claims `bytes: \(property.rawValue)` but its bytes do not have it (was it normalised?)")
    }
  }

  /// `(name, value)` for a `# name: value` line: `#` in column 1, optional blanks, a
  /// lowercase name, `:`, one optional space, then the value verbatim.
  static func directive(in line: Substring) -> (String, String)? {
    guard line.first == "#" else { return nil }
    let rest = line.dropFirst().drop { $0 == " " || $0 == "\t" }
    let name = rest.prefix { ($0 >= "a" && $0 <= "z") || $0 == "-" }
    guard !name.isEmpty, rest.dropFirst(name.count).first == ":" else { return nil }
    var value = rest.dropFirst(name.count + 1)
    if value.first == " " { value = value.dropFirst() }
    return (String(name), String(value))
  }
}

struct DirectiveError: Error {
  var text: String
}

/// Splits `text` into words as a POSIX shell would for plain quoting: blanks separate,
/// `'…'` is literal, `"…"` allows `\"` and `\\`, a backslash outside quotes escapes.
func shellWords(_ text: String) -> Result<[String], DirectiveError> {
  var words: [String] = []
  var current = ""
  var inWord = false
  var chars = text.makeIterator()
  while let c = chars.next() {
    switch c {
    case " ", "\t":
      if inWord { words.append(current) }
      current = ""
      inWord = false
    case "'":
      inWord = true
      var closed = false
      while let d = chars.next() {
        if d == "'" {
          closed = true
          break
        }
        current.append(d)
      }
      if !closed { return .failure(DirectiveError(text: "unterminated ' in args")) }
    case "\"":
      inWord = true
      var closed = false
      while let d = chars.next() {
        if d == "\"" {
          closed = true
          break
        }
        if d == "\\", let e = chars.next() {
          if e != "\"" && e != "\\" { current.append("\\") }
          current.append(e)
        } else {
          current.append(d)
        }
      }
      if !closed { return .failure(DirectiveError(text: "unterminated \" in args")) }
    case "\\":
      inWord = true
      if let d = chars.next() { current.append(d) }
    default:
      inWord = true
      current.append(c)
    }
  }
  if inWord { words.append(current) }
  return .success(words)
}

/// Levenshtein distance, to catch misspelt directives.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  var previous = Array(0...b.count)
  for i in 1...max(a.count, 1) where !a.isEmpty {
    var current = [i] + [Int](repeating: 0, count: b.count)
    for j in 1...max(b.count, 1) where !b.isEmpty {
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.count]
}
