import CommandScript
import CommandScriptReceivers

/// The inputs every stage benchmark uses, made in memory and deterministic, so that the
/// benchmarks need no files and measure the same work on every run.
public enum Inputs {
  /// The built-in receivers, as `cmdscript` registers them.
  public static let registry = ReceiverRegistry.builtins

  /// A script of at least `bytes` bytes with the mix of `shared/bench/peers/gen_script.py`
  /// (the peers' `parse` workload): one to four `move`/`paint` statements a line joined by
  /// `;`, `; ` or ` ; `, counts on about half of the moves, trailing and whole-line comments,
  /// blank lines, indentation and an occasional trailing `;`.
  public static func script(bytes target: Int, seed: UInt64 = 1) -> [UInt8] {
    let directions = ["up", "down", "left", "right"]
    let colours = [
      "red", "green", "blue", "yellow", "black", "white", "orange", "purple", "cyan", "magenta", "grey", "teal",
    ]
    let comments = [
      "draw the left edge", "TODO tidy this up", "back to the start", "corner", "step 3 of the pattern",
      "highlight", "reset colour", "macro: zigzag", "see issue 12", "x",
    ]
    var random = SplitMix64(seed: seed)
    func statement() -> String {
      if random.unit() < 0.65 {
        let direction = directions[random.below(directions.count)]
        return random.unit() < 0.5 ? "move \(direction) \(1 + random.below(20))" : "move \(direction)"
      }
      return "paint \(colours[random.below(colours.count)])"
    }
    var out: [UInt8] = []
    out.reserveCapacity(target + 200)
    while out.count < target {
      let r = random.unit()
      var line = ""
      if r < 0.05 {
        line = ""
      } else if r < 0.13 {
        line = "# " + comments[random.below(comments.count)]
      } else {
        let n = [1, 1, 1, 2, 2, 3, 4][random.below(7)]
        let separator = ["; ", ";", " ; "][random.below(3)]
        line = (0..<n).map { _ in statement() }.joined(separator: separator)
        if random.unit() < 0.15 { line = "    " + line }
        if random.unit() < 0.05 { line += ";" }
        if random.unit() < 0.2 { line += "  # " + comments[random.below(comments.count)] }
      }
      out += line.utf8
      out.append(10)
    }
    return out
  }

  /// The exec workload of `bench/compare`: one top-level statement that runs and records
  /// exactly `commands` shape commands (move up, move right, paint through red, green,
  /// blue and yellow), so that one `undo` reverts all of them.
  public static func execScript(commands: Int) -> String {
    let cycle = [
      "move up", "move right", "paint red", "move up", "move right", "paint green",
      "move up", "move right", "paint blue", "move up", "move right", "paint yellow",
    ]
    let rest = cycle.prefix(commands % cycle.count).map { "; " + $0 }.joined()
    return "{ repeat \(commands / cycle.count) { \(cycle.joined(separator: "; ")) }\(rest) }\n"
  }
}

/// A small, fast, deterministic generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in 0..<1.
  mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

  /// A number in 0..<n.
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
