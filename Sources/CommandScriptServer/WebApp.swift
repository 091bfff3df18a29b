// `NAME serve`: starts the session (journal, files), listens, prints the address, and
// serves the page, its files and its WebSocket until Ctrl-C or SIGTERM.

import CommandScript
import CommandScriptCLI
import Dispatch
import Foundation
import Synchronization

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
    let shown = command.host.contains(":") ? "[\(command.host)]" : command.host
    let listener: Listener
    do throws(ListenError) {
      listener = try Listener(host: command.host, port: command.port)
    } catch {
      if error.reason == "not an IP address" {
        warn("serve: --host \(command.host) is not an IP address")
        return 64
      }
      warn("serve: cannot listen on \(shown):\(command.port): \(error.reason)")
      return 69
    }
    let port = listener.port
    let gate = Gate(token: ServeToken.token(journal: command.session), host: command.host, port: port)
    // Before the address is printed: a client may signal as soon as it reads it. Until the
    // files have run, a signal stops them (rolled back) and then the server.
    let stopped = DispatchSemaphore(value: 0)
    let status = Status()
    let serving = Mutex<SessionHost?>(nil)
    let interruption = served.session.interruption
    let signals = stopOnSignals(stopped: stopped) {
      guard let host = serving.withLock({ $0 }) else {
        interruption.request()
        return false
      }
      return host.interruptIfRunning()
    }
    // The address first, before anything the files print (once the journal is resumed and
    // the files are read, so that a start that cannot go on prints none): a client reads
    // its first line.
    if let status = served.start(
      files: command.files, arguments: command.scriptArguments, journalPath: command.session,
      allowFiles: command.allowFiles, ready: { write(1, "http://\(shown):\(port)/?token=\(gate.token)\n") })
    {
      return status
    }
    let host = SessionHost(served)
    serving.withLock { $0 = host }
    let routes = Routes(host: host)
    routes.open(with: gate)
    listener.start(routes: routes)
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
  private static func stopOnSignals(
    stopped: DispatchSemaphore, interruptIfRunning: @escaping @Sendable () -> Bool
  ) -> [any DispatchSourceSignal] {
    // A source listens only once registered, which happens later on another thread: wait
    // for it, or a signal sent as soon as the address is read would be lost (ignored).
    let registered = DispatchSemaphore(value: 0)
    defer { for _ in 0..<2 { registered.wait() } }
    return [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setRegistrationHandler { registered.signal() }
      source.setEventHandler {
        if number == SIGINT, interruptIfRunning() {
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
    write(2, "\(ServedSession.toolName) \(text)\n")
  }

  /// Writes `text` whole to descriptor `fd`, if it can: a closed pipe (`serve | head -1`)
  /// is not an error here (EPIPE, with SIGPIPE ignored).
  private static func write(_ fd: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + sent, bytes.count - sent) }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { return }
      sent += n
    }
  }
}

/// A value set once from another thread and read after a semaphore.
private final class Status: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Int32?
  var value: Int32? { lock.withLock { stored } }
  func set(_ value: Int32) { lock.withLock { stored = stored ?? value } }

}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#else
  private let systemWrite = Darwin.write
#endif
