// The pages' WebSocket: each page sends entries (`{"id": 3, "run": "move up"}`) and asks
// for completions (`{"id": 4, "complete": "paint r"}`); every page is sent each entry's
// report and the session's snapshot after it, so that all pages stay in step.

import FlyingFox
import Foundation
import Synchronization

/// The pages connected now, and what each one sends. Hostile input gets an error reply or
/// a closed connection: a message over ``maxMessageBytes`` closes with 1009, one that is not
/// a request gets an error, and more than ``maxInFlight`` entries waiting from one page are
/// refused, so that a flood from one page cannot queue without bound.
final class PageSocket: WSMessageHandler, @unchecked Sendable {
  /// The largest message a page may send (a console entry): 64 KiB.
  static let maxMessageBytes = 1 << 16
  /// The most entries of one page that may wait for the session at once.
  static let maxInFlight = 64
  /// The most pages connected at once.
  static let maxPages = 64
  /// The most messages waiting to be sent to one page: a page that reads slower than the
  /// session changes is closed (it may load again) rather than buffered for without end.
  static let maxOutgoing = 8192

  private let host: SessionHost
  private let pages = Mutex<[Int: AsyncStream<WSMessage>.Continuation]>([:])
  private let nextClient = Atomic<Int>(1)
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return encoder
  }()

  init(host: SessionHost) { self.host = host }

  /// A request from a page.
  private struct Request: Decodable, Sendable {
    var id: Int?
    var run: String?
    var complete: String?
  }

  func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
    let id = nextClient.add(1, ordering: .relaxed).oldValue
    let (messages, continuation) = AsyncStream<WSMessage>.makeStream(
      bufferingPolicy: .bufferingOldest(Self.maxOutgoing))
    let admitted = pages.withLock { pages -> Bool in
      guard pages.count < Self.maxPages else { return false }
      pages[id] = continuation
      return true
    }
    guard admitted else {
      continuation.yield(.close(.tryAgainLater))
      continuation.finish()
      return messages
    }
    let hello = Hello(client: id, declarations: host.declarations, snapshot: await host.snapshot())
    send(hello, to: id)
    Task { [self] in
      let inFlight = Counter()
      for await message in client {
        guard case .text(let text) = message else {
          if case .close = message { break }
          send(ErrorReply(message: "send text: JSON requests"), to: id)
          continue
        }
        if text.utf8.count > Self.maxMessageBytes {
          continuation.yield(.close(.messageTooBig))
          break
        }
        guard let request = try? JSONDecoder().decode(Request.self, from: Data(text.utf8)),
          request.run != nil || request.complete != nil
        else {
          send(ErrorReply(id: nil, message: "not a request: send {\"run\": TEXT} or {\"complete\": TEXT}"), to: id)
          continue
        }
        guard inFlight.value.add(1, ordering: .relaxed).newValue <= Self.maxInFlight else {
          inFlight.value.subtract(1, ordering: .relaxed)
          send(ErrorReply(id: request.id, message: "too many entries waiting: slow down"), to: id)
          continue
        }
        // Entries keep their order: the session's queue takes them as they arrive.
        let ready = Semaphore()
        Task {
          await handle(request, from: id, started: ready)
          inFlight.value.subtract(1, ordering: .relaxed)
        }
        await ready.wait()
      }
      drop(id)
    }
    return messages
  }

  private func handle(_ request: Request, from id: Int, started: Semaphore) async {
    if let prefix = request.complete {
      started.signal()
      let (words, replacing) = await host.completions(after: prefix)
      send(Completions(id: request.id, words: words, replacing: replacing), to: id)
      return
    }
    guard let text = request.run else { return started.signal() }
    let (report, snapshot) = await host.run(text, client: id, id: request.id, queued: started)
    if report.incomplete {
      send(ErrorReply(id: request.id, message: SessionHost.incomplete), to: id)
    } else {
      broadcast(report)
    }
    if let snapshot { broadcast(StateMessage(snapshot: snapshot)) }
  }

  private func drop(_ id: Int) {
    let continuation = pages.withLock { $0.removeValue(forKey: id) }
    continuation?.finish()
  }

  private func send(_ message: some Encodable, to id: Int) {
    guard let data = try? encoder.encode(message) else { return }
    deliver(String(decoding: data, as: UTF8.self), to: [id])
  }

  private func broadcast(_ message: some Encodable) {
    guard let data = try? encoder.encode(message) else { return }
    deliver(String(decoding: data, as: UTF8.self), to: pages.withLock { Array($0.keys) })
  }

  /// Queues `text` for the pages `ids`; a page whose queue is full is closed.
  private func deliver(_ text: String, to ids: [Int]) {
    for id in ids {
      guard let continuation = pages.withLock({ $0[id] }) else { continue }
      if case .dropped = continuation.yield(.text(text)) { drop(id) }
    }
  }

  /// Closes every page's connection (the server is stopping).
  func closeAll() {
    for continuation in pages.withLock({ Array($0.values) }) {
      continuation.yield(.close(.goingAway))
      continuation.finish()
    }
  }
}

/// The first message a page gets: its number, the declarations and the session now.
private struct Hello: Encodable {
  var type = "hello"
  var client: Int
  var declarations: Declarations
  var snapshot: Snapshot
}

private struct StateMessage: Encodable {
  var type = "state"
  var snapshot: Snapshot
}

private struct Completions: Encodable {
  var type = "completions"
  var id: Int?
  var words: [String]
  var replacing: Int
}

/// `incomplete` when the entry needs more lines; otherwise what was wrong with a request.
private struct ErrorReply: Encodable {
  var type = "error"
  var id: Int?
  var message: String
}

/// A count shared between tasks.
final class Counter: Sendable {
  let value = Atomic<Int>(0)
}

/// A one-shot signal between tasks: ``wait()`` returns once ``signal()`` was called.
final class Semaphore: @unchecked Sendable {
  private let state = Mutex<(signalled: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

  func signal() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.signalled = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Bool in
        if state.signalled { return true }
        state.waiter = continuation
        return false
      }
      if ready { continuation.resume() }
    }
  }
}
