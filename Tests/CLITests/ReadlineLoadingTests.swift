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
    /// glibc's loader lists the libraries it loads under `LD_DEBUG=libs`. The fully static
    /// release binary (scripts/build-release) has no loader: readline is linked in, and no
    /// library is loaded at all, so the trace must be empty.
    @Test func aRunWithoutTheREPLDoesNotLoadReadline() throws {
      let dynamic = try Self.hasProgramInterpreter(CLI.binary)
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
      if dynamic {
        #expect(trace.contains("libc.so"), "LD_DEBUG=libs printed no trace:\n\(trace)")
        #expect(!trace.contains("readline"), "\(trace)")
      } else {
        #expect(trace.isEmpty, "a static binary loaded libraries:\n\(trace)")
      }
    }

    /// Whether the ELF executable `url` names a program interpreter (PT_INTERP: the dynamic
    /// loader), as a dynamically linked program does and a static one does not.
    static func hasProgramInterpreter(_ url: URL) throws -> Bool {
      let data = try Data(contentsOf: url)
      func integer(_ offset: Int, _ size: Int) -> Int {
        (0..<size).reduce(0) { $0 | Int(data[offset + $1]) << (8 * $1) }
      }
      // A 64-bit little-endian ELF file: e_phoff at 32, e_phentsize at 54, e_phnum at 56.
      #expect(data.prefix(6) == Data([0x7f, 0x45, 0x4c, 0x46, 2, 1]), "\(url.path) is no 64-bit ELF file")
      let (table, entrySize, count) = (integer(32, 8), integer(54, 2), integer(56, 2))
      return (0..<count).contains { integer(table + $0 * entrySize, 4) == 3 }
    }
  #endif
}
