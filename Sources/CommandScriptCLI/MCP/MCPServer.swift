import CommandScript

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The protocol side of `cmdscript mcp`: JSON-RPC 2.0 messages a line at a time on
/// standard input, each request answered on the protocol's output in turn (notifications
/// never), tool calls handed to ``MCPTools``. Bad input gets a JSON-RPC error and the
/// server goes on; the end of the input ends it.
final class MCPServer {
  /// The protocol versions answered as asked, newest first: what the official SDKs' clients
  /// ask for. Any other is answered with the newest.
  static let supportedVersions = ["2025-11-25", "2025-06-18", "2025-03-26"]
  /// The stateless revision, found by `server/discover` instead of `initialize`: each
  /// request names it in its `_meta`, and each result says `resultType`.
  static let statelessVersion = "2026-07-28"
  static let protocolVersionKey = "io.modelcontextprotocol/protocolVersion"
  /// The longest message read, in bytes: a longer line is dropped, answered with an error.
  static let maxMessage = 8 << 20

  private let output: Channel
  private let tools: MCPTools

  init(served: ServedSession, output: Channel) {
    self.output = output
    tools = MCPTools(served: served)
  }

  /// Serves until the input ends (status 0) or the journal cannot keep what was done (74).
  func run() -> ExitStatus {
    var reader = MessageLines(descriptor: 0, limit: Self.maxMessage)
    while let line = reader.next() {
      switch line {
      case .tooLong(let size):
        send(
          Self.error(
            id: .null, code: -32600,
            "Invalid Request: a message of \(size) bytes, more than the \(Self.maxMessage) one may have"))
      case .message(let bytes):
        guard bytes.contains(where: { $0 != 32 && $0 != 9 && $0 != 13 && $0 != 10 }) else { continue }
        if let answer = handle(bytes) { send(answer) }
      }
      if tools.journalFailed { return .ioError }
    }
    return .success
  }

  private func send(_ message: StateValue) {
    output.line(message.json)
    output.flush()
  }

  /// The answer to one message, or nil for a notification or a response.
  func handle(_ bytes: [UInt8]) -> StateValue? {
    let message: StateValue
    do { message = try JSONReader.parse(bytes) } catch {
      return Self.error(id: .null, code: -32700, "Parse error: \(error.reason)")
    }
    guard case .object = message else {
      return Self.error(id: .null, code: -32600, "Invalid Request: a message is one JSON object (no batches)")
    }
    let id = message["id"]
    if let id {
      switch id {
      case .string, .int: break
      default: return Self.error(id: .null, code: -32600, "Invalid Request: `id` must be a string or an integer")
      }
    }
    guard let method = message["method"] else {
      // A response to a request of ours (there are none) or a message without a method.
      if id != nil, message["result"] != nil || message["error"] != nil { return nil }
      return Self.error(id: id ?? .null, code: -32600, "Invalid Request: no `method`")
    }
    guard case .string(let name) = method, message["jsonrpc"] == .string("2.0") else {
      return id.map {
        Self.error(id: $0, code: -32600, "Invalid Request: `jsonrpc` must be \"2.0\" and `method` a string")
      }
    }
    // A notification (`notifications/initialized`, `notifications/cancelled`, …) is not answered.
    guard let id else { return nil }
    let params = message["params"] ?? .object([])
    guard case .object = params else {
      return Self.error(id: id, code: -32602, "Invalid params: `params` must be an object")
    }
    // A request of the stateless revision says so in its `_meta`; its results say their type.
    var stateless = false
    if case .string(let version)? = params["_meta"]?[Self.protocolVersionKey] {
      guard version == Self.statelessVersion || Self.supportedVersions.contains(version) else {
        return Self.unsupported(id: id, version)
      }
      stateless = version == Self.statelessVersion
    }
    let answered = answer(name, id: id, params: params)
    guard stateless, case .object(let members) = answered,
      let index = members.firstIndex(where: { $0.key == "result" }),
      case .object(let result) = members[index].value
    else { return answered }
    var typed = members
    // A list may be cached; ours changes with the session's plugins, so never for long.
    let caching: [StateValue.Member] =
      name == "tools/list" ? [.init("ttlMs", .int(0)), .init("cacheScope", "private")] : []
    typed[index].value = .object(result + caching + [.init("resultType", "complete")])
    return .object(typed)
  }

