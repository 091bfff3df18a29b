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
  private let registry: ReceiverRegistry
  private var input = MessageReader(descriptor: 0)
  /// The open documents' texts, by URI.
  private var documents: [String: [UInt8]] = [:]
  private var initialized = false
  private var shutDown = false

  init(registry: ReceiverRegistry) { self.registry = registry }

  /// Serves until `exit` (status 0 after `shutdown`, 1 without) or the end of the input.
  func run() -> ExitStatus {
    while let body = input.next() {
      let message: StateValue
      do { message = try JSONReader.parse(body) } catch {
        send(error: -32700, "parse error: \(error.reason)", id: .null)
        continue
      }
      guard case .object = message, let method = message["method"], case .string(let name) = method else {
        // A response from the client (the server sends no requests), or not a message.
        if message["id"] == nil { send(error: -32600, "invalid request", id: .null) }
        continue
      }
      let id = message["id"]
      let params = message["params"] ?? .null
      if name == "exit" { return shutDown ? .success : .runtimeError }
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

  // MARK: Diagnostics

  /// What `--check` reports for the document, each note as related information.
  private func publishDiagnostics(_ uri: String) {
    guard let bytes = documents[uri] else { return }
    let document = Document(uri: uri, bytes: bytes)
    let session = Session(registry: registry)
    let diagnostics: [Diagnostic]
    do { diagnostics = try session.check([document.file]) } catch { diagnostics = error.diagnostics }
    let items = diagnostics.filter { $0.location.file == document.file.name }.map { d -> StateValue in
      var message = d.message
      if let suggestion = d.suggestion { message += " (did you mean `\(suggestion)`?)" }
      var item: [StateValue.Member] = [
        .init("range", document.range(of: d.location)),
        .init("severity", .int(d.severity == .error ? 1 : 2)),
        .init("source", .string(ToolIdentity.current.name)),
        .init("message", .string(message)),
      ]
      let related = d.notes.compactMap { note -> StateValue? in
        guard let at = note.location, at.file == document.file.name else { return nil }
        return ["location": ["uri": .string(uri), "range": document.range(of: at)], "message": .string(note.message)]
      }
      if !related.isEmpty { item.append(.init("relatedInformation", .array(related))) }
      if let suggestion = d.suggestion { item.append(.init("data", ["suggestion": .string(suggestion)])) }
      return .object(item)
    }
    send(notification: "textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": .array(items)])
  }

  /// Each did-you-mean of the diagnostics asked about, as a quick fix.
  private func codeActions(_ document: Document, _ params: StateValue) -> StateValue {
    guard case .array(let diagnostics)? = params["context"]?["diagnostics"] else { return .array([]) }
    return .array(
      diagnostics.compactMap { diagnostic in
        guard let suggestion = diagnostic["data"]?["suggestion"]?.text, let range = diagnostic["range"] else {
          return nil
        }
        return [
          "title": .string("Change to `\(suggestion)`"), "kind": "quickfix", "diagnostics": .array([diagnostic]),
          "edit": [
            "changes": .object([.init(document.uri, .array([["range": range, "newText": .string(suggestion)]]))])
          ],
        ]
      })
  }

  // MARK: Requests about a position

  /// The session the document's definitions are in: those of its lines before `line`
  /// (all of them if nil), when those compile; otherwise a fresh one.
  private func session(for document: Document, before line: Int? = nil) -> Session {
    let session = Session(registry: registry)
    session.fileAccess = nil
    _ = try? session.compile(document.file(before: line))
    return session
  }

  /// How the words of the registry and the document are classed, for completion's and
  /// semantic tokens' kinds.
  private struct Names {
    var receivers: Set<String> = []
    var verbs: Set<String> = []
    var queries: Set<String> = []
    var macros: Set<String> = []

    init(_ registry: ReceiverRegistry, _ outline: ScriptOutline) {
      for type in registry.types {
        receivers.insert(type.name)
        verbs.formUnion(type.verbs.map(\.name))
        queries.formUnion(type.queries.map(\.name))
      }
      for definition in outline.definitions {
        switch definition.kind {
        case .macro: macros.insert(definition.name)
        case .instance: receivers.insert(definition.name)
        }
      }
    }

    /// The protocol's CompletionItemKind (of `back.` as of `back`).
    func completionKind(_ candidate: String) -> Int {
      let name = candidate.hasSuffix(".") ? String(candidate.dropLast()) : candidate
      if macros.contains(name) { return 3 }  // Function
      if verbs.contains(name) { return 2 }  // Method
      if queries.contains(name) { return 10 }  // Property
      if receivers.contains(name) { return 7 }  // Class
      if name.hasPrefix("$") { return 6 }  // Variable
      if Session.isKeyword(name) { return 14 }  // Keyword
      return 20  // EnumMember: an argument's word
    }
  }

  private func completion(_ document: Document, at offset: Int?) -> StateValue {
    guard let offset else { return .array([]) }
    let (word, before) = document.wordAndLineBefore(offset)
    let session = session(for: document, before: document.line(ofByte: offset))
    let names = Names(registry, ScriptOutline(document.file))
    let items = session.completions(of: word, after: before).map { candidate -> StateValue in
      var item: [StateValue.Member] = [
        .init("label", .string(candidate)), .init("kind", .int(names.completionKind(candidate))),
      ]
      let help = session.help(candidate)
      if !help.hasPrefix("no help") {
        item.append(.init("detail", .string(help.split(separator: "\n").first.map(String.init) ?? "")))
      }
      return .object(item)
    }
    return .array(items)
  }

  /// `help` on `name` in the session of the document's lines before `line`, an instance
  /// made by `new` asked about as its type (`back.lock` as `door.lock`); nil if there is
  /// none.
  private func help(on name: String, in document: Document, before line: Int?) -> String? {
    var topic = name
    let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
    if let made = ScriptOutline(document.file).definitions.last(where: { $0.name == parts.first }),
      case .instance(let type) = made.kind
    {
      topic = ([type] + parts.dropFirst()).joined(separator: ".")
    }
    let text = session(for: document, before: line).help(topic)
    return text.isEmpty || text.hasPrefix("no help") ? nil : text
  }

  private func hover(_ document: Document, at offset: Int?) -> StateValue {
    guard let offset, let (name, range) = document.topic(at: offset),
      let text = help(on: name, in: document, before: nil)
    else { return .null }
    return ["contents": ["kind": "markdown", "value": .string("```text\n\(text)\n```")], "range": range]
  }

  private func definition(_ document: Document, at offset: Int?) -> StateValue {
    guard let offset else { return .null }
    if let path = document.sourcedPath(at: offset) {
      // `source "lib.cmd"`: the file, beside the document.
      let folder = document.file.name.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/")
      let resolved = path.hasPrefix("/") || folder.isEmpty ? path : folder + "/" + path
      let start: StateValue = ["line": .int(0), "character": .int(0)]
      return ["uri": .string("file://" + resolved), "range": ["start": start, "end": start]]
    }
    guard let (name, _) = document.word(at: offset) else { return .null }
    let outline = ScriptOutline(document.file)
    guard let found = outline.definitions.last(where: { $0.name == name }) else { return .null }
    return ["uri": .string(document.uri), "range": document.range(of: found.location)]
  }

  private func references(_ document: Document, at offset: Int?) -> StateValue {
    guard let offset, let (name, _) = document.word(at: offset) else { return .array([]) }
    let outline = ScriptOutline(document.file)
    guard outline.definitions.contains(where: { $0.name == name }) else { return .array([]) }
    return .array(outline.uses(of: name).map { ["uri": .string(document.uri), "range": document.range(of: $0)] })
  }

  private func rename(_ document: Document, at offset: Int?, to newName: String) -> StateValue {
    guard let offset, let (name, _) = document.word(at: offset) else { return .null }
    let outline = ScriptOutline(document.file)
    guard outline.definitions.contains(where: { $0.name == name }) else { return .null }
    let edits = outline.uses(of: name).map { use -> StateValue in
      ["range": document.range(of: use), "newText": .string(newName)]
    }
    return ["changes": .object([.init(document.uri, .array(edits))])]
  }

  private func symbols(_ document: Document) -> StateValue {
    .array(
      ScriptOutline(document.file).definitions.map { definition in
        let detail: String
        let kind: Int
        switch definition.kind {
        case .macro: (detail, kind) = ("macro", 12)  // Function
        case .instance(let type): (detail, kind) = ("new \(type)", 13)  // Variable
        }
        return [
          "name": .string(definition.name), "detail": .string(detail), "kind": .int(kind),
          "range": document.range(of: definition.statement), "selectionRange": document.range(of: definition.location),
        ]
      })
  }

  /// Each token and comment, coloured by what it names: keywords, receivers, verbs,
  /// queries, macros, parameters, argument words, strings, numbers, comments, operators.
  private func semanticTokens(_ document: Document) -> StateValue {
    let outline = ScriptOutline(document.file)
    let names = Names(registry, outline)
    var data: [StateValue] = []
    var (lastLine, lastStart) = (0, 0)
    for (index, lexeme) in outline.lexemes.enumerated() {
      let type: String
      switch lexeme.kind {
      case .keyword: type = "keyword"
      case .parameter: type = "parameter"
      case .number: type = "number"
      case .string: type = "string"
      case .comment: type = "comment"
      case .punctuation:
        guard document.isOperator(lexeme.bytes) else { continue }
        type = "operator"
      case .word:
        let next = outline.lexemes.indices.contains(index + 1) ? outline.lexemes[index + 1] : nil
        let previous = index > 0 ? outline.lexemes[index - 1] : nil
        if next.map({ document.isDot($0.bytes) }) == true && names.receivers.contains(lexeme.text) {
          type = "class"
        } else if names.macros.contains(lexeme.text) {
          type = "function"
        } else if previous.map({ document.isDot($0.bytes) }) == true {
          type = names.queries.contains(lexeme.text) && !names.verbs.contains(lexeme.text) ? "property" : "method"
        } else if names.verbs.contains(lexeme.text) && document.startsStatement(lexeme.bytes.lowerBound) {
          type = "method"
        } else {
          type = "enumMember"
        }
      }
      // One token per line: a string across lines is coloured on each of its lines.
      for piece in document.linePieces(of: lexeme.bytes) {
        let deltaLine = piece.line - lastLine
        data += [
          .int(deltaLine), .int(deltaLine == 0 ? piece.start - lastStart : piece.start), .int(piece.length),
          .int(Self.tokenTypes.firstIndex(of: type)!), .int(0),
        ]
        (lastLine, lastStart) = (piece.line, piece.start)
      }
    }
    return ["data": .array(data)]
  }

  /// The usage of the verb, query or macro whose arguments the cursor is among.
  private func signatureHelp(_ document: Document, at offset: Int?) -> StateValue {
    guard let offset, let (name, argumentCount) = document.commandBefore(offset),
      let help = help(on: name, in: document, before: document.line(ofByte: offset)),
      let first = help.split(separator: "\n").first
    else { return .null }
    return [
      "signatures": .array([["label": .string(String(first)), "documentation": .string(help)]]),
      "activeSignature": .int(0), "activeParameter": .int(max(0, argumentCount)),
    ]
  }

  private func formatting(_ document: Document) -> StateValue {
    guard let formatted = try? ScriptFormatter.format(document.file), Array(formatted.utf8) != document.bytes else {
      return .array([])
    }
    return .array([["range": document.wholeRange, "newText": .string(formatted)]])
  }

  // MARK: Output

  private func reply(_ id: StateValue?, _ result: StateValue) {
    guard let id else { return }
    write(["jsonrpc": "2.0", "id": id, "result": result])
  }

  private func send(error code: Int, _ message: String, id: StateValue) {
    write(["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]])
  }

  private func send(notification method: String, _ params: StateValue) {
    write(["jsonrpc": "2.0", "method": .string(method), "params": params])
  }

  private func write(_ message: StateValue) {
    let body = Array(message.json.utf8)
    let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    _ = frame.withUnsafeBytes { FileIO.writeAll(1, $0) }
  }
}

/// The protocol's framing on a descriptor: `Content-Length: N` headers, a blank line, then
/// N bytes of JSON.
struct MessageReader {
  let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  /// No message is larger: a bad header cannot make the server allocate without bound.
  static let maxLength = 64 << 20

  init(descriptor: Int32) { self.descriptor = descriptor }

  /// The next message's body, or nil at the end of the input.
  mutating func next() -> [UInt8]? {
    while true {
      var length: Int?
      // Headers, up to the blank line.
      while true {
        guard let line = readLine() else { return nil }
        if line.isEmpty { break }
        let text = String(decoding: line, as: UTF8.self)
        if text.lowercased().hasPrefix("content-length:") {
          length = Int(String(text.dropFirst("content-length:".count).filter { $0 != " " && $0 != "\t" }))
        }
      }
      guard let length, length >= 0, length <= Self.maxLength else { continue }
      guard fill(length) else { return nil }
      defer { start += length }
      return Array(buffer[start..<start + length])
    }
  }

  /// A header line without its CRLF (or LF).
  private mutating func readLine() -> [UInt8]? {
    while true {
      if let newline = buffer[start...].firstIndex(of: 10) {
        var end = newline
        if end > start, buffer[end - 1] == 13 { end -= 1 }
        defer { start = newline + 1 }
        return Array(buffer[start..<end])
      }
      guard readMore() else { return nil }
    }
  }

  private mutating func fill(_ count: Int) -> Bool {
    while buffer.count - start < count { guard readMore() else { return false } }
    return true
  }

  private mutating func readMore() -> Bool {
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return false }
      buffer += chunk[..<n]
      return true
    }
  }
}

