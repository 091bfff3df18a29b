#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file descriptor line by line as bytes (each line with its `\n`), without
/// decoding, so invalid UTF-8 reaches the lexer and gets a located diagnostic.
final class LineReader {
  private let descriptor: Int32
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var end = 0
  private var atEnd = false
  /// Called before blocking on the descriptor for more input.
  var willWait: () -> Void = {}

  init(descriptor: Int32) { self.descriptor = descriptor }

  /// Whether `nextLine` can answer without reading the descriptor (which may block): a
  /// whole line is buffered, or the input has ended.
  var hasLineWithoutWaiting: Bool {
    atEnd || buffer.withUnsafeBytes { memchr($0.baseAddress! + start, 10, end - start) != nil }
  }

  func nextLine() -> [UInt8]? {
    var line: [UInt8] = []
    while true {
      if start < end {
        if let newline = buffer[start..<end].firstIndex(of: 10) {
          line += buffer[start...newline]
          start = newline + 1
          return line
        }
        line += buffer[start..<end]
        start = end
      }
      if atEnd { return line.isEmpty ? nil : line }
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
