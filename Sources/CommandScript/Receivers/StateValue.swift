/// A receiver's state as a small JSON-shaped value, with object keys kept in the order the
/// receiver gives them so that output is deterministic.
public enum StateValue: Equatable, Sendable {
  /// No value.
  case null
  /// A boolean.
  case bool(Bool)
  /// An integer.
  case int(Int)
  /// A number with a fraction. JSON has no NaN or infinity: they are written `null`.
  case double(Double)
  /// Text.
  case string(String)
  /// A list of values.
  case array([StateValue])
  /// Keys and values, in the order the receiver gives them.
  case object([Member])

  /// One key and value of an object.
  public struct Member: Equatable, Sendable {
    /// The key.
    public var key: String
    /// Its value.
    public var value: StateValue
    /// `key` with `value`.
    public init(_ key: String, _ value: StateValue) {
      self.key = key
      self.value = value
    }
  }

  /// The value of `key` in an object, if present.
  public subscript(key: String) -> StateValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// Compact JSON text (`{"x": 1, "y": 2}`), with a space after `:` and `,`.
  public var json: String {
    var out = ""
    writeJSON(to: &out)
    return out
  }

  func writeJSON(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let n): out += String(n)
    case .double(let d): out += d.isFinite ? String(d) : "null"
    case .string(let s): out += StateValue.jsonQuoted(s)
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += ", " }
        item.writeJSON(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (i, member) in members.enumerated() {
        if i > 0 { out += ", " }
        out += StateValue.jsonQuoted(member.key)
        out += ": "
        member.value.writeJSON(to: &out)
      }
      out += "}"
    }
  }

  /// `s` as a JSON string literal.
  package static func jsonQuoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// `x=1 y=2 colour=blue`: the default rendering of a receiver's state for people.
  package var compactDescription: String {
    switch self {
    case .null: return "none"
    case .bool(let b): return b ? "yes" : "no"
    case .int(let n): return String(n)
    case .double(let d): return String(d)
    case .string(let s): return s
    case .array(let items): return "[" + items.map(\.compactDescription).joined(separator: ", ") + "]"
    case .object(let members):
      return members.map { "\($0.key)=\($0.value.compactDescription)" }.joined(separator: " ")
    }
  }
}

extension StateValue {
  /// `value` as data: a number, a string or a boolean as itself, a word as its text in
  /// `kind`'s set (its index where `kind` is no word set). How a script's variables are
  /// shown as data and how a plugin is sent an argument.
  package init(_ value: CommandScript.Value, of kind: ValueKind) {
    switch value {
    case .integer(let n): self = .int(n)
    case .decimal(let x): self = .double(x)
    case .string(let s): self = .string(s)
    case .boolean(let b): self = .bool(b)
    case .word(let index):
      if case .word(let set) = kind { self = .string(set.words[index]) } else { self = .int(index) }
    }
  }
}

extension StateValue: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, StateValue)...) {
    self = .object(elements.map { Member($0.0, $0.1) })
  }
}

extension StateValue: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
}