extension StateValue {
  /// The string a value holds, if it is one.
  fileprivate var text: String? {
    if case .string(let s) = self { return s }
    return nil
  }
}

/// An open document: its text, and the conversions between the protocol's positions
/// (line, UTF-16 unit) and byte offsets and diagnostics' lines and columns.
private struct Document {
  let uri: String
  let bytes: [UInt8]
  /// Where each line starts.
  let lineStarts: [Int]

  init(uri: String, bytes: [UInt8]) {
    self.uri = uri
    self.bytes = bytes
    var starts = [0]
    for (i, b) in bytes.enumerated() where b == 10 { starts.append(i + 1) }
    lineStarts = starts
  }

  /// As a script file: named by its path, so that `source` reads beside it.
  var file: SourceFile { file(before: nil) }

  /// Its lines before `line` (0-based; all of them if nil) as a script file.
  func file(before line: Int?) -> SourceFile {
    let name = uri.hasPrefix("file://") ? String(uri.dropFirst(7)).removingPercentEncoding : uri
    guard let line, line < lineStarts.count else { return SourceFile(name: name, bytes: bytes) }
    return SourceFile(name: name, bytes: Array(bytes[..<lineStarts[max(0, line)]]))
  }

  /// The line (0-based) of a byte offset.
  func line(ofByte offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// A byte range as pieces of one line each: the line, and the start and length in UTF-16
  /// units.
  func linePieces(of range: Range<Int>) -> [(line: Int, start: Int, length: Int)] {
    var pieces: [(Int, Int, Int)] = []
    var start = range.lowerBound
    while start < range.upperBound {
      let line = line(ofByte: start)
      var end = line + 1 < lineStarts.count ? min(range.upperBound, lineStarts[line + 1] - 1) : range.upperBound
      if end > start, bytes[end - 1] == 13 { end -= 1 }
      let before = String(decoding: bytes[lineStarts[line]..<start], as: UTF8.self).utf16.count
      let length = String(decoding: bytes[start..<max(start, end)], as: UTF8.self).utf16.count
      if length > 0 { pieces.append((line, before, length)) }
      start = line + 1 < lineStarts.count ? lineStarts[line + 1] : range.upperBound
    }
    return pieces
  }

  func isDot(_ range: Range<Int>) -> Bool { range.count == 1 && bytes[range.lowerBound] == UInt8(ascii: ".") }

  /// Whether the bytes are an operator of an expression (not `.`, `;`, braces or parentheses).
  func isOperator(_ range: Range<Int>) -> Bool {
    guard let first = range.first else { return false }
    return !".;{}()".utf8.contains(bytes[first])
  }

  /// Whether only blanks, `;` or `{` come between the start of the line (or the last `;`
  /// or `{`) and `offset`: a statement starts there.
  func startsStatement(_ offset: Int) -> Bool {
    var i = offset
    while i > 0 {
      let b = bytes[i - 1]
      if b == 10 || b == UInt8(ascii: ";") || b == UInt8(ascii: "{") || b == UInt8(ascii: "}") { return true }
      if b != 32 && b != 9 { return false }
      i -= 1
    }
    return true
  }

  /// The command (`paint`, `door.lock`, a macro) that the statement around `offset` on its
  /// line starts with, and how many arguments come between it and `offset`.
  func commandBefore(_ offset: Int) -> (String, Int)? {
    let line = line(ofByte: offset)
    var start = min(offset, bytes.count)
    while start > lineStarts[line],
      ![UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}")].contains(bytes[start - 1])
    {
      start -= 1
    }
    let words = String(decoding: bytes[start..<min(offset, bytes.count)], as: UTF8.self)
      .split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard let first = words.first else { return nil }
    let typing = offset > 0 && offset <= bytes.count && bytes[offset - 1] != 32
    return (String(first), words.count - 1 - (typing ? 1 : 0))
  }

  /// The path in `source "PATH"` when `offset` is on that statement's string.
  func sourcedPath(at offset: Int) -> String? {
    let text = lineText(line(ofByte: offset))
    let keyword = Array("source \"".utf8)
    guard let at = (0...max(0, text.count - keyword.count)).first(where: { text[$0...].starts(with: keyword) }),
      let close = text[(at + keyword.count)...].firstIndex(of: UInt8(ascii: "\""))
    else { return nil }
    return String(decoding: text[(at + keyword.count)..<close], as: UTF8.self)
  }

  private func lineText(_ line: Int) -> [UInt8] {
    guard line >= 0, line < lineStarts.count else { return [] }
    var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
    if end > lineStarts[line], bytes[end - 1] == 13 { end -= 1 }
    return Array(bytes[lineStarts[line]..<max(lineStarts[line], end)])
  }

  /// The byte offset of a protocol position, clamped to its line.
  func offset(of position: StateValue) -> Int? {
    guard case .int(let line)? = position["line"], case .int(let character)? = position["character"] else {
      return nil
    }
    guard line >= 0, line < lineStarts.count else { return bytes.count }
    let text = String(decoding: lineText(line), as: UTF8.self)
    var units = 0
    var offset = lineStarts[line]
    for scalar in text.unicodeScalars {
      if units >= character { break }
      units += UTF16.width(scalar)
      offset += UTF8.width(scalar)
    }
    return offset
  }

  /// A protocol position for a line (1-based) and a column in Unicode scalars (1-based).
  private func position(line: Int, column: Int) -> StateValue {
    let text = String(decoding: lineText(line - 1), as: UTF8.self)
    let units = text.unicodeScalars.prefix(max(0, column - 1)).reduce(0) { $0 + UTF16.width($1) }
    return ["line": .int(max(0, line - 1)), "character": .int(units)]
  }

  /// The protocol range of a diagnostic's location (on its line).
  func range(of location: SourceLocation) -> StateValue {
    [
      "start": position(line: location.line, column: location.column),
      "end": position(line: location.line, column: location.column + max(1, location.length)),
    ]
  }

  var wholeRange: StateValue {
    ["start": ["line": .int(0), "character": .int(0)], "end": ["line": .int(lineStarts.count), "character": .int(0)]]
  }

  private static func isNameByte(_ b: UInt8) -> Bool {
    (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b) || b == 95 || b == 36
  }

  /// The word (or `$parameter`) at `offset` and its range, if any.
  func word(at offset: Int) -> (String, StateValue)? {
    span(at: offset, including: Self.isNameByte)
  }

  /// The word or `receiver.member` at `offset`: what `help` is asked about.
  func topic(at offset: Int) -> (String, StateValue)? {
    span(at: offset) { Self.isNameByte($0) || $0 == UInt8(ascii: ".") }
  }

  private func span(at offset: Int, including: (UInt8) -> Bool) -> (String, StateValue)? {
    var start = min(offset, bytes.count)
    var end = start
    while start > 0, including(bytes[start - 1]) { start -= 1 }
    while end < bytes.count, including(bytes[end]) { end += 1 }
    guard start < end else { return nil }
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    let line = (lineStarts.lastIndex { $0 <= start } ?? 0)
    let column = String(decoding: bytes[lineStarts[line]..<start], as: UTF8.self).unicodeScalars.count + 1
    let location = SourceLocation(file: "", line: line + 1, column: column, length: text.unicodeScalars.count)
    return (text, range(of: location))
  }

  /// For completion: the partial word before `offset`, and the text before it from the
  /// line where the outermost block around it opens (so that a macro's `$parameters` are
  /// known in its body), or from the start of its line.
  func wordAndLineBefore(_ offset: Int) -> (word: String, before: String) {
    var start = min(offset, bytes.count)
    while start > 0, Self.isNameByte(bytes[start - 1]) { start -= 1 }
    var first = line(ofByte: start)
    var depth = 0
    for line in (0..<first).reversed() {
      for b in lineText(line) {
        if b == UInt8(ascii: "{") { depth += 1 } else if b == UInt8(ascii: "}") { depth -= 1 }
      }
      if depth > 0 {
        first = line
        depth = 0
      }
    }
    return (
      String(decoding: bytes[start..<min(offset, bytes.count)], as: UTF8.self),
      String(decoding: bytes[lineStarts[first]..<start], as: UTF8.self)
    )
  }
}

extension String {
  /// `%20` and the like decoded, as file URIs write paths.
  fileprivate var removingPercentEncoding: String {
    var out: [UInt8] = []
    let utf8 = Array(self.utf8)
    var i = 0
    while i < utf8.count {
      if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count,
        let byte = UInt8(String(decoding: utf8[i + 1...i + 2], as: UTF8.self), radix: 16)
      {
        out.append(byte)
        i += 3
      } else {
        out.append(utf8[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
