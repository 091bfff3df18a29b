#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A project's file, `cmdscript.json` (the tool's name, then `.json`), in a script's folder
/// or the nearest folder above it: the plugins every script of the project uses, so that
/// `cmdscript script.cmd` and `cmdscript lsp` know them without flags.
///
/// ```json
/// {"plugins": ["python3 plugins/lamp.py"], "pluginTimeout": 10}
/// ```
///
/// Each command runs in the file's folder. A script cannot name a plugin; under `--safe`
/// the project file is not read (a stranger's folder must not start programs).
struct ProjectFile: Equatable {
  /// Where it is.
  var path: String
  /// The folder it is in, where its plugins run.
  var folder: String
  /// The plugins' command lines.
  var plugins: [String]
  /// `pluginTimeout`, in seconds, if given.
  var pluginTimeout: Double?
  /// The SHA-256 of the bytes read, what `cmdscript trust` records (ProjectTrust).
  var digest = ""

  /// The file's name: `cmdscript.json`.
  static var name: String { ToolIdentity.current.name + ".json" }

  /// The project file at `path` (a file named otherwise is read all the same).
  static func read(file path: String) throws(Failure) -> ProjectFile {
    try read(absolute(path), folder: folder(of: absolute(path)))
  }

  /// The project file of a script in `folder` (relative to the working directory, or
  /// absolute), found in it or the nearest folder above: nil if there is none.
  static func find(from folder: String) throws(Failure) -> ProjectFile? {
    var directory = absolute(folder)
    while true {
      let path = (directory == "/" ? "" : directory) + "/" + name
      if access(path, F_OK) == 0 { return try read(path, folder: directory) }
      guard directory != "/", let slash = directory.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
      directory = slash == directory.utf8.startIndex ? "/" : String(directory[..<slash])
    }
  }

  /// The folder of a script's path.
  static func folder(of script: String) -> String {
    guard let slash = script.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return slash == script.utf8.startIndex ? "/" : String(script[..<slash])
  }

  struct Failure: Error {
    var message: String
  }

  private static func absolute(_ folder: String) -> String {
    var path = folder
    if !path.hasPrefix("/") {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      guard getcwd(&buffer, buffer.count) != nil else { return "/" }
      let cwd = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      path = folder == "." ? cwd : cwd + "/" + folder
    }
    // `a/./b` and `a/b/` as `a/b`; `..` is left to the file system. Appended one by one:
    // `joined(separator:)` over substrings ran unspecialised, and looking up its generic
    // types took 200,000 instructions of every run of a script file.
    var absolute = ""
    for part in path.split(separator: "/") where part != "." {
      absolute.append("/")
      absolute.append(contentsOf: part)
    }
    return absolute.isEmpty ? "/" : absolute
  }

  private static func read(_ path: String, folder: String) throws(Failure) -> ProjectFile {
    let bytes: [UInt8]
    switch FileIO.read(path) {
    case .success(let read): bytes = read
    case .failure(let error): throw Failure(message: "cannot read \(path): \(error.reason)")
    }
    let json: StateValue
    do { json = try JSONReader.parse(bytes, decimals: true) } catch {
      throw Failure(message: "\(path): not JSON: \(error.reason)")
    }
    guard case .object = json else { throw Failure(message: "\(path): not a JSON object") }
    var file = ProjectFile(path: path, folder: folder, plugins: [], digest: SHA256.hex(bytes))
    if let plugins = json["plugins"] {
      guard case .array(let list) = plugins else { throw Failure(message: "\(path): `plugins` is not a list") }
      for item in list {
        guard case .string(let command) = item else {
          throw Failure(message: "\(path): each of `plugins` must be a command line (a string)")
        }
        file.plugins.append(command)
      }
    }
    switch json["pluginTimeout"] {
    case nil: break
    case .int(let n)? where n > 0: file.pluginTimeout = Double(n)
    case .double(let x)? where x > 0: file.pluginTimeout = x
    default: throw Failure(message: "\(path): `pluginTimeout` must be a number of seconds above 0")
    }
    return file
  }
}
