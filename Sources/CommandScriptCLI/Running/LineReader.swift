#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file descriptor line by line as bytes (each line with its `\n`), without
/// decoding, so invalid UTF-8 reaches the lexer and gets a located diagnostic.
final class LineReader {
  private let descriptor: Int32
  // Unchecked: no access to these overlaps another (the closures below only read them),
  // and the dynamic exclusivity check cost 63 instructions a line.
  @exclusivity(unchecked) private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  @exclusivity(unchecked) private var start = 0
  @exclusivity(unchecked) private var end = 0
  private var atEnd = false
  /// Called before blocking on the descriptor for more input.
  var willWait: () -> Void = {}

  init(descriptor: Int32) { self.descriptor = descriptor }

  /// Whether `nextLine` can answer without reading the descriptor (which may block): a
  /// whole line is buffered, or the input has ended.
  var hasLineWithoutWaiting: Bool {
    atEnd || buffer.withUnsafeBytes { memchr($0.baseAddress! + start, 10, end - start) != nil }
  }

  /// Appends the next line to `bytes`, with its `\n` (the last may have none), straight
  /// from the read buffer, so that no line is an array of its own; false at the end of the
  /// input.
  func appendLine(to bytes: inout [UInt8]) -> Bool {
    var appended = false
    while true {
      if start < end {
        let newline = buffer.withUnsafeBytes { raw in
          memchr(raw.baseAddress! + start, 10, end - start).map { UnsafeRawPointer($0) - raw.baseAddress! }
        }
        let lineEnd = newline.map { $0 + 1 } ?? end
        buffer.withUnsafeBufferPointer { bytes += UnsafeBufferPointer(rebasing: $0[start..<lineEnd]) }
        start = lineEnd
        appended = true
        if newline != nil { return true }
      }
      if atEnd { return appended }
      willWait()
      let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      if n <= 0 {
        atEnd = true
      } else {
        start = 0
        end = n
      }
    }
  }
}
