/// The words and parameter names of one compilation, each stored once and numbered as the
/// lexer meets them, so that the parser and the checker recognise and look up names by
/// small integers instead of making and hashing strings: a 10 MB script says `move` a few
/// hundred thousand times but has a few dozen distinct words.
///
/// The statement keywords come first, numbered in ``Keyword``'s order. Numbers mean
/// nothing beyond the compilation that made them (a session makes a table per `compile`,
/// so a long stream of distinct words cannot make it grow without bound).
final class SymbolTable {
  /// A name's number in its table.
  typealias ID = Int32

  /// Each name's text, by number.
  @exclusivity(unchecked) private(set) var names: [String] = []
  /// Every name's UTF-8 bytes back to back: name `i` is `arena[starts[i]..<starts[i + 1]]`.
  @exclusivity(unchecked) private var arena: [UInt8] = []
  @exclusivity(unchecked) private var starts: [Int32] = [0]
  /// Open addressing over the names' hashes: each slot holds a name's hash in its high 32
  /// bits and its number plus one in its low 32, or 0. There are always at least twice as
  /// many slots as names, and a power of two of them.
  @exclusivity(unchecked) private var slots = [UInt64](repeating: 0, count: 64)

  init() {
    for keyword in Keyword.ordered { _ = intern(keyword.rawValue) }
  }

  /// The text of name `id`.
  subscript(id: ID) -> String { names[Int(id)] }

  /// The hash `intern(_:hash:)` expects: 32-bit FNV-1a, one step per byte, so the lexer
  /// computes it as it scans a word.
  static let initialHash: UInt32 = 2_166_136_261
  @inline(__always) static func hash(_ hash: UInt32, _ byte: UInt8) -> UInt32 {
    (hash ^ UInt32(byte)) &* 16_777_619
  }

  /// The number of the name whose UTF-8 bytes are `bytes` (and whose hash is `hash`),
  /// numbering it if it is new.
  @inline(__always) func intern(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt32) -> ID {
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { break }
      if UInt32(truncatingIfNeeded: entry >> 32) == hash {
        let id = ID(truncatingIfNeeded: entry) - 1
        if spells(id, bytes) { return id }
      }
      slot = (slot + 1) & mask
    }
    let id = ID(names.count)
    names.append(String(decoding: bytes, as: UTF8.self))
    arena.append(contentsOf: bytes)
    starts.append(Int32(arena.count))
    slots[slot] = UInt64(hash) << 32 | UInt64(id + 1)
    if names.count * 2 > slots.count { grow() }
    return id
  }

  /// The number of `name`, numbering it if it is new.
  func intern(_ name: String) -> ID {
    var name = name
    return name.withUTF8 { bytes in
      intern(bytes, hash: bytes.reduce(Self.initialHash, Self.hash))
    }
  }

  private func spells(_ id: ID, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = Int(starts[Int(id)])
    guard Int(starts[Int(id) + 1]) - start == bytes.count else { return false }
    return arena.withUnsafeBufferPointer { stored in
      for i in 0..<bytes.count where stored[start + i] != bytes[i] { return false }
      return true
    }
  }

  private func grow() {
    let old = slots
    slots = [UInt64](repeating: 0, count: old.count * 2)
    let mask = slots.count - 1
    for entry in old where entry != 0 {
      var slot = Int(entry >> 32) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
  }
}

extension Keyword {
  /// The keywords in declaration order: keyword `i` is symbol `i` of every table.
  static let ordered = Keyword.allCases

  /// The keyword that symbol `id` spells, if any.
  init?(symbol id: SymbolTable.ID) {
    guard id >= 0, Int(id) < Self.ordered.count else { return nil }
    self = Self.ordered[Int(id)]
  }
}

/// An answer per symbol, computed the first time it is asked for and then read by
/// indexing an array.
struct SymbolMemo<Value> {
  private var answers: [Value?] = []

  init() {}

  @inline(__always) mutating func value(for symbol: SymbolTable.ID, compute: () -> Value) -> Value {
    let i = Int(symbol)
    if i >= answers.count { answers.append(contentsOf: repeatElement(nil, count: i + 1 - answers.count)) }
    if let known = answers[i] { return known }
    let value = compute()
    answers[i] = value
    return value
  }

  /// Records the answer for `symbol`, when what it was computed from changes.
  mutating func set(_ symbol: SymbolTable.ID, to value: Value) {
    let i = Int(symbol)
    if i >= answers.count { answers.append(contentsOf: repeatElement(nil, count: i + 1 - answers.count)) }
    answers[i] = value
  }
}
