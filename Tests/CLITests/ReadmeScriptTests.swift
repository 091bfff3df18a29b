import Foundation
import Testing

/// Every code block that README.md and the pages of docs/ present as a script (fenced
/// ```` ```cmdscript ````) runs as written with the built binary, as a newcomer would paste
/// it into a file: from a folder of its own, where `examples/` is the package's.
@Suite("README scripts")
struct ReadmeScriptTests {
  /// A script block: the document, the line its fence is on, and its text.
  struct Block: CustomTestStringConvertible, Sendable {
    var document: String
    var line: Int
    var text: String
    var testDescription: String { "\(document):\(line)" }
  }

  /// The ```` ```cmdscript ```` blocks of README.md and docs/*.md.
  static func blocks() -> [Block] {
    let docs = CLI.packageRoot.appendingPathComponent("docs")
    let pages = ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []).filter { $0.hasSuffix(".md") }
      .sorted().map { "docs/" + $0 }
    var found: [Block] = []
    for document in ["README.md"] + pages {
      guard let data = FileManager.default.contents(atPath: CLI.packageRoot.appendingPathComponent(document).path)
      else { continue }
      var open: Block?
      for (index, line) in lines(String(decoding: data, as: UTF8.self)).enumerated() {
        if var block = open {
          if line.hasPrefix("```") {
            found.append(block)
            open = nil
          } else {
            block.text += line + "\n"
            open = block
          }
        } else if line.trimmingCharacters(in: .whitespaces) == "```cmdscript" {
          open = Block(document: document, line: index + 1, text: "")
        }
      }
    }
    return found
  }

  @Test("the README has script blocks, the tour among them")
  func found() {
    let blocks = Self.blocks()
    #expect(blocks.count >= 3, "found \(blocks.count)")
    #expect(blocks.contains { $0.text.contains("goto") && $0.text.contains("source ") })
  }

  @Test("each script block runs as written", arguments: ReadmeScriptTests.blocks())
  func runs(_ block: Block) throws {
    try withFolder { folder in
      #expect(
        symlink(CLI.packageRoot.appendingPathComponent("examples").path, folder.appendingPathComponent("examples").path)
          == 0)
      try Data(block.text.utf8).write(to: folder.appendingPathComponent("block.cmd"))
      let result = try CLI.run(["block.cmd"], in: folder)
      #expect(result.status == 0, "\(block.document):\(block.line): the block does not run as written\n\(result)")
      #expect(result.stderr == "", "\(block.document):\(block.line)\n\(result)")
    }
  }
}
