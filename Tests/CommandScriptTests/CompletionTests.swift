import CommandScriptReceivers
import Testing

@testable import CommandScript

/// The REPL's tab completion and macro listing, from the checker's declarations.
@Suite struct CompletionTests {
  let session = Session(registry: Self.registry())

  /// Shape, door and board: fixed, so that new built-in receivers do not change the
  /// expectations.
  static func registry(gate: Bool = false) -> ReceiverRegistry {
    var registry = ReceiverRegistry()
    try! registry.register(Shape.self)
    try! registry.register(Door.self)
    try! registry.register(Board.self)
    if gate { try! registry.register(TestGate.self) }
    return registry
  }

  func complete(_ line: String) -> [String] {
    // The word being typed is what follows the last break character, as readline splits it.
    let breaks: Set<Character> = [" ", "\t", "\n", ";", "{", "}", ".", "\"", "(", ")"]
    let start = line.lastIndex(where: { breaks.contains($0) }).map { line.index(after: $0) } ?? line.startIndex
    return session.completions(of: String(line[start...]), after: String(line[..<start]))
  }

  @Test func statementStart() {
    #expect(complete("pai") == ["paint"])
    #expect(complete("sh") == ["shape.", "show"])
    #expect(complete("u") == ["undo", "unlock", "use"])
    #expect(complete("move up; re") == ["redo", "repeat", "reset"])
    let all = complete("")
    #expect(all.contains("door.") && all.contains("transaction") && all.contains("place"))
    #expect(all == all.sorted())
  }

  @Test func insideBlocksOnlyWhatMayStandThere() {
    #expect(complete("repeat 3 { u") == ["unlock"])
    #expect(complete("repeat 3 { move up; h") == ["help"])
    #expect(complete("{ m") == ["move"])
    #expect(complete("{ move up }; m") == ["macro", "move"])
  }

  @Test func verbsAfterReceiver() {
    #expect(complete("shape.") == ["move", "paint"])
    #expect(complete("door.") == ["close", "lock", "open", "unlock"])
    #expect(complete("door.l") == ["lock"])
    #expect(complete("nothing.") == [])
  }

  @Test func argumentWords() {
    #expect(complete("paint ") == (Shape.colours.words + ["gray"]).sorted())
    #expect(complete("shape.paint gr") == ["gray", "green", "grey"])
    #expect(complete("move ") == ["down", "left", "right", "up"])
    #expect(complete("move up ") == [])  // steps: an integer
    #expect(complete("move up 2 ") == [])  // no more parameters
    #expect(complete("board.place ") == [])
    #expect(complete("door.open ") == [])
  }

  @Test func afterKeywords() {
    #expect(complete("show ") == ["board", "door", "shape"])
    #expect(complete("use d") == ["door"])
    #expect(complete("help pa") == ["paint"])
    #expect(complete("undo ") == [])
    #expect(complete("show door ") == [])
    #expect(complete("new ") == ["board", "door", "shape"])
    #expect(complete("queue pa") == ["paint"])
    #expect(complete("queue shape.paint b") == ["black", "blue"])
    #expect(complete("batch ") == ["off"])
    #expect(complete("export ") == ["tree"])
    #expect(complete("export t") == ["tree"])
  }

  /// `$` offers the top-level variables in force, as it offers a macro's parameters.
  @Test func variablesAfterADollar() throws {
    _ = try session.run(SourceFile(name: "t", text: "var count = 1; let start = 2"))
    #expect(complete("while $c").contains("$count"))
    #expect(complete("echo (1 + $").contains("$start"))
    #expect(complete("move up $").contains("$count"))
  }

  @Test func aConditionStartsWithAReceiverOrNot() {
    #expect(complete("if d") == ["door."])
    #expect(complete("while ") == ["board.", "door.", "not", "shape."])
    #expect(complete("echo ") == [])
  }

  @Test func aConditionOffersAReceiversQueriesAndOperandsAfterOperators() {
    #expect(complete("if door.") == ["locked", "open"])
    #expect(complete("while door.l") == ["locked"])
    #expect(complete("assert not ") == ["board.", "door.", "not", "shape."])
    #expect(complete("if door.locked and s") == ["shape."])
    #expect(complete("if door.locked or ") == ["board.", "door.", "not", "shape."])
    // After a whole query, an operator comes, not a word.
    #expect(complete("if door.locked ") == [])
    #expect(complete("if nothing.") == [])
  }

