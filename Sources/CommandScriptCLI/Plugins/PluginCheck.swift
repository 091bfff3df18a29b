import ArgumentParser

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `cmdscript plugin check COMMAND`: a plugin author's test. Starts the plugin, checks its
/// declarations, then makes random calls from them and checks the laws every receiver keeps
/// (PLUGINS.md, "Checking a plugin"), printing each violation with the calls that show it.
struct PluginCommand: ToolSubcommand {
  static let name = "plugin"

  static var configuration: CommandConfiguration {
    let tool = ToolIdentity.current.name
    return CommandConfiguration(
      commandName: name,
      abstract: "Check a plugin against the protocol and the receiver laws, or write a new one.",
      usage: """
        \(tool) plugin check [--calls <n>] [--seed <n>] [--plugin-timeout <seconds>] [--plugin-trace <file>] <command>
          \(tool) plugin new <name> (--python | --node)
        """,
      discussion: """
        Starts COMMAND as a plugin (split into words as a shell would, but no shell runs \
        it) in a scratch folder of its own (its working directory and HOME; words naming \
        files in yours are made absolute), telling it `"check": true` in `initialize`, so \
        that it never touches its real data, and checks it against the protocol (PLUGINS.md) and the laws every receiver \
        keeps, on random calls made from its declarations: `execute; undo` leaves `state` \
        as it was; `execute; undo; execute` (a redo) gives the state `execute` gave; a \
        failed command and a query change nothing; arguments of every declared kind, \
        bounds included, are taken, and answers are of their declared kinds; undoing \
        every command gives back the first state; a batch does what its calls do one by \
        one; declarations are well-formed. Prints \
        each broken law once, with the calls that show it.

        `plugin new NAME --python` (or `--node`) writes NAME.py (NAME.js), a working \
        plugin on the kit that passes `plugin check`, and the kit beside it \
        (cmdscript_plugin.py, cmdscript-plugin.js) if it is not there.

        Exit status: 0 nothing found; 1 a law is broken, or the plugin did not start or \
        declared something unusable; 64 usage error.
        """)
  }

  @Argument(help: ArgumentHelp("What to do: `check` a plugin, or write a `new` one.", valueName: "action"))
  var action: String

  @Argument(help: ArgumentHelp("The plugin's command line (for `new`: its name).", valueName: "command"))
  var command: String

  @Option(help: ArgumentHelp("How many random calls to make (default 200).", valueName: "n"))
  var calls = 200

  @Option(
    help: ArgumentHelp(
      "The seed of the random calls (default: a new one, printed): the same seed makes the same calls.",
      valueName: "n"))
  var seed: Int?

  @Option(help: ArgumentHelp("Seconds the plugin may take to answer one request.", valueName: "seconds"))
  var pluginTimeout = PluginSetUp.defaultTimeout

  @Option(help: PluginTrace.help)
  var pluginTrace: String?

  @Flag(help: "For `new`: write a Python plugin (NAME.py, on cmdscript_plugin.py).")
  var python = false

  @Flag(help: "For `new`: write a Node plugin (NAME.js, on cmdscript-plugin.js).")
  var node = false

  func validate() throws {
    guard action == "check" || action == "new" else {
      throw ValidationError("Unknown action `\(action)`: the actions are `check` and `new`.")
    }
    if action == "new" {
      guard python != node else { throw ValidationError("`plugin new NAME` takes one of --python and --node.") }
      guard PluginKit.isName(command) else {
        throw ValidationError("`\(command)` cannot name a plugin: a lowercase word (letters, digits, `_`).")
      }
    } else if python || node {
      throw ValidationError("--python and --node are for `plugin new`.")
    }
    guard calls > 0 else { throw ValidationError("--calls must be above 0, not \(calls).") }
    guard pluginTimeout > 0, pluginTimeout.isFinite else {
      throw ValidationError("--plugin-timeout must be a number of seconds above 0, not \(pluginTimeout).")
    }
  }

  /// A seed from the clock, small enough to type again.
  static func newSeed() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return (Int(time.tv_sec) &* 1_000_003 &+ Int(time.tv_nsec) &+ Int(getpid())) % 1_000_000
  }

  func run(_ invocation: Invocation) -> ExitStatus {
    if action == "new" {
      let language: PluginKit.Language = python ? .python : .node
      if let failure = PluginKit.write(command, in: language) {
        Console.err.message(failure)
        return .runtimeError
      }
      let tool = ToolIdentity.current.name
      Console.out.line("wrote \(language.script(command)) (and \(language.file) beside it, if it was not there)")
      Console.out.line("  \(tool) plugin check '\(language.command(command))'")
      Console.out.line("  \(tool) --plugin '\(language.command(command))' -c '\(command).add 5; show \(command)'")
      return .success
    }
    if let pluginTrace, let failure = PluginTrace.open(pluginTrace) {
      Console.err.message(failure)
      return .runtimeError
    }
    var checker = PluginLaws(seed: UInt64(bitPattern: Int64(seed ?? Self.newSeed())))
    return checker.check(command, calls: calls, timeout: pluginTimeout) ? .success : .runtimeError
  }
}
