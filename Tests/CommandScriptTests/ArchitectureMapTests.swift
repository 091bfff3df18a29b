import Foundation
import Testing

/// ARCHITECTURE.md's map stays true: every target of Sources/, and every folder and every
/// file below it (Swift, C, the page's files, the DocC articles), is named there, and the
/// command line keeps its files in rooms (a folder per concern), not loose at its top.
@Suite struct ArchitectureMapTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The targets: the folders of Sources/.
  static func targets() throws -> [String] {
    let sources = root.appendingPathComponent("Sources")
    return try FileManager.default.contentsOfDirectory(at: sources, includingPropertiesForKeys: [.isDirectoryKey])
      .filter { try $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true }
      .map(\.lastPathComponent).filter { !$0.hasPrefix(".") }.sorted()
  }

  /// The files and folders below `target` (in Sources), as paths relative to it; with
  /// `swiftOnly`, the Swift files alone.
  static func contents(of target: String, swiftOnly: Bool = true) throws -> (files: [String], folders: [String]) {
    let base = root.appendingPathComponent("Sources/\(target)")
    let entries = try #require(
      FileManager.default.enumerator(
        at: base, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]))
    var files: [String] = []
    var folders: [String] = []
    for case let url as URL in entries {
      let path = String(url.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1))
      if try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true {
        folders.append(path)
      } else if !swiftOnly || url.pathExtension == "swift" {
        files.append(path)
      }
    }
    return (files.sorted(), folders.sorted())
  }

  /// What the map must say to name `file` of `target`: a Swift file by its type's name in
  /// backticks or its file name (`main.swift` with its target's folder, since every program
  /// has one); any other file by its file name.
  static func names(_ map: String, file: String, of target: String) -> Bool {
    let fileName = String(file.split(separator: "/").last!)
    guard fileName.hasSuffix(".swift") else { return map.contains(fileName) }
    if fileName == "main.swift" { return map.contains("\(target)/main.swift") }
    let name = fileName.dropLast(".swift".count)
    return map.contains("`\(name)`") || map.contains(fileName)
  }

  @Test("every target of Sources/, and every folder and file below it, is in ARCHITECTURE.md's map")
  func everyFileIsNamed() throws {
    let map = try String(contentsOf: Self.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    let targets = try Self.targets()
    #expect(targets.count > 8, "found only \(targets) in Sources/")
    var files = 0
    for target in targets {
      #expect(
        map.contains("`Sources/\(target)`") || map.contains("`Sources/\(target)/"),
        "ARCHITECTURE.md does not name Sources/\(target)")
      let contents = try Self.contents(of: target, swiftOnly: false)
      files += contents.files.count
      for file in contents.files {
        #expect(Self.names(map, file: file, of: target), "ARCHITECTURE.md does not name \(target)/\(file)")
      }
      for folder in contents.folders {
        #expect(
          map.contains("`\(folder)/") || map.contains("/\(folder)/`"),
          "ARCHITECTURE.md does not name \(target)/\(folder)/")
      }
    }
    #expect(files > 150, "found only \(files) files in Sources/")
  }

  @Test("the map's rule finds a file it does not name")
  func aMissingFileIsFound() {
    let map = "`Sources/Tool`: `Known` and `Other.swift`; `Sources/tool/main.swift`"
    #expect(Self.names(map, file: "Known.swift", of: "Tool"))
    #expect(Self.names(map, file: "Room/Other.swift", of: "Tool"))
    #expect(Self.names(map, file: "main.swift", of: "tool"))
    #expect(!Self.names(map, file: "Unknown.swift", of: "Tool"))
    #expect(!Self.names(map, file: "main.swift", of: "other"))
    #expect(!Self.names(map, file: "Web/app.css", of: "Tool"))
  }

  @Test("the command line has a folder per concern and at most six files loose at its top")
  func commandLineIsInRooms() throws {
    let (files, folders) = try Self.contents(of: "CommandScriptCLI")
    let loose = files.filter { !$0.contains("/") }
    #expect(loose.count <= 6, "loose at the top of Sources/CommandScriptCLI: \(loose)")
    #expect(folders.count >= 8, "\(folders)")
  }
}
