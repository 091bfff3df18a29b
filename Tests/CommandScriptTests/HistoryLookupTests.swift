import CommandScript
import CommandScriptReceivers
import Testing

/// `Session.historyPosition`, `historyNode` and `savedStep`, which a host that follows the
/// tree step by step asks instead of building it: each answers as `historyTree` does.
@Suite struct HistoryLookupTests {
  @Test func theLookupsAnswerAsTheWholeTree() throws {
    let session = Session(registry: .builtins)
    for statement in ["move up", "paint red", "undo", "door.open", "move left", "goto 2", "redo", "undo; undo"] {
      try session.run(SourceFile(name: "t", text: statement))
      let tree = session.historyTree
      let position = session.historyPosition
      #expect(position.current == tree.current && position.last == tree.lastNumber)
      #expect(position.stored == tree.nodes.count)
      for node in tree.nodes { #expect(session.historyNode(node.number) == node, "after \(statement)") }
      #expect(session.historyNode(99) == nil && session.historyNode(0) == nil)
      #expect(session.savedStep == tree.saved)
    }
    session.markSaved()
    #expect(session.savedStep == session.historyTree.saved && session.savedStep == session.historyPosition.current)
  }
}
