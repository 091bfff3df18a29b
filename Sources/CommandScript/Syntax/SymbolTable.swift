/// The words and parameter names of one compilation, each stored once and numbered as the
/// lexer meets them, so that the parser and the checker recognise and look up names by
/// small integers instead of making and hashing strings: a 10 MB script says `move` a few
/// hundred thousand times but has a few dozen distinct words.
///
/// The statement keywords come first, numbered in ``Keyword``'s order. Numbers mean
/// nothing beyond the compilation that made them. A session keeps its table from one
/// `compile` to the next only while the table is small (see `Session.maxReusedSymbols`),
/// so a long stream of distinct words cannot make it grow without bound.
final class SymbolTable {
  /// A name's number in its table.
  typealias ID = Int32

  /// Each name's text, by number.
  @exclusivity(unchecked) private(set) var names: [String] = []
  /// Every name's UTF-8 bytes back to back: name `i` is `arena[starts[i]..<starts[i + 1]]`.
  @exclusivity(unchecked) private var arena: [UInt8] = []
  @exclusivity(unchecked) private var starts: [Int32] = [0]
  /// Open addressing over the hashes of the long names (see ``isShort(_:)``): each slot
  /// holds a name's hash in its high 32 bits and its number plus one in its low 32, or 0.
  /// There are always at least twice as many slots as long names, and a power of two of
  /// them.
  @exclusivity(unchecked) private var slots = [UInt64](repeating: 0, count: 64)
  @exclusivity(unchecked) private var longCount = 0

  /// A short name's key (see ``key(_:)``) and number.
  private struct ShortSlot {
    var key: UInt64
    var id: ID
  }
  /// Open addressing over the keys of the short names, which are their own spelling: a
  /// slot with key 0 is empty. A power of two of slots, at least twice as many as short
  /// names; a key's first slot is the top `shortBits` bits of the key times a constant.
  private var shortSlots: UnsafeMutablePointer<ShortSlot>
  private var shortBits = 8 {
    didSet {
      shortShift = UInt64(64 - shortBits)
      shortMask = (1 << shortBits) - 1
    }
  }
  private var shortShift: UInt64 = 56
  private var shortMask = 255
  private var shortCount = 0

  init() {
    shortSlots = .allocate(capacity: 1 << shortBits)
    shortSlots.initialize(repeating: ShortSlot(key: 0, id: 0), count: 1 << shortBits)
    for keyword in Keyword.ordered { _ = intern(keyword.rawValue) }
  }

  deinit { shortSlots.deallocate() }

  /// The text of name `id`.
  subscript(id: ID) -> String { names[Int(id)] }

  /// The longest short name, in bytes.
  static let maxShortLength = 8

  /// Whether `bytes` is a short name: 1 to 8 bytes, none of them 0, so that its bytes
  /// packed into a `UInt64` (``key(_:)``) tell it from every other short name.
  static func isShort(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 1 && bytes.count <= maxShortLength && !bytes.contains(0)
  }

