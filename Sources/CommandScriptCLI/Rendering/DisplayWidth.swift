/// How many columns of a terminal a character takes, so that the caret under a source line
/// stands under the character it marks: 2 for East Asian wide and fullwidth characters
/// (`日`, `Ａ`) and wide emoji, 0 for combining marks and other characters that join the
/// one before (`é` written as `e` and U+0301), 1 for the rest. (The table is Markus Kuhn's
/// `wcwidth`, which terminals follow; the C library's `wcwidth` depends on the locale.)
enum DisplayWidth {
  static func of(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x300 { return 1 }
    if isWide(v) { return 2 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: return 0
    case .format where v != 0xAD: return 0  // zero-width space, joiners, marks of direction
    default: break
    }
    // Hangul medial vowels and final consonants join the syllable before them.
    return (0x1160...0x11FF).contains(v) ? 0 : 1
  }

  /// The columns `scalars` take.
  static func of(_ scalars: some Sequence<Unicode.Scalar>) -> Int {
    scalars.reduce(0) { $0 + of($1) }
  }

  private static func isWide(_ v: UInt32) -> Bool {
    guard v >= 0x1100 else { return false }
    return v <= 0x115F || v == 0x2329 || v == 0x232A
      || (0x2E80...0xA4CF).contains(v) && v != 0x303F
      || (0xAC00...0xD7A3).contains(v)
      || (0xF900...0xFAFF).contains(v)
      || (0xFE10...0xFE19).contains(v)
      || (0xFE30...0xFE6F).contains(v)
      || (0xFF00...0xFF60).contains(v)
      || (0xFFE0...0xFFE6).contains(v)
      || (0x1F300...0x1F64F).contains(v)
      || (0x1F900...0x1F9FF).contains(v)
      || (0x20000...0x2FFFD).contains(v)
      || (0x30000...0x3FFFD).contains(v)
  }
}
