#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `cmdscript plugin new NAME --python|--node`: a working plugin on the kit, written with
/// the kit beside it, that passes `plugin check` as it is: a receiver `NAME` holding a
/// number, with a verb that refuses, one declared unavailable while a query says so, two
/// queries, and undo by a snapshot of its state.
enum PluginKit {
  enum Language: String {
    case python, node

    var file: String { self == .python ? "cmdscript_plugin.py" : "cmdscript-plugin.js" }
    var kit: String { self == .python ? PluginKit.python : PluginKit.node }
    func script(_ name: String) -> String { name + (self == .python ? ".py" : ".js") }
    func command(_ name: String) -> String { (self == .python ? "python3 " : "node ") + script(name) }
  }

  /// Whether `name` can name a plugin and its receiver: a lowercase word.
  static func isName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
    return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
  }

  /// Writes the plugin and the kit in the working directory; what went wrong, if anything.
  static func write(_ name: String, in language: Language) -> String? {
    let script = language.script(name)
    guard access(script, F_OK) != 0 else { return "\(script) exists already: nothing was written" }
    let text = language == .python ? python(name) : node(name)
    if let failure = write(text, to: script, mode: 0o755) { return failure }
    // The kit beside it, unless it is there (perhaps newer) already.
    if access(language.file, F_OK) != 0, let failure = write(language.kit, to: language.file, mode: 0o644) {
      return failure
    }
    return nil
  }

  private static func write(_ text: String, to path: String, mode: mode_t) -> String? {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard fd >= 0 else { return "cannot write \(path): \(String(cString: strerror(errno)))" }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    return written == bytes.count ? nil : "cannot write \(path): \(String(cString: strerror(errno)))"
  }

  static func python(_ name: String) -> String {
    let type = name.prefix(1).uppercased() + name.dropFirst()
    return """
      #!/usr/bin/env python3
      \"\"\"\(name).py: a cmdscript plugin on the kit (cmdscript_plugin.py, beside it).

          cmdscript --plugin 'python3 \(name).py' -c '\(name).add 5; show \(name)'
          cmdscript plugin check 'python3 \(name).py'
      \"\"\"
      from cmdscript_plugin import Plugin, Refused, boolean, integer, when

      plugin = Plugin("\(name)")


      @plugin.type("a number to add to", name="\(name)", instances=["\(name)"])
      class \(type):
          def __init__(self, name):
              self.value = 0  # the state: undo puts back a snapshot of it

          @plugin.verb("add N", n=integer(1, 100))
          def add(self, n):
              if self.value + n > 1000:
                  raise Refused("it stops at 1000")
              self.value += n

          @plugin.verb("back to 0", unavailable=[when("zero", "it is 0 already")])
          def clear(self):
              self.value = 0

          @plugin.query("the number", integer())
          def value(self):
              return self.value

          @plugin.query("whether it is 0", boolean())
          def zero(self):
              return self.value == 0


      plugin.run()

      """
  }

  static func node(_ name: String) -> String {
    """
    #!/usr/bin/env node
    // \(name).js: a cmdscript plugin on the kit (cmdscript-plugin.js, beside it).
    //
    //   cmdscript --plugin 'node \(name).js' -c '\(name).add 5; show \(name)'
    //   cmdscript plugin check 'node \(name).js'
    const { Plugin, Refused, boolean, integer, when } = require('./cmdscript-plugin.js');

    const plugin = new Plugin('\(name)');
    plugin.type('\(name)', {
      summary: 'a number to add to', instances: ['\(name)'],
      make: () => ({ value: 0 }), // the state: undo puts back a snapshot of it
      verbs: {
        add: {
          summary: 'add N', parameters: { n: integer(1, 100) },
          run(self, n) {
            if (self.value + n > 1000) throw new Refused('it stops at 1000');
            self.value += n;
          },
        },
        clear: {
          summary: 'back to 0', unavailable: [when('zero', 'it is 0 already')],
          run(self) { self.value = 0; },
        },
      },
      queries: {
        value: { summary: 'the number', kind: integer(), run: (self) => self.value },
        zero: { summary: 'whether it is 0', kind: boolean(), run: (self) => self.value === 0 },
      },
    });
    plugin.run();

    """
  }
}
