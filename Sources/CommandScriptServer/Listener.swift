// The listening socket and its connections, on SwiftNIO: at most ``Listener/maxConnections``
// at once (the excess is answered 503 and closed; when descriptors run out, accepting backs
// off and the server goes on), each with TCP_NODELAY so that a reply and the state after it
// leave at once. Each connection's pipeline: the head timer, NIO's HTTP/1.1 codec (head
// size and count bounded: 431), the WebSocket upgrader, and the routes.

import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization

/// Why the server cannot listen, said as a user reads it.
struct ListenError: Error {
  let reason: String
}

/// A TCP listener on one address, bound at once; ``start(routes:)`` serves on NIO's event
/// loops until the process ends.
final class Listener: Sendable {
  /// The most connections served at once; more are answered 503 and closed.
  static let maxConnections = 256

  /// The port listened on (the one picked, for port 0).
  let port: Int
  private let group: MultiThreadedEventLoopGroup
  private let routes = Shared<Routes?>(nil)
  private let channel: any Channel

  /// Binds and listens on `host` (an IPv4 or IPv6 address; `localhost` is 127.0.0.1) at
  /// `port`. Nothing is answered until ``start(routes:)``: a connection waits in the backlog.
  init(host: String, port: Int) throws(ListenError) {
    let text = host == "localhost" ? "127.0.0.1" : host
    let address: SocketAddress
    do {
      address = try SocketAddress(ipAddress: text, port: port)
    } catch {
      throw ListenError(reason: "not an IP address")
    }
    group = MultiThreadedEventLoopGroup(numberOfThreads: max(2, System.coreCount))
    let active = Shared(0)
    let routes = self.routes
    let bootstrap = ServerBootstrap(group: group)
      .serverChannelOption(.backlog, value: 128)
      // Nothing is accepted before ``start(routes:)``: connections wait in the backlog.
      .serverChannelOption(.autoRead, value: false)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      // Out of descriptors (EMFILE): accept again a second later; the server never exits for it.
      .serverChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(AcceptBackoffHandler(shouldForwardIOErrorCaught: false))
        }
      }
      .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
      .childChannelInitializer { channel in
        let served = routes.value.withLock { $0 }
        let admitted = active.value.withLock { count in
          guard count < Self.maxConnections else { return false }
          count += 1
          return true
        }
        guard admitted, let served else {
          if admitted { active.value.withLock { $0 -= 1 } }
          return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(
              Refusal(HTTPResponse(status: 503, text: "too many connections: try again later\n", closes: true)))
          }
        }
        channel.closeFuture.whenComplete { _ in active.value.withLock { $0 -= 1 } }
        return channel.eventLoop.makeCompletedFuture { try Self.configure(channel, routes: served) }
      }
    do {
      channel = try bootstrap.bind(to: address).wait()
    } catch let error as IOError where error.errnoCode == EADDRINUSE {
      try? group.syncShutdownGracefully()
      throw ListenError(reason: "address already in use (try --port 0)")
    } catch let error as IOError {
      try? group.syncShutdownGracefully()
      throw ListenError(reason: String(cString: strerror(error.errnoCode)))
    } catch {
      try? group.syncShutdownGracefully()
      throw ListenError(reason: "\(error)")
    }
    self.port = channel.localAddress?.port ?? port
  }

  /// Starts answering connections with `routes`.
  func start(routes: Routes) {
    self.routes.value.withLock { $0 = routes }
    channel.setOption(.autoRead, value: true).whenSuccess { [channel] in channel.read() }
  }

  /// One connection's pipeline: requests until it closes, times out, or is upgraded.
  private static func configure(_ channel: any Channel, routes: Routes) throws {
    let timer = HeadTimer()
    let http = HTTPHandler(routes: routes, timer: timer)
    let replaced = NIOLoopBound((timer, http), eventLoop: channel.eventLoop)
    let upgrader = NIOWebSocketServerUpgrader(
      maxFrameSize: WebSocket.maxMessageBytes, automaticErrorHandling: true,
      shouldUpgrade: { channel, head in
        // Only an upgrade the routes allow (token, Host, Origin, the handshake's headers);
        // any other is answered by the routes as a plain request (403, 400).
        guard case .success(let request) = HTTPRequest.parse(head), case .upgrade = routes.answer(request) else {
          return channel.eventLoop.makeSucceededFuture(nil)
        }
        return channel.eventLoop.makeSucceededFuture(HTTPHeaders())
      },
      upgradePipelineHandler: { channel, head in
        channel.eventLoop.makeCompletedFuture {
          guard case .success(let request) = HTTPRequest.parse(head),
            case .upgrade(let handler) = routes.answer(request)
          else { throw ChannelError.inappropriateOperationForState }
          let pipeline = channel.pipeline.syncOperations
          pipeline.removeHandler(replaced.value.0, promise: nil)
          pipeline.removeHandler(replaced.value.1, promise: nil)
          let socket = WebSocket(channel)
          try pipeline.addHandlers([
            IdleStateHandler(readTimeout: .seconds(Int64(WebSocket.quietSeconds))),
            WebSocketFrames(socket: socket, handler: handler),
          ])
        }
      })
    var limits = NIOHTTPDecoderLimitConfiguration()
    limits.maxHeaderListSize = HTTPRequest.maxHeadBytes
    limits.maxHeaderFieldSize = HTTPRequest.maxHeadBytes
    limits.maxHeaderFieldCount = HTTPRequest.maxHeaders
    let pipeline = channel.pipeline.syncOperations
    try pipeline.addHandler(timer)
    try pipeline.configureHTTPServerPipeline(
      position: .last, withPipeliningAssistance: false,
      withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }), withErrorHandling: false,
      withOutboundHeaderValidation: true, withEncoderConfiguration: .init(), withDecoderLimitConfiguration: limits)
    try pipeline.addHandler(http)
  }
}

