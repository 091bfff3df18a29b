// What the checker carries from one statement to the next (instances, macros, `use`), and the
// receivers' verb declarations packed as plain values for the fast path of checking a command.

/// A receiver instance as the checker knows it.
struct Instance: Sendable {
  var name: String
  var type: Int
  /// Made by a `new` that never ran (its program stopped before it): its name stands for
  /// nothing, as if the `new` had not been written.
  var withdrawn = false
}

/// What the checker has learnt from the statements before the current one: the
/// instances, the macros in force, the receiver chosen with `use`. It is a value, so a
/// chunk of input that fails to compile leaves the previous state untouched.
struct CheckerState: Sendable {
  var types: [ReceiverTypeInfo]
  var instances: [Instance]
  var macros: [Macro] = []
  /// The macro in force for each name (the latest definition).
  var macroByName: [String: Int] = [:]
  var usedInstance: Int?
  /// The macros checked for the instances a call gave to their receiver parameters: by the
  /// template macro's index followed by the instances, the index of the checked macro.
  var specializations: [[Int]: Int] = [:]
  /// Whether `source` and `export` may touch files.
  var allowsFiles = true
  /// For each verb name, the types that have it and the verb's index in each: one hash
  /// look-up resolves a bare verb, instead of a search through every type.
  let verbOwners: [String: [(type: Int, verb: Int)]]
  /// Every verb's declaration as plain values, made once: a session checks each chunk of
  /// a stream with a checker of its own.
  let packedVerbs: Checker.PackedVerbTable

  init(registry: ReceiverRegistry) {
    types = registry.types
    instances = registry.types.indices.map { Instance(name: registry.types[$0].name, type: $0) }
    var owners: [String: [(type: Int, verb: Int)]] = [:]
    for (t, type) in types.enumerated() {
      for (v, verb) in type.verbs.enumerated() { owners[verb.name, default: []].append((t, v)) }
    }
    verbOwners = owners
    packedVerbs = Checker.PackedVerbTable(registry.types)
  }

  /// The instance a name stands for: the latest made by that name (an earlier one's `new`
  /// was undone, or the later `new` could not have run).
  func instanceIndex(_ name: String) -> Int? { instances.lastIndex { $0.name == name && !$0.withdrawn } }

  /// The names of the instances, but those withdrawn.
  var instanceNames: [String] { instances.filter { !$0.withdrawn }.map(\.name) }
}

extension Checker {
  /// A verb's declaration as plain values, for checking a command without retaining
  /// anything: its parameters are `packedVerbs.parameters[first..<first + count]`.
  struct PackedVerb: Sendable {
    var first: Int
    var count: Int
    var required: Int
    var isUndoable: Bool
  }

  struct PackedParameter: Sendable {
    /// An integer range, or nil: a word or a string.
    var integers: ClosedRange<Int>?
    var isWord: Bool
    /// The default value when it is an integer or a word, as ``CommandTable/SmallCommand``
    /// packs it.
    var packedDefault: (value: Int, isWord: Bool)?
  }

  /// Every verb of every type (verb `v` of type `t` is `verbs[firstVerb[t] + v]`) and every
  /// parameter of each, numbered from 0 up without gaps: the receivers' declarations packed
  /// as plain values, for the fast path of checking a command.
  struct PackedVerbTable: Sendable {
    var firstVerb: [Int] = []
    var verbs: [PackedVerb] = []
    var parameters: [PackedParameter] = []
    /// Each parameter's default value (apart, so that a parameter's shape is a plain value).
    var defaults: [Value?] = []

    init(_ types: [ReceiverTypeInfo]) {
      for type in types {
        firstVerb.append(verbs.count)
        for verb in type.verbs {
          verbs.append(
            PackedVerb(
              first: parameters.count, count: verb.parameters.count, required: verb.requiredCount,
              isUndoable: verb.isUndoable))
          for p in verb.parameters {
            var shape = PackedParameter(integers: nil, isWord: false)
            switch p.kind {
            case .integer(let range): shape.integers = range
            case .word: shape.isWord = true
            case .string: break
            }
            switch p.defaultValue {
            case .integer(let n)?: shape.packedDefault = (n, false)
            case .word(let n)?: shape.packedDefault = (n, true)
            default: break
            }
            parameters.append(shape)
            defaults.append(p.defaultValue)
          }
        }
      }
    }
  }

}
