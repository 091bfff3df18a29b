import Foundation
import Testing

/// The façade fronts (ARCHITECTURE.md): what only this package's tools use is `package`, so
/// the library's public surface stays what apps need. Counted as ARCHITECTURE.md counts it:
/// declarations whose first word, after attributes, is `public` or `open`.
@Suite struct PublicSurfaceTests {
  static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/CommandScript")

  /// Each declaration's text from `public` or `open` on, by file name.
  static func publicDeclarations() throws -> [(file: String, text: String)] {
    let files = try #require(FileManager.default.enumerator(at: library, includingPropertiesForKeys: nil))
    let declaration = try Regex(#"^\s*(@[A-Za-z]+(\([^)]*\))?\s+)*((public|open)\b.*)$"#)
    var found: [(file: String, text: String)] = []
    for case let url as URL in files where url.pathExtension == "swift" {
      for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
        guard let match = line.wholeMatch(of: declaration), let text = match.output[3].substring else { continue }
        found.append((url.lastPathComponent, String(text)))
      }
    }
    return found
  }

  @Test("Sources/CommandScript has at most 400 public or open declarations")
  func atMost400() throws {
    let declarations = try Self.publicDeclarations()
    #expect(declarations.count > 100, "found only \(declarations.count): is \(Self.library.path) the library?")
    #expect(declarations.count <= 400, "\(declarations.count) public or open declarations")
  }

  @Test("what only the command line uses is not public")
  func commandLineOnly() throws {
    let declarations = try Self.publicDeclarations()
    for file in [
      "JournalFormat.swift", "ScriptOutline.swift", "CursorContext.swift", "EntryScanner.swift",
      "ScriptFormatter.swift", "MacroListing.swift",
    ] {
      let leaked = declarations.filter { $0.file == file }.map(\.text)
      #expect(leaked.isEmpty, "\(file): \(leaked)")
    }
  }
}
