/// A receiver command fully resolved: which instance, which verb, which arguments.
struct ResolvedCommand: Hashable, Sendable {
  var instance: Int32
  var verb: Int32
  var arguments: [Value]
}

/// Every distinct command a session has resolved, each stored once. History entries and
/// compiled programs refer to commands by index, so a million executions of `move up`
/// share one entry and the history costs four bytes per executed command.
final class CommandTable {
  /// The verb index of the command that brings an instance made by `new` into existence.
  static let lifecycleVerb: Int32 = -1

  @exclusivity(unchecked) private(set) var commands: [ResolvedCommand] = []
  /// The same commands' arguments, ready to hand to receivers without rebuilding them.
  @exclusivity(unchecked) private(set) var arguments: [Arguments] = []
  /// Each command's instance and verb, in a table of plain integers that the invoker
  /// reads without retaining anything.
  @exclusivity(unchecked) private(set) var heads = ContiguousArray<(instance: Int32, verb: Int32)>()
  private var index: [ResolvedCommand: Int32] = [:]

  /// The index of `command`, adding it if it is new.
  func intern(_ command: ResolvedCommand) -> Int32 {
    if let id = index[command] { return id }
    let id = Int32(commands.count)
    commands.append(command)
    arguments.append(Arguments(command.arguments))
    heads.append((command.instance, command.verb))
    index[command] = id
    return id
  }

  subscript(id: Int32) -> ResolvedCommand { commands[Int(id)] }
}