  @Test func insideParenthesesAnExpression() {
    #expect(complete("echo (") == ["board.", "door.", "not", "shape."])
    #expect(complete("echo (sh") == ["shape."])
    #expect(complete("echo (shape.") == ["color", "colour", "x", "y"])
    #expect(complete("move up (shape.x + b") == ["board."])
    #expect(complete("if (door.locked or (d") == ["door."])
    // After the `)` that closes it, no longer.
    #expect(complete("echo (shape.x) ") == [])
  }

  @Test func turnsAndFailureMessagesAfterDollar() {
    #expect(complete("repeat 3 as i { move up $") == ["$i"])
    #expect(complete("repeat 3 as i { echo (shape.x + $") == ["$i"])
    #expect(complete("macro m n { repeat 2 as turn { move up $") == ["$n", "$turn"])
    #expect(complete("try { door.open } else as e { echo $") == [])  // `echo` takes no completion
    #expect(complete("try { door.open } else as e { echo ($") == ["$e"])
    #expect(complete("repeat 3 as i { move up 1 }; move up $") == [])
  }

  @Test func aMacrosReceiverParameterTakesInstances() throws {
    try session.run(SourceFile(name: "t", text: "new door garage; macro secure d { $d.close; $d.lock }"))
    #expect(complete("secure gar") == ["garage"])
    #expect(complete("secure ") == ["door", "garage"])
  }

  @Test func instancesMadeWithNew() throws {
    try session.run(SourceFile(name: "t", text: "new door back"))
    #expect(complete("ba") == ["back.", "batch"])
    #expect(complete("back.") == ["close", "lock", "open", "unlock"])
    #expect(complete("show b") == ["back", "board"])
  }

  @Test func macrosAndTheirParameters() throws {
    try session.run(SourceFile(name: "t", text: "macro zig n d { move $d $n }"))
    #expect(complete("zi") == ["zig"])
    #expect(complete("zig ") == [])  // $n: an integer
    #expect(complete("zig 2 ") == ["down", "left", "right", "up"])
    #expect(complete("macro zag steps {\n  move up $") == ["$steps"])
    #expect(complete("macro zag steps { repeat $s") == ["$steps"])
    #expect(complete("macro zag steps { repeat 2 { paint r") == ["red"])
  }

  @Test func noParameterWhereNoArgumentCanStand() {
    // `door.open` takes no argument, and `move` none after its direction and steps.
    #expect(complete("macro zag steps { door.open $") == [])
    #expect(complete("macro zag steps { move up $steps $") == [])
    #expect(complete("macro zag steps { move up $steps ") == [])
    #expect(complete("macro zag steps { open $") == [])
    // Where an argument can stand, the parameters are offered.
    #expect(complete("macro zag steps { move up $") == ["$steps"])
    #expect(complete("macro zag steps { shape.paint $") == ["$steps"])
  }

  @Test func nothingInStringsOrComments() {
    #expect(complete("paint \"re") == [])
    #expect(complete("move up # pa") == [])
    #expect(complete("move up # comment\npa") == ["paint"])
    #expect(complete("paint \"#{\" # \"\n  pa") == ["paint"])
  }

  @Test func aVerbOfSeveralReceiversIsOfferedOnce() throws {
    let session = Session(registry: Self.registry(gate: true))
    // `open` belongs to door and gate.
    #expect(session.completions(of: "op", after: "") == ["open"])
    #expect(session.completions(of: "op", after: "gate.") == ["open"])
    try session.run(SourceFile(name: "t", text: "use gate"))
    #expect(session.completions(of: "", after: "open ") == [])
  }

  // MARK: Macro listing

