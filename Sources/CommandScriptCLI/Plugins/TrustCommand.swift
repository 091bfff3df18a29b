import ArgumentParser

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `cmdscript trust [FILE]`: lets a project file's plugins start (ProjectTrust), as
/// `direnv allow` does an `.envrc`.
struct TrustCommand: ToolSubcommand {
  static let name = "trust"

  static var configuration: CommandConfiguration {
    let tool = ToolIdentity.current.name
    return CommandConfiguration(
      commandName: name,
      abstract: "Let a project file's (\(tool).json) plugins start.",
      usage: "\(tool) trust [<file>]",
      discussion: """
        A project file names programs (its plugins) that start when a script beside or \
        below it runs. They start only once you have read the file and trusted it: this \
        records the file's real path and a hash of its contents in your state folder \
        ($XDG_STATE_HOME/\(tool)/trusted). A changed file is untrusted again. A file that \
        belongs to another user (root's excepted), or is in a folder other users can \
        write, cannot be trusted. Nothing is ever started for `--check`, `fmt` or under \
        `--safe`, and the editor server works without an untrusted file's plugins. \
        `--plugin COMMAND` needs no trust: you named the program.

        FILE is the project file, or a script or folder whose project file is meant (the \
        nearest \(tool).json in its folder or above); without it, the working \
        directory's.

        Exit status: 0 trusted; 1 not (the reason is printed); 64 usage error.
        """)
  }

  @Argument(help: ArgumentHelp("The project file, or a script or folder under it.", valueName: "file"))
  var file: String?

  func run(_ invocation: Invocation) -> ExitStatus {
    let project: ProjectFile
    do {
      let found = try Self.project(named: file ?? ".")
      guard let found else {
        Console.err.message("no \(ProjectFile.name) in \(file ?? "the working directory") or a folder above it")
        return .runtimeError
      }
      project = found
    } catch {
      Console.err.message(error.message)
      return .runtimeError
    }
    if let refusal = ProjectTrust.trust(project) {
      Console.err.message("not trusted: \(refusal)")
      return .runtimeError
    }
    let plugins =
      project.plugins.isEmpty
      ? "it names no plugins" : "its plugins may start: " + project.plugins.joined(separator: ", ")
    Console.out.line("trusted \(project.path); \(plugins)")
    return .success
  }

  /// The project file `path` names: itself, or the one of the folder or script it names.
  static func project(named path: String) throws(ProjectFile.Failure) -> ProjectFile? {
    var info = stat()
    if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return try ProjectFile.find(from: path) }
    if path == ProjectFile.name || path.hasSuffix("/" + ProjectFile.name) {
      guard access(path, F_OK) == 0 else { throw ProjectFile.Failure(message: "no file \(path)") }
      return try ProjectFile.read(file: path)
    }
    return try ProjectFile.find(from: ProjectFile.folder(of: path))
  }
}
