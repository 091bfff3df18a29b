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
  /// The commands whose arguments are at most two integers or words, by a key made
  /// without an array: nearly every command of nearly every script.
  private var smallIndex: [SmallKey: Int32] = [:]

  private struct SmallKey: Hashable {
    /// Instance and verb.
    var head: Int64
    /// The argument count, and for each argument whether it is a word.
    var shape: Int
    var first: Int
    var second: Int

    init?(instance: Int32, verb: Int32, operands: [Operand]) {
      guard operands.count <= 2 else { return nil }
      head = Int64(instance) << 32 | Int64(UInt32(bitPattern: verb))
      shape = operands.count
      (first, second) = (0, 0)
      for (i, operand) in operands.enumerated() {
        let n: Int
        switch operand {
        case .constant(.integer(let v)): n = v
        case .constant(.word(let v)):
          n = v
          shape |= 4 << i
        default: return nil
        }
        if i == 0 { first = n } else { second = n }
      }
    }
  }

  /// The index of the command `instance.verb operands`, every operand a constant, adding
  /// it if it is new.
  func intern(instance: Int32, verb: Int32, operands: [Operand]) -> Int32 {
    let key = SmallKey(instance: instance, verb: verb, operands: operands)
    if let key, let id = smallIndex[key] { return id }
    let values = operands.map { operand -> Value in
      guard case .constant(let value) = operand else { preconditionFailure("not a constant") }
      return value
    }
    let id = intern(ResolvedCommand(instance: instance, verb: verb, arguments: values))
    if let key { smallIndex[key] = id }
    return id
  }

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
