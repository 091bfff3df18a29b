import CommandScript
import Testing

/// A receiver with decimal parameters and queries: a thermostat.
private final class Thermostat: Receiver {
  typealias Undo = Double
  static let typeName = "heat"
  static let summary = "a thermostat"
  static let verbs: [Verb<Thermostat>] = [
    Verb("set", [Parameter("degrees", .decimal(5...30))], summary: "set the target", restoring: \.target) { t, args in
      t.target = args.decimal(0)
    },
    Verb("raise", [Parameter("by", .decimal(0...5), default: .decimal(0.5))], summary: "raise it", restoring: \.target)
    { t, args in t.target += args.decimal(0) },
  ]
  static let queries: [Query<Thermostat>] = [
    Query("target", .decimal(5...35), summary: "the target") { t, _ in .decimal(t.target) },
    Query("above", [Parameter("degrees", .decimal)], .boolean, summary: "whether the target is above") { t, args in
      .boolean(t.target > args.decimal(0))
    },
  ]
  var target = 20.0
  init() {}
  var state: StateValue { ["target": .double(target)] }
}

@Suite struct DecimalTests {
  private func session() throws -> Session { try CommandScriptTests.session(of: Thermostat.self) }

  private func target(_ s: Session) -> StateValue? { s.state(of: "heat")?["target"] }

  private func echo(_ text: String) throws -> [String] {
    let s = try session()
    var lines: [String] = []
    s.onOutput = { if case .echo(let line) = $0 { lines.append(line) } }
    try s.run(SourceFile(name: "t", text: text))
    return lines
  }

  @Test func decimalsAndIntegersAreArgumentsOfADecimalParameter() throws {
    let s = try session()
    try s.run(SourceFile(name: "t", text: "set 21.5"))
    #expect(target(s) == .double(21.5))
    try s.run(SourceFile(name: "t", text: "set 18; raise; raise 1.25"))
    #expect(target(s) == .double(19.75))
    try s.run(SourceFile(name: "t", text: "set (heat.target - 0.75)"))
    #expect(target(s) == .double(19))
    try s.run(SourceFile(name: "t", text: "macro warm by { raise $by }\nwarm 2.5\nwarm 1"))
    #expect(target(s) == .double(22.5))
    try s.perform("set", on: "heat", 7.25)
    #expect(target(s) == .double(7.25))
    try s.perform("set", on: "heat", 8)
    #expect(target(s) == .double(8))
    try s.run(SourceFile(name: "t", text: "repeat 3 as i { raise ($i * 0.5) }"))
    #expect(target(s) == .double(11))
    #expect(s.help("set").contains("degrees: decimal 5.0...30.0"))
    #expect(s.help("raise").contains("default 0.5"))
    #expect(s.help("heat").contains("decimal 5.0...35.0"))
  }

  @Test func queriesOfDecimalsDecide() throws {
    let s = try session()
    try s.run(
      SourceFile(
        name: "t",
        text: """
          if heat.target >= 20 and heat.above 19.5 { set 25 } else { set 5 }
          assert heat.target == 25
          assert heat.target > 24.99 and not (heat.above 25)
          while heat.target > 21 { set (heat.target / 2 + 10) }
          """))
    #expect(target(s) == .double(20.625))
  }

  @Test func expressionsMixIntegersAndDecimals() throws {
    #expect(
      try echo("echo (1.5 + 2) (10 / 4) (10 / 4.0) (7.5 % 2) (3 -1.5) (-(2.5)) (0.1 + 0.2) 1.0e-7 2.50 (2 == 2.0)")
        == ["3.5 2 2.5 1.5 1.5 -2.5 0.30000000000000004 1.0e-7 2.5 true"])
    #expect(try echo("echo 1.0e300 (1.0e300 * 10) -0.0 (1 * 0.0)") == ["1.0e300 1.0e301 -0.0 0.0"])
  }

  @Test func everyFiniteDecimalIsWrittenAsALiteralThatReadsBack() throws {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [0, -0.0, 1, 0.1, 1e-7, 123456789.125, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
    for _ in 0..<500 {
      let x = Double(bitPattern: generator.next())
      if x.isFinite { values.append(x) }
    }
    for x in values {
      let literal = ScriptString.decimal(x)
      #expect(literal.contains("."), "\(literal)")
      let lines = try echo("echo \(literal)")
      #expect(lines == [literal], "\(x)")
      #expect(Double(literal).map { $0.bitPattern } == x.bitPattern, "\(literal)")
    }
  }

  @Test func anythingElseIsALocatedError() throws {
    let s = try session()
    for (text, message) in [
      ("set 40.5", "`degrees` must be a decimal from 5.0 to 30.0, not 40.5"),
      ("set 40", "`degrees` must be a decimal from 5.0 to 30.0, not 40"),
      ("set warm", "`degrees` must be a decimal from 5.0 to 30.0, not the word `warm`"),
      ("set \"20\"", "`degrees` must be a decimal from 5.0 to 30.0, not a string"),
      ("set (true)", "`degrees` must be a decimal, not a boolean"),
      ("repeat 2.5 { raise }", "the repeat count must be an integer ≥ 0, not 2.5"),
      ("echo 1.5x", "`1.5x` is not a number"),
      ("echo 1.0e400", "decimal `1.0e400` is too large"),
      ("echo (\"a\" < 1.5)", "the operand of `<` must be a decimal, not a string"),
      (
        "macro m n { raise $n; repeat $n { } }",
        "parameter `$n` is used as an integer ≥ 0 here, but as a decimal from 0.0 to 5.0 before"
      ),
    ] {
      #expect(failure(of: text, on: s) == .compile([message]), "\(text)")
    }
    for (text, message) in [
      ("set (heat.target * 2)", "the value must be a decimal from 5.0 to 30.0, not 40.0"),
      ("echo (1.5 / 0)", "division by zero"),
      ("echo (1.0e300 * 1.0e300)", "decimal overflow in `*`"),
    ] {
      #expect(failure(of: text, on: s) == .runtime(message), "\(text)")
    }
    #expect(throws: Session.RunError.self) { try s.perform("set", on: "heat", .decimal(.nan)) }
    #expect(throws: Session.RunError.self) { try s.perform("set", on: "heat", .decimal(.infinity)) }
    #expect(target(s) == .double(20))
  }

  @Test func decimalArgumentsAreExportedAndReadBack() throws {
    let s = try session()
    let files = MemoryFileAccess()
    s.fileAccess = files
    try s.run(
      SourceFile(name: "t", text: "set 21.125; raise 0.1; macro m x { set ($x - 1) }\nm 10.5\nraise (-0.5 * -1)"))
    #expect(s.history.map(\.statement) == ["set 21.125", "raise 0.1", "m 10.5", "raise (-0.5 * -1)"])
    try s.run(SourceFile(name: "t", text: "export \"out.cmd\""))
    let exported = String(decoding: try files.read("out.cmd"), as: UTF8.self)
    // Each step as the commands it ran; the default of `raise` (0.5) is left out.
    #expect(exported.contains("heat.raise 0.1\n{ heat.set 9.5 }\n{ heat.raise }"), "\(exported)")
    let replayed = try session()
    try replayed.run(SourceFile(name: "out.cmd", text: exported))
    #expect(target(replayed) == .double(10))
    #expect(target(s) == .double(10))
  }
}
