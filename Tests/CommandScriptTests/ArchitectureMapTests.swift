import Foundation
import Testing

/// ARCHITECTURE.md's map of the command line and the web page stays true: every folder and
/// every file of Sources/CommandScriptCLI and Sources/CommandScriptServer is named there, and
/// the command line keeps its files in rooms (a folder per concern), not loose at its top.
@Suite struct ArchitectureMapTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The Swift files and folders below `target` (in Sources), as paths relative to it.
  static func contents(of target: String) throws -> (files: [String], folders: [String]) {
    let base = root.appendingPathComponent("Sources/\(target)")
    let entries = try #require(FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isDirectoryKey]))
    var files: [String] = []
    var folders: [String] = []
    for case let url as URL in entries {
      let path = String(url.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1))
      if try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true {
        folders.append(path)
      } else if url.pathExtension == "swift" {
        files.append(path)
      }
    }
    return (files.sorted(), folders.sorted())
  }

  @Test("every file and folder of the command line and the web page is in ARCHITECTURE.md's map")
  func everyFileIsNamed() throws {
    let map = try String(contentsOf: Self.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    for target in ["CommandScriptCLI", "CommandScriptServer"] {
      let (files, folders) = try Self.contents(of: target)
      #expect(files.count > 5, "found only \(files) in Sources/\(target)")
      for file in files {
        let name = String(file.split(separator: "/").last!.dropLast(".swift".count))
        #expect(
          map.contains("`\(name)`") || map.contains("\(name).swift"), "ARCHITECTURE.md does not name \(target)/\(file)")
      }
      for folder in folders where target == "CommandScriptCLI" {
        #expect(map.contains("`\(folder)/`"), "ARCHITECTURE.md does not name \(target)/\(folder)/")
      }
    }
  }

  @Test("the command line has a folder per concern and at most six files loose at its top")
  func commandLineIsInRooms() throws {
    let (files, folders) = try Self.contents(of: "CommandScriptCLI")
    let loose = files.filter { !$0.contains("/") }
    #expect(loose.count <= 6, "loose at the top of Sources/CommandScriptCLI: \(loose)")
    #expect(folders.count >= 8, "\(folders)")
  }
}