  /// The answer to request `id`, method `name`.
  private func answer(_ name: String, id: StateValue, params: StateValue) -> StateValue {
    switch name {
    case "server/discover": return Self.result(id: id, discover())
    case "initialize": return Self.result(id: id, initialize(params))
    case "ping": return Self.result(id: id, .object([]))
    case "tools/list": return Self.result(id: id, .object([.init("tools", MCPTools.list)]))
    case "tools/call":
      guard case .string(let tool)? = params["name"] else {
        return Self.error(id: id, code: -32602, "Invalid params: `name` must be the tool's name, a string")
      }
      guard MCPTools.names.contains(tool) else {
        return Self.error(
          id: id, code: -32602, "Unknown tool: `\(tool)`; the tools are \(MCPTools.names.joined(separator: ", "))")
      }
      return Self.result(id: id, tools.call(tool, params["arguments"] ?? .null))
    default:
      return Self.error(id: id, code: -32601, "Method not found: `\(name)`")
    }
  }

  /// The stateless revision's discovery: the versions served, and what `initialize` tells.
  private func discover() -> StateValue {
    let tool = ToolIdentity.current
    return .object([
      .init(
        "supportedVersions", .array((Self.supportedVersions.reversed() + [Self.statelessVersion]).map { .string($0) })),
      .init("capabilities", .object([.init("tools", .object([.init("listChanged", .bool(false))]))])),
      .init("instructions", .string(Self.instructions)), .init("ttlMs", .int(0)), .init("cacheScope", "private"),
      .init(
        "_meta",
        .object([
          .init(
            "io.modelcontextprotocol/serverInfo",
            .object([.init("name", .string(tool.name)), .init("version", .string(tool.version))]))
        ])),
    ])
  }

  /// -32022: the version a stateless request names is not served; the error lists those that are.
  private static func unsupported(id: StateValue, _ version: String) -> StateValue {
    let supported = (supportedVersions.reversed() + [statelessVersion]).map { StateValue.string($0) }
    return .object([
      .init("jsonrpc", .string("2.0")), .init("id", id),
      .init(
        "error",
        .object([
          .init("code", .int(-32022)), .init("message", .string("Unsupported protocol version: \(version)")),
          .init("data", .object([.init("supported", .array(supported)), .init("requested", .string(version))])),
        ])),
    ])
  }

  private static let instructions =
    "Call `describe` first: it lists the receivers, their verbs and the statements. Write a short script; `check` it, `preview` it (nothing stays changed), then `run` it with `expect` set to the step preview gave. Every change is one undo step: `undo`, `redo` and `goto` go back to any state."

  private func initialize(_ params: StateValue) -> StateValue {
    var version = Self.supportedVersions[0]
    if case .string(let asked)? = params["protocolVersion"], Self.supportedVersions.contains(asked) { version = asked }
    let tool = ToolIdentity.current
    return .object([
      .init("protocolVersion", .string(version)),
      .init("capabilities", .object([.init("tools", .object([.init("listChanged", .bool(false))]))])),
      .init("serverInfo", .object([.init("name", .string(tool.name)), .init("version", .string(tool.version))])),
      .init("instructions", .string(Self.instructions)),
    ])
  }

  static func result(id: StateValue, _ result: StateValue) -> StateValue {
    .object([.init("jsonrpc", .string("2.0")), .init("id", id), .init("result", result)])
  }

  static func error(id: StateValue, code: Int, _ message: String) -> StateValue {
    .object([
      .init("jsonrpc", .string("2.0")), .init("id", id),
      .init("error", .object([.init("code", .int(code)), .init("message", .string(message))])),
    ])
  }
}

/// Standard input's lines, each at most `limit` bytes: a longer one is read to its end
/// and dropped, so that no message can take unbounded memory.
struct MessageLines {
  enum Line {
    case message([UInt8])
    /// A line of `size` bytes (as far as it was read), more than the limit.
    case tooLong(size: Int)
  }

  private let descriptor: Int32
  private let limit: Int
  private var buffer = [UInt8](repeating: 0, count: 1 << 20)
  private var start = 0
  private var end = 0
  private var atEnd = false

  init(descriptor: Int32, limit: Int) {
    self.descriptor = descriptor
    self.limit = limit
  }

  /// The next line, without its line break; nil at the end of the input.
  mutating func next() -> Line? {
    var line: [UInt8] = []
    var size = 0
    var began = false
    while true {
      if start < end {
        began = true
        let newline = buffer[start..<end].firstIndex(of: 10)
        let stop = newline ?? end
        size += stop - start
        if size <= limit { line += buffer[start..<stop] } else if !line.isEmpty { line = [] }
        start = newline.map { $0 + 1 } ?? end
        if newline != nil { return size > limit ? .tooLong(size: size) : .message(line) }
      }
      if atEnd { return began ? (size > limit ? .tooLong(size: size) : .message(line)) : nil }
      let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      if n <= 0 {
        atEnd = true
      } else {
        (start, end) = (0, n)
      }
    }
  }
}
