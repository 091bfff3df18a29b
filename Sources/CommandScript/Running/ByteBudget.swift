/// Bytes that statements may still spend on something (strings made, text printed) until
/// the host resets the budget; with no limit, spending never fails and costs one compare.
struct ByteBudget {
  /// The bytes allowed between resets; nil: no limit.
  var limit: Int? {
    didSet { reset() }
  }
  private(set) var remaining = Int.max

  /// Starts counting against `limit` afresh.
  mutating func reset() { remaining = limit.map { max(0, $0) } ?? .max }

  /// Takes `bytes` from what is left; false, taking nothing, if not that much is left.
  @inline(__always) mutating func spend(_ bytes: Int) -> Bool {
    guard remaining != .max else { return true }
    guard bytes <= remaining else { return false }
    remaining -= bytes
    return true
  }
}
