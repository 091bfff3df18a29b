import Foundation
import Testing

/// The release binary takes its own arguments (Sources/CArguments, in place of the Swift
/// runtime's search of the stack): a script must get them exactly as given, however long,
/// empty or far from ASCII, and with or without /proc.
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

  @Test(
    "script arguments arrive where /proc is not mounted",
    .enabled(if: getuid() == 0, "unmounting /proc in a mount namespace of its own needs root"))
  func argumentsArriveWithoutProc() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("argv-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try "echo \"[$1] [$2]\"\n".write(to: dir.appendingPathComponent("args.cmd"), atomically: true, encoding: .utf8)
    // /proc unmounted in a private mount namespace; the shell checks that it is gone before
    // it becomes cmdscript. Without the arguments, cmdscript would read the script from
    // standard input (/dev/null) and print nothing.
    let result = try CLI.run(
      [
        "--mount", "--fork", "sh", "-c",
        "umount -l /proc && ! test -e /proc/self && exec \"$0\" args.cmd 'a b' é", CLI.binary.path,
      ], in: dir, executable: URL(fileURLWithPath: "/usr/bin/unshare"))
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "[a b] [é]\n", "\(result)")
  }
}
