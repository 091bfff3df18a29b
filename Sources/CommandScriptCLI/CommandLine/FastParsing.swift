extension Options {
  /// The command lines whose meaning is beyond doubt and that need no validation, read
  /// without ArgumentParser: none at all, `-c TEXT` alone, a script and its arguments none
  /// of which starts with `-` (or `-` alone), and `--check` then such a script (not `-`). Anything else is
  /// nil, and goes through ``RunCommand``,
  /// which stays the definition of the command line, its help, its errors and its
  /// validation; a test checks that both agree wherever this one answers.
  ///
  /// Why it exists: ArgumentParser builds its model of a command by reflection (`Mirror`
  /// over the command's property wrappers, protocol conformance scans, types decoded from
  /// their mangled names) and, on every run, builds and parses two more commands to look
  /// for `--generate-completion-script`. For `cmdscript -c ''` that was about 7.8 million
  /// of the 13.3 million instructions of the whole process (callgrind, release build with
  /// a static standard library), and it made start-up slower than Tcl's.
  init?(fastParsing arguments: [String]) {
    self.init()
    switch arguments.count {
    case 0:
      return
    case 2 where arguments[0] == "-c":
      // A value that starts with `-` may be read as an option: ArgumentParser decides.
      guard !arguments[1].utf8.starts(with: [UInt8(ascii: "-")]) else { return nil }
      commands = [arguments[1]]
    default:
      if arguments == ["-"] {
        files = arguments
        return
      }
      var operands = arguments[...]
      if arguments.count >= 2, arguments[0] == "--check" {
        check = true
        operands = operands.dropFirst()
      }
      for argument in operands {
        guard let first = argument.utf8.first, first != UInt8(ascii: "-") else { return nil }
      }
      // A subcommand's name (`fmt`) is not a script's. A name with `.` or `/` is never a
      // subcommand's: the usual script is answered without looking (10,000 instructions).
      if let first = operands.first, !check, !first.utf8.contains(where: { $0 == 46 || $0 == 47 }),
        CmdScript.isSubcommand(first)
      {
        return nil
      }
      files = Array(operands.prefix(1))
      scriptArguments = Array(operands.dropFirst())
    }
  }
}
