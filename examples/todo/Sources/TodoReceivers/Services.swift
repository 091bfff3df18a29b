import CommandScript
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where a to-do list's notifications go: given by the app that makes the list.
public protocol Notifier: Sendable {
  func send(_ message: String)
}

/// Where a to-do list imports titles from: given by the app that makes the list.
public protocol LineSource: Sendable {
  /// The lines of the text at `url`.
  func lines(at url: String) async throws(CommandFailure) -> [String]
}

/// Lines over HTTP: a request, awaited.
public struct HTTPLines: LineSource {
  public init() {}

  public func lines(at url: String) async throws(CommandFailure) -> [String] {
    guard let address = URL(string: url) else { throw CommandFailure("`\(url)` is not a URL") }
    let body: Data
    do {
      let (data, response) = try await URLSession.shared.data(from: address)
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      guard status == 200 else { throw CommandFailure("\(url) answered HTTP \(status)") }
      body = data
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure("\(url) did not answer")
    }
    return String(decoding: body, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
