import CommandScriptReceivers
import Testing

@testable import CommandScript

// `--check` (``Session/check(_:)``) checks a plain command whose name it has resolved before
// without compiling it (`Checker.checksPlainCommand`); `compile` always takes the general
// path. Both must find the same: the same diagnostics, at the same places, and the same
// warnings, on random programs and on a script of plain commands with bytes mutated.

@Suite struct CheckFastPathTests {
  /// What checking `text` finds: its errors, or its warnings.
  enum Outcome: Equatable {
    case errors([Diagnostic])
    case warnings([Diagnostic])
  }

  static func checked(_ text: String) -> Outcome {
    do {
      return .warnings(try Session(registry: testRegistry()).check([SourceFile(name: "t", text: text)]))
    } catch { return .errors(error.diagnostics) }
  }

  static func compiled(_ text: String) -> Outcome {
    do {
      return .warnings(try Session(registry: testRegistry()).compile(SourceFile(name: "t", text: text)).warnings)
    } catch { return .errors(error.diagnostics) }
  }

  /// A random statement: mostly plain commands, right or wrong, and the statements that
  /// change what a bare name means (`use`, `macro`, `new`).
  static func statement(_ random: inout SplitMix64) -> String {
    let words = [
      "up", "down", "left", "right", "red", "blue", "teal", "sideways", "X", "7", "0", "-3", "2.5",
      "\"text\"", "$1", "(1 + 2)", "99999999999999999999",
    ]
    func arguments(_ random: inout SplitMix64) -> String {
      (0..<random.below(4)).map { _ in " " + random.pick(words) }.joined()
    }
    switch random.below(20) {
    case 0: return "use " + random.pick(["shape", "door", "board", "counter", "gate", "nothing"])
    case 1: return "macro " + random.pick(["m", "paint", "zig"]) + " { move up; paint red }"
    case 2: return random.pick(["m", "zig", "zag"]) + arguments(&random)
    case 3: return "new shape " + random.pick(["s2", "s3", "shape"])
    case 4:
      return random.pick(["shape", "s2", "door", "board"]) + "." + random.pick(["move", "paint", "open", "place"])
        + arguments(&random)
    case 5: return "repeat 2 { " + random.pick(["move up", "log \"x\"", "bump 3", "move"]) + "; bump }"
    default:
      return random.pick(["move", "paint", "place", "reset", "bump", "log", "open", "close", "mvoe", "check"])
        + arguments(&random)
    }
  }

  @Test func randomProgramsCheckAsTheyCompile() {
    var random = SplitMix64(seed: PropertyTests.seed ^ 0xC4EC)
    for _ in 0..<400 {
      var text = ""
      for _ in 0..<random.below(30) {
        text += Self.statement(&random) + random.pick(["\n", "; ", ";", " # note\n", "\n\n"])
      }
      #expect(Self.checked(text) == Self.compiled(text), "\(text)")
    }
  }

  @Test func mutatedScriptsCheckAsTheyCompile() {
    var random = SplitMix64(seed: PropertyTests.seed ^ 0x3A7E)
    let base = Array(
      "move right; move right; move up 3\n# corner\n    paint grey ; move left\nmove down 20\nplace 1 2; reset\n"
        .utf8)
    let alphabet = Array("aeimnoprtuvwxyz0123456789 ;\n#.\"$(){}-".utf8)
    for _ in 0..<400 {
      var bytes = Array(repeating: base, count: 1 + random.below(3)).flatMap { $0 }
      for _ in 0..<1 + random.below(4) {
        let i = random.below(bytes.count)
        switch random.below(3) {
        case 0: bytes[i] = random.pick(alphabet)
        case 1: bytes.insert(random.pick(alphabet), at: i)
        default: bytes.remove(at: i)
        }
      }
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(Self.checked(text) == Self.compiled(text), "\(text)")
    }
  }

  /// A name's meaning changes under the fast path's memo: after `use`, after a macro
  /// takes a name, after `new`.
  @Test func meaningsThatChangeAreCheckedAgain() {
    for text in [
      "move up; use door; move up", "open; use door; open; use gate; open",
      "bump 3; bump 300; macro bump2 { bump }; bump2 1", "paint red; use board; paint red; paint blue",
      "place 1 1; new board b2; use b2; place 1 10; place 1 1",
    ] {
      #expect(Self.checked(text) == Self.compiled(text), "\(text)")
    }
  }
}
