// The token a served session is reached with. Without --session, a new one at each start.
// With --session JOURNAL, the one kept beside the journal in JOURNAL.token (mode 0600, as
// Jupyter keeps one per server), for the journal's life: a page left open while the server
// is restarted on the same port and journal reconnects by itself, and a reload works.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum ServeToken {
  /// The token for a server over `journal` (nil: none kept).
  static func token(journal: String?) -> String {
    guard let journal else { return Gate.newToken() }
    let path = journal + ".token"
    if let kept = read(path) { return kept }
    let token = Gate.newToken()
    write(token, to: path)
    return token
  }

  /// The token in `path`, if it holds one (64 hexadecimal digits) and is a plain file.
  private static func read(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size < 256 else { return nil }
    var bytes = [UInt8](repeating: 0, count: 256)
    let n = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, 256) }
    guard n > 0 else { return nil }
    let text = String(decoding: bytes[..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard text.utf8.count == 64, text.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
      return nil
    }
    return text
  }

  /// Keeps `token` in `path`, readable by its owner only; if it cannot, the token lasts
  /// this start only.
  private static func write(_ token: String, to path: String) {
    unlink(path)
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    let bytes = Array((token + "\n").utf8)
    _ = bytes.withUnsafeBytes { systemWriteToken(fd, $0.baseAddress, bytes.count) }
    fsync(fd)
    close(fd)
  }
}

#if canImport(Glibc)
  private let systemRead = Glibc.read
  private let systemWriteToken = Glibc.write
#else
  private let systemRead = Darwin.read
  private let systemWriteToken = Darwin.write
#endif
