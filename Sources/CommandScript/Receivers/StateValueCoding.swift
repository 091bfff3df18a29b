// StateValue and Codable: a receiver builds its state from its own Codable type, and a host
// decodes a receiver's state into its own type, without JSON text in between. Object keys
// keep their order both ways.

extension StateValue {
  /// `value` as a state: structs and dictionaries become objects (keys in the order the
  /// value encodes them), arrays arrays, numbers, strings and booleans themselves, nil null.
  ///
  /// ```swift
  /// var state: StateValue { (try? StateValue(encoding: items)) ?? .null }
  /// ```
  public init(encoding value: some Encodable) throws {
    let encoder = StateValueEncoder(codingPath: [])
    try value.encode(to: encoder)
    self = encoder.storage.value ?? .null
  }

  /// This state as a value of `type`, as a JSON decoder would read it from ``json``:
  /// `session.state(of: "todo")?.decode(as: TodoState.self)`.
  public func decode<T: Decodable>(as type: T.Type) throws -> T {
    try T(from: StateValueDecoder(value: self, codingPath: []))
  }
}

extension StateValue: Codable {
  public init(from decoder: any Decoder) throws {
    if let value = decoder as? StateValueDecoder {
      self = value.value
      return
    }
    if let container = try? decoder.singleValueContainer() {
      if container.decodeNil() {
        self = .null
      } else if let b = try? container.decode(Bool.self) {
        self = .bool(b)
      } else if let n = try? container.decode(Int.self) {
        self = .int(n)
      } else if let d = try? container.decode(Double.self) {
        self = .double(d)
      } else if let s = try? container.decode(String.self) {
        self = .string(s)
      } else if let items = try? container.decode([StateValue].self) {
        self = .array(items)
      } else {
        let container = try decoder.container(keyedBy: AnyKey.self)
        self = .object(
          try container.allKeys.map { Member($0.stringValue, try container.decode(StateValue.self, forKey: $0)) })
      }
      return
    }
    self = .null
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let b):
      var container = encoder.singleValueContainer()
      try container.encode(b)
    case .int(let n):
      var container = encoder.singleValueContainer()
      try container.encode(n)
    case .double(let d):
      var container = encoder.singleValueContainer()
      try container.encode(d)
    case .string(let s):
      var container = encoder.singleValueContainer()
      try container.encode(s)
    case .array(let items):
      var container = encoder.unkeyedContainer()
      for item in items { try container.encode(item) }
    case .object(let members):
      var container = encoder.container(keyedBy: AnyKey.self)
      for member in members { try container.encode(member.value, forKey: AnyKey(member.key)) }
    }
  }
}

/// Any string as a coding key.
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { stringValue = String(intValue) }
}

// MARK: Encoding

/// A value being encoded: finished, or an object or array whose members are still being
/// written (a nested container writes into its own slot, which its parent holds).
final class StateValueSlot {
  enum Content {
    case value(StateValue)
    case object([(key: String, slot: StateValueSlot)])
    case array([StateValueSlot])
  }
  var content: Content?

  /// The value written, nested containers included.
  var value: StateValue? {
    switch content {
    case nil: nil
    case .value(let value): value
    case .object(let members): .object(members.map { .init($0.key, $0.slot.value ?? .null) })
    case .array(let items): .array(items.map { $0.value ?? .null })
    }
  }
}

struct StateValueEncoder: Encoder {
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  let storage: StateValueSlot

  init(codingPath: [any CodingKey], storage: StateValueSlot = StateValueSlot()) {
    self.codingPath = codingPath
    self.storage = storage
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object? = storage.content {} else { storage.content = .object([]) }
    return KeyedEncodingContainer(ObjectEncoder<Key>(slot: storage, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array? = storage.content {} else { storage.content = .array([]) }
    return ArrayEncoder(slot: storage, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleEncoder(slot: storage, codingPath: codingPath)
  }
}

private struct ObjectEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let slot: StateValueSlot
  var codingPath: [any CodingKey]

  /// A new slot for `key` (replacing one written before), in the order keys come.
  private func child(_ key: Key) -> StateValueEncoder {
    guard case .object(var members) = slot.content else { preconditionFailure("an object's container") }
    let child = StateValueSlot()
    if let i = members.firstIndex(where: { $0.key == key.stringValue }) {
      members[i].slot = child
    } else {
      members.append((key.stringValue, child))
    }
    slot.content = .object(members)
    return StateValueEncoder(codingPath: codingPath + [key], storage: child)
  }

  mutating func encodeNil(forKey key: Key) throws { child(key).storage.content = .value(.null) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try value.encode(to: child(key)) }
  mutating func nestedContainer<N: CodingKey>(keyedBy: N.Type, forKey key: Key) -> KeyedEncodingContainer<N> {
    child(key).container(keyedBy: N.self)
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    child(key).unkeyedContainer()
  }
  mutating func superEncoder() -> any Encoder { child(Key(stringValue: "super")!) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { child(key) }
}

private struct ArrayEncoder: UnkeyedEncodingContainer {
  let slot: StateValueSlot
  var codingPath: [any CodingKey]
  var count: Int {
    guard case .array(let items) = slot.content else { return 0 }
    return items.count
  }

  /// A new slot at the end.
  private func child() -> StateValueEncoder {
    guard case .array(var items) = slot.content else { preconditionFailure("an array's container") }
    let child = StateValueSlot()
    items.append(child)
    slot.content = .array(items)
    return StateValueEncoder(codingPath: codingPath + [AnyKey(String(items.count - 1))], storage: child)
  }

  mutating func encodeNil() throws { child().storage.content = .value(.null) }
  mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: child()) }
  mutating func nestedContainer<N: CodingKey>(keyedBy: N.Type) -> KeyedEncodingContainer<N> {
    child().container(keyedBy: N.self)
  }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { child().unkeyedContainer() }
  mutating func superEncoder() -> any Encoder { child() }
}

private struct SingleEncoder: SingleValueEncodingContainer {
  let slot: StateValueSlot
  var codingPath: [any CodingKey]

