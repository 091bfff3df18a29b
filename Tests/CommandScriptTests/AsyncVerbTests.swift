import CommandScript
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A forecast service on 127.0.0.1, a Python process the tests start: `GET /CITY` answers
/// the file CITY's text (404 if there is none), `/slow` answers after 10 s, `/count` how
/// many forecasts it has served.
final class ForecastServer: Sendable {
  let port: Int
  private let process: Process

  private static let script = #"""
    import http.server, sys, threading, time
    served = 0
    lock = threading.Lock()
    forecasts = {"oslo": "rain", "rome": "sun", "lima": "fog"}
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args): pass
        def do_GET(self):
            global served
            name = self.path.strip("/")
            if name == "count":
                self.answer(200, str(served)); return
            if name == "slow": time.sleep(600)  # outlasts any test, however loaded the machine
            with lock: served += 1
            if name in forecasts: self.answer(200, forecasts[name])
            else: self.answer(404, "unknown")
        def answer(self, status, text):
            body = text.encode()
            self.send_response(status)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
    server.serve_forever()
    """#

  init() throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", Self.script]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = Pipe()  // closed when the test ends: the server stops
    try process.run()
    var line = Data()
    while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
      line += byte
    }
    port = Int(String(decoding: line, as: UTF8.self)) ?? 0
  }

  deinit { process.terminate() }

  /// How many forecasts it has served.
  func served() async throws -> Int {
    let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/count")!)
    return Int(String(decoding: data, as: UTF8.self)) ?? -1
  }
}

/// A receiver whose `fetch` makes a real request, and a notification that cannot be undone.
final class Weather: ReceiverBase {
  typealias Undo = String
  static let typeName = "weather"
  static let summary = "a forecast fetched from a service"
  static let verbs: [Verb<Weather>] = [
    Verb(
      "fetch", [Parameter("city", .string)], summary: "fetch a city's forecast",
      awaiting: { weather, args throws(CommandFailure) in try await weather.forecast(for: args.string(0)) },
      execute: { weather, _, forecast in
        defer { weather.forecast = forecast }
        return weather.forecast
      },
      undo: { weather, _, previous in weather.forecast = previous }),
    Verb(notUndoable: "notify", summary: "say the forecast") { weather, _ in weather.notified.add(1, ordering: .relaxed)
    },
  ]
  let base: String
  var forecast = ""
  let notified = Atomic(0)
  init(port: Int) { base = "http://127.0.0.1:\(port)/" }
  var state: StateValue { ["forecast": .string(forecast)] }

  nonisolated(nonsending) private func forecast(for city: String) async throws(CommandFailure) -> String {
    do {
      let (data, response) = try await URLSession.shared.data(from: URL(string: base + city)!)
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      guard status == 200 else { throw CommandFailure("no forecast for \(city) (HTTP \(status))") }
      return String(decoding: data, as: UTF8.self)
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure("the forecast service did not answer: \(error.localizedDescription)")
    }
  }
}

@Suite(.serialized) struct AsyncVerbTests {
  let server: ForecastServer

  init() throws { server = try ForecastServer() }

  private func session() throws -> Session {
    var registry = ReceiverRegistry()
    let port = server.port
    try registry.register(Weather.self) { _ in Weather(port: port) }
    return Session(registry: registry)
  }

  private func forecast(_ s: Session) -> String? { s.receiver("weather", as: Weather.self)?.forecast }

  private func source(_ text: String) -> SourceFile { SourceFile(name: "t", text: text) }

  @Test func aRequestIsAppliedAsAnUndoStepAndRedoneWithoutAskingAgain() async throws {
    let s = try session()
    try await s.run(source("weather.fetch \"oslo\"\nweather.fetch \"rome\""))
    #expect(forecast(s) == "sun")
    #expect(s.undoCount == 2)
    try await s.undo()
    #expect(forecast(s) == "rain")
    try await s.redo()
    #expect(forecast(s) == "sun")
    #expect(try await server.served() == 2)
    try await s.perform("fetch", on: "weather", "lima")
    #expect(forecast(s) == "fog")
  }

  @Test func requestsInOneStatementAreAskedOnceEachAndMakeOneStep() async throws {
    let s = try session()
    let before = try await server.served()
    try await s.run(source("transaction { notify; fetch \"oslo\"; notify; fetch \"rome\" }"))
    #expect(forecast(s) == "sun")
    #expect(s.undoCount == 1)
    #expect(try await server.served() - before == 2)
    // The statement ran three times; each notification was made once.
    #expect(s.receiver("weather", as: Weather.self)?.notified.load(ordering: .relaxed) == 2)
    // `try` does not take the wait for a failure.
    try await s.run(source("try { fetch \"lima\" } else { fetch \"oslo\" }"))
    #expect(forecast(s) == "fog")
  }

  @Test func aFailedRequestRollsBackWhatFinished() async throws {
    let s = try session()
    try await s.run(source("fetch \"oslo\""))
    do {
      try await s.run(source("{ fetch \"rome\"; fetch \"atlantis\" }"))
      Issue.record("expected the request to fail")
    } catch {
      guard case .runtime(let diagnostic) = error else { throw error }
      #expect(diagnostic.message == "weather: no forecast for atlantis (HTTP 404)")
      #expect(diagnostic.location.line == 1 && diagnostic.location.column == 17)
    }
    #expect(forecast(s) == "rain")
    #expect(s.undoCount == 1)
  }

  @Test func theSynchronousRunSaysToAwait() throws {
    let s = try session()
    #expect(throws: Session.RunError.self) { try s.run(source("fetch \"oslo\"")) }
    do { try s.run(source("fetch \"oslo\"")) } catch {
      guard case .runtime(let diagnostic) = error else { throw error }
      #expect(diagnostic.message == "weather: `fetch` waits for a result: run it with `await session.run(…)`")
    }
    #expect(forecast(s) == "")
  }

  @Test func aHostWithoutAnAsyncContextMayBlockForTheResult() async throws {
    let s = try session()
    let before = try await server.served()
    try Session.waitingForResultsByBlocking {
      try s.run(source("{ fetch \"oslo\"; notify; fetch \"rome\" }\nundo\nredo"))
    }
    #expect(forecast(s) == "sun")
    #expect(s.receiver("weather", as: Weather.self)?.notified.load(ordering: .relaxed) == 1)
    #expect(try await server.served() - before == 4)  // the redo asked again
    #expect(throws: Session.RunError.self) { try s.run(source("fetch \"lima\"")) }  // outside: no blocking
  }

  @Test @MainActor func cancellingRollsBackAndUndoWaitsItsTurn() async throws {
    // A session owned by the main actor: its statements run there, and the main actor
    // is free while a request is awaited.
    let s = try session()
    try await s.run(source("fetch \"oslo\""))
    let slow = Task { try await s.run(source("{ fetch \"rome\"; fetch \"slow\" }")) }
    let undo = Task { try await s.undo() }  // asked for while the request is awaited
    try await Task.sleep(for: .milliseconds(300))
    #expect(forecast(s) == "rain")  // rolled back while waiting
    slow.cancel()
    switch await slow.result {
    case .success: Issue.record("expected the cancelled statement to fail")
    case .failure(let error):
      guard case .runtime(let diagnostic)? = error as? Session.RunError else { throw error }
      #expect(diagnostic.message == "cancelled")
    }
    try await undo.value  // ran after the cancelled statement: it undid `fetch "oslo"`
    #expect(forecast(s) == "")
    #expect(s.undoCount == 0)
  }
}
