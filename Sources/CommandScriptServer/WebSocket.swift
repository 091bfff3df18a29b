// RFC 6455 over one upgraded connection: frames read on the connection's thread (a frame
// whose declared length is over the limit is refused with 1009 before any of it is read),
// messages written from any thread through a queue of the socket's own (a page that stops
// reading is closed, never waited for), and a ping when the page has been quiet, so that a
// connection whose page is gone is closed.

import Foundation

/// What a WebSocket's messages go to. Called on the connection's thread.
protocol WebSocketHandler: Sendable {
  /// The socket is open; messages may be sent.
  func opened(_ socket: WebSocket)
  /// A whole text message (nil: a binary one).
  func received(_ text: String?, from socket: WebSocket)
  /// The socket has closed; nothing more is sent to it.
  func closed(_ socket: WebSocket)
}

/// One upgraded connection.
final class WebSocket: @unchecked Sendable {
  /// The largest message accepted: 64 KiB.
  static let maxMessageBytes = 1 << 16
  /// The most messages that may wait to be written to one socket.
  static let maxOutgoing = 8192
  /// After this long without a byte from the page it is pinged; after three such spells
  /// it is taken for gone and closed.
  static let quietSeconds = 20.0

  private let connection: Connection
  private let writes = DispatchQueue(label: "cmdscript.serve.socket")
  private let pendingLock = NSLock()
  private var pending = 0
  /// A number for the page, for the handler's own bookkeeping.
  let number: Int

  private static let counter = NSLock()
  nonisolated(unsafe) private static var next = 1

  init(_ connection: Connection) {
    self.connection = connection
    number = Self.counter.withLock {
      defer { Self.next += 1 }
      return Self.next
    }
  }

  /// The value of `Sec-WebSocket-Accept` for `key`.
  static func accept(for key: String) -> String {
    Data(SHA1.hash(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
  }

  /// Sends `texts` as text messages, in one write; a socket with too much waiting is closed.
  func send(_ texts: [String]) {
    var bytes: [UInt8] = []
    for text in texts { Self.frame(opcode: 0x1, Array(text.utf8), into: &bytes) }
    enqueue(bytes)
  }

  /// Sends a close frame with `code`, then shuts the connection.
  func close(_ code: UInt16) {
    var bytes: [UInt8] = []
    Self.frame(opcode: 0x8, [UInt8(code >> 8), UInt8(code & 0xFF)], into: &bytes)
    enqueue(bytes, thenShut: true)
  }

  private func enqueue(_ bytes: [UInt8], thenShut: Bool = false) {
    let admitted = pendingLock.withLock {
      guard pending < Self.maxOutgoing else { return false }
      pending += 1
      return true
    }
    guard admitted else { return connection.shutDown() }
    writes.async { [self] in
      pendingLock.withLock { pending -= 1 }
      if !connection.write(bytes) || thenShut { connection.shutDown() }
    }
  }

  private static func frame(opcode: UInt8, _ payload: [UInt8], into bytes: inout [UInt8]) {
    bytes.append(0x80 | opcode)
    let n = payload.count
    if n < 126 {
      bytes.append(UInt8(n))
    } else if n < 65536 {
      bytes += [126, UInt8(n >> 8), UInt8(n & 0xFF)]
    } else {
      bytes.append(127)
      for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8((UInt64(n) >> UInt64(shift)) & 0xFF)) }
    }
    bytes += payload
  }

  /// Reads frames until the page closes, breaks a rule, or is gone; then tells `handler`.
  func run(_ handler: any WebSocketHandler) {
    handler.opened(self)
    defer {
      handler.closed(self)
      // What was queued (a close frame) is written first; a peer that does not read holds
      // it at most the send timeout.
      writes.sync {}
      connection.shutDown()
    }
    var message: [UInt8] = []
    var messageOpcode: UInt8 = 0
    var quietSpells = 0
    while true {
      switch connection.waitForBytes(seconds: Self.quietSeconds) {
      case .closed: return
      case .timedOut:
        quietSpells += 1
        if quietSpells >= 3 { return }
        var ping: [UInt8] = []
        Self.frame(opcode: 0x9, [], into: &ping)
        enqueue(ping)
        continue
      case .bytes: quietSpells = 0
      }
      // The rest of a frame must follow promptly.
      let deadline = DispatchTime.now() + Self.quietSeconds
      guard let start = connection.read(2, before: deadline) else { return }
      let (fin, opcode, masked) = (start[0] & 0x80 != 0, start[0] & 0x0F, start[1] & 0x80 != 0)
      guard masked, start[0] & 0x70 == 0 else { return close(1002) }
      var length = UInt64(start[1] & 0x7F)
      if length == 126 {
        guard let more = connection.read(2, before: deadline) else { return }
        length = UInt64(more[0]) << 8 | UInt64(more[1])
      } else if length == 127 {
        guard let more = connection.read(8, before: deadline) else { return }
        length = more.reduce(0) { $0 << 8 | UInt64($1) }
      }
      let isControl = opcode & 0x8 != 0
      if isControl {
        guard length <= 125, fin else { return close(1002) }
      } else if length > UInt64(Self.maxMessageBytes)
        || UInt64(opcode == 0 ? message.count : 0) + length > UInt64(Self.maxMessageBytes)
      {
        // Refused on the declared length: none of it is read.
        return close(1009)
      }
      guard let mask = connection.read(4, before: deadline),
        var payload = connection.read(Int(length), before: deadline)
      else { return }
      for i in payload.indices { payload[i] ^= mask[i & 3] }
      switch opcode {
      case 0x1, 0x2:
        guard messageOpcode == 0 else { return close(1002) }
        if fin {
          guard deliver(opcode, payload, to: handler) else { return close(1007) }
        } else {
          (message, messageOpcode) = (payload, opcode)
        }
      case 0x0:
        guard messageOpcode != 0 else { return close(1002) }
        message += payload
        if fin {
          guard deliver(messageOpcode, message, to: handler) else { return close(1007) }
          (message, messageOpcode) = ([], 0)
        }
      case 0x8:
        let code = payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : 1000
        return close(code == 1005 || code == 1006 ? 1000 : code)
      case 0x9:
        var pong: [UInt8] = []
        Self.frame(opcode: 0xA, payload, into: &pong)
        enqueue(pong)
      case 0xA: break
      default: return close(1002)
      }
    }
  }

  /// Hands a whole message to `handler`; false if a text message is not UTF-8.
  private func deliver(_ opcode: UInt8, _ payload: [UInt8], to handler: any WebSocketHandler) -> Bool {
    guard opcode == 0x1 else {
      handler.received(nil, from: self)
      return true
    }
    guard let text = String(validating: payload, as: UTF8.self) else { return false }
    handler.received(text, from: self)
    return true
  }
}
