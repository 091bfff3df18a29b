#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a project file's plugins may start, as git's `safe.directory` and direnv's
/// `allow` decide: opening or running a script must never run a program someone else
/// named. A project file's plugins start only when
/// - the user trusted that file, as it is now (`cmdscript trust FILE` recorded its real
///   path and the SHA-256 of its contents; a changed file is untrusted again), and
/// - it belongs to the user or to root, and so does its folder, which no other user may
///   write (others, or a group that is not the user's own).
///
/// The trusted files are listed in the user's state folder
/// (`$XDG_STATE_HOME/cmdscript/trusted`), one `DIGEST PATH` a line.
enum ProjectTrust {
  /// The list of trusted files, if the user has a state folder.
  static var listPath: String? { Paths.stateHome.map { $0 + "/\(ToolIdentity.current.name)/trusted" } }

  /// Why `project`'s plugins may not start, with what to do about it; nil when they may.
  static func refusal(of project: ProjectFile) -> String? {
    if let unsafe = unsafeLocation(of: project.path, foundIn: project.folder) { return unsafe }
    let trust = "`\(ToolIdentity.current.name) trust \(project.path)`"
    guard let real = realPath(project.path), let recorded = trusted()[real] else {
      return "\(project.path) is not trusted, so its plugins did not start; after reading it, run \(trust)"
    }
    guard recorded == project.digest else {
      return
        "\(project.path) changed since it was trusted, so its plugins did not start; after reading it, run \(trust)"
    }
    return nil
  }

  /// Why the file at `path`, found in `folder`, can never be trusted; nil if it can.
  static func unsafeLocation(of path: String, foundIn folder: String) -> String? {
    var file = stat()
    guard stat(path, &file) == 0 else { return "cannot read \(path): \(String(cString: strerror(errno)))" }
    let me = geteuid()
    if file.st_uid != me && file.st_uid != 0 {
      return "\(path) belongs to another user (uid \(file.st_uid)): its plugins never start"
    }
    let folders = [folder] + (realPath(path).map { [ProjectFile.folder(of: $0)] } ?? [])
    for folder in folders {
      var info = stat()
      guard stat(folder, &info) == 0 else { return "cannot read \(folder): \(String(cString: strerror(errno)))" }
      if info.st_uid != me && info.st_uid != 0 {
        return "\(path) is in a folder of another user (uid \(info.st_uid)): its plugins never start"
      }
      let othersWrite = info.st_mode & S_IWOTH != 0 || (info.st_mode & S_IWGRP != 0 && info.st_gid != getegid())
      if othersWrite {
        return "\(path) is in a folder other users can write (\(folder)): its plugins never start"
      }
    }
    return nil
  }

  /// Records `project` as trusted, as it is now; the reason it cannot be, if so.
  static func trust(_ project: ProjectFile) -> String? {
    if let unsafe = unsafeLocation(of: project.path, foundIn: project.folder) { return unsafe }
    guard let real = realPath(project.path), !real.utf8.contains(10) else {
      return "cannot find the real path of \(project.path)"
    }
    guard let list = listPath else { return "no state folder to record it in: set HOME or XDG_STATE_HOME" }
    guard Paths.createParent(of: list) else { return "cannot make the folder of \(list)" }
    // One `trust` at a time changes the list: two at once must not lose an entry.
    let lock = open(list + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard lock >= 0, flock(lock, LOCK_EX) == 0 else {
      return "cannot lock \(list): \(String(cString: strerror(errno)))"
    }
    defer { close(lock) }
    var entries = trusted()
    entries[real] = project.digest
    let text = entries.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\n" }.joined()
    // Written beside, then renamed over: a crash leaves the old list or the new one.
    let temporary = list + ".new"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return "cannot write \(temporary): \(String(cString: strerror(errno)))" }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    let synced = fsync(fd) == 0
    close(fd)
    guard written == bytes.count, synced, rename(temporary, list) == 0 else {
      unlink(temporary)
      return "cannot write \(list): \(String(cString: strerror(errno)))"
    }
    return nil
  }

  /// The trusted files: digest by real path.
  static func trusted() -> [String: String] {
    guard let list = listPath, case .success(let bytes) = FileIO.read(list) else { return [:] }
    var entries: [String: String] = [:]
    for line in bytes.split(separator: 10) {
      guard let space = line.firstIndex(of: 32) else { continue }
      entries[String(decoding: line[(space + 1)...], as: UTF8.self)] = String(decoding: line[..<space], as: UTF8.self)
    }
    return entries
  }

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
