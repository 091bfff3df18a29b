import CommandScriptReceivers
import Foundation
import Testing

@testable import CommandScript

// A property test that no statement that checks is dropped: random programs whose every
// statement has an effect or an output known in advance (`echo` of every kind of argument
// — literals, strings, a script's `$1`, a macro's `$p`, a turn's `$i`, `( … )` — and
// `shape.move right N`), nested in blocks, `repeat`s, `repeat … as`, transactions, `if`,
// `try` and macro bodies. The program, run as a script with arguments, must print exactly
// the lines the generator expects and move the shape exactly as far.
//
// Seeded as PropertyTests is: CMDSCRIPT_PROPERTY_SEED and CMDSCRIPT_PROPERTY_COUNT.

/// Writes programs whose outputs and effect it knows.
private struct EffectProgramGenerator {
  var random: SplitMix64
  /// The script's arguments (`$1`, `$2`).
  let arguments = ["hi", "there"]
  /// What the program prints, line by line, and how far it moves the shape right.
  private(set) var outputs: [String] = []
  private(set) var moved = 0
  /// The macros defined so far, with the words their parameters are given.
  private var macros: [(name: String, body: (inout EffectProgramGenerator, [String]) -> Void, text: String)] = []

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  /// The names in scope: a macro's parameters and the turns of `repeat … as`, with what
  /// each stands for while the statement being written runs (nil: not known when written,
  /// so not used).
  private typealias Scope = [(name: String, value: String)]

  /// An `echo` argument and the text it prints.
  private mutating func echoArgument(_ scope: Scope) -> (text: String, printed: String) {
    switch random.below(scope.isEmpty ? 6 : 7) {
    case 0:
      let n = random.below(100)
      return ("\(n)", "\(n)")
    case 1:
      let word = random.pick(["red", "up", "drew", "turns"])
      return (word, word)
    case 2:
      let word = random.pick(["a b", "in", "x"])
      return ("\"\(word)\"", word)
    case 3:
      let i = random.below(arguments.count)
      return ("$\(i + 1)", arguments[i])
    case 4:
      let i = random.below(arguments.count)
      return ("\"<$\(i + 1)>\"", "<\(arguments[i])>")
    case 5:
      let (a, b) = (random.below(10), random.below(10))
      return ("(\(a) + \(b))", "\(a + b)")
    default:
      let entry = random.pick(scope)
      return ("$\(entry.name)", entry.value)
    }
  }

  /// One statement that may stand in a block, written as it runs with `scope`.
  private mutating func statement(depth: Int, scope: Scope) -> (text: String, run: (inout Self) -> Void) {
    switch random.below(depth >= 3 ? 2 : 10) {
    case 0:
      let parts = (0..<1 + random.below(4)).map { _ in echoArgument(scope) }
      let line = parts.map(\.printed).joined(separator: " ")
      return ("echo " + parts.map(\.text).joined(separator: " "), { $0.outputs.append(line) })
    case 1:
      let n = 1 + random.below(3)
      return ("shape.move right \(n)", { $0.moved += n })
    case 2:
      let body = block(depth: depth + 1, scope: scope)
      return ("{ \(body.text) }", body.run)
    case 3:
      let count = random.below(3)
      let body = block(depth: depth + 1, scope: scope)
      return ("repeat \(count) { \(body.text) }", { g in for _ in 0..<count { body.run(&g) } })
    case 4:
      let count = random.below(3)
      let name = "i\(depth)"
      // Each turn's statements are written once, for `$NAME` as the turn's number: the text
      // is the same for every turn, so the body is written for turn 1 and the others
      // print their own numbers where the body prints `$NAME`.
      var turns: [(text: String, run: (inout Self) -> Void)] = []
      let saved = random
      for turn in 0..<max(count, 1) {
        random = saved
        turns.append(block(depth: depth + 1, scope: scope + [(name, "\(turn + 1)")]))
      }
      return (
        "repeat \(count) as \(name) { \(turns[0].text) }",
        { g in for turn in 0..<count { turns[turn].run(&g) } }
      )
    case 5:
      let body = block(depth: depth + 1, scope: scope)
      return ("transaction { \(body.text) }", body.run)
    case 6:
      let then = block(depth: depth + 1, scope: scope)
      let otherwise = block(depth: depth + 1, scope: scope)
      let holds = random.chance(50)
      return (
        "if \(holds ? "shape.x >= 0" : "shape.x < 0") { \(then.text) } else { \(otherwise.text) }",
        { g in holds ? then.run(&g) : otherwise.run(&g) }
      )
    case 7:
      let body = block(depth: depth + 1, scope: scope)
      return ("try { \(body.text) }", body.run)
    default:
      guard let macro = macros.isEmpty ? nil : random.pick(macros) else {
        return ("echo \"none\"", { $0.outputs.append("none") })
      }
      let words = (0..<2).map { _ in random.pick(["red", "up", "seven"]) }
      return ("\(macro.name) \(words.joined(separator: " "))", { g in macro.body(&g, words) })
    }
  }

  private mutating func block(depth: Int, scope: Scope) -> (text: String, run: (inout Self) -> Void) {
    let statements = (0..<1 + random.below(3)).map { _ in statement(depth: depth, scope: scope) }
    return (statements.map(\.text).joined(separator: "; "), { g in for s in statements { s.run(&g) } })
  }

  /// `macro mN p q { … }`: its body is written once for each set of words a call may
  /// give, as `repeat … as` turns are, and the words are picked from a small set.
  private mutating func macroDefinition() -> String {
    let name = "m\(macros.count)"
    let words = ["red", "up", "seven"]
    let saved = random
    var bodies: [String: (text: String, run: (inout Self) -> Void)] = [:]
    for p in words {
      for q in words {
        random = saved
        bodies[p + " " + q] = block(depth: 2, scope: [("p", p), ("q", q)])
      }
    }
    let text = bodies["red red"]!.text
    macros.append(
      (name, { g, given in bodies[given.joined(separator: " ")]!.run(&g) }, text))
    return "macro \(name) p q { \(text) }"
  }

  /// A program of `count` top-level statements; `outputs` and `moved` are what it does.
  mutating func program(count: Int) -> String {
    var lines: [String] = []
    for _ in 0..<count {
      if random.chance(15) {
        lines.append(macroDefinition())
      } else {
        let s = statement(depth: 0, scope: [])
        s.run(&self)
        lines.append(s.text)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

@Suite struct EffectPropertyTests {
  /// Every statement that checks runs: each prints what it must and moves the shape as far.
  @Test func everyCheckedStatementHasItsEffect() {
    for i in 0..<max(1, PropertyTests.count / 5) {
      let seed = PropertyTests.seed &+ UInt64(i)
      var generator = EffectProgramGenerator(seed: seed)
      let text = generator.program(count: 1 + generator.random.below(8))
      let recorder = Recorder(.builtins)
      do {
        try recorder.session.run(SourceFile(name: "t.cmd", text: text, arguments: generator.arguments))
      } catch {
        Issue.record("seed \(seed): the program failed: \(error)\n\(text)")
        continue
      }
      let printed = recorder.outputs.compactMap { if case .echo(let line) = $0 { line } else { nil } }
      #expect(printed == generator.outputs, "seed \(seed): the outputs of\n\(text)")
      #expect(recorder.shape.x == generator.moved, "seed \(seed): how far the shape moved in\n\(text)")
      if printed != generator.outputs || recorder.shape.x != generator.moved { return }
    }
  }
}
