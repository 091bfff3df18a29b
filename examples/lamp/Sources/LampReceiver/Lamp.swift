import CommandScript

/// A dimmable lamp: `on`, `off` and `dim LEVEL` (0...100). Starts off, at level 100.
public final class Lamp: Receiver {
  /// What the lamp is; also the undo record, since every verb returns the light as it was.
  public struct Light: Sendable {
    public var on = false
    public var level = 100
  }
  public typealias Undo = Light

  public static let typeName = "lamp"
  public static let summary = "a dimmable lamp"
  public static let verbs: [Verb<Lamp>] = [
    Verb("on", summary: "switch the lamp on", execute: { lamp, _ in lamp.change { $0.on = true } }, undo: restore),
    Verb("off", summary: "switch the lamp off", execute: { lamp, _ in lamp.change { $0.on = false } }, undo: restore),
    Verb(
      "dim", [Parameter("level", .integer(0...100))], summary: "set the brightness",
      execute: { lamp, args in lamp.change { $0.level = args.int(0) } }, undo: restore),
  ]

  public private(set) var light = Light()
  public init() {}
  public var state: StateValue { ["on": .bool(light.on), "level": .int(light.level)] }

  /// Applies `edit` to the light and returns the light as it was before.
  private func change(_ edit: (inout Light) -> Void) -> Light {
    defer { edit(&light) }
    return light
  }

  /// Undoes any of the verbs: puts the light back as it was.
  private static func restore(_ lamp: Lamp, _: Arguments, _ previous: Light) { lamp.light = previous }
}
