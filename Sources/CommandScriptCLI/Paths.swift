#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An environment variable, if set.
func environment(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}

/// Where the REPL keeps its files, following the XDG base directory specification.
enum Paths {
  /// `$XDG_STATE_HOME`, else `~/.local/state`: for the input history.
  static var stateHome: String? { base("XDG_STATE_HOME", default: "/.local/state") }

  /// `$XDG_CONFIG_HOME`, else `~/.config`: for the start-up file.
  static var configHome: String? { base("XDG_CONFIG_HOME", default: "/.config") }

  /// The start-up file: `$XDG_CONFIG_HOME/cmdscript/init.cmd`.
  static var initFile: String? { configHome.map { $0 + "/\(ToolIdentity.current.name)/init.cmd" } }

  /// The variable if it holds an absolute path (the specification says to ignore relative
  /// ones), else `$HOME` followed by `suffix`.
  private static func base(_ variable: String, default suffix: String) -> String? {
    if let value = environment(variable), value.hasPrefix("/") { return value }
    guard let home = environment("HOME"), !home.isEmpty else { return nil }
    return home + suffix
  }

  /// Creates the folders above `file` (private to the user, as XDG asks); false if they
  /// cannot be made.
  static func createParent(of file: String) -> Bool {
    var parts = file.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    var path = file.hasPrefix("/") ? "" : "."
    if file.hasPrefix("/") { parts = parts.dropFirst() }
    for part in parts where !part.isEmpty {
      path += "/" + part
      if mkdir(path, 0o700) != 0 && errno != EEXIST { return false }
    }
    return true
  }
}
