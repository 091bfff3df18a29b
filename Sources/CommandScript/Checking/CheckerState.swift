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
  /// The instances, numbered as the invoker numbers them: made by `addInstance`.
  private(set) var instances: [Instance] = [] { didSet { changes &+= 1 } }
  /// The instance made by `new` that each name stands for (`instanceIndex`): one look-up,
  /// however many there are. (The built-in instances, one per type, are not in it: a run
  /// starts without making it, and their names are never taken again.)
  private var madeByName: [String: Int] = [:]
  /// How many instances a run starts with (never made by `new`, never undone).
  private(set) var initialInstanceCount = 0
  var macros: [Macro] = [] { didSet { changes &+= 1 } }
  /// Every definition of each macro name, as indices into `macros`, oldest first: the last
  /// is the one in force, and a macro with receiver parameters sees those made before it
  /// (`macro(named:before:)`). Made by `define`.
  private(set) var definitions: [String: [Int]] = [:]
  var usedInstance: Int? { didSet { changes &+= 1 } }
  /// How many times `instances`, `macros` or `usedInstance` has changed: what a bare name
  /// means at the top level depends on them alone, so while this number stays, meanings
  /// stay (the fast path of plain commands compares it, one number, every statement).
  private(set) var changes = 0
  /// The macros checked for the instances a call gave to their receiver parameters: by the
  /// template macro's index followed by the instances, the index of the checked macro.
  var specializations: [[Int]: Int] = [:]
  /// Whether `source` and `export` may touch files.
  var allowsFiles = true
  /// Every verb's declaration as plain values, made once: a session checks each chunk of
  /// a stream with a checker of its own.
  let verbTable: Checker.VerbTable

  init(registry: ReceiverRegistry) {
    types = registry.types
    // Each type's first instances: its own name, or those a declared type (a plugin's)
    // starts with.
    for (t, type) in registry.types.enumerated() {
      for name in type.declaredInstances ?? [type.name] { instances.append(Instance(name: name, type: t)) }
    }
    // The variables' store: the last type and the last instance a run starts with, which no
    // name finds (`instanceIndex`): scripts reach it through `let`, `var` and `show vars`.
    types.append(VariableStore.typeInfo)
    variableStore = instances.count
    instances.append(Instance(name: VariableStore.typeName, type: types.count - 1))
    initialInstanceCount = instances.count
    verbTable = Checker.VerbTable(registry.types)
  }

  /// The instance of the variables' store (``VariableStore``).
  let variableStore: Int
  /// The receiver types scripts name: the registry's, without the variables' store.
  var receiverTypes: ArraySlice<ReceiverTypeInfo> { types.dropLast() }
  /// Every variable declared so far, by slot (a declaration that was taken back stays, as
  /// withdrawn instances do, so that slots keep their numbers).
  var variables: [Variable] = []
  /// The top-level variables in force, by name: their slots.
  var globals: [String: Int] = [:]

  /// The instance a name stands for: the latest made by that name (an earlier one's `new`
  /// was undone, or the later `new` could not have run).
  func instanceIndex(_ name: String) -> Int? {
    if !madeByName.isEmpty, let made = madeByName[name] { return made }
    return instances[..<variableStore].firstIndex { $0.name == name }
  }

  /// Adds an instance, which its name now stands for.
  mutating func addInstance(_ instance: Instance) {
    madeByName[instance.name] = instances.count
    instances.append(instance)
  }

  /// The macro in force for each name (the latest definition).
  var macroByName: [String: Int] { definitions.mapValues { $0.last! } }

  /// The macro `name` stands for: the latest definition of it among the first `limit`
  /// macros (all of them by default).
  func macro(named name: String, before limit: Int = .max) -> Int? {
    guard let all = definitions[name] else { return nil }
    return all.last(where: { $0 < limit })
  }

  /// Makes `name` stand for macro `index`, the newest.
  mutating func define(_ name: String, as index: Int) {
    definitions[name, default: []].append(index)
  }

  /// Where a state stands, to take back what was defined after it: its lists only grow, so
  /// their lengths mark it. A plain value, where a copy of the state would be copied again
  /// at the next definition (a script of many `new`s took memory quadratic in its length).
  struct Mark: Sendable {
    var instances: Int
    var macros: Int
    var usedInstance: Int?
    var globals: [String: Int] = [:]
  }

  var mark: Mark {
    Mark(instances: instances.count, macros: macros.count, usedInstance: usedInstance, globals: globals)
  }

  /// This state as it was at `mark`, but that the instances made since stay, numbered as
  /// the invoker numbers them, withdrawn: their names stand for nothing (or for what they
  /// stood for before).
  mutating func takeBack(since mark: Mark) {
    for i in mark.instances..<instances.count { instances[i].withdrawn = true }
    forgetDefinitions(since: mark)
  }

  /// This state, for a checker to change in place: `self` keeps none of its storage, so
  /// that the checker's is not copied at its first change (a stream's entries, each
  /// checked on its own, copied every instance and macro each). ``rollBack(to:)`` takes
  /// back what a checker defined when its compilation is not kept.
  mutating func movedOut() -> CheckerState {
    let moved = self
    instances = []
    madeByName = [:]
    macros = []
    definitions = [:]
    specializations = [:]
    return moved
  }

  /// This state as it was at `mark`, the instances and macros defined since removed (not
  /// withdrawn: nothing ran them).
  mutating func rollBack(to mark: Mark) {
    instances.removeSubrange(mark.instances...)
    forgetDefinitions(since: mark)
  }

  /// What `takeBack` and `rollBack` share: the names of the instances that stand, and the
  /// macros, `use` and top-level variables as they were at `mark`.
  private mutating func forgetDefinitions(since mark: Mark) {
    madeByName = [:]
    for i in initialInstanceCount..<instances.count where !instances[i].withdrawn { madeByName[instances[i].name] = i }
    macros.removeSubrange(mark.macros...)
    specializations = specializations.filter { $0.value < mark.macros }
    definitions = definitions.compactMapValues { all in
      let kept = all.filter { $0 < mark.macros }
      return kept.isEmpty ? nil : kept
    }
    usedInstance = mark.usedInstance
    globals = mark.globals
  }

  /// The names of the instances, but those withdrawn.
  var instanceNames: [String] {
    instances.indices.filter { !instances[$0].withdrawn && $0 != variableStore }.map { instances[$0].name }
  }
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
    /// What the parameter accepts: `ValueKind.value(of:)` says whether a literal is of its
    /// kind (the table caches its answers, never repeats them).
    var accepts: ValueKind
    /// Whether it takes words: only then is a word's index worth caching. Stored rather
    /// than read from `accepts` on every argument: matching the enum there cost the 1 MB
    /// `--check` 0.3% more instructions.
    var isWord: Bool
    /// The default value when it is an integer or a word, as ``CommandTable/SmallCommand``
    /// packs it.
    var packedDefault: PackedValue?
  }

  /// An integer, or a word's index in its set, as ``CommandTable/SmallCommand`` packs it.
  typealias PackedValue = (value: Int, isWord: Bool)

  /// The receivers' verb declarations as the checker reads them, made once per registry:
  /// every verb of every type (verb `v` of type `t` is `verbs[firstVerb[t] + v]`) and every
  /// parameter of each, numbered from 0 up without gaps, as plain values for the fast path of
  /// checking a command; and each verb name's owners. The checker's per-compilation memos
  /// (`bareNames`, `wordIndices`) cache answers read from here, by symbol.
  struct VerbTable: Sendable {
    var firstVerb: [Int] = []
    var verbs: [PackedVerb] = []
    var parameters: [PackedParameter] = []
    /// For each verb name, the types that have it and the verb's index in each: one hash
    /// look-up resolves a bare verb, instead of a search through every type.
    var owners: [String: [(type: Int, verb: Int)]] = [:]

    init(_ types: [ReceiverTypeInfo]) {
      // Each array made once at its size: a session is made at every start-up.
      firstVerb.reserveCapacity(types.count)
      verbs.reserveCapacity(types.reduce(0) { $0 + $1.verbs.count })
      parameters.reserveCapacity(types.reduce(0) { $0 + $1.verbs.reduce(0) { $0 + $1.parameters.count } })
      for (t, type) in types.enumerated() {
        firstVerb.append(verbs.count)
        // By index, reading fields rather than copying each declaration.
        let declared = type.verbs
        for v in declared.indices {
          let verbParameters = declared[v].parameters
          owners[declared[v].name, default: []].append((t, v))
          verbs.append(
            PackedVerb(
              first: parameters.count, count: verbParameters.count, required: declared[v].requiredCount,
              isUndoable: declared[v].isUndoable))
          for p in verbParameters {
            var shape = PackedParameter(accepts: p.kind, isWord: false)
            if case .word = p.kind { shape.isWord = true }
            switch p.defaultValue {
            case .integer(let n)?: shape.packedDefault = (n, false)
            case .word(let n)?: shape.packedDefault = (n, true)
            case .decimal?, .string?, .boolean?, nil: break
            }
            parameters.append(shape)
          }
        }
      }
    }
  }

}
