#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The arguments `plugin check` makes from a plugin's declarations: every value of a small
/// range and every word of a word set, in turn; a parameter's own `examples` when it
/// declares some; otherwise strings as a receiver holds them (names, paths, words), with
/// the awkward ones among them.
struct PluginCheckValues {
  private var random: SplitMix
  /// How many values each parameter has given, to take the next of a cycle.
  private var turns: [String: Int] = [:]
  /// The `examples` each parameter declared, by `TYPE.VERB.PARAMETER`.
  private(set) var examples: [String: [StateValue]] = [:]

  /// A range this small is taken whole, value by value.
  static let exhaustiveRange = 64

  init(seed: UInt64) { random = SplitMix(seed: seed) }

  /// Reads the `examples` of every parameter of `declarations` (a plugin's `types`); an
  /// example its kind does not accept is returned as a problem.
  mutating func read(_ declarations: [StateValue], types: [ReceiverDeclaration]) -> [String] {
    var problems: [String] = []
    for (raw, type) in zip(declarations, types) {
      let members: [(String, [Parameter], StateValue?)] =
        type.verbs.enumerated().map { (i, verb) in (verb.name, verb.parameters, Self.element(raw["verbs"], i)) }
        + type.queries.enumerated().map { (i, query) in (query.name, query.parameters, Self.element(raw["queries"], i))
        }
      for (name, parameters, declared) in members {
        for (i, parameter) in parameters.enumerated() {
          guard let list = Self.element(declared?["parameters"], i)?["examples"] else { continue }
          let key = "\(type.name).\(name).\(parameter.name)"
          guard case .array(let values) = list, !values.isEmpty else {
            problems.append("`\(key)` declares `examples` that are not a list of values")
            continue
          }
          for value in values where !Self.accepts(parameter.kind, value) {
            problems.append("`\(key)` declares the example \(value.json), which is not \(parameter.kind.description)")
          }
          examples[key] = values.filter { Self.accepts(parameter.kind, $0) }
        }
      }
    }
    return problems
  }

  /// The next value for parameter `key` (`TYPE.VERB.PARAMETER`) of `kind`.
  mutating func next(_ key: String, _ kind: ParameterKind) -> StateValue {
    let turn = turns[key, default: 0]
    turns[key] = turn + 1
    if let samples = examples[key], !samples.isEmpty { return samples[turn % samples.count] }
    switch kind {
    case .integer(let range):
      let (size, overflow) = range.upperBound.subtractingReportingOverflow(range.lowerBound)
      if !overflow, size < Self.exhaustiveRange { return .int(range.lowerBound + turn % (size + 1)) }
      let low = max(range.lowerBound, -1000)
      let high = min(range.upperBound, 1000)
      switch random.below(4) {
      case 0: return .int(range.lowerBound == Int.min ? low : range.lowerBound)
      case 1: return .int(range.upperBound == Int.max ? high : range.upperBound)
      default: return .int(low + random.below(high - low + 1))
      }
    case .decimal(let range):
      let low = range.lowerBound.isFinite ? range.lowerBound : -1000
      let high = range.upperBound.isFinite ? range.upperBound : 1000
      switch random.below(4) {
      case 0: return .double(low)
      case 1: return .double(high)
      default: return .double(low + (high - low) * Double(random.below(1001)) / 1000)
      }
    case .word(let set): return .string(set.words[turn % set.words.count])
    case .string: return .string(string())
    case .boolean: return .bool(turn % 2 == 0)
    }
  }

  private static let syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "zen", "bar", "qu", "ix"]
  private static let extensions = ["txt", "md", "json", "cmd", "tar.gz", ""]
  private static let awkward = [
    "", " ", "two words", "ünïcödé", "\"quoted\"", "line\nbreak", "tab\there", "../up", "-dash",
  ]

  /// A string such as a receiver holds: a name, a path, a few words, or an awkward one.
  private mutating func string() -> String {
    switch random.below(8) {
    case 0, 1, 2: return name()
    case 3, 4:
      let parts = (0...random.below(3)).map { _ in name() }
      let suffix = Self.extensions[random.below(Self.extensions.count)]
      return parts.joined(separator: "/") + (suffix.isEmpty ? "" : "." + suffix)
    case 5, 6: return (0...random.below(3)).map { _ in name() }.joined(separator: " ")
    default: return Self.awkward[random.below(Self.awkward.count)]
    }
  }

  private mutating func name() -> String {
    (0...random.below(3)).map { _ in Self.syllables[random.below(Self.syllables.count)] }.joined()
  }

  private static func element(_ list: StateValue?, _ index: Int) -> StateValue? {
    guard case .array(let items)? = list, index < items.count else { return nil }
    return items[index]
  }

  /// Whether `value` is one of `kind`'s.
  static func accepts(_ kind: ParameterKind, _ value: StateValue) -> Bool {
    PluginDeclarations.value(value, fitting: kind) != nil
  }
}

/// A folder of its own for `plugin check`'s plugin (its working directory and `HOME`), so
/// that a persistent plugin is never checked on its real data; removed afterwards.
struct ScratchFolder {
  let path: String

  init?() {
    var template = Array("/tmp/\(ToolIdentity.current.name)-check-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
    path = String(cString: made)
  }

  /// Removes the folder and everything in it (not following links).
  func remove() { Self.remove(path) }

  private static func remove(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR, let folder = opendir(path) {
      var names: [String] = []
      while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) {
          String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
        }
        if name != "." && name != ".." { names.append(name) }
      }
      closedir(folder)
      for name in names { remove(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }
}
