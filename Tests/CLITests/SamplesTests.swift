import Foundation
import Testing

/// Every Swift sample of README.md and the DocC catalog type-checks against the library as
/// built (`scripts/check-samples`): a sample that stops compiling, or never did (a `catch`
/// that is not exhaustive in a function that cannot throw), fails here.
@Suite("Documentation samples")
struct SamplesTests {
  @Test("every Swift sample in the README and the DocC catalog compiles")
  func samplesCompile() throws {
    // The modules built with these tests (`.build/debug/Modules`): every library target, where
    // the binary under test may be a release build of `cmdscript` alone (CMDSCRIPT_BINARY),
    // whose folder lacks the modules it does not use (CommandScriptObservation).
    let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let modules = tests.deletingLastPathComponent().appendingPathComponent("Modules")
    let script = CLI.packageRoot.appendingPathComponent("scripts/check-samples")
    let (status, text) = try CLI.python([script.path, "--modules", modules.path])
    #expect(status == 0, "\(text)")
    #expect(text.contains("Swift samples compile"), "\(text)")
  }
}
