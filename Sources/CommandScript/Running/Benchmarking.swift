/// Entry points into single stages of the pipeline, for the micro-benchmarks in
/// `Benchmarks/` only. Not API: reached with `@_spi(Benchmarking) import CommandScript`,
/// and free to change with the stages they measure. Whole compiles and runs go through the
/// public ``Session`` instead.
@_spi(Benchmarking) public enum BenchmarkingHooks {
  /// Runs the lexer over `bytes` and returns how many tokens it produced (the end of the
  /// input not counted).
  public static func lexTokenCount(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var lexer = Lexer(buffer, source: 0, symbols: SymbolTable())
      var count = 0
      while lexer.next().kind != .endOfInput { count += 1 }
      return count
    }
  }

  /// Runs the lexer and the parser over `bytes` and returns how many top-level statements
  /// they produced.
  public static func parseStatementCount(_ bytes: [UInt8]) -> Int {
    Parser.parse(bytes) { parser in
      var count = 0
      while parser.nextStatement() != nil { count += 1 }
      return count
    }
  }

  /// Parses `bytes` ahead of time, so that the checker can be measured on its own.
  public static func parse(_ bytes: [UInt8]) -> ParsedStatements {
    let symbols = SymbolTable()
    return Parser.parse(bytes, symbols: symbols) { parser in
      var statements: [ParsedStatement] = []
      while let statement = parser.nextStatement() { statements.append(statement) }
      return ParsedStatements(statements: statements, symbols: symbols)
    }
  }

  /// Runs the checker alone over parsed statements, against a fresh checker state made from
  /// `registry`, and returns how many statements compiled without errors.
  public static func checkedStatementCount(_ parsed: ParsedStatements, registry: ReceiverRegistry) -> Int {
    var checker = Checker(state: CheckerState(registry: registry), commands: CommandTable(), symbols: parsed.symbols)
    var count = 0
    for statement in parsed.statements where checker.check(statement) != nil { count += 1 }
    return count
  }
}

/// Statements parsed by ``BenchmarkingHooks/parse(_:)``, opaque outside the library.
@_spi(Benchmarking) public struct ParsedStatements {
  let statements: [ParsedStatement]
  /// The names the statements' symbols stand for.
  let symbols: SymbolTable

  /// How many top-level statements there are.
  public var count: Int { statements.count }
}
