// The one writer of values as script text, and the one reader of `$NAME` in strings.

/// Strings as scripts write them. Inside a string, `$NAME` is replaced by the macro
/// parameter (or `repeat … as` turn) of that name, `$1` by the script's first argument,
/// `${NAME}` likewise where text follows (`"${i}th"`), and `\$` writes a dollar sign.
///
/// The lexer keeps a string's text with every literal dollar sign doubled (`$$`), so that
/// `$NAME` is always an interpolation: this type reads that form and writes both.
public enum ScriptString {
  /// `value` as a string literal that reads back as exactly `value`, whatever it holds:
  /// quotes, backslashes, line breaks, tabs and carriage returns escaped, other control
  /// characters (NUL among them) written `\u{HEX}`, and a `$` that would start a `$NAME`
  /// written `\$`. A host that builds script text writes every string with it.
  public static func literal(_ value: String) -> String {
    var out = "\""
    let scalars = Array(value.unicodeScalars)
    for (i, c) in scalars.enumerated() {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case "$"
      where i + 1 < scalars.count && scalars[i + 1].isASCII
        && (Lexer.isParameterStart(UInt8(scalars[i + 1].value)) || scalars[i + 1] == "{" || scalars[i + 1] == "("):
        out += "\\$"
      case _ where c.value < 0x20 || c.value == 0x7F:
        out += "\\u{\(String(c.value, radix: 16, uppercase: true))}"
      default: out.unicodeScalars.append(c)
      }
    }
    return out + "\""
  }

  /// `value` as an argument writes it, reading back as exactly `value`: an integer or a
  /// decimal as its literal, a word as the member of `words` (its parameter's ``WordSet``)
  /// it numbers, a string as its literal, a boolean as `true` or `false`. Every value a
  /// script, `export`, help or a host writes as script text is written here.
  public static func argument(_ value: Value, words: [String]? = nil) -> String {
    switch value {
    case .integer(let n): return integer(n)
    case .decimal(let x): return decimal(x)
    case .word(let i):
      guard let words, words.indices.contains(i) else { return String(i) }
      return words[i]
    case .string(let s): return literal(s)
    case .boolean(let b): return boolean(b)
    }
  }

  /// `value`, a constant or a query's answer, as an operand of an expression writes it: as
  /// ``argument(_:words:)``, with a negative number in parentheses (`x - (-3)`), so that no
  /// operator next to it changes what it reads as.
  static func operand(_ value: Value, words: [String]? = nil) -> String {
    switch value {
    case .integer(let n) where n < 0: return "(" + integer(n) + ")"
    case .decimal(let x) where x.sign == .minus: return "(" + decimal(x) + ")"
    case .integer, .decimal, .word, .string, .boolean: return argument(value, words: words)
    }
  }

  /// `n` as an integer literal (`-3` is one literal, as the lexer reads it).
  public static func integer(_ n: Int) -> String { String(n) }

  /// `value` as the word `true` or `false`.
  public static func boolean(_ value: Bool) -> String { value ? "true" : "false" }

  /// `value`, a finite number, as a decimal literal that reads back as exactly `value`: the
  /// shortest digits that do, always with a fraction (`2.0`, `0.1`, `1.5e-7`, `1.0e300`).
  public static func decimal(_ value: Double) -> String {
    precondition(value.isFinite, "a decimal literal is a finite number")
    let shortest = value.description  // "2.0", "1e-07", "1.5e+300"
    guard let e = shortest.firstIndex(of: "e") else { return shortest }
    var mantissa = shortest[..<e]
    if !mantissa.contains(".") { mantissa += ".0" }
    var exponent = shortest[shortest.index(after: e)...]
    let negative = exponent.first == "-"
    if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
    exponent = exponent.drop { $0 == "0" }
    return mantissa + "e" + (negative ? "-" : "") + exponent
  }

  /// A piece of a string as the lexer keeps it.
  enum Piece: Equatable {
    case text(String)
    case parameter(String)
  }

  /// The pieces of `encoded` (the lexer's form): text, with each `$$` a dollar sign, and
  /// the `$NAME`s between.
  static func pieces(of encoded: String) -> [Piece] {
    guard encoded.utf8.contains(UInt8(ascii: "$")) else { return [.text(encoded)] }
    var pieces: [Piece] = []
    var text: [UInt8] = []
    let bytes = Array(encoded.utf8)
    var i = 0
    while i < bytes.count {
      guard bytes[i] == UInt8(ascii: "$") else {
        text.append(bytes[i])
        i += 1
        continue
      }
      if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "$") {
        text.append(bytes[i])
        i += 2
        continue
      }
      // `${NAME}` (the lexer keeps only well-formed ones) or `$NAME`.
      let braced = i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "{")
      let first = braced ? i + 2 : i + 1
      var end = first
      while end < bytes.count, Lexer.isWordContinue(bytes[end]) { end += 1 }
      if !text.isEmpty { pieces.append(.text(String(decoding: text, as: UTF8.self))) }
      text = []
      pieces.append(.parameter(String(decoding: bytes[first..<end], as: UTF8.self)))
      i = braced ? end + 1 : end
    }
    if !text.isEmpty || pieces.isEmpty { pieces.append(.text(String(decoding: text, as: UTF8.self))) }
    return pieces
  }

  /// `encoded` with no interpolation: each `$$` a dollar sign, a `$NAME` as written (for
  /// file names, which are read at the top level, where no parameter exists).
  static func plain(_ encoded: String) -> String {
    guard encoded.utf8.contains(UInt8(ascii: "$")) else { return encoded }
    return pieces(of: encoded).map {
      switch $0 {
      case .text(let t): t
      case .parameter(let p): "$" + p
      }
    }.joined()
  }

  /// `encoded` as written in a script: like ``literal(_:)``, with its `$NAME`s kept.
  static func canonical(_ encoded: String) -> String {
    guard encoded.utf8.contains(UInt8(ascii: "$")) else { return literal(encoded) }
    return interpolated(pieces(of: encoded))
  }

  /// A string of `pieces` as written in a script: its text as ``literal(_:)`` writes it,
  /// each parameter `$NAME`, or `${NAME}` where text that could continue the name follows
  /// (`"${i}th"`).
  static func interpolated(_ pieces: [Piece]) -> String {
    var out = ""
    for (i, piece) in pieces.enumerated() {
      switch piece {
      case .text(let t): out += literal(t).dropFirst().dropLast()
      case .parameter(let p):
        if i + 1 < pieces.count, case .text(let t) = pieces[i + 1], let b = t.utf8.first, Lexer.isWordContinue(b) {
          out += "${" + p + "}"
        } else {
          out += "$" + p
        }
      }
    }
    return "\"" + out + "\""
  }
}
