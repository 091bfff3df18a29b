import Foundation
import Testing

/// The release binary reads its own arguments (Sources/cmdscript/ArgumentVector.swift, in
/// place of the Swift runtime's search of the stack): a script must get them exactly as
/// given, however long, empty or far from ASCII.
@Suite struct ArgumentVectorTests {
  @Test("script arguments arrive as given: empty, with spaces, not ASCII, longer than a page")
  func argumentsArriveAsGiven() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("argv-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try "echo \"[$1] [$2] [$3] [$4]\"\n".write(
      to: dir.appendingPathComponent("args.cmd"), atomically: true, encoding: .utf8)
    let long = String(repeating: "x", count: 5000)
    for given in [["a b", "", "é ☃", long], [long, long, "-", "x"]] {
      let result = try CLI.run(["args.cmd"] + given, in: dir)
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout == "[\(given[0])] [\(given[1])] [\(given[2])] [\(given[3])]\n", "\(result)")
    }
  }
}