  @Test func macroDefinitionsAsWritten() throws {
    try session.run(SourceFile(name: "a.cmd", text: "macro zig n {\n  move up $n\n}\nmacro hop { move up }"))
    try session.run(SourceFile(name: "b.cmd", text: "macro zig { hop }"))
    let listed = session.macroDefinitions
    #expect(listed.map(\.name) == ["hop", "zig"])
    #expect(listed[0].source == "macro hop { move up }")
    #expect(listed[0].sourceName == "a.cmd")
    #expect(listed[1].source == "macro zig { hop }")
    #expect(listed[1].parameters == [])
  }

  @Test func macroNameProblems() throws {
    #expect(session.problemDefiningMacro(named: "zig") == nil)
    #expect(session.problemDefiningMacro(named: "move") == "`move` is a verb of `shape` and cannot name a macro")
    #expect(session.problemDefiningMacro(named: "door") == "`door` is a receiver and cannot name a macro")
    #expect(session.problemDefiningMacro(named: "undo")?.contains("statement") == true)
    #expect(session.problemDefiningMacro(named: "record") != nil)
    #expect(session.problemDefiningMacro(named: "a b") != nil)
    #expect(session.problemDefiningMacro(named: "") != nil)
    // Nothing was defined.
    #expect(session.macroDefinitions.isEmpty)
  }

  @Test func canonicalStatements() {
    #expect(
      Session.canonicalStatement("macro m n # c\n{ move up $n\n  paint \"red\" }")
        == "macro m n { move up $n; paint \"red\" }")
    #expect(Session.canonicalStatement("move up; move down") == nil)
    #expect(Session.canonicalStatement("move (") == nil)
  }
}

/// What the lexer says about the text before a cursor: the one reading of partial text that
/// completion, the REPL's file names and the editor server share.
@Suite struct CursorContextTests {
  @Test func stringsAndCommentsAreTheLexers() {
    #expect(CursorContext(before: "echo \"a # b").inString)
    #expect(!CursorContext(before: "echo \"a # b\" ").endsInStringOrComment)
    #expect(CursorContext(before: "echo \"a\" # b \" c").inComment)
    #expect(CursorContext(before: "# {\nmove up ").depth == 0)
    #expect(CursorContext(before: "echo \"{\" {\n").depth == 1)
  }

  @Test func theWordBeingTyped() {
    #expect(CursorContext(before: "move u").word == "u")
    #expect(CursorContext(before: "move up ").word == "")
    #expect(CursorContext(before: "macro m n { move $n").word == "$n")
    #expect(CursorContext(before: "macro m n { move $").word == "$")
    #expect(CursorContext(before: "door.").word == "")
    #expect(CursorContext(before: "echo \"ab").word == "")
    #expect(CursorContext(before: "move up # ab").word == "")
  }

  @Test func theCommandAndItsArgumentSlot() {
    func command(_ text: String) -> String? {
      CursorContext(before: text).command.map { "\($0.name) \($0.argument)" }
    }
    #expect(command("move up ") == "move 1")
    #expect(command("move u") == "move 0")
    #expect(command("door.lock ") == "door.lock 0")
    #expect(command("zig ") == "zig 0")
    #expect(command("") == nil)
    #expect(command("move up;") == nil)
    // A string with a blank is one argument, a parenthesised expression too, and a `;`
    // in a string ends no statement.
    #expect(command("zig \"a b\" ") == "zig 1")
    #expect(command("zig (1 + 2) ") == "zig 1")
    #expect(command("zig \"a;b\" 3 ") == "zig 2")
    #expect(command("zig \"a b") == nil)
  }

  @Test func theFileOfSourceAndExport() {
    typealias File = CursorContext.FileArgument
    #expect(CursorContext(before: "source ").fileArgument == File.typing(path: "", quoted: false))
    #expect(CursorContext(before: "source \"lib/de").fileArgument == File.typing(path: "lib/de", quoted: true))
    #expect(CursorContext(before: "move up; export \"a.").fileArgument == File.typing(path: "a.", quoted: true))
    #expect(CursorContext(before: "source \"a.cmd\" ").fileArgument == File.written)
    #expect(CursorContext(before: "source").fileArgument == nil)
    #expect(CursorContext(before: "echo \"a;source ").fileArgument == nil)
    #expect(CursorContext(before: "# x; source ").fileArgument == nil)
    #expect(CursorContext(before: "move up ").fileArgument == nil)
  }
}
