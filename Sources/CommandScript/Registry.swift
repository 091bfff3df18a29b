/// The receiver types a session knows. Built-in and embedding apps' receivers register
/// the same way:
///
/// ```swift
/// var registry = ReceiverRegistry()
/// try registry.register(Lamp.self)
/// let session = Session(registry: registry)
/// ```
public struct ReceiverRegistry: Sendable {
  /// The registered types, in registration order.
  public private(set) var types: [ReceiverTypeInfo] = []

  public init() {}

  /// Adds a receiver type. Its first instance, named after the type, exists in every
  /// session made from this registry.
  public mutating func register<R: Receiver>(_ type: R.Type) throws(RegistrationError) {
    let name = R.typeName
    try Self.validate(name, as: "receiver type `\(name)`")
    if types.contains(where: { $0.name == name }) {
      throw RegistrationError("receiver type `\(name)` is already registered")
    }
    var seen = Set<String>()
    for verb in R.verbs {
      try Self.validate(verb.name, as: "verb `\(verb.name)` of `\(name)`")
      if !seen.insert(verb.name).inserted {
        throw RegistrationError("`\(name)` declares verb `\(verb.name)` twice")
      }
      var optionalSeen = false
      for parameter in verb.parameters {
        if parameter.defaultValue != nil {
          optionalSeen = true
        } else if optionalSeen {
          throw RegistrationError(
            "`\(name).\(verb.name)`: parameter `\(parameter.name)` without a default follows one with a default"
          )
        }
      }
    }
    types.append(
      ReceiverTypeInfo(
        name: name, summary: R.summary,
        verbs: R.verbs.map {
          VerbInfo(
            name: $0.name, parameters: $0.parameters, summary: $0.summary,
            isUndoable: $0.isUndoable)
        },
        make: { instanceName in ReceiverBox<R>(name: instanceName) }))
  }

  /// Checks that `name` can be written in scripts; `described` names it in errors.
  private static func validate(_ name: String, as described: String) throws(RegistrationError) {
    guard let first = name.utf8.first, Lexer.isWordStart(first),
      name.utf8.allSatisfy(Lexer.isWordContinue)
    else { throw RegistrationError("\(described) is not a word") }
    if Keyword(rawValue: name) != nil {
      throw RegistrationError("\(described) is a reserved word of the language")
    }
  }
}

/// Why a receiver type could not be registered (a programming error in its declaration).
public struct RegistrationError: Error, Equatable, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}

/// A registered receiver type, without its Swift type: what the checker, `help` and
/// completion read.
public struct ReceiverTypeInfo: Sendable {
  public let name: String
  public let summary: String
  public let verbs: [VerbInfo]
  let make: @Sendable (String) -> AnyReceiverBox

  /// The index of the verb called `name`.
  public func verbIndex(_ name: String) -> Int? { verbs.firstIndex { $0.name == name } }
}

/// A verb's declaration, without its functions.
public struct VerbInfo: Sendable {
  public let name: String
  public let parameters: [Parameter]
  public let summary: String
  public let isUndoable: Bool

  /// How many arguments the verb needs at least (parameters without defaults).
  public var requiredCount: Int { parameters.prefix { $0.defaultValue == nil }.count }

  /// `move <direction> [steps]`, for help and diagnostics.
  public var signature: String {
    ([name]
      + parameters.map { p in
        p.defaultValue == nil ? "<\(p.name)>" : "[\(p.name)]"
      }).joined(separator: " ")
  }
}

/// A receiver instance behind a type-erased interface. The subclass keeps the receiver's
/// undo records in a contiguous stack of its own `Undo` type: undo is strictly last-in,
/// first-out for every receiver, so a plain stack is exact and costs no allocation per
/// command.
class AnyReceiverBox {
  let name: String
  init(name: String) { self.name = name }
  func execute(verb: Int, _ arguments: Arguments) throws(CommandFailure) { fatalError("abstract") }
  func undo(verb: Int, _ arguments: Arguments) { fatalError("abstract") }
  var state: StateValue { fatalError("abstract") }
  var stateDescription: String { fatalError("abstract") }
  /// The verb's name if it cannot be undone, else nil.
  func verbIfNotUndoable(_ verb: Int) -> String? { fatalError("abstract") }
}

final class ReceiverBox<R: Receiver>: AnyReceiverBox {
  let receiver = R()
  let verbs = R.verbs
  var undoRecords = ContiguousArray<R.Undo>()

  override func execute(verb: Int, _ arguments: Arguments) throws(CommandFailure) {
    let declaration = verbs[verb]
    let record = try declaration.execute(receiver, arguments)
    if declaration.undo != nil { undoRecords.append(record) }
  }

  override func undo(verb: Int, _ arguments: Arguments) {
    guard let undo = verbs[verb].undo else { return }
    undo(receiver, arguments, undoRecords.removeLast())
  }

  override func verbIfNotUndoable(_ verb: Int) -> String? {
    verbs[verb].undo == nil ? verbs[verb].name : nil
  }

  override var state: StateValue { receiver.state }
  override var stateDescription: String { receiver.stateDescription }
}
