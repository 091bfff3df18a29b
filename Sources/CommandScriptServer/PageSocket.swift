// The pages' WebSocket: each page sends entries (`{"id": 3, "run": "move up"}`) and asks
// for completions (`{"id": 4, "complete": "paint r"}`); every page is sent each entry's
// report and the session's snapshot after it, so that all pages stay in step.

import Foundation
import Synchronization

/// The pages connected now, and what each one sends. Hostile input gets an error reply or
/// a closed connection: a message over ``WebSocket/maxMessageBytes`` closes with 1009, one
/// that is not a request gets an error, and more than ``maxInFlight`` entries waiting from
/// one page are refused, so that a flood from one page cannot queue without bound.
final class PageSocket: WebSocketHandler, @unchecked Sendable {
  /// The most entries of one page that may wait for the session at once.
  static let maxInFlight = 64
  /// The most pages connected at once.
  static let maxPages = 64

  private let host: SessionHost
  /// The pages that were greeted, by number; broadcasts go to them, under this lock, so
  /// that a page's hello comes before anything broadcast after it.
  private let pages = Mutex<[Int: WebSocket]>([:])
  /// Entries of each page waiting for the session.
  private let inFlight = Mutex<[Int: Int]>([:])
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
    /// Asks for the whole state again (a page that missed a version).
    var sync: Bool?
    /// Asks for the history tree's rows `[from, to)`, to show them.
    var rows: [Int]?
    /// Asks for the history as a list.
    var history: Bool?

    var isRequest: Bool { run != nil || complete != nil || sync == true || rows?.count == 2 || history == true }
  }

  func opened(_ socket: WebSocket) {
    let admitted = inFlight.withLock { waiting -> Bool in
      guard waiting.count < Self.maxPages else { return false }
      waiting[socket.number] = 0
      return true
    }
    guard admitted else { return socket.close(1013) }
    let hello = encode(Hello(client: socket.number, declarations: host.declarations, snapshot: host.fullSnapshot()))
    pages.withLock { pages in
      pages[socket.number] = socket
      socket.send([hello])
    }
  }

  func closed(_ socket: WebSocket) {
    _ = pages.withLock { $0.removeValue(forKey: socket.number) }
    _ = inFlight.withLock { $0.removeValue(forKey: socket.number) }
  }

  func received(_ text: String?, from socket: WebSocket) {
    let id = socket.number
    guard let text else { return socket.send([encode(ErrorReply(message: "send text: JSON requests"))]) }
    guard let request = try? JSONDecoder().decode(Request.self, from: Data(text.utf8)),
      request.isRequest
    else {
      return socket.send([
        encode(
          ErrorReply(
            id: nil,
            message:
              "not a request: send {\"run\": TEXT}, {\"complete\": TEXT}, {\"rows\": [FROM, TO]}, {\"history\": true} or {\"sync\": true}"
          ))
      ])
    }
    let admitted = inFlight.withLock { waiting -> Bool in
      guard let count = waiting[id], count < Self.maxInFlight else { return false }
      waiting[id] = count + 1
      return true
    }
    guard admitted else {
      return socket.send([encode(ErrorReply(id: request.id, message: "too many entries waiting: slow down"))])
    }
    let done: @Sendable () -> Void = { [self] in
      inFlight.withLock { waiting in
        if let count = waiting[id] { waiting[id] = count - 1 }
      }
    }
    if request.sync == true {
      socket.send([encode(StateMessage(id: request.id, snapshot: host.fullSnapshot()))])
      return done()
    }
    if let range = request.rows, range.count == 2 {
      let (version, rows) = host.rows(from: range[0], to: range[1])
      socket.send([encode(RowsReply(id: request.id, version: version, from: range[0], rows: rows))])
      return done()
    }
    if request.history == true {
      host.history { [self] steps in
        socket.send([encode(HistoryReply(id: request.id, steps: steps))])
        done()
      }
      return
    }
    if let prefix = request.complete {
      host.completions(after: prefix) { [self] words, replacing in
        socket.send([encode(Completions(id: request.id, words: words, replacing: replacing))])
        done()
      }
      return
    }
    // Entries keep their order: the session's queue takes them as they arrive.
    host.run(request.run ?? "", client: id, id: request.id) { [self] report, snapshot in
      done()
      var messages: [String] = []
      if report.incomplete {
        socket.send([encode(ErrorReply(id: request.id, message: SessionHost.incomplete))])
      } else {
        messages.append(encode(report))
      }
      if let snapshot { messages.append(encode(StateMessage(snapshot: snapshot))) }
      if !messages.isEmpty { broadcast(messages) }
    }
  }

  private func encode(_ message: some Encodable) -> String {
    String(decoding: (try? encoder.encode(message)) ?? Data("{}".utf8), as: UTF8.self)
  }

  /// Sends `messages` to every page, in one write each.
  private func broadcast(_ messages: [String]) {
    pages.withLock { pages in
      for socket in pages.values { socket.send(messages) }
    }
  }

  /// Closes every page's connection (the server is stopping).
  func closeAll() {
    pages.withLock { pages in
      for socket in pages.values { socket.close(1001) }
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
  /// The request it answers, when a page asked for it.
  var id: Int?
  var snapshot: Snapshot
}

private struct RowsReply: Encodable {
  var type = "rows"
  var id: Int?
  var version: Int
  var from: Int
  var rows: [Snapshot.TreeRow]
}

private struct HistoryReply: Encodable {
  var type = "history"
  var id: Int?
  var steps: [Snapshot.Step]
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
