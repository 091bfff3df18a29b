import Foundation
import Testing

@testable import CommandScript

#if canImport(Glibc)
  import Glibc
#endif

/// `FileIO.read`, the one file reader (script operands, `source`, the start-up file, the
/// journal), reads a regular file straight into an array of its size, and a pipe (or a
/// file that grows) in chunks: both must give every byte. What is not a file is refused
/// at once, and nothing is read past the limit.
@Suite struct ReadFileTests {
  private static func temporaryPath(_ name: String) -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cmdscript-readfile-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name).path
  }

  /// Bytes that differ from one position to the next, so that a lost or repeated chunk shows.
  private static func pattern(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
  }

  // 4 MiB and more: the part of the buffer advised to use huge pages.
  @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 300_001, (4 << 20) + 3])
  func regularFile(size: Int) throws {
    let path = Self.temporaryPath("regular-\(size)")
    let bytes = Self.pattern(size)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { unlink(path) }
    #expect(try FileIO.read(path).get() == bytes)
  }

  @Test func pipeIsReadInChunksToTheEnd() throws {
    let path = Self.temporaryPath("fifo")
    unlink(path)
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    let bytes = Self.pattern(200_000)
    let writer = Thread {
      let fd = open(path, O_WRONLY)
      bytes.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
      close(fd)
    }
    writer.start()
    #expect(try FileIO.read(path, pipes: true).get() == bytes)
  }

  @Test func missingFileSaysWhy() {
    let path = Self.temporaryPath("missing")
    guard case .failure(let error) = FileIO.read(path) else {
      Issue.record("read a file that does not exist")
      return
    }
    #expect(error.reason == "No such file or directory")
  }

  @Test func directoryIsAnError() {
    guard case .failure(let error) = FileIO.read(FileManager.default.temporaryDirectory.path, pipes: true) else {
      Issue.record("read a directory")
      return
    }
    #expect(error.reason == "Is a directory")
  }

  @Test(arguments: ["/dev/zero", "/dev/full", "/dev/null"])
  func deviceIsRefused(path: String) {
    for pipes in [false, true] {
      guard case .failure(let error) = FileIO.read(path, pipes: pipes) else {
        Issue.record("read \(path)")
        return
      }
      #expect(error.reason == "it is a device, not a regular file")
    }
  }

  /// Without `pipes` (`source`, the journal) a FIFO is refused at once, even with no writer.
  @Test func fifoIsRefusedUnlessPipesAreRead() throws {
    let path = Self.temporaryPath("fifo-refused")
    unlink(path)
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    guard case .failure(let error) = FileIO.read(path) else {
      Issue.record("read a FIFO")
      return
    }
    #expect(error.reason == "it is a FIFO, not a regular file")
  }

  /// A stream stops being read as soon as it passes the limit (here on an endless writer).
  @Test func endlessPipeStopsAtTheLimit() throws {
    // The writer ends on EPIPE once the reader closes: with SIGPIPE's default action the
    // write would end the whole test process instead, whatever test ran first.
    CLI.ignoreBrokenPipes
    var fds: [Int32] = [-1, -1]
    #expect(pipe(&fds) == 0)
    let writeEnd = fds[1]
    let writer = Thread {
      let block = [UInt8](repeating: 0x41, count: 1 << 16)
      while block.withUnsafeBytes({ write(writeEnd, $0.baseAddress, $0.count) }) > 0 {}
      close(writeEnd)
    }
    writer.start()
    let result = FileIO.read(descriptor: fds[0], limit: 1 << 20)
    close(fds[0])
    guard case .failure(let error) = result else {
      Issue.record("read past the limit")
      return
    }
    #expect(error.reason == "it has more than the 1048576 bytes a source can have")
  }

  /// A regular file larger than the limit is refused before any byte is read (a sparse
  /// file of 3 GiB, which takes no space).
  @Test func fileOverTheLimitIsRefusedBeforeReading() throws {
    let path = Self.temporaryPath("sparse")
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    #expect(fd >= 0)
    #expect(ftruncate(fd, 3 << 30) == 0)
    close(fd)
    defer { unlink(path) }
    guard case .failure(let error) = FileIO.read(path) else {
      Issue.record("read a file over the limit")
      return
    }
    #expect(error.reason == "it has more than the 2147483647 bytes a source can have")
  }

  /// The journal reads what follows the descriptor's position.
  @Test func descriptorIsReadFromItsPosition() throws {
    let path = Self.temporaryPath("position")
    let bytes = Self.pattern(100_000)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { unlink(path) }
    let fd = open(path, O_RDONLY)
    defer { close(fd) }
    #expect(lseek(fd, 1000, SEEK_SET) == 1000)
    #expect(try FileIO.read(descriptor: fd).get() == Array(bytes[1000...]))
  }

  @Test func writeAllWritesEverythingOrSaysWhy() throws {
    let path = Self.temporaryPath("written")
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    defer {
      close(fd)
      unlink(path)
    }
    let bytes = Self.pattern(300_001)
    #expect(bytes.withUnsafeBytes { FileIO.writeAll(fd, $0) } == nil)
    #expect(try FileIO.read(path).get() == bytes)
    let full = open("/dev/full", O_WRONLY)
    defer { close(full) }
    #expect(bytes.withUnsafeBytes { FileIO.writeAll(full, $0) } == ENOSPC)
  }
}
