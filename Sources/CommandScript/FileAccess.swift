import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How `source` reads scripts and `export` writes them. A session without one (``Session/
/// fileAccess`` set to nil, `cmdscript --safe`) refuses both, for scripts from strangers.
public protocol FileAccess: Sendable {
  /// The whole content of the file at `path`.
  func read(_ path: String) throws(FileAccessError) -> [UInt8]
  /// Replaces the file at `path` with `bytes` so that it is never seen half-written: a
  /// failure leaves any earlier file as it was.
  func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileAccessError)
  /// A name for the file that is the same however the path was written (to find cycles).
  func canonicalPath(_ path: String) -> String
}

/// Why a file could not be read or written.
public struct FileAccessError: Error, Equatable, Sendable {
  public var reason: String
  public init(_ reason: String) { self.reason = reason }
}

/// The file system, through POSIX calls.
public struct POSIXFileAccess: FileAccess {
  public init() {}

  private static func failure() -> FileAccessError { FileAccessError(String(cString: strerror(errno))) }

  public func read(_ path: String) throws(FileAccessError) -> [UInt8] {
    try FileIO.read(path).get()
  }

  public func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileAccessError) {
    // A temporary file beside the target, flushed to disk, then renamed over it.
    let temporary = path + ".tmp-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw Self.failure() }
    if let failure = bytes.withUnsafeBytes({ FileIO.writeAll(fd, $0) }) {
      close(fd)
      unlink(temporary)
      throw FileAccessError(String(cString: strerror(failure)))
    }
    guard fsync(fd) == 0, close(fd) == 0 else {
      let error = Self.failure()
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let error = Self.failure()
      unlink(temporary)
      throw error
    }
  }

  public func canonicalPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

/// Files kept in memory: for tests, fuzzing, and apps whose scripts live elsewhere than
/// on disk. Paths are names; nothing touches the file system.
public final class MemoryFileAccess: FileAccess {
  private let files: Mutex<[String: [UInt8]]>

  /// A store holding `files`, by name.
  public init(_ files: [String: [UInt8]] = [:]) { self.files = Mutex(files) }

  public func read(_ path: String) throws(FileAccessError) -> [UInt8] {
    guard let bytes = files.withLock({ $0[path] }) else { throw FileAccessError("no such file") }
    return bytes
  }

  public func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileAccessError) {
    files.withLock { $0[path] = bytes }
  }

  public func canonicalPath(_ path: String) -> String { path }
}
