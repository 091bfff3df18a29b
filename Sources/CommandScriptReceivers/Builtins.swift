import CommandScript

extension ReceiverRegistry {
  /// A registry with the built-in receivers: shape, door, board, vehicle, network
  /// (in that order).
  public static var builtins: ReceiverRegistry {
    var registry = ReceiverRegistry()
    // The declarations are fixed: a failure here is a programming error.
    try! registry.register(Shape.self)
    try! registry.register(Door.self)
    try! registry.register(Board.self)
    try! registry.register(Vehicle.self)
    try! registry.register(Network.self)
    return registry
  }
}
