import ArgumentParser

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--plugin-trace FILE`: every message to and from the plugins, one a line, after the
/// time (UTC, to the microsecond), the direction (`→` to the plugin, `←` from it) and the
/// plugin's name: `2026-11-28T14:02:03.123456Z → lamp {"jsonrpc": …}`.
enum PluginTrace {
  nonisolated(unsafe) private static var descriptor: Int32 = -1

  static let help = ArgumentHelp(
    "Write every message to and from the plugins to FILE, each line after its time, its direction (→ to the plugin, ← from it) and the plugin's name.",
    valueName: "file")

  /// Starts tracing to `path` (created or truncated); what went wrong, if anything.
  static func open(_ path: String) -> String? {
    let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return "cannot write the plugin trace \(path): \(String(cString: strerror(errno)))" }
    descriptor = fd
    return nil
  }

  /// Writes one message, if tracing.
  @inline(__always) static func record(_ plugin: String, sent: Bool, _ message: [UInt8]) {
    guard descriptor >= 0 else { return }
    write(plugin, sent: sent, message)
  }

  private static func write(_ plugin: String, sent: Bool, _ message: [UInt8]) {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    var parts = tm()
    var seconds = time.tv_sec
    gmtime_r(&seconds, &parts)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let micro = String(Int(time.tv_nsec) / 1000)
    let stamp =
      "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))."
      + String(repeating: "0", count: 6 - micro.count) + micro + "Z"
    var line = Array("\(stamp) \(sent ? "→" : "←") \(plugin) ".utf8)
    line += message
    line.append(10)
    _ = line.withUnsafeBytes { FileIO.writeAll(descriptor, $0) }
  }
}
