import CommandScript

/// A dimmable lamp: `on`, `off` and `dim LEVEL` (0...100). Starts off, at level 100.
public final class Lamp: Receiver {
  /// What the lamp is; also the undo record: each verb's undo puts the light back as it was.
  public struct Light: Sendable {
    public var on = false
    public var level = 100
  }
  public typealias Undo = Light

  public static let typeName = "lamp"
  public static let summary = "a dimmable lamp"
  public static let verbs: [Verb<Lamp>] = [
    Verb("on", summary: "switch the lamp on", restoring: \.light) { lamp, _ in lamp.light.on = true },
    Verb("off", summary: "switch the lamp off", restoring: \.light) { lamp, _ in lamp.light.on = false },
    Verb("dim", [Parameter("level", .integer(0...100))], summary: "set the brightness", restoring: \.light) {
      lamp, args in lamp.light.level = args.int(0)
    },
  ]

  public private(set) var light = Light()
  public init() {}
  public var state: StateValue { ["on": .bool(light.on), "level": .int(light.level)] }
}
