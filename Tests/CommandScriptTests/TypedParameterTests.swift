import CommandScript
import Synchronization
import Testing

/// A playlist declared with typed parameters: each verb gets Swift values, not `Arguments`.
private final class Playlist: Receiver {
  enum Mood: String, CaseIterable, Sendable { case calm, loud }
  struct Track: Equatable, Sendable {
    var title: String
    var minutes: Double
    var mood: Mood
  }
  typealias Undo = [Track]
  static let typeName = "playlist"
  static let summary = "tracks in order"
  nonisolated(unsafe) static var announced: [String] = []
  static let verbs: [Verb<Playlist>] = [
    Verb(
      "add", .string("title"), .decimal("minutes", 0...60), .word("mood", Mood.self, set: "mood", default: .calm),
      summary: "add a track", restoring: \.tracks
    ) { list, title, minutes, mood in
      list.tracks.append(Track(title: title, minutes: minutes, mood: mood))
    },
    Verb("cut", .integer("n", 1...Int.max), .boolean("keep", default: false), summary: "cut track n") {
      list, n, keep throws(CommandFailure) in
      guard n <= list.tracks.count else { throw CommandFailure("there is no track \(n)") }
      let previous = list.tracks
      if !keep { list.tracks.remove(at: n - 1) }
      return previous
    } undo: { list, previous in
      list.tracks = previous
    },
    Verb("clear", summary: "empty it", restoring: \.tracks) { list in list.tracks = [] },
    Verb(notUndoable: "announce", .string("text"), summary: "say something") { _, text in
      Playlist.announced.append("\(text) (\(Arguments.Execution.current))")
    },
  ]
  var tracks: [Track] = []
  init() {}
  var state: StateValue { ["tracks": .array(tracks.map { .string("\($0.title) \($0.minutes) \($0.mood)") })] }
}

@Suite(.serialized) struct TypedParameterTests {
  private func session() throws -> Session { try CommandScriptTests.session(of: Playlist.self) }

  private func tracks(_ s: Session) -> [Playlist.Track] { s.receiver("playlist", as: Playlist.self)?.tracks ?? [] }

  @Test func verbsGetTheirArgumentsAsSwiftValues() throws {
    let s = try session()
    try s.run(SourceFile(name: "t", text: "add \"intro\" 1.5; add outro 3 loud; cut 1 true; cut 1"))
    #expect(tracks(s) == [Playlist.Track(title: "outro", minutes: 3, mood: .loud)])
    try s.run(SourceFile(name: "t", text: "undo 2"))
    #expect(tracks(s).map(\.title) == ["intro", "outro"])
    try s.run(SourceFile(name: "t", text: "clear; undo; redo"))
    #expect(tracks(s).isEmpty)
    Playlist.announced = []
    try s.run(SourceFile(name: "t", text: "announce hello"))
    #expect(Playlist.announced == ["hello (live)"])
  }

  @Test func typedParametersAreCheckedAsAnyOthers() throws {
    let s = try session()
    #expect(s.help("add").contains("minutes: decimal 0.0...60.0"))
    #expect(s.help("add").contains("mood: mood"))
    #expect(s.help("cut").contains("default false"))
    #expect(s.completions(of: "l", after: "add x 1 ") == ["loud"])
    for (text, message) in [
      ("add x 61", "`minutes` must be a decimal from 0.0 to 60.0, not 61"),
      ("add x 1 quiet", "`quiet` is not a mood (calm, loud)"),
      ("cut 0", "`n` must be an integer ≥ 1, not 0"),
    ] {
      #expect(failure(of: text, on: s) == .compile([message]), "\(text)")
    }
    #expect(throws: Session.RunError.self) { try s.run(SourceFile(name: "t", text: "cut 5")) }
  }
}
