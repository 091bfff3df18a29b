// What an editor asks of a script's names without running it: where macros and instances
// are defined (`macro NAME`, `new TYPE NAME`), and where a name is used, from the tokens,
// so that strings and comments never count.

/// The names a script defines, and where each word is used.
package struct ScriptOutline: Sendable {
  /// A name the script defines.
  package struct Definition: Equatable, Sendable {
    /// What kind of name it is.
    package enum Kind: Equatable, Sendable {
      /// A macro.
      case macro
      /// An instance made by `new`, of this receiver type.
      case instance(type: String)
    }
    /// The name as written.
    package var name: String
    /// What it names.
    package var kind: Kind
    /// The name where it is defined.
    package var location: SourceLocation
    /// The whole statement that defines it (for a macro, through its body's `}`).
    package var statement: SourceLocation
  }

  /// Each word of the script (receivers, verbs, macros, words of arguments, keywords) with
  /// where it stands, in order; parameters as `$name`.
  package private(set) var words: [(text: String, location: SourceLocation)] = []
  /// The names the script defines, in order.
  package private(set) var definitions: [Definition] = []
  /// Every token and comment, in order, by its bytes in the file: what an editor colours.
  package private(set) var lexemes: [Lexeme] = []

  /// A token or a comment, as an editor colours it.
  package struct Lexeme: Equatable, Sendable {
    /// How an editor colours it.
    package enum Kind: Equatable, Sendable {
      /// A word the language reserves (`repeat`, `if`, `and`, `true`).
      case keyword
      /// Any other word: a receiver, verb, query, macro or an argument's word.
      case word
      /// A `$name`, an integer or decimal, a string literal, a `#` comment.
      case parameter, number, string, comment
      /// `.`, `;`, braces, parentheses and the operators of expressions.
      case punctuation
    }
    /// How it is coloured.
    package var kind: Kind
    /// Where it is in the file's bytes.
    package var bytes: Range<Int>
    /// Its text, for a word or a parameter (`$n`).
    package var text: String
  }

  /// The outline of `file`, whatever errors it has (it is lexed and parsed, not checked).
  package init(_ file: SourceFile) {
    var sources = SourceTable()
    let id = sources.add(file)
    let symbols = SymbolTable()
    file.bytes.withUnsafeBufferPointer { buffer in
      var lexer = Lexer(buffer, source: id, firstLine: file.firstLine, symbols: symbols)
      var end = 0
      while true {
        let token = lexer.next()
        if let comment = Lexer.comment(
          in: buffer, from: end, to: token.kind == .endOfInput ? buffer.count : token.range.start)
        {
          lexemes.append(Lexeme(kind: .comment, bytes: comment, text: ""))
        }
        if token.kind == .endOfInput { break }
        end = token.range.end
        let range = token.range.start..<token.range.end
        switch token.kind {
        case .word, .parameter:
          let text = lexer.text(of: token.range)
          words.append((text, sources.location(of: token.range)))
          let kind: Lexeme.Kind =
            token.kind == .parameter ? .parameter : Keyword(rawValue: text) != nil ? .keyword : .word
          lexemes.append(Lexeme(kind: kind, bytes: range, text: text))
        case .integer, .decimal: lexemes.append(Lexeme(kind: .number, bytes: range, text: ""))
        case .string: lexemes.append(Lexeme(kind: .string, bytes: range, text: ""))
        case .newline, .invalid, .endOfInput: break
        default: lexemes.append(Lexeme(kind: .punctuation, bytes: range, text: ""))
        }
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
  package func uses(of name: String) -> [SourceLocation] {
    words.filter { $0.text == name }.map(\.location)
  }
}
