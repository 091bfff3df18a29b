// `NAME serve`: starts the session (journal, files), listens, prints the address, and
// serves the page, its files and its WebSocket until Ctrl-C or SIGTERM.

import CommandScript
import CommandScriptCLI
import Dispatch
import FlyingFox
import FlyingSocks
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The web app over one session: what `NAME serve` runs. An app's own tool gets it for its
/// own receivers with `CommandScriptTool.main(registry: registry, serve: WebApp.serve)`.
public enum WebApp {
  /// Serves a session of `registry` as `options` say (`NAME serve`'s command line), and
  /// returns the exit status once stopped.
  public static func serve(registry: ReceiverRegistry, options command: ServeOptions) -> Int32 {
    // A page that goes away mid-write must not end the server.
    signal(SIGPIPE, SIG_IGN)
    let served = ServedSession(registry: registry, options: command)
    defer { served.finish() }
    if let status = served.start(files: command.files, journalPath: command.session, allowFiles: command.allowFiles) {
      return status
    }
    let host = SessionHost(served)
    let address: any SocketAddress
    do {
      if command.host.contains(":") {
        address = try sockaddr_in6.inet6(ip6: command.host, port: UInt16(command.port))
      } else {
        address = try sockaddr_in.inet(
          ip4: command.host == "localhost" ? "127.0.0.1" : command.host, port: UInt16(command.port))
      }
    } catch {
      warn("serve: --host \(command.host) is not an IP address")
      return 64
    }
    let routes = Routes(host: host)
    let server = HTTPServer(address: address, timeout: 60, logger: .disabled, handler: routes)
    let stopped = DispatchSemaphore(value: 0)
    let status = Status()
    // Before the address is printed: a client may signal as soon as it reads it.
    let signals = stopOnSignals(host: host, stopped: stopped)
    // Either the server listens, and its address is known, or it fails to: whichever first.
    let listening = Status.Address()
    let started = DispatchSemaphore(value: 0)
    Task {
      do {
        try await server.run()
      } catch {
        warn("serve: cannot listen on \(command.host):\(command.port): \(error)")
        status.set(69)
      }
      started.signal()
      stopped.signal()
    }
    Task {
      try? await server.waitUntilListening(timeout: 60)
      listening.set(await server.listeningAddress)
      started.signal()
    }
    started.wait()
    let port: Int
    switch listening.value {
    case .ip4(_, let p)?, .ip6(_, let p)?: port = Int(p)
    default:
      stopped.wait()
      return status.value ?? 69
    }
    let gate = Gate(token: Gate.newToken(), host: command.host, port: port)
    routes.open(with: gate)
    let shown = command.host.contains(":") ? "[\(command.host)]" : command.host
    FileHandle.standardOutput.write(Data("http://\(shown):\(port)/?token=\(gate.token)\n".utf8))
    if !["127.0.0.1", "::1", "localhost"].contains(command.host) {
      warn(
        "serve: warning: listening on \(command.host), reachable from other machines: anyone with the address and token can run statements"
      )
    }
    let watcher = DispatchSource.makeTimerSource(queue: .global())
    watcher.schedule(deadline: .now() + 0.2, repeating: 0.2)
    watcher.setEventHandler {
      if host.journalFailed.load(ordering: .sequentiallyConsistent) {
        status.set(74)
        stopped.signal()
      }
    }
    watcher.resume()
    stopped.wait()
    withExtendedLifetime(signals) {}
    routes.sockets.closeAll()
    host.finish()
    return status.value ?? 0
  }

  /// Ctrl-C stops the running statement if one runs, else (and SIGTERM always) the server.
  private static func stopOnSignals(host: SessionHost, stopped: DispatchSemaphore) -> [any DispatchSourceSignal] {
    [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        if number == SIGINT, host.interruptIfRunning() {
          warn("serve: interrupted the running statement (Ctrl-C again to stop serving)")
        } else {
          stopped.signal()
        }
      }
      source.resume()
      return source
    }
  }

  private static func warn(_ text: String) {
    FileHandle.standardError.write(Data("\(ServedSession.toolName) \(text)\n".utf8))
  }
}

/// A value set once from another thread and read after a semaphore.
private final class Status: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Int32?
  var value: Int32? { lock.withLock { stored } }
  func set(_ value: Int32) { lock.withLock { stored = stored ?? value } }

  final class Address: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Socket.Address?
    var value: Socket.Address? { lock.withLock { stored } }
    func set(_ value: Socket.Address?) { lock.withLock { stored = value } }
  }
}
