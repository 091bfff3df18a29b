import Foundation
import Testing

/// The rules of the measuring scripts, scripts/call-walk (what counts as a call of ours) and
/// scripts/recipe-sites (the case a recipe adds, the `default:` a flagged switch is given),
/// checked without lldb or a build: `measurement_scripts_test.py`.
@Suite struct MeasurementScriptTests {
  @Test(
    "call-walk counts closures of static tables and recipe-sites fills flagged switches (measurement_scripts_test.py)")
  func rules() throws {
    let (status, text) = try CLI.python([
      "-m", "pytest", "-q", "-p", "no:cacheprovider",
      CLI.packageRoot.appendingPathComponent("Tests/CLITests/measurement_scripts_test.py").path,
    ])
    #expect(status == 0, "\(text)")
    #expect(text.contains("3 passed"), "\(text)")
  }
}
