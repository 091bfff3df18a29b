import CommandScript

#if canImport(Glibc)
  import Glibc
#endif

/// `cmdscript lsp`: the Language Server Protocol 3.17 over standard input and output, for
/// the registry's receivers, so that an app that embeds the tool gets an editor server for
/// its own verbs too. A client of the session like the REPL: diagnostics are what
/// `--check` reports, completion is the REPL's Tab, hover is `help`, formatting is
/// `cmdscript fmt`.
///
/// Documents are kept whole (full synchronisation). Positions are in UTF-16 code units,
/// as the protocol requires; diagnostics count columns in Unicode scalars.
final class LanguageServer {
  /// The registries of the documents' project files (`registry(for:)`).
  let projects: ProjectPlugins
  private var input = MessageReader(descriptor: 0)
  private let output = MessageWriter(descriptor: 1)
  /// The open documents' texts, by URI.
  private(set) var documents: [String: [UInt8]] = [:]
  private var initialized = false
  private var shutDown = false

  init(registry: ReceiverRegistry) { projects = ProjectPlugins(base: registry) }

  /// Serves until `exit` (status 0 after `shutdown`, 1 without) or the end of the input.
  func run() -> ExitStatus {
    while let body = input.next() {
      let message: StateValue
      do { message = try JSONReader.parse(body) } catch {
        send(error: -32700, "parse error: \(error.reason)", id: .null)
        continue
      }
      guard case .object = message else {
        send(error: -32600, "invalid request: not an object", id: .null)
        continue
      }
      let id = message["id"]
      guard let method = message["method"] else {
        // A response from the client (the server sends no requests) is ignored; anything
        // else without a method is not a message.
        if id == nil || (message["result"] == nil && message["error"] == nil) {
          send(error: -32600, "invalid request: no method", id: id ?? .null)
        }
        continue
      }
      guard case .string(let name) = method else {
        send(error: -32600, "invalid request: the method is not a string", id: id ?? .null)
        continue
      }
      let params = message["params"] ?? .null
      if name == "exit" { return shutDown ? .success : .runtimeError }
      // After `shutdown`, requests are refused and notifications dropped (LSP 3.17).
      if shutDown {
        if let id { send(error: -32600, "the server is shutting down: only `exit` is served", id: id) }
        continue
      }
      guard initialized || name == "initialize" else {
        if let id { send(error: -32002, "the server is not initialized", id: id) }
        continue
      }
      handle(name, params, id: id)
    }
    return shutDown ? .success : .runtimeError
  }

  private func handle(_ method: String, _ params: StateValue, id: StateValue?) {
    switch method {
    case "initialize":
      initialized = true
      reply(id, Self.capabilities)
    case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration": break
    case "shutdown":
      shutDown = true
      reply(id, .null)
    case "textDocument/didOpen":
      guard let uri = params["textDocument"]?["uri"]?.text, let text = params["textDocument"]?["text"]?.text
      else { return }
      documents[uri] = Array(text.utf8)
      publishDiagnostics(uri)
    case "textDocument/didChange":
      guard let uri = params["textDocument"]?["uri"]?.text, case .array(let changes)? = params["contentChanges"],
        let text = changes.last?["text"]?.text
      else { return }
      documents[uri] = Array(text.utf8)
      publishDiagnostics(uri)
    case "textDocument/didClose":
      guard let uri = params["textDocument"]?["uri"]?.text else { return }
      documents[uri] = nil
      send(notification: "textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": .array([])])
    case "textDocument/didSave": break
    default:
      guard let id else { return }  // An unknown notification is ignored.
      guard let uri = params["textDocument"]?["uri"]?.text, let text = documents[uri] else {
        guard Self.documentRequests.contains(method) else { return send(error: -32601, "no method \(method)", id: id) }
        return send(error: -32602, "the document is not open", id: id)
      }
      let document = Document(uri: uri, bytes: text)
      let position = params["position"].flatMap(document.offset(of:))
      switch method {
      case "textDocument/completion": reply(id, completion(document, at: position))
      case "textDocument/hover": reply(id, hover(document, at: position))
      case "textDocument/definition": reply(id, definition(document, at: position))
      case "textDocument/references": reply(id, references(document, at: position))
      case "textDocument/documentSymbol": reply(id, symbols(document))
      case "textDocument/formatting", "textDocument/rangeFormatting": reply(id, formatting(document))
      case "textDocument/semanticTokens/full": reply(id, semanticTokens(document))
      case "textDocument/signatureHelp": reply(id, signatureHelp(document, at: position))
      case "textDocument/rename":
        reply(id, rename(document, at: position, to: params["newName"]?.text ?? ""))
      case "textDocument/codeAction": reply(id, codeActions(document, params))
      default: send(error: -32601, "no method \(method)", id: id)
      }
    }
  }

  static let documentRequests: Set<String> = [
    "textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references",
    "textDocument/documentSymbol", "textDocument/formatting", "textDocument/rename", "textDocument/codeAction",
    "textDocument/rangeFormatting", "textDocument/semanticTokens/full", "textDocument/signatureHelp",
  ]

  /// The semantic token types the server uses, in the order their indices refer to.
  static let tokenTypes = [
    "keyword", "class", "method", "property", "function", "parameter", "enumMember", "string", "number", "comment",
    "operator",
  ]

  static let capabilities: StateValue = [
    "capabilities": [
      "positionEncoding": "utf-16",
      "textDocumentSync": ["openClose": .bool(true), "change": .int(1)],
      "completionProvider": ["triggerCharacters": .array([".", "$"])],
      "hoverProvider": .bool(true),
      "definitionProvider": .bool(true),
      "referencesProvider": .bool(true),
      "documentSymbolProvider": .bool(true),
      "documentFormattingProvider": .bool(true),
      // A line's layout depends on the blocks around it: a range is formatted as part of
      // the whole document.
      "documentRangeFormattingProvider": .bool(true),
      "signatureHelpProvider": ["triggerCharacters": .array([" "])],
      "semanticTokensProvider": [
        "legend": ["tokenTypes": .array(tokenTypes.map { .string($0) }), "tokenModifiers": .array([])],
        "full": .bool(true),
      ],
      "renameProvider": .bool(true),
      "codeActionProvider": .bool(true),
    ],
    "serverInfo": ["name": .string(ToolIdentity.current.name), "version": .string(ToolIdentity.current.version)],
  ]

  // MARK: Output

  func reply(_ id: StateValue?, _ result: StateValue) {
    guard let id else { return }
    write(["jsonrpc": "2.0", "id": id, "result": result])
  }

  func send(error code: Int, _ message: String, id: StateValue) {
    write(["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]])
  }

  func send(notification method: String, _ params: StateValue) {
    write(["jsonrpc": "2.0", "method": .string(method), "params": params])
  }

  func write(_ message: StateValue) {
    output.send(Array(message.json.utf8))
  }
}

extension StateValue {
  /// The string a value holds, if it is one.
  var text: String? {
    if case .string(let s) = self { return s }
    return nil
  }
}
