import Foundation
import Testing

/// A file over 600 lines is a room that holds more than one thing (ARCHITECTURE.md: one
/// stage, one type, one file).
@Suite struct SourceFileSizeTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources")

  @Test("no Swift file in Sources is over 600 lines")
  func noSourceFileIsOver600Lines() throws {
    let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
    var checked = 0
    for case let url as URL in files where url.pathExtension == "swift" {
      let text = try String(contentsOf: url, encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
      #expect(lines <= 600, "\(url.path) has \(lines) lines")
      checked += 1
    }
    #expect(checked > 100, "found only \(checked) Swift files under \(Self.sources.path)")
  }
}