  /// The key of a short name: its bytes, the first in the lowest 8 bits, the rest 0.
  static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var key: UInt64 = 0
    for (i, b) in bytes.enumerated() { key |= UInt64(b) << (8 * UInt64(i)) }
    return key
  }

  /// The first slot to try for `key` in a table of `1 << (64 - shift)` slots: Fibonacci
  /// hashing, whose top bits depend on every byte of the key.
  @inline(__always) private static func firstSlot(_ key: UInt64, shift: UInt64) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift)
  }

  /// The number of the short name whose key is `key` and whose UTF-8 bytes are
  /// `text[start..<end]` (see ``isShort(_:)``), numbering it if it is new. (The bytes are
  /// taken from `text` only for a new name: a known one, nearly every word the lexer
  /// reads, costs no slice and no check of its bounds.)
  @inline(__always) func intern(
    short key: UInt64, in text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> ID {
    var slot = Self.firstSlot(key, shift: shortShift)
    while true {
      let entry = shortSlots[slot]
      if entry.key == key { return entry.id }
      if entry.key == 0 { break }
      slot = (slot &+ 1) & shortMask
    }
    return addShort(key, UnsafeBufferPointer(rebasing: text[start..<end]), at: slot)
  }

  /// Numbers a new short name, whose key goes in `slot` (empty). Kept out of line, so that
  /// the lexer, which inlines the look-up, carries no code for the rare new name.
  @inline(never) private func addShort(_ key: UInt64, _ bytes: UnsafeBufferPointer<UInt8>, at slot: Int) -> ID {
    let id = add(bytes)
    shortSlots[slot] = ShortSlot(key: key, id: id)
    shortCount += 1
    if shortCount * 2 > 1 << shortBits { growShort() }
    return id
  }

  /// The number of the name whose UTF-8 bytes are `bytes`, numbering it if it is new.
  func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> ID {
    if Self.isShort(bytes) { return intern(short: Self.key(bytes), in: bytes, from: 0, to: bytes.count) }
    let hash = bytes.reduce(2_166_136_261 as UInt32) { ($0 ^ UInt32($1)) &* 16_777_619 }  // FNV-1a
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
    let id = add(bytes)
    slots[slot] = UInt64(hash) << 32 | UInt64(id + 1)
    longCount += 1
    if longCount * 2 > slots.count { grow() }
    return id
  }

  /// The number of `name`, numbering it if it is new.
  func intern(_ name: String) -> ID {
    var name = name
    return name.withUTF8 { intern($0) }
  }

  /// Numbers `bytes` as a new name.
  private func add(_ bytes: UnsafeBufferPointer<UInt8>) -> ID {
    let id = ID(names.count)
    names.append(String(decoding: bytes, as: UTF8.self))
    arena.append(contentsOf: bytes)
    starts.append(Int32(arena.count))
    return id
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

  private func growShort() {
    let old = shortSlots
    let oldCount = 1 << shortBits
    shortBits += 1
    shortSlots = .allocate(capacity: 1 << shortBits)
    shortSlots.initialize(repeating: ShortSlot(key: 0, id: 0), count: 1 << shortBits)
    for entry in UnsafeBufferPointer(start: old, count: oldCount) where entry.key != 0 {
      var slot = Self.firstSlot(entry.key, shift: shortShift)
      while shortSlots[slot].key != 0 { slot = (slot + 1) & shortMask }
      shortSlots[slot] = entry
    }
    old.deallocate()
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

/// An answer per symbol (or per symbol and column, for answers that also depend on a slot),
/// computed the first time it is asked for and then read by indexing an array.
struct SymbolMemo<Value> {
  private var answers: [Value?] = []
  /// How many answers each symbol has.
  private let columns: Int

  init(columns: Int = 1) { self.columns = columns }

  @inline(__always) mutating func value(
    for symbol: SymbolTable.ID, column: Int = 0, compute: () -> Value
  ) -> Value {
    let i = Int(symbol) * columns + column
    if i >= answers.count { answers.append(contentsOf: repeatElement(nil, count: i + 1 - answers.count)) }
    if let known = answers[i] { return known }
    let value = compute()
    answers[i] = value
    return value
  }

  /// The answer for `symbol` (and `column`) if it has been computed: a read that, unlike
  /// ``value(for:column:compute:)``, needs no unique access to the memo.
  @inline(__always) func known(for symbol: SymbolTable.ID, column: Int = 0) -> Value? {
    let i = Int(symbol) * columns + column
    return i < answers.count ? answers[i] : nil
  }

  /// Records the answer for `symbol`, when what it was computed from changes.
  mutating func set(_ symbol: SymbolTable.ID, to value: Value) {
    let i = Int(symbol) * columns
    if i >= answers.count { answers.append(contentsOf: repeatElement(nil, count: i + 1 - answers.count)) }
    answers[i] = value
  }
}
