import Foundation
import Testing

@testable import CommandScriptCLI

#if canImport(Glibc)
  import Glibc
#endif

/// `readFile` reads a regular file straight into an array of its size, and anything else
/// (a pipe, a file that grows) in chunks: both must give every byte.
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
    #expect(try readFile(path).get() == bytes)
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
    #expect(try readFile(path).get() == bytes)
  }

  @Test func missingFileSaysWhy() {
    let path = Self.temporaryPath("missing")
    guard case .failure(let error) = readFile(path) else {
      Issue.record("read a file that does not exist")
      return
    }
    #expect(error.path == path)
    #expect(error.reason == "No such file or directory")
  }

  @Test func directoryIsAnError() {
    guard case .failure(let error) = readFile(FileManager.default.temporaryDirectory.path) else {
      Issue.record("read a directory")
      return
    }
    #expect(error.reason == "Is a directory")
  }
}
