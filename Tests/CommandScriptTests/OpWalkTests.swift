import Testing

@testable import CommandScript

/// The one walk over an op's children (`Op.forEachPart`), which every analysis of ops reads
/// (a macro's depth and whether it runs commands, the commands that cannot be undone,
/// export's macros and decisions): every kind of op, compiled from source, and the parts the
/// walk finds in it, in order. A child the walk skips or misplaces fails `partsOfEachOp`; a
/// new kind of op fails to compile in `kind(of:)` here, and `everyKindIsWalked` then asks
/// for a sample of it.
@Suite struct OpWalkTests {
  enum Kind: CaseIterable {
    case command, parameterizedCommand, commands, sequence, `repeat`, call, show, help
    case countedLoop, conditional, loop, attempt, assertion, echo, assign, loopExit, returnValue
  }

  static func kind(of op: Op) -> Kind {
    switch op {
    case .command: .command
    case .parameterizedCommand: .parameterizedCommand
    case .commands: .commands
    case .sequence: .sequence
    case .repeat: .repeat
    case .call: .call
    case .show: .show
    case .help: .help
    case .countedLoop: .countedLoop
    case .conditional: .conditional
    case .loop: .loop
    case .attempt: .attempt
    case .assertion: .assertion
    case .echo: .echo
    case .assign: .assign
    case .loopExit: .loopExit
    case .returnValue: .returnValue
    }
  }

  /// Scripts whose last statement is walked, and its parts as `parts(of:)` writes them:
  /// a command as its text (`computed` if an argument is evaluated as it runs), a block in
  /// braces with its ops separated by `;` (`again` if it may run more than once), a call
  /// with its macro's body, `decides`, and `-` for an op with no parts.
  static let samples: [(script: String, parts: String)] = [
    ("move up", "move up"),
    ("move right (shape.x + 1)", "move right (shape.x + 1) computed"),
    ("{ move up; paint red }", "{ move up, paint red }"),
    ("{ move up; show shape; paint red }", "{ move up; -; paint red }"),
    ("repeat 3 { move up; paint red }", "{ move up, paint red } again"),
    ("repeat 1 { move up }", "{ move up }"),
    ("macro m c { paint $c; move up }\nm red", "call m { paint $c; move up }"),
    ("macro n k { repeat $k { move up } }\nn 1", "call n { { move up } again }"),
    ("repeat 2 as i { move right $i }", "decides, { move right $i } again"),
    ("repeat 1 as i { move right $i }", "decides, { move right $i }"),
    ("if shape.x > 0 { move up } else { paint red }", "decides, { move up }, { paint red }"),
    ("if shape.x > 0 { move up }", "decides, { move up }, { }"),
    ("while shape.x < 3 { move right }", "decides, { move right } again"),
    ("try { move up } else { paint red }", "decides, { move up }, { paint red }"),
    ("try { move up }", "decides, { move up }"),
    ("assert shape.x == 0", "decides"),
    ("echo (shape.x)", "-"),
    ("help", "-"),
    ("var n = 1\nn = $n + 1", "n = $n + 1 computed"),
    ("repeat 2 { break }", "{ decides } again"),
    ("macro d n { move up; return ($n * 2) }\necho (d 3 + 1)", "call d { move up; decides }"),
    (
      "macro d n { return ($n + 1) }\nmacro e { return 1 }\nif e > 0 { move right (d 2) }",
      "call e { decides }, decides, { call d { decides }, move right (d 2) computed }, { }"
    ),
    (
      "if shape.x > 0 { repeat 2 { try { move up } else as e { echo $e; paint red } } }",
      "decides, { { decides, { move up }, { -; paint red } } again }, { }"
    ),
  ]

  /// The last statement of `script`, compiled, and the session that compiled it.
  static func compiled(_ script: String) throws -> (op: Op, session: Session) {
    let session = Session(registry: testRegistry())
    let program = try session.compile(SourceFile(name: "t", text: script))
    guard case .operation(let op) = program.statements.last?.action else {
      Issue.record("not an operation: \(script)")
      return (.show(instances: nil), session)
    }
    return (op, session)
  }

  static func parts(of op: Op, script: String, session: Session) -> String {
    let bytes = Array(script.utf8)
    var written: [String] = []
    op.forEachPart { part in
      switch part {
      case .command(let range, let computes):
        written.append(String(decoding: bytes[range.start..<range.end], as: UTF8.self) + (computes ? " computed" : ""))
      case .call(let call):
        let macro = session.checkerState.macros[call.macro]
        written.append("call \(macro.name) " + block(macro.body, script: script, session: session))
      case .block(let ops, let repeats):
        written.append(block(ops, script: script, session: session) + (repeats ? " again" : ""))
      case .decision: written.append("decides")
      }
    }
    return written.isEmpty ? "-" : written.joined(separator: ", ")
  }

  static func block(_ ops: [Op], script: String, session: Session) -> String {
    ops.isEmpty
      ? "{ }" : "{ " + ops.map { parts(of: $0, script: script, session: session) }.joined(separator: "; ") + " }"
  }

  @Test(arguments: samples) func partsOfEachOp(script: String, parts expected: String) throws {
    let (op, session) = try Self.compiled(script)
    #expect(Self.parts(of: op, script: script, session: session) == expected)
  }

  /// Every kind of op is among the ops the samples' walks reach (through blocks, and calls
  /// into their macros' bodies).
  @Test func everyKindIsWalked() throws {
    var reached = Set<Kind>()
    for sample in Self.samples {
      let (op, session) = try Self.compiled(sample.script)
      var pending = [op]
      while let next = pending.popLast() {
        reached.insert(Self.kind(of: next))
        next.forEachPart { part in
          switch part {
          case .block(let ops, _): pending += ops
          case .call(let call): pending += session.checkerState.macros[call.macro].body
          case .command, .decision: break
          }
        }
      }
    }
    #expect(Set(Kind.allCases).subtracting(reached) == [])
  }
}
