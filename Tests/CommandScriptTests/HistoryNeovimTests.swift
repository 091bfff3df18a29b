import CommandScript
import Foundation
import Testing

// The differential test of the undo tree against its reference, Vim's: seeded random
// programs of changes, `undo N`, `redo N`, `goto N`, `earlier N` and `later N` run in one
// headless Neovim (a change is a line appended, an undo block forced around it) and in a
// session (a change is `lines.add K`); the trees (`undotree()` against `historyTree`:
// seq_last, seq_cur, every node's parent and place among its siblings, curhead and newhead)
// and the texts must agree after every program.

/// A buffer of lines, as Neovim's: `add K` appends the line `K`.
final class TestLines: Receiver {
  static let typeName = "lines"
  static let summary = "lines of text, for the differential test against Neovim"
  static let verbs: [Verb<TestLines>] = [
    Verb("add", [Parameter("line", .integer(0...1_000_000))], summary: "append a line") { lines, args in
      lines.lines.append(String(args.int(0)))
    } undo: { lines, _, _ in
      lines.lines.removeLast()
    }
  ]

  var lines: [String] = []
  init() {}
  var state: StateValue { .array(lines.map { .string($0) }) }
}

/// One step of a random program.
private enum Step: CustomStringConvertible {
  case change(Int), undo(Int), redo(Int), goto(Int), earlier(Int), later(Int)

  var description: String {
    switch self {
    case .change(let k): "lines.add \(k)"
    case .undo(let n): "undo \(n)"
    case .redo(let n): "redo \(n)"
    case .goto(let n): "goto \(n)"
    case .earlier(let n): "earlier \(n)"
    case .later(let n): "later \(n)"
    }
  }

  /// The same in Neovim's Lua.
  var lua: String {
    switch self {
    case .change(let k): "c(\(k))"
    case .undo(let n): "x('silent! normal! \(n)u')"
    case .redo(let n): "x('silent! exe \"normal! \(n)\\\\<C-r>\"')"
    case .goto(let n): "x('silent! undo \(n)')"
    case .earlier(let n): "x('silent! earlier \(n)')"
    case .later(let n): "x('silent! later \(n)')"
    }
  }
}

private func randomProgram(_ rng: inout SplitMix64) -> [Step] {
  var steps: [Step] = []
  var made = 0
  for _ in 0..<4 + rng.below(37) {
    let roll = rng.below(100)
    switch roll {
    case ..<38:
      made += 1
      steps.append(.change(made))
    case ..<53: steps.append(.undo(1 + rng.below(3)))
    case ..<63: steps.append(.redo(1 + rng.below(3)))
    case ..<75: steps.append(.goto(rng.below(made + 1)))
    case ..<88: steps.append(.earlier(1 + rng.below(4)))
    default: steps.append(.later(1 + rng.below(4)))
    }
  }
  return steps
}

/// The tree in one line: each entry `seq` with `c` if curhead, `n` if newhead, and its
/// alternatives in brackets; then seq_cur and seq_last.
private func shape(ofVim tree: [String: Any]) -> String {
  func list(_ entries: [[String: Any]]) -> String {
    entries.map { entry in
      var text = "\(entry["seq"] as! Int)"
      if entry["curhead"] != nil { text += "c" }
      if entry["newhead"] != nil { text += "n" }
      if let alt = entry["alt"] as? [[String: Any]] { text += "[\(list(alt))]" }
      return text
    }.joined(separator: " ")
  }
  return
    "\(list(tree["entries"] as? [[String: Any]] ?? [])) cur \(tree["seq_cur"] as! Int) last \(tree["seq_last"] as! Int)"
}

private func shape(of tree: HistoryTree) -> String {
  func list(_ entries: [HistoryTree.Entry]) -> String {
    entries.map { entry in
      var text = "\(entry.node.number)"
      if entry.isCurhead { text += "c" }
      if entry.isNewhead { text += "n" }
      if !entry.alternatives.isEmpty { text += "[\(list(entry.alternatives))]" }
      return text
    }.joined(separator: " ")
  }
  return "\(list(tree.entries)) cur \(tree.current) last \(tree.lastNumber)"
}

@Suite struct HistoryNeovimTests {
  static let neovim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let programCount = 3000
  static let seed: UInt64 = 27

  /// Runs the programs in one Neovim; returns, for each, its `undotree()` and its lines.
  private static func runInNeovim(_ programs: [[Step]]) throws -> [(tree: [String: Any], lines: [String])] {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cmdscript-undotree-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let output = dir.appendingPathComponent("out.jsonl").path
    var lua = """
      local out = io.open('\(output)', 'w')
      local x = vim.cmd
      -- A change is a line appended, in an undo block of its own.
      local function c(k)
        vim.api.nvim_buf_set_lines(0, -1, -1, false, {tostring(k)})
        x('let &undolevels = &undolevels')
      end
      local function program(body)
        local old = vim.api.nvim_get_current_buf()
        local buf = vim.api.nvim_create_buf(false, true)
        vim.api.nvim_set_current_buf(buf)
        vim.bo.undolevels = 100000
        pcall(vim.api.nvim_buf_delete, old, {force = true})
        body()
        out:write(vim.fn.json_encode({tree = vim.fn.undotree(), lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)}) .. '\\n')
      end

      """
    for program in programs {
      lua += "program(function() \(program.map(\.lua).joined(separator: "; ")) end)\n"
    }
    lua += "out:close()\n"
    let script = dir.appendingPathComponent("programs.lua")
    try lua.write(to: script, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: neovim!)
    process.arguments = ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile \(script.path)", "-c", "qa!"]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let text = try String(contentsOfFile: output, encoding: .utf8)
    return text.split(separator: "\n").map { line in
      let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      let lines = (object["lines"] as! [String]).dropFirst()
      return (object["tree"] as! [String: Any], Array(lines))
    }
  }

  @Test(
    "3,000 seeded random programs: the tree and the text agree with Neovim's undotree() after each",
    .enabled(if: neovim != nil, "needs Neovim (.ci/run installs it)"))
  func agreesWithNeovim() throws {
    var rng = SplitMix64(seed: Self.seed)
    let programs = (0..<Self.programCount).map { _ in randomProgram(&rng) }
    let vim = try Self.runInNeovim(programs)
    try #require(vim.count == programs.count, "Neovim ran \(vim.count) of \(programs.count) programs")
    var disagreements: [String] = []
    for (i, program) in programs.enumerated() {
      var registry = ReceiverRegistry()
      try registry.register(TestLines.self)
      let session = Session(registry: registry)
      for step in program { try? session.run(SourceFile(name: "<diff>", text: step.description)) }
      let ours = shape(of: session.historyTree)
      let theirs = shape(ofVim: vim[i].tree)
      let text = session.receiver("lines", as: TestLines.self)!.lines
      if ours != theirs || text != vim[i].lines {
        disagreements.append(
          "program \(i): \(program.map(\.description).joined(separator: "; "))\n  ours: \(ours) \(text)\n  vim:  \(theirs) \(vim[i].lines)"
        )
      }
    }
    #expect(disagreements.count == 0, "first disagreements:\n\(disagreements.prefix(3).joined(separator: "\n"))")
  }
}
