#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tab after `source` and `export`: the file names that the path typed so far can become,
/// as a shell offers them. Readline replaces only the word after the last break character
/// (`.` and `"` are breaks, for `shape.` and strings), so each candidate is the part of a
/// path from where that word starts.
enum FileNameCompletion {
  /// The candidates for `word` when `text` (everything typed before it, the entry's
  /// earlier lines too) ends in the path of a `source` or `export` statement; nil when it
  /// does not, so that the usual completion applies.
  static func candidates(of word: String, after text: String) -> [String]? {
    // The statement being typed, as the lexer reads it: a `source` in a comment or a
    // string is none.
    guard let argument = CursorContext(before: text).fileArgument else { return nil }
    guard case .typing(let typed, let quoted) = argument,
      // A path with a blank cannot be completed: readline breaks words there.
      !typed.contains(where: { $0 == " " || $0 == "\t" })
    else { return [] }
    let path = String(typed) + word
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let prefix = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var matches = entries(of: folder.isEmpty ? "." : folder).filter {
      $0.name.hasPrefix(prefix) && ($0.name.first != "." || prefix.first == ".")
    }.map { folder + $0.name + ($0.isFolder ? "/" : "") }
    // The part readline replaces: from where `word` starts within the path.
    let replaced = path.count - word.count
    matches = matches.map { String($0.dropFirst(replaced)) }
    // Unquoted and nothing but the word typed: the string's opening quote comes too.
    let opening = !quoted && typed.isEmpty ? "\"" : ""
    if matches.count == 1, !matches[0].hasSuffix("/") { matches[0] += "\"" }
    return matches.sorted().map { opening + $0 }
  }

  private static func entries(of folder: String) -> [(name: String, isFolder: Bool)] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var result: [(name: String, isFolder: Bool)] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard name != ".", name != ".." else { continue }
      var status = stat()
      let isFolder = stat(folder + "/" + name, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
      result.append((name, isFolder))
    }
    return result
  }
}
