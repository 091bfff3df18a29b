import Testing

/// `show`'s pictures on pipes: plain characters even with NO_COLOR unset, sized by
/// $COLUMNS and $LINES; the one-line description without `--pictures`.
@Suite("Pictures on pipes")
struct PictureCLITests {
  @Test("--pictures always on a pipe draws plain characters, sized by $COLUMNS and $LINES")
  func plainOnAPipe() throws {
    let result = try CLI.shell(
      "unset NO_COLOR; COLUMNS=30 LINES=12 \"$CMDSCRIPT\" --pictures always -c 'move right 500; move up 9; paint red; show shape'"
    )
    #expect(result.status == 0, "\(result)")
    #expect(!result.stdout.contains("\u{1B}"), "escape codes on a pipe: \(result.stdout.debugDescription)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.first == "shape: at (500, 9), red")
    #expect(lines.count <= 12, "\(lines)")
    #expect(lines.allSatisfy { $0.count <= 30 }, "\(lines)")
    #expect(lines.contains { $0.contains("@") })
  }

  @Test("without --pictures a pipe gets the description, even with NO_COLOR unset")
  func descriptionOnAPipe() throws {
    let result = try CLI.shell("unset NO_COLOR; \"$CMDSCRIPT\" -c 'move up; show shape; show board'")
    #expect(result.stdout == "shape: at (0, 1), blue\nboard:\n  . . .\n  . . .\n  . . .\n  next: X\n", "\(result)")
  }
}
