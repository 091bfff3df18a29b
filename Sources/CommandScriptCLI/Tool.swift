import ArgumentParser
@_exported import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `cmdscript` command line (files, `-c`, piped stdin, the REPL) for any registry:
/// an embedding app that adds its own receivers gets the whole tool with one call.
///
/// ```swift
/// var registry = ReceiverRegistry.builtins
/// try registry.register(Lamp.self)
/// CommandScriptTool.main(registry: registry)
/// ```
public enum CommandScriptTool {
  /// Parses the process's arguments (or `arguments`), runs, and exits with the status.
  /// `identity` names the tool, in its help, messages and file paths: an app's own tool
  /// gives its own (see ``ToolIdentity``). `serve` runs `NAME serve` (an app passes
  /// CommandScriptServer's `WebApp.serve` to serve its own receivers) and returns its exit
  /// status; without it, `NAME serve` runs `NAME-serve` from beside the tool's executable.
  public static func main(
    registry: ReceiverRegistry, identity: ToolIdentity = .cmdscript, arguments: [String]? = nil,
    serve: ((ReceiverRegistry, ServeOptions) -> Int32)? = nil
  ) -> Never {
    ToolIdentity.current = identity
    openClosedStandardDescriptors()
    let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
    let invocation = Invocation(registry: registry, arguments: arguments, serve: serve)
    // The common command lines skip ArgumentParser (see `Options(fastParsing:)`).
    if let options = Options(fastParsing: arguments) { exit(flushed(options.run(invocation))) }
    exit(flushed(CmdScript.parse(arguments).run(invocation)))
  }

  /// `status` once standard output is written out: 74 if it could not be.
  static func flushed(_ status: ExitStatus) -> Int32 {
    Console.flush()
    guard let failure = Console.out.writeError else { return status.rawValue }
    Console.err.message("write error: \(String(cString: strerror(failure)))")
    Console.err.flush()
    return ExitStatus.ioError.rawValue
  }

  /// Opens `/dev/null` onto a closed standard descriptor, as coreutils do, so that no file
  /// the tool opens (the journal) becomes standard input, output or error. A closed
  /// standard input reads as empty; a closed output or error is opened read-only, so that
  /// writing to it still fails and is reported.
  private static func openClosedStandardDescriptors() {
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", O_RDONLY)
      // `open` takes the lowest free descriptor, which is `fd`; otherwise move it there.
      if opened >= 0, opened != fd {
        _ = dup2(opened, fd)
        close(opened)
      }
    }
  }
}

/// One of the tool's commands: running scripts (the default), `fmt`, `lsp`, …, each parsed
/// by ArgumentParser and run with the tool's registry. A new subcommand is a type that
/// conforms, listed in ``CmdScript/subcommands``.
protocol ToolSubcommand: ParsableCommand {
  /// The word that selects it (`fmt`); the default's is written only to get its help.
  static var name: String { get }
  /// Runs the command; returns the exit status.
  func run(_ invocation: Invocation) -> ExitStatus
}

/// What a command runs with: the tool's registry, and the command line as written (for
/// what ArgumentParser does not keep, such as the order of `-c` and `-f`).
struct Invocation {
  let registry: ReceiverRegistry
  let arguments: [String]
  /// What runs `serve`, if the tool links a server.
  var serve: ((ReceiverRegistry, ServeOptions) -> Int32)?
}

/// The tool's command line as ArgumentParser sees it, declared as swift-format declares
/// its own: subcommands, the first of which is the default (a script, `-c`, standard input
/// or the REPL), so that `cmdscript spiral.cmd` and `cmdscript fmt spiral.cmd` both read.
/// A script whose name is a subcommand's runs as `./fmt`.
struct CmdScript: ParsableCommand {
  /// The subcommands, the default first.
  static let subcommands: [any ToolSubcommand.Type] = [
    RunCommand.self, FormatCommand.self, LanguageServerCommand.self, ServeCommand.self,
    PluginCommand.self, MCPCommand.self, TrustCommand.self,
  ]

  /// Whether `word` selects a subcommand (or ArgumentParser's `help`) rather than naming a
  /// script.
  static func isSubcommand(_ word: String) -> Bool {
    word == "help" || subcommands.contains { $0.name == word }
  }

  static var configuration: CommandConfiguration {
    let tool = ToolIdentity.current
    return CommandConfiguration(
      commandName: tool.name, abstract: tool.overview, version: tool.version,
      subcommands: subcommands.map { $0 }, defaultSubcommand: RunCommand.self)
  }

  /// The command `arguments` ask for; on a usage error (or `--help`, `--version`), says so
  /// and exits.
  static func parse(_ arguments: [String]) -> any ToolSubcommand {
    let scan = UsageScan(arguments)
    // The tool's own help is the default command's, which lists the others: the options
    // are what `--help` is asked for first.
    let asked = ["--help", "-h", "-help", "help"].contains(arguments.first) && arguments.count == 1
    do {
      let parsed = try parseAsRoot(asked ? [RunCommand.name, "--help"] : scan.joiningNegativeValues)
      guard let command = parsed as? any ToolSubcommand else {
        // ArgumentParser's own `help SUBCOMMAND`, which prints and exits.
        var other = parsed
        try other.run()
        terminate(ExitStatus.success.rawValue)
      }
      return command
    } catch {
      let status = exitCode(for: error)
      if scan.wantsJSON, status != .success {
        Renderer(json: true, colour: false).renderRunError(message(for: error))
        Console.flush()
        terminate(status.rawValue)
      }
      guard status != .success else { exit(withError: error) }
      // The run command's help is the tool's (`cmdscript --help`): point there.
      let name = ToolIdentity.current.name
      let message = fullMessage(for: error).replacing("'\(name) \(RunCommand.name) --help'", with: "'\(name) --help'")
      Console.err.line(message)
      Console.flush()
      terminate(status.rawValue)
    }
  }
}

extension ErrorPolicy: ExpressibleByArgument {}
extension PictureMode: ExpressibleByArgument {}

/// Ends the process (the C library's `exit`, which a `ParsableCommand`'s own `exit` hides).
private func terminate(_ status: Int32) -> Never { exit(status) }
