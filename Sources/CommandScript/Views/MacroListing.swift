/// A macro in force, with its definition as written: what a REPL lists, and what it saves
/// to a start-up file.
package struct MacroDefinition: Equatable, Sendable {
  /// The macro's name.
  package var name: String
  /// Its parameters' names, without `$`.
  package var parameters: [String]
  /// The definition as written, from `macro` to its closing `}` (possibly several lines).
  package var source: String
  /// The name of the source it was defined in: a file, `<stdin>`, `<command line>`.
  package var sourceName: String
  /// What its `return`s give, as help writes it (`an integer`); nil for a macro without
  /// `return`.
  package var returns: String? = nil
}

extension Session {
  /// The macros in force (for each name, its latest definition), in the order they were
  /// defined, so that a macro comes after the macros it calls.
  package var macroDefinitions: [MacroDefinition] {
    checkerState.macroByName.values.sorted().map { index in
      let macro = checkerState.macros[index]
      return MacroDefinition(
        name: macro.name, parameters: macro.parameters, source: sourceText(of: macro.range),
        sourceName: sources[macro.range.source].name, returns: macro.returns.map { $0.nounPhrase(bounds: false) })
    }
  }

  /// Why `macro NAME { ... }` could not be defined now, in the checker's words (`name` is a
  /// verb, a receiver, a reserved word, or not a word at all), or nil if it could. Nothing
  /// changes.
  package func problemDefiningMacro(named name: String) -> String? {
    guard Lexer.isWord(name) else {
      return "a macro name must be a word (letters, digits and `_`, not starting with a digit)"
    }
    let bytes = Array("macro \(name) { }".utf8)
    var checker = Checker(state: checkerState, commands: commands, symbols: SymbolTable())
    return Parser.parse(bytes, symbols: checker.symbols) { parser in
      while let statement = parser.nextStatement() { _ = checker.check(statement) }
      return (parser.allProblems + checker.problems).first?.message
    }
  }

  /// `text` (one statement) in canonical form on one line, as `history` lists it; nil if
  /// it is not exactly one statement without syntax errors.
  package static func canonicalStatement(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    return Parser.parse(bytes) { parser in
      guard let statement = parser.nextStatement(), parser.nextStatement() == nil, parser.allProblems.isEmpty
      else { return nil }
      return statement.canonical
    }
  }
}
