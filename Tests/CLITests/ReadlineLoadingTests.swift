import Foundation
import Testing

@testable import CommandScriptCLI

/// Readline is loaded with dlopen when the REPL starts, not when the process starts.
@Suite struct ReadlineLoadingTests {
  @Test func readlineLoadsForTheREPL() throws {
    _ = try Readline.shared.get()
  }

  @Test func aLibraryThatCannotBeLoadedIsNamedInTheError() {
    guard case .failure(let error) = Readline.load("libcmdscript-no-such-library.so.0") else {
      Issue.record("a library that does not exist was loaded")
      return
    }
    #expect(error.reason.contains("libcmdscript-no-such-library.so.0"), "\(error.reason)")
  }

  /// A library that loads but is not readline.
  @Test func aLibraryWithoutReadlineIsRefused() {
    #if canImport(Darwin)
      let other = "libz.dylib"
    #else
      let other = "libm.so.6"
    #endif
    guard case .failure(let error) = Readline.load(other) else {
      Issue.record("\(other) was taken for readline")
      return
    }
    #expect(error == Readline.Unavailable(reason: "\(other) lacks readline"))
  }

  #if os(Linux)
    /// glibc's loader lists the libraries it loads under `LD_DEBUG=libs`.
    @Test func aRunWithoutTheREPLDoesNotLoadReadline() throws {
      var environment = CLI.environment
      environment["LD_DEBUG"] = "libs"
      let process = Process()
      process.executableURL = CLI.binary
      process.arguments = ["-c", "show shape"]
      process.environment = environment
      let errors = Pipe()
      process.standardOutput = FileHandle.nullDevice
      process.standardError = errors
      try process.run()
      let data = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let trace = String(decoding: data, as: UTF8.self)
      #expect(process.terminationStatus == 0)
      #expect(trace.contains("libc.so"), "LD_DEBUG=libs printed no trace:\n\(trace)")
      #expect(!trace.contains("readline"), "\(trace)")
    }
  #endif
}