  mutating func encodeNil() throws { slot.content = .value(.null) }
  mutating func encode(_ value: Bool) throws { slot.content = .value(.bool(value)) }
  mutating func encode(_ value: String) throws { slot.content = .value(.string(value)) }
  mutating func encode(_ value: Double) throws { slot.content = .value(.double(value)) }
  mutating func encode(_ value: Float) throws { slot.content = .value(.double(Double(value))) }
  mutating func encode(_ value: Int) throws { slot.content = .value(.int(value)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    if let n = value as? any BinaryInteger {
      guard let int = Int(exactly: n) else {
        throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "beyond Int"))
      }
      slot.content = .value(.int(int))
    } else {
      try value.encode(to: StateValueEncoder(codingPath: codingPath, storage: slot))
    }
  }
}

// MARK: Decoding

struct StateValueDecoder: Decoder {
  let value: StateValue
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else { throw mismatch("an object") }
    return KeyedDecodingContainer(ObjectDecoder<Key>(members: members, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let items) = value else { throw mismatch("an array") }
    return ArrayDecoder(items: items, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleDecoder(value: value, codingPath: codingPath)
  }

  func mismatch(_ expected: String) -> DecodingError {
    .typeMismatch(
      StateValue.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.json)"))
  }
}

private struct ObjectDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [StateValue.Member]
  var codingPath: [any CodingKey]
  var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

  func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

  private func decoder(for key: Key) throws -> StateValueDecoder {
    guard let member = members.first(where: { $0.key == key.stringValue }) else {
      throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no `\(key.stringValue)`"))
    }
    return StateValueDecoder(value: member.value, codingPath: codingPath + [key])
  }

  func decodeNil(forKey key: Key) throws -> Bool { try decoder(for: key).value == .null }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: decoder(for: key)) }
  func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> {
    try decoder(for: key).container(keyedBy: N.self)
  }
  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder(for: key).unkeyedContainer()
  }
  func superDecoder() throws -> any Decoder { StateValueDecoder(value: .object(members), codingPath: codingPath) }
  func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }
}

private struct ArrayDecoder: UnkeyedDecodingContainer {
  let items: [StateValue]
  var codingPath: [any CodingKey]
  var currentIndex = 0
  var count: Int? { items.count }
  var isAtEnd: Bool { currentIndex >= items.count }

  init(items: [StateValue], codingPath: [any CodingKey]) {
    self.items = items
    self.codingPath = codingPath
  }

  private mutating func next() throws -> StateValueDecoder {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "past the end"))
    }
    defer { currentIndex += 1 }
    return StateValueDecoder(value: items[currentIndex], codingPath: codingPath + [AnyKey(String(currentIndex))])
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, items[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next()) }
  mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) throws -> KeyedDecodingContainer<N> {
    try next().container(keyedBy: N.self)
  }
  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
  mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct SingleDecoder: SingleValueDecodingContainer {
  let value: StateValue
  var codingPath: [any CodingKey]

  private func mismatch(_ expected: String) -> DecodingError {
    StateValueDecoder(value: value, codingPath: codingPath).mismatch(expected)
  }

  func decodeNil() -> Bool { value == .null }
  func decode(_ type: Bool.Type) throws -> Bool {
    guard case .bool(let b) = value else { throw mismatch("a boolean") }
    return b
  }
  func decode(_ type: String.Type) throws -> String {
    guard case .string(let s) = value else { throw mismatch("a string") }
    return s
  }
  func decode(_ type: Double.Type) throws -> Double {
    switch value {
    case .double(let d): return d
    case .int(let n): return Double(n)
    default: throw mismatch("a number")
    }
  }
  func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
  func decode(_ type: Int.Type) throws -> Int {
    switch value {
    case .int(let n): return n
    case .double(let d) where d.rounded() == d && abs(d) < 0x1p63: return Int(d)
    default: throw mismatch("an integer")
    }
  }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if let integer = type as? any FixedWidthInteger.Type {
      let n = try decode(Int.self)
      guard let converted = integer.init(exactly: n) as? T else { throw mismatch("a \(type)") }
      return converted
    }
    return try T(from: StateValueDecoder(value: value, codingPath: codingPath))
  }
}
