// The tool of the EmbedFiles build plugin (Plugins/EmbedFiles): writes files of the
// repository into a Swift source as string literals, so that a binary carries them (the
// page `serve` sends, the plugin kit `plugin new` writes) while git holds each file once.
//
//   embed-files OUTPUT TYPE [--table NAME] MEMBER=PATH...
//
// writes OUTPUT as `extension TYPE` with `static let MEMBER = "…"`, the text of PATH to the
// byte, for each pair; with `--table NAME`, also `static let NAME: [String: String]`, each
// text by its file's name (`app.js`).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Stops the build with `message` on standard error.
func fail(_ message: String) -> Never {
  let line = Array("embed-files: \(message)\n".utf8)
  _ = write(2, line, line.count)
  exit(1)
}

/// The bytes of the file at `path`.
func contents(of path: String) -> [UInt8] {
  guard let file = fopen(path, "rb") else { fail("cannot read \(path): \(String(cString: strerror(errno)))") }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    bytes += buffer[0..<count]
    if count < buffer.count { break }
  }
  if ferror(file) != 0 { fail("cannot read \(path)") }
  return bytes
}

/// `text` as one Swift string literal that means exactly it (line breaks, quotes and
/// backslashes escaped; a multi-line literal would turn `\r\n` into `\n`).
func literal(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\\": result += "\\\\"
    case "\"": result += "\\\""
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F:
      result += "\\u{" + String(scalar.value, radix: 16) + "}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}

@main
enum EmbedFilesTool {
  static func main() {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard arguments.count >= 2 else { fail("usage: embed-files OUTPUT TYPE [--table NAME] MEMBER=PATH...") }
    let output = arguments.removeFirst()
    let type = arguments.removeFirst()
    var table: String?
    if arguments.first == "--table", arguments.count >= 2 {
      table = arguments[1]
      arguments.removeFirst(2)
    }

    var source = "// Written at build time by the EmbedFiles plugin (Plugins/EmbedFiles) from the files named\n"
    source += "// below: edit those.\n\nextension \(type) {\n"
    var entries: [(name: String, member: String)] = []
    for argument in arguments {
      guard let equals = argument.firstIndex(of: "=") else { fail("\(argument): expected MEMBER=PATH") }
      let member = String(argument[..<equals])
      let path = String(argument[argument.index(after: equals)...])
      let bytes = contents(of: path)
      guard let text = String(validating: bytes, as: UTF8.self) else { fail("\(path) is not UTF-8 text") }
      let name = String(path.split(separator: "/").last ?? Substring(path))
      source += "  /// `\(name)`.\n  static let \(member) = \(literal(text))\n"
      entries.append((name, member))
    }
    if let table {
      source += "  /// Each file's text by its name.\n  static let \(table): [String: String] = [\n"
      source += entries.map { "    \(literal($0.name)): \($0.member),\n" }.joined() + "  ]\n"
    }
    source += "}\n"

    guard let file = fopen(output, "wb") else { fail("cannot write \(output): \(String(cString: strerror(errno)))") }
    let bytes = Array(source.utf8)
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count, fclose(file) == 0 else { fail("cannot write \(output)") }
  }
}
