// The one file reader and the one write-all loop of the package: the library (`source`,
// `export`) and the command line (script operands, the start-up file, the journal, standard
// output) go through them, so that each fault is handled in one place.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

package enum FileIO {
  /// The whole content of the file at `path`, or why it cannot be read. A regular file is
  /// read straight into an array of its size. A directory, a device or a socket is refused,
  /// and so is a FIFO unless `pipes` is set (a script operand such as `<(...)`): it is then
  /// read to its end, as `cat` would. A file of more than `limit` bytes is refused, a
  /// stream as soon as it passes it, so nothing is read without bound.
  package static func read(
    _ path: String, pipes: Bool = false, limit: Int = SourceFile.maxSize
  ) -> Result<[UInt8], FileAccessError> {
    // Not blocking: opening a FIFO must not wait for a writer before its kind is known.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard fd >= 0 else { return .failure(error(errno)) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let failure = errno
      close(fd)
      return .failure(error(failure))
    }
    if let refusal = refusal(ofFileWithMode: info.st_mode, pipes: pipes) {
      close(fd)
      return .failure(FileAccessError(refusal))
    }
    if info.st_mode & S_IFMT == S_IFIFO {
      // Wait for a writer, as `cat` does, on this very descriptor: closing it and opening
      // the FIFO again would discard what a fast writer wrote and closed in between, and
      // then wait for a writer that never comes. Opened without blocking before any writer,
      // it polls as neither readable nor ended until a writer has written or come and gone;
      // from then on, reads may block.
      var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      while poll(&waiting, 1, -1) < 0, errno == EINTR {}
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    }
    defer { close(fd) }
    return read(descriptor: fd, limit: limit)
  }

  /// Why a file of this kind (`st_mode`) is not read, nor kept as a journal (nil: it is).
  package static func refusal(ofFileWithMode mode: mode_t, pipes: Bool = false) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFIFO: pipes ? nil : "it is a FIFO, not a regular file"
    case S_IFDIR: String(cString: strerror(EISDIR))
    case S_IFCHR, S_IFBLK: "it is a device, not a regular file"
    default: "it is not a regular file"
    }
  }

  /// What is left to read on `descriptor`, from its position to its end, at most `limit`
  /// bytes (more is an error). The descriptor stays open.
  package static func read(descriptor fd: Int32, limit: Int = SourceFile.maxSize) -> Result<[UInt8], FileAccessError> {
    var failure: Int32?
    var atEnd = false
    var total = 0
    /// Reads into `buffer` from `count` until it is full, the file ends or reading fails.
    func readInto(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ count: inout Int) {
      while count < buffer.count {
        let n = Glibc.read(fd, buffer.baseAddress.unsafelyUnwrapped + count, buffer.count - count)
        if n > 0 {
          count += n
        } else if n == 0 {
          atEnd = true
          return
        } else if errno != EINTR {
          failure = errno
          return
        }
      }
    }
    // A regular file is read straight into an array of its size (one byte more, to see
    // the end without growing); what is not, or has grown meanwhile, in chunks after it.
    var info = stat()
    var expected = 0
    if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
      let position = lseek(fd, 0, SEEK_CUR)
      expected = max(0, Int(info.st_size) - max(0, Int(position)))
    }
    guard expected <= limit else { return .failure(tooLarge(limit)) }
    var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) {
      adviseHugePages($0)
      readInto($0, &$1)
    }
    total = bytes.count
    var chunk = [UInt8](repeating: 0, count: atEnd || failure != nil ? 0 : 1 << 16)
    while !atEnd, failure == nil, total <= limit {
      var n = 0
      chunk.withUnsafeMutableBufferPointer { readInto($0, &n) }
      bytes += chunk[0..<n]
      total += n
    }
    if let failure { return .failure(error(failure)) }
    guard total <= limit else { return .failure(tooLarge(limit)) }
    return .success(bytes)
  }

  /// Writes all of `bytes` to `fd`, again after an interruption or a short write. Returns
  /// nil once everything is written, else the `errno` of the write that failed.
  package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let n = write(fd, bytes.baseAddress.unsafelyUnwrapped + offset, bytes.count - offset)
      if n > 0 {
        offset += n
      } else if n == 0 {
        return EIO
      } else if errno != EINTR {
        return errno
      }
    }
    return nil
  }

  /// Makes the entry of the file at `path` in its folder durable (after it was created or
  /// renamed there), as a database does after creating its log. Advice only: a folder
  /// that cannot be opened or synced changes nothing else.
  package static func syncFolder(of path: String) {
    let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }

  private static func error(_ number: Int32) -> FileAccessError { FileAccessError(String(cString: strerror(number))) }

  private static func tooLarge(_ limit: Int) -> FileAccessError {
    FileAccessError("it has more than the \(limit) bytes a source can have")
  }

  /// Asks the kernel to back the 2 MiB-aligned part of a large buffer with huge pages, so
  /// that filling it takes a page fault per 2 MiB rather than per 4 KiB (where transparent
  /// huge pages are on "madvise", as on Debian). Advice only: nothing changes if it is not
  /// taken.
  private static func adviseHugePages(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
    #if os(Linux)
      let hugePage = 2 << 20
      guard buffer.count >= 2 * hugePage, let base = buffer.baseAddress else { return }
      let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
      let end = (Int(bitPattern: base) + buffer.count) & ~(hugePage - 1)
      guard end > start else { return }
      _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE)
    #endif
  }
}
