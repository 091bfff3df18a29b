// Who the command-line tool is: `cmdscript`, or an app's own tool built on the same code,
// whose name, version, help and file paths are its own.

/// The name, version, overview and example a tool built on ``CommandScriptTool`` shows,
/// and where it keeps its files: `$XDG_STATE_HOME/NAME/history`,
/// `$XDG_CONFIG_HOME/NAME/init.cmd`, `$NAME_HISTORY` (the name upper-cased, `-` as `_`).
///
/// ```swift
/// CommandScriptTool.main(
///   registry: registry,
///   identity: ToolIdentity(
///     name: "lampctl", version: "lampctl 1.0", overview: "Script the lamps.",
///     example: "lamp.on; lamp.dim 30; undo; show"))
/// ```
public struct ToolIdentity: Sendable {
  /// The command's name, as typed and in messages (`lampctl: cannot read …`).
  public var name: String
  /// What `--version` prints.
  public var version: String
  /// One line for the top of `--help`.
  public var overview: String
  /// A script that runs on the tool's receivers, for `--help` and `help`.
  public var example: String

  public init(name: String, version: String, overview: String, example: String) {
    self.name = name
    self.version = version
    self.overview = overview
    self.example = example
  }

  /// `cmdscript` itself, with the built-in receivers.
  public static let cmdscript = ToolIdentity(
    name: "cmdscript", version: "cmdscript 0.2.0 (CommandScript language version 2)",
    overview: "Run CommandScript: undoable command macros for shapes, doors, boards and more.",
    example: "move up; paint red; undo; show")

  /// The running tool's identity. Set once by ``CommandScriptTool/main(registry:identity:arguments:)``
  /// before anything reads it, and never again: no access can race.
  nonisolated(unsafe) static var current = ToolIdentity.cmdscript

  /// The prefix of the tool's environment variables: `CMDSCRIPT`, `LAMPCTL`.
  var environmentPrefix: String {
    String(name.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }

  /// What the REPL prints when it starts on a terminal.
  var banner: String { "\(version). Type `help` for help, `exit` or Ctrl-D to leave." }
}
