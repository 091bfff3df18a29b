import ArgumentParser
import CommandScript

/// `cmdscript fmt`: lays scripts out canonically (``ScriptFormatter``), in place, or
/// lists the ones that would change (`--check`), or shows how (`--diff`), or formats
/// standard input (no file, or `-`) to standard output.
struct FormatCommand: ToolSubcommand {
  static let name = "fmt"

  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: name,
      abstract: "Lay CommandScript scripts out in one canonical layout.",
      discussion: """
        Rewrites each FILE in place: blocks indented by two spaces, one space between words \
        and around operators and braces, none around `.` or inside parentheses, at most one \
        blank line in a row, and `;` and line breaks where they were. Comments are kept. Only \
        the space between tokens changes, so a script means exactly what it meant. A file with \
        syntax errors is left as it is and its errors are reported. A session journal \
        (`--session`) is never formatted: its checksums would no longer match. With no FILE \
        (or `-`), formats standard input to standard output, as gofmt does.

        Exit status: 0 success (with --check: nothing would change); 1 with --check, some \
        file would change (each is listed, or with --diff shown); 64 usage error; 65 syntax \
        errors, or a session journal; 66 a file cannot be read; 74 a file could not be written.
        """)
  }

  @Flag(help: "Change nothing: list the files that would change, and exit with status 1 if any would.")
  var check = false

  @Flag(
    help:
      "Change nothing: show what would change, as a unified diff (diff -u) of each file that would change; status 0 (1 with --check if any would)."
  )
  var diff = false

  @Argument(
    help: ArgumentHelp(
      "The scripts to format (none, or `-`: standard input, to standard output).", valueName: "file"))
  var files: [String] = []

  func validate() throws {
    if files.contains("-") && files.count > 1 {
      throw ValidationError("`-` (standard input) cannot be combined with files.")
    }
  }

  func run(_ invocation: Invocation) -> ExitStatus {
    run(renderer: Renderer(json: false, colour: Console.err.allowsColour))
  }

  func run(renderer: Renderer) -> ExitStatus {
    let files = self.files.isEmpty ? ["-"] : self.files
    var status = ExitStatus.success
    func worst(_ next: ExitStatus) {
      // A failure to read or write outranks syntax errors, which outrank a change found.
      let rank: [ExitStatus: Int] = [.success: 0, .runtimeError: 1, .compileError: 2, .noInput: 3, .ioError: 4]
      if rank[next, default: 0] > rank[status, default: 0] { status = next }
    }
    for path in files {
      let name = path == "-" ? "<stdin>" : path
      let bytes: [UInt8]
      switch path == "-" ? FileIO.read(descriptor: 0) : FileIO.read(path, pipes: true) {
      case .success(let read): bytes = read
      case .failure(let error):
        renderer.renderRunError("cannot read \(path): \(error.reason)", file: path)
        worst(.noInput)
        continue
      }
      // A session journal's entries are checksummed as written: laid out anew, none would
      // verify.
      if JournalFormat.isJournal(bytes) {
        renderer.renderRunError(
          "cannot format \(name): it is a session journal (--session), whose checksums would no longer match",
          file: path)
        worst(.compileError)
        continue
      }
      let formatted: String
      let file = SourceFile(name: name, bytes: bytes)
      do { formatted = try ScriptFormatter.format(file) } catch {
        // Under each error its line, as a run shows it.
        var sources = SourceTable()
        _ = sources.add(file)
        var renderer = renderer
        renderer.sourceExcerpt = { [sources] in sources.excerpt(file: $0, line: $1, column: $2, width: $3) }
        for diagnostic in error.diagnostics { renderer.render(diagnostic) }
        worst(.compileError)
        continue
      }
      let changed = Array(formatted.utf8) != bytes
      if diff {
        if changed {
          let old = String(decoding: bytes, as: UTF8.self)
          Console.out.line(
            String(LineDiff.unified(old, formatted, oldName: name, newName: name + " (formatted)").dropLast()))
          if check { worst(.runtimeError) }
        }
      } else if path == "-" {
        if check {
          if changed { worst(.runtimeError) }
        } else {
          // It ends with a line break, unless empty.
          if !formatted.isEmpty { Console.out.line(String(formatted.dropLast())) }
        }
      } else if check {
        if changed {
          Console.out.line(path)
          worst(.runtimeError)
        }
      } else if changed {
        do { try POSIXFileAccess().writeAtomically(Array(formatted.utf8), to: path) } catch {
          renderer.renderRunError("cannot write \(path): \(error.reason)", file: path)
          worst(.ioError)
        }
      }
    }
    return status
  }
}
