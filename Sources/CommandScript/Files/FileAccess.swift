import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How `source` reads scripts and `export` writes them. A session without one
/// (``Session/fileAccess`` set to nil, `cmdscript --safe`) refuses both, for scripts from
/// strangers.
public protocol FileAccess: Sendable {
  /// The whole content of the file at `path`.
  func read(_ path: String) throws(FileAccessError) -> [UInt8]
  /// Replaces the file at `path` with `bytes` so that it is never seen half-written: a
  /// failure leaves any earlier file as it was.
  func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileAccessError)
  /// A name for the file that is the same however the path was written (to find cycles).
  func canonicalPath(_ path: String) -> String
}

extension FileAccess {
  /// The folder of the file `path` names, with a slash at its end, when `path` is a
  /// symbolic link whose file is in another folder; nil otherwise (the folder is the one
  /// `path` names).
  func realFolder(of path: String) -> String? {
    let real = canonicalPath(path)
    let slash = path.lastIndex(of: "/")
    let named = canonicalPath(slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ".")
    guard real != path, let realSlash = real.lastIndex(of: "/") else { return nil }
    let folder = String(real[...realSlash])
    return folder == named + "/" || folder == named ? nil : folder
  }
}

/// Why a file could not be read or written.
public struct FileAccessError: Error, Equatable, Sendable {
  /// What went wrong, for the message (`No such file or directory`).
  public var reason: String
  /// A failure saying `reason`.
  public init(_ reason: String) { self.reason = reason }
}

/// The file system, through POSIX calls.
public struct POSIXFileAccess: FileAccess {
  /// The files `writeAtomically` refuses to replace, by device and inode: whatever path
  /// names them, replacing them would pull them from under their holder.
  private var protected: [(device: UInt64, inode: UInt64)] = []
  /// The same files by where they are named (their folder's device and inode, and their
  /// name): a file made there later, as a journal is made with its first record, is
  /// protected too.
  private var protectedLocations: [(device: UInt64, inode: UInt64, name: String)] = []

  /// File access with nothing protected.
  public init() {}

  /// File access that never replaces the files at `paths` (as they are now, however they
  /// are named later): the files the host holds open, such as `cmdscript --session`'s
  /// journal, also where a path names no file yet (the file made there later).
  public init(protecting paths: [String]) {
    for path in paths {
      var info = stat()
      if stat(path, &info) == 0 { protected.append((UInt64(info.st_dev), UInt64(info.st_ino))) }
      if let location = Self.location(path) { protectedLocations.append(location) }
    }
  }

  /// The device and inode of the folder `path` is in, and its name in it.
  private static func location(_ path: String) -> (device: UInt64, inode: UInt64, name: String)? {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var info = stat()
    guard stat(folder, &info) == 0 else { return nil }
    return (UInt64(info.st_dev), UInt64(info.st_ino), name)
  }

  private static func failure() -> FileAccessError { FileAccessError(String(cString: strerror(errno))) }

  public func read(_ path: String) throws(FileAccessError) -> [UInt8] {
    try FileIO.read(path).get()
  }

  /// Writes a temporary file beside the target, flushes it to disk and renames it over the
  /// target. The temporary file has a name nobody can predict and is created exclusively,
  /// never through a symbolic link; a target that is a link is written through (the link
  /// stays a link); an existing target keeps its permission bits, its owner and its group;
  /// a target this process may not write (as `cp` would find it), whose owner or group
  /// it could not keep, that is not a regular file, or that is protected, is refused. SIGINT, SIGTERM, SIGHUP and SIGQUIT wait
  /// until the file is complete (or abandoned), so that none leaves a temporary file.
  public func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileAccessError) {
    let target = try Self.resolvingLinks(path)
    if !protectedLocations.isEmpty, let location = Self.location(target),
      protectedLocations.contains(where: { $0 == location })
    {
      throw FileAccessError("it is held open by this session (its journal)")
    }
    var info = stat()
    var mode: mode_t?
    var owner: (uid_t, gid_t)?
    if stat(target, &info) == 0 {
      if let refusal = FileIO.refusal(ofFileWithMode: info.st_mode) { throw FileAccessError(refusal) }
      if protected.contains(where: { $0 == (UInt64(info.st_dev), UInt64(info.st_ino)) }) {
        throw FileAccessError("it is held open by this session (its journal)")
      }
      // Renaming needs only the folder's permission: the file's own is asked for, as
      // writing it in place would.
      guard faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) == 0 else { throw Self.failure() }
      mode = info.st_mode & 0o7777
      owner = (info.st_uid, info.st_gid)
    }
    var signals = sigset_t()
    var previous = sigset_t()
    sigemptyset(&signals)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&signals, signal) }
    pthread_sigmask(SIG_BLOCK, &signals, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    let (fd, temporary) = try Self.createTemporary(beside: target)
    func abandon(_ error: FileAccessError) -> FileAccessError {
      unlink(temporary)
      return error
    }
    var made = stat()
    if let owner, fstat(fd, &made) == 0, (made.st_uid, made.st_gid) != owner, fchown(fd, owner.0, owner.1) != 0 {
      close(fd)
      throw abandon(
        FileAccessError("it belongs to another user or group, which replacing it would not keep"))
    }
    if let mode { _ = fchmod(fd, mode) }
    if let failure = bytes.withUnsafeBytes({ FileIO.writeAll(fd, $0) }) {
      close(fd)
      throw abandon(FileAccessError(String(cString: strerror(failure))))
    }
    guard fsync(fd) == 0 else {
      let error = Self.failure()
      close(fd)
      throw abandon(error)
    }
    guard close(fd) == 0 else { throw abandon(Self.failure()) }
    guard rename(temporary, target) == 0 else { throw abandon(Self.failure()) }
  }

  /// The file `path` names once symbolic links are followed (the last one may name a file
  /// that does not exist yet).
  private static func resolvingLinks(_ path: String) throws(FileAccessError) -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count >= 0 else { throw failure() }
      let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if link.hasPrefix("/") {
        current = link
      } else if let slash = current.lastIndex(of: "/") {
        current = String(current[...slash]) + link
      } else {
        current = link
      }
    }
    throw FileAccessError(String(cString: strerror(ELOOP)))
  }

  /// Creates `.NAME.tmp-RANDOM` in the folder of `target`, exclusively and not through a
  /// link, so that nobody can plant a file or link there beforehand.
  private static func createTemporary(beside target: String) throws(FileAccessError) -> (Int32, String) {
    let slash = target.lastIndex(of: "/")
    let folder = slash.map { String(target[...$0]) } ?? ""
    let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<100 {
      let suffix = String(generator.next() as UInt64, radix: 36)
      let temporary = folder + "." + name + ".tmp-" + suffix
      let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
      if fd >= 0 { return (fd, temporary) }
      if errno != EEXIST { throw failure() }
    }
    throw FileAccessError(String(cString: strerror(EEXIST)))
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
