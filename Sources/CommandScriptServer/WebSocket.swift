// RFC 6455 over one upgraded connection, on NIOWebSocket: NIO's decoder refuses a frame whose
// declared length is over the limit with 1009 before any of it is read (its
// WebSocketProtocolErrorHandler), and here a message put together from fragments is held to
// the same limit; messages are written from any thread, each call's frames in one flush (a
// page that stops reading is closed once too many wait, or after ``WebSocket/stalledSeconds``
// of writes waiting, never waited for); a page quiet for
// ``WebSocket/quietSeconds`` is pinged, and after three such spells taken for gone and closed.

import Foundation
import NIOCore
import NIOWebSocket
import Synchronization

/// What a WebSocket's messages go to. Called on the connection's event loop.
protocol WebSocketHandler: Sendable {
  /// The socket is open; messages may be sent.
  func opened(_ socket: WebSocket)
  /// A whole text message (nil: a binary one).
  func received(_ text: String?, from socket: WebSocket)
  /// The socket has closed; nothing more is sent to it.
  func closed(_ socket: WebSocket)
}

/// One upgraded connection, as the handler sends to it from any thread.
final class WebSocket: Sendable {
  /// The largest message accepted: 64 KiB.
  static let maxMessageBytes = 1 << 16
  /// The most messages that may wait to be written to one socket.
  static let maxOutgoing = 8192
  /// After this long without a byte from the page it is pinged; after three such spells
  /// it is taken for gone and closed.
  static let quietSeconds = 20
  /// A page that reads nothing for this long while writes wait for it is closed.
  static let stalledSeconds: Int64 = 30

  private let channel: any Channel
  private let pending = Mutex(0)
  /// A number for the page, for the handler's own bookkeeping.
  let number: Int

  private static let counter = Mutex(1)

  init(_ channel: any Channel) {
    self.channel = channel
    number = Self.counter.withLock { next in
      defer { next += 1 }
      return next
    }
  }

  /// Sends `texts` as text messages, in one write; a socket with too much waiting is closed.
  func send(_ texts: [String]) {
    enqueue(texts.map { (.text, ByteBuffer(string: $0)) })
  }

  /// Sends a close frame with `code`, then closes the connection.
  func close(_ code: UInt16) {
    var data = ByteBuffer()
    data.writeInteger(code)
    enqueue([(.connectionClose, data)], thenClose: true)
  }

  fileprivate func enqueue(_ frames: [(WebSocketOpcode, ByteBuffer)], thenClose: Bool = false) {
    let admitted = pending.withLock { count in
      guard count < Self.maxOutgoing else { return false }
      count += 1
      return true
    }
    guard admitted else { return channel.close(promise: nil) }
    let channel = self.channel
    channel.eventLoop.execute { [self] in
      let written = channel.eventLoop.makePromise(of: Void.self)
      for (index, (opcode, data)) in frames.enumerated() {
        let frame = WebSocketFrame(fin: true, opcode: opcode, data: data)
        channel.write(frame, promise: index == frames.count - 1 ? written : nil)
      }
      if frames.isEmpty { written.succeed() }
      channel.flush()
      written.futureResult.whenComplete { [self] result in
        pending.withLock { $0 -= 1 }
        if thenClose || (try? result.get()) == nil { channel.close(promise: nil) }
      }
    }
  }
}

/// Reads a socket's frames after NIO's decoder: puts messages together, answers pings and
/// close frames, pings a quiet page, and tells the handler.
final class WebSocketFrames: ChannelInboundHandler {
  typealias InboundIn = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  private let socket: WebSocket
  private let handler: any WebSocketHandler
  private var message = ByteBuffer()
  private var messageOpcode: WebSocketOpcode?
  private var quietSpells = 0
  private var ended = false
  private var stalled: Scheduled<Void>?

  init(socket: WebSocket, handler: any WebSocketHandler) {
    self.socket = socket
    self.handler = handler
  }

  func handlerAdded(context: ChannelHandlerContext) {
    handler.opened(socket)
  }

  func channelInactive(context: ChannelHandlerContext) {
    end()
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) { end() }

  private func end() {
    stalled?.cancel()
    guard !ended else { return }
    ended = true
    handler.closed(socket)
  }

  /// Writes wait past NIO's high-water mark: the page has stopped reading.
  func channelWritabilityChanged(context: ChannelHandlerContext) {
    stalled?.cancel()
    stalled = nil
    if !context.channel.isWritable {
      let channel = context.channel
      stalled = context.eventLoop.scheduleTask(in: .seconds(WebSocket.stalledSeconds)) {
        channel.close(promise: nil)
      }
    }
    context.fireChannelWritabilityChanged()
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read else {
      return context.fireUserInboundEventTriggered(event)
    }
    quietSpells += 1
    if quietSpells >= 3 { return context.close(promise: nil) }
    socket.enqueue([(.ping, ByteBuffer())])
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    quietSpells = 0
    guard !ended else { return }
    let frame = unwrapInboundIn(data)
    // A client's frames are masked, and no extension was agreed (RFC 6455 5.1, 5.2).
    guard frame.maskKey != nil, !frame.rsv1, !frame.rsv2, !frame.rsv3 else { return refuse(1002) }
    var payload = frame.unmaskedData
    switch frame.opcode {
    case .text, .binary:
      guard messageOpcode == nil else { return refuse(1002) }
      if frame.fin {
        deliver(frame.opcode, payload)
      } else {
        (message, messageOpcode) = (payload, frame.opcode)
      }
    case .continuation:
      guard let opcode = messageOpcode else { return refuse(1002) }
      // Each frame is within the limit (the decoder's); the message they make must be too.
      guard message.readableBytes + payload.readableBytes <= WebSocket.maxMessageBytes else { return refuse(1009) }
      message.writeBuffer(&payload)
      if frame.fin {
        deliver(opcode, message)
        (message, messageOpcode) = (ByteBuffer(), nil)
      }
    case .connectionClose:
      let code = payload.readInteger(as: UInt16.self) ?? 1000
      refuse(code == 1005 || code == 1006 ? 1000 : code)
    case .ping:
      socket.enqueue([(.pong, payload)])
    case .pong: break
    default: refuse(1002)
    }
  }

  /// Closes with `code`; nothing more is read.
  private func refuse(_ code: UInt16) {
    end()
    socket.close(code)
  }

  /// Hands a whole message to the handler; 1007 if a text message is not UTF-8.
  private func deliver(_ opcode: WebSocketOpcode, _ payload: ByteBuffer) {
    guard opcode == .text else { return handler.received(nil, from: socket) }
    guard let text = String(validating: payload.readableBytesView, as: UTF8.self) else { return refuse(1007) }
    handler.received(text, from: socket)
  }
}