/// A value behind a lock, shared by the closures NIO keeps.
private final class Shared<Value: Sendable>: Sendable {
  let value: Mutex<Value>
  init(_ value: Value) { self.value = Mutex(value) }
}

/// Answers a connection with one response written as raw bytes, then closes it: the excess
/// over the cap.
private final class Refusal: ChannelInboundHandler, Sendable {
  typealias InboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer
  private let response: HTTPResponse

  init(_ response: HTTPResponse) { self.response = response }

  func channelActive(context: ChannelHandlerContext) {
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: response.bytes))).whenComplete { _ in
      channel.close(promise: nil)
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}

/// Bounds the time a request head may take, from the connection's start or the end of the
/// previous response: an idle connection (no byte since) is closed without a word, as a
/// kept-alive one is; a slow one (some bytes, no whole head) is told 408.
final class HeadTimer: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundOut = ByteBuffer

  /// How long a connection may take to send a whole request head.
  static let headSeconds: Int64 = 10

  private var timeout: Scheduled<Void>?
  private var bytesSince = 0
  private var context: ChannelHandlerContext?

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    if context.channel.isActive { restart() }
  }

  func channelActive(context: ChannelHandlerContext) {
    restart()
    context.fireChannelActive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timeout?.cancel()
    self.context = nil
  }

  func channelInactive(context: ChannelHandlerContext) {
    timeout?.cancel()
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    bytesSince += unwrapInboundIn(data).readableBytes
    context.fireChannelRead(data)
  }

  /// A whole head has arrived: no deadline while it is answered.
  func headArrived() {
    timeout?.cancel()
    timeout = nil
  }

  /// A response was written: the next head has ``headSeconds`` from now.
  func restart() {
    guard let context else { return }
    timeout?.cancel()
    bytesSince = 0
    let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
    timeout = context.eventLoop.scheduleTask(in: .seconds(Self.headSeconds)) {
      loopBound.value.expired()
    }
  }

  private func expired() {
    guard let context else { return }
    let channel = context.channel
    guard bytesSince > 0 else { return channel.close(promise: nil) }
    let response = HTTPResponse(status: 408, text: "request timeout\n", closes: true)
    context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: response.bytes))).whenComplete { _ in
      channel.close(promise: nil)
    }
  }
}
