import CommandScript

/// The editor server's registries, one for each project file: a document is checked
/// against the plugins of its project file, found as a run finds it (in the document's
/// folder or the nearest above), when the user trusted it. An untrusted file's plugins
/// never start; one that cannot start is left out. Either way the document says why.
final class ProjectPlugins {
  /// The registry without plugins.
  let base: ReceiverRegistry
  /// Per project file (its path, digest and trust): the registry, and what went wrong.
  private var known: [String: Entry] = [:]

  struct Entry {
    var registry: ReceiverRegistry
    /// The project file, if the document has one.
    var project: ProjectFile?
    /// Why its plugins are missing, if they are.
    var problem: String?
  }

  init(base: ReceiverRegistry) { self.base = base }

  /// The registry and project of the document at `path`. The plugins start once per
  /// version of the file (its contents and whether it is trusted), not per keystroke.
  func entry(forDocumentAt path: String) -> Entry {
    let project: ProjectFile?
    do { project = try ProjectFile.find(from: ProjectFile.folder(of: path)) } catch {
      return Entry(registry: base, project: nil, problem: error.message)
    }
    guard let project, !project.plugins.isEmpty else { return Entry(registry: base, project: project) }
    let trusted = ProjectTrust.refusal(of: project) == nil
    let key = "\(trusted) \(project.digest) \(project.path)"
    if let entry = known[key] { return entry }
    let found = PluginSetUp.forEditorServer(base, document: path)
    let entry = Entry(registry: found.registry, project: project, problem: found.problem)
    known[key] = entry
    return entry
  }
}

extension LanguageServer {
  /// The registry `document` is checked against.
  func registry(for document: Document) -> ReceiverRegistry {
    projects.entry(forDocumentAt: document.file.name).registry
  }

  /// The path of a project file's document, if `uri` names one.
  static func projectFilePath(_ uri: String) -> String? {
    let path = Document(uri: uri, bytes: []).file.name
    return path.hasSuffix("/" + ProjectFile.name) ? path : nil
  }

  /// The diagnostic saying why the document's plugins are missing, at its first line; and
  /// the same on the project file when it is open.
  func projectDiagnostics(for document: Document) -> [StateValue] {
    let entry = projects.entry(forDocumentAt: document.file.name)
    guard let problem = entry.problem else { return [] }
    let diagnostic = Self.projectDiagnostic(problem)
    if let project = entry.project {
      for uri in documents.keys where Self.projectFilePath(uri) == project.path && uri != document.uri {
        send(
          notification: "textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": .array([diagnostic])])
      }
    }
    return [diagnostic]
  }

  /// The diagnostics of an open project file: why its plugins are missing, if they are.
  func publishProjectFileDiagnostics(_ uri: String, path: String) {
    let entry = projects.entry(forDocumentAt: path)
    let items = entry.problem.map { [Self.projectDiagnostic($0)] } ?? []
    send(notification: "textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": .array(items)])
  }

  private static func projectDiagnostic(_ problem: String) -> StateValue {
    let start: StateValue = ["line": .int(0), "character": .int(0)]
    return [
      "range": ["start": start, "end": start], "severity": .int(2),
      "source": .string(ToolIdentity.current.name), "message": .string(problem),
    ]
  }
}
