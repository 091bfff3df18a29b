import Foundation
import Testing

/// Neovim, as the reference client, asks `cmdscript lsp` about variables: completion after
/// `$` in a block (the names in scope, with how each is bound and its kind), hover and
/// definition on a `$NAME`, and the checker's variable errors as diagnostics.
@Suite struct EditorVariablesTests {
  @Test(
    "Neovim: completion, hover and definition of variables, and their errors, from cmdscript lsp",
    .enabled(if: EditorSetUpTests.neovim != nil || ProcessInfo.processInfo.environment["CI"] != nil))
  func neovimVariables() throws {
    let lines = try EditorSetUpTests.runNeovim(
      script: "let limit = 3\nrepeat 2 as i {\n  var step = 1.5\n  move up $\n  echo ($step)\n}\nlimit = 4\n",
      check: "Tests/CLITests/Editors/neovim_variables_check.lua")
    // The checker's variable error, beside the syntax error of the `$` being typed.
    #expect(
      lines.contains(
        "diagnostic 6:0 `limit` is bound by `let` and cannot be assigned: declare it with `var` to change it (did you mean `var limit = …`?)"
      ), "\(lines)")
    #expect(
      lines.filter { !$0.hasPrefix("diagnostic") } == [
        "completion $i (the turn of `repeat … as`)", "completion $limit (let, an integer)",
        "completion $step (var, a decimal)", "hover $step: var, a decimal, bound on line 3", "definition 2:6",
      ])
  }
}
