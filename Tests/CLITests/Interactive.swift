import Foundation
import Testing

/// A running `cmdscript` fed through a pipe a piece at a time, to show that piped input
/// is checked and run as it arrives (not read to the end first).
final class Interactive {
  let process = Process()
  private let input = Pipe()
  private let output = Collected()
  private let outPipe = Pipe()
  private let errPipe = Pipe()

  init(_ arguments: [String] = [], in directory: URL? = nil) throws {
    CLI.ignoreBrokenPipes
    process.executableURL = CLI.binary
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? CLI.packageRoot
    process.environment = CLI.environment
    process.standardInput = input
    process.standardOutput = outPipe
    process.standardError = errPipe
    for (pipe, isOut) in [(outPipe, true), (errPipe, false)] {
      pipe.fileHandleForReading.readabilityHandler = { [output] handle in
        let data = handle.availableData
        if !data.isEmpty { output.append(data, stdout: isOut) }
      }
    }
    try process.run()
  }

  var stdout: String { output.text(stdout: true) }
  var stderr: String { output.text(stdout: false) }

  func send(_ text: String) {
    try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
  }

  /// Closes standard input (end of the stream).
  func close() {
    try? input.fileHandleForWriting.close()
  }

  /// Waits until stdout (or stderr) contains `text`; false (and an issue saying it timed
  /// out) after `timeout` seconds, a guard against a hang only.
  @discardableResult
  func waitFor(_ text: String, onStderr: Bool = false, timeout: Double = CLI.hangGuard) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if (onStderr ? stderr : stdout).contains(text) { return true }
      usleep(2_000)
    }
    Issue.record("timed out after \(Int(timeout)) s waiting for \(text.debugDescription)")
    return false
  }

  /// Waits for the process to end (killing it after `timeout` seconds) and returns its
  /// status, after the last output has been collected.
  func finish(timeout: Double = CLI.hangGuard) -> Int32 {
    close()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { usleep(2_000) }
    if process.isRunning {
      Issue.record("timed out after \(Int(timeout)) s waiting for the end of the run")
      process.terminate()
    }
    process.waitUntilExit()
    for pipe in [outPipe, errPipe] {
      pipe.fileHandleForReading.readabilityHandler = nil
      let rest = pipe.fileHandleForReading.readDataToEndOfFile()
      if !rest.isEmpty { output.append(rest, stdout: pipe === outPipe) }
    }
    return process.terminationStatus
  }
}
