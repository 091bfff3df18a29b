import Testing

@testable import CommandScript

/// `cmdscript fmt` lays out `let`, `var`, assignments, `break` and `continue` as any
/// statement, at any depth, keeping what they mean.
@Suite struct FormatterVariableTests {
  @Test func variablesAndLoopExitsInAnyNesting() throws {
    let text = """
      var n=0
      macro m  a {
          let b=$a+1
        while $n<3 {  n=$n+1
        if $n==2{ continue }
       repeat 2 as i{ if $i>1 {break}
        var k   =   "s" ; k= "t"}
      }
      }
      m 1

      """
    let formatted = try ScriptFormatter.format(SourceFile(name: "t", text: text))
    #expect(
      formatted == """
        var n = 0
        macro m a {
          let b = $a + 1
          while $n < 3 { n = $n + 1
            if $n == 2 { continue }
            repeat 2 as i { if $i > 1 { break }
              var k = "s"; k = "t" }
          }
        }
        m 1

        """)
    // Idempotent, and it still compiles.
    #expect(try ScriptFormatter.format(SourceFile(name: "t", text: formatted)) == formatted)
    _ = try Session(registry: .builtins).compile(SourceFile(name: "t", text: formatted))
  }
}
