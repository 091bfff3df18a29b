import Foundation
import Testing

/// Every Swift sample of README.md and the DocC catalog type-checks against the library as
/// built (`scripts/check-samples`): a sample that stops compiling, or never did (a `catch`
/// that is not exhaustive in a function that cannot throw), fails here.
@Suite("Documentation samples")
struct SamplesTests {
  @Test("every Swift sample in the README and the DocC catalog compiles")
  func samplesCompile() throws {
    // The modules built with the binary under test (`.build/debug/Modules`).
    let modules = CLI.binary.deletingLastPathComponent().appendingPathComponent("Modules")
    let script = CLI.packageRoot.appendingPathComponent("scripts/check-samples")
    let (status, text) = try CLI.python([script.path, "--modules", modules.path])
    #expect(status == 0, "\(text)")
    #expect(text.contains("Swift samples compile"), "\(text)")
  }
}
