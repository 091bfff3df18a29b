import CommandScript

/// A request manager: requests wait in a queue until they are cancelled. Nothing goes on
/// the network; the receiver models the Command pattern's queued, cancellable requests.
///
/// Starts with no pending request and none cancelled.
///
/// - `request "URL"` adds a pending request. Undo removes the last pending request.
/// - `cancel` cancels every pending request: they leave the queue and `cancelled` grows by
///   their number. Cancelling with nothing pending changes nothing. Undo puts them back,
///   in order.
public final class Network: Receiver {
  /// What undo needs: nothing for `request` (it removes the last pending request), the
  /// cancelled requests for `cancel` (the only verb whose record allocates).
  public enum Undo: Sendable {
    case request
    case cancel([String])
  }

  public static let typeName = "network"
  public static let summary = "a manager of pending network requests"

  public static let verbs: [Verb<Network>] = [
    Verb("request", [Parameter("url", .string)], summary: "add a pending request (sends nothing)") {
      network, args in
      network.pending.append(args.string(0))
      return .request
    } undo: { network, _, _ in
      network.pending.removeLast()
    },
    Verb("cancel", summary: "cancel every pending request") { network, _ in
      defer {
        network.cancelled += network.pending.count
        network.pending.removeAll()
      }
      return .cancel(network.pending)
    } undo: { network, _, undo in
      guard case .cancel(let requests) = undo else { return }
      network.pending = requests
      network.cancelled -= requests.count
    },
  ]

  public static let queries: [Query<Network>] = [
    Query("waiting", .integer(0...Int.max), summary: "how many requests are pending") { network, _ in
      .integer(network.pending.count)
    },
    Query("cancelled", .integer(0...Int.max), summary: "how many requests were cancelled") { network, _ in
      .integer(network.cancelled)
    },
  ]

  /// The URLs of the pending requests, oldest first.
  public private(set) var pending: [String] = []
  /// How many requests have been cancelled.
  public private(set) var cancelled = 0

  /// No pending request, none cancelled.
  public init() {}

  public var state: StateValue {
    ["pending": .array(pending.map { .string($0) }), "cancelled": .int(cancelled)]
  }

  /// `2 pending (https://a, https://b), 3 cancelled`.
  public var stateDescription: String {
    let list = pending.isEmpty ? "" : " (" + pending.map(Self.listed).joined(separator: ", ") + ")"
    return "\(pending.count) pending\(list), \(cancelled) cancelled"
  }

  /// A request as the state lists it: as written, or as a script writes a string when it
  /// is empty or has a character that would blur the list (`, ( ) "`, a blank at an end).
  static func listed(_ url: String) -> String {
    let blurs =
      url.isEmpty || url.first == " " || url.last == " "
      || url.contains { ",()\"".contains($0) || $0.isNewline || $0 == "\t" }
    return blurs ? ScriptString.literal(url) : url
  }
}
