// What an editor asks of a script's names without running it: where macros and instances
// are defined (`macro NAME`, `new TYPE NAME`), and where a name is used, from the tokens,
// so that strings and comments never count.

/// The names a script defines, and where each word is used.
public struct ScriptOutline: Sendable {
  /// A name the script defines.
  public struct Definition: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
      case macro
      /// An instance made by `new`, of this receiver type.
      case instance(type: String)
    }
    public var name: String
    public var kind: Kind
    /// The name where it is defined.
    public var location: SourceLocation
    /// The whole statement that defines it (for a macro, through its body's `}`).
    public var statement: SourceLocation
  }

  /// Each word of the script (receivers, verbs, macros, words of arguments, keywords) with
  /// where it stands, in order; parameters as `$name`.
  public private(set) var words: [(text: String, location: SourceLocation)] = []
  public private(set) var definitions: [Definition] = []

  /// The outline of `file`, whatever errors it has (it is lexed and parsed, not checked).
  public init(_ file: SourceFile) {
    var sources = SourceTable()
    let id = sources.add(file)
    let symbols = SymbolTable()
    file.bytes.withUnsafeBufferPointer { buffer in
      var lexer = Lexer(buffer, source: id, firstLine: file.firstLine, symbols: symbols)
      while true {
        let token = lexer.next()
        if token.kind == .endOfInput { break }
        guard token.kind == .word || token.kind == .parameter else { continue }
        words.append((lexer.text(of: token.range), sources.location(of: token.range)))
      }
      var parser = Parser(Lexer(buffer, source: id, firstLine: file.firstLine, symbols: symbols))
      while let statement = parser.nextRoot() {
        switch statement.kind {
        case .macro(let name, _, _):
          definitions.append(
            Definition(
              name: symbols[name.symbol], kind: .macro, location: sources.location(of: name.range),
              statement: sources.location(of: statement.range)))
        case .new(let type, let name):
          definitions.append(
            Definition(
              name: symbols[name.symbol], kind: .instance(type: symbols[type.symbol]),
              location: sources.location(of: name.range), statement: sources.location(of: statement.range)))
        default: break
        }
      }
    }
  }

  /// Where the word `name` is used (its definitions included), in order.
  public func uses(of name: String) -> [SourceLocation] {
    words.filter { $0.text == name }.map(\.location)
  }
}
