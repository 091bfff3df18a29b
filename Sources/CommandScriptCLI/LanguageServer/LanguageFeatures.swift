import CommandScript

// The requests about a document, each answered from the session and its views: what
// `--check` reports, Tab's candidates, `help`, the outline of definitions and uses, and
// `cmdscript fmt`.

extension LanguageServer {
  // MARK: Diagnostics

  /// What `--check` reports for the document, each note as related information.
  func publishDiagnostics(_ uri: String) {
    guard let bytes = documents[uri] else { return }
    if let path = Self.projectFilePath(uri) { return publishProjectFileDiagnostics(uri, path: path) }
    let document = Document(uri: uri, bytes: bytes)
    let session = Session(registry: registry(for: document))
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
    let all = projectDiagnostics(for: document) + items
    send(notification: "textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": .array(all)])
  }

  /// Each did-you-mean of the diagnostics asked about, as a quick fix.
  func codeActions(_ document: Document, _ params: StateValue) -> StateValue {
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
    let session = Session(registry: registry(for: document))
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

  func completion(_ document: Document, at offset: Int?) -> StateValue {
    guard let offset else { return .array([]) }
    let (word, before) = document.wordAndTextBefore(offset)
    let session = session(for: document, before: document.line(ofByte: offset))
    let names = Names(registry(for: document), ScriptOutline(document.file))
    let candidates = session.completions(of: word, after: before)
    // `$NAME`: how it is bound and its kind, from the whole document compiled.
    let scope =
      candidates.contains { $0.hasPrefix("$") }
      ? self.session(for: document).namesInScope(before: before, textIsCompiled: true) : []
    let items = candidates.map { candidate -> StateValue in
      var item: [StateValue.Member] = [
        .init("label", .string(candidate)), .init("kind", .int(names.completionKind(candidate))),
      ]
      let help = session.help(candidate)
      if let bound = scope.last(where: { "$" + $0.name == candidate }) {
        item.append(.init("detail", .string(bound.summary)))
      } else if !help.hasPrefix("no help") {
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

  /// The name in scope that the `$NAME` at `offset` stands for, as bound in the document.
  private func boundName(_ document: Document, at offset: Int) -> (NameInScope, StateValue)? {
    guard let (name, end, range) = document.parameter(at: offset) else { return nil }
    let before = String(decoding: document.bytes[..<end], as: UTF8.self)
    let scope = session(for: document).namesInScope(before: before, textIsCompiled: true)
    return scope.last { "$" + $0.name == name }.map { ($0, range) }
  }

  func hover(_ document: Document, at offset: Int?) -> StateValue {
    if let offset, let (bound, range) = boundName(document, at: offset) {
      let text = "$\(bound.name): \(bound.summary), bound on line \(bound.line)"
      return ["contents": ["kind": "markdown", "value": .string("```text\n\(text)\n```")], "range": range]
    }
    guard let offset, let (name, range) = document.topic(at: offset),
      let text = help(on: name, in: document, before: nil)
    else { return .null }
    return ["contents": ["kind": "markdown", "value": .string("```text\n\(text)\n```")], "range": range]
  }

  func definition(_ document: Document, at offset: Int?) -> StateValue {
    guard let offset else { return .null }
    if let path = document.sourcedPath(at: offset) {
      // `source "lib.cmd"`: the file, beside the document.
      let folder = document.file.name.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/")
      let resolved = path.hasPrefix("/") || folder.isEmpty ? path : folder + "/" + path
      let start: StateValue = ["line": .int(0), "character": .int(0)]
      return ["uri": .string("file://" + resolved), "range": ["start": start, "end": start]]
    }
    if let (bound, _) = boundName(document, at: offset) {
      let at = SourceLocation(file: "", line: bound.line, column: bound.column, length: bound.name.unicodeScalars.count)
      return ["uri": .string(document.uri), "range": document.range(of: at)]
    }
    guard let (name, _) = document.word(at: offset) else { return .null }
    let outline = ScriptOutline(document.file)
    guard let found = outline.definitions.last(where: { $0.name == name }) else { return .null }
    return ["uri": .string(document.uri), "range": document.range(of: found.location)]
  }

  func references(_ document: Document, at offset: Int?) -> StateValue {
    guard let offset, let (name, _) = document.word(at: offset) else { return .array([]) }
    let outline = ScriptOutline(document.file)
    guard outline.definitions.contains(where: { $0.name == name }) else { return .array([]) }
    return .array(outline.uses(of: name).map { ["uri": .string(document.uri), "range": document.range(of: $0)] })
  }

  func rename(_ document: Document, at offset: Int?, to newName: String) -> StateValue {
    guard let offset, let (name, _) = document.word(at: offset) else { return .null }
    let outline = ScriptOutline(document.file)
    guard outline.definitions.contains(where: { $0.name == name }) else { return .null }
    let edits = outline.uses(of: name).map { use -> StateValue in
      ["range": document.range(of: use), "newText": .string(newName)]
    }
    return ["changes": .object([.init(document.uri, .array(edits))])]
  }

  func symbols(_ document: Document) -> StateValue {
    // The document compiled once, for its variables and what its macros return.
    let checked = session(for: document)
    // The top-level `let`s and `var`s: those in scope at the document's end.
    let text = String(decoding: document.bytes, as: UTF8.self)
    let variables = checked.namesInScope(before: text, textIsCompiled: true).filter {
      $0.binding == .let || $0.binding == .var
    }.map { variable -> StateValue in
      let at = SourceLocation(
        file: "", line: variable.line, column: variable.column, length: variable.name.unicodeScalars.count)
      return [
        "name": .string(variable.name), "detail": .string(variable.summary), "kind": .int(13),  // Variable
        "range": document.range(of: at), "selectionRange": document.range(of: at),
      ]
    }
    // What each macro that returns a value returns, as the document's session checked it.
    let returns = Dictionary(
      checked.macroDefinitions.compactMap { m in m.returns.map { (m.name, $0) } },
      uniquingKeysWith: { $1 })
    return .array(
      ScriptOutline(document.file).definitions.map { definition -> StateValue in
        let detail: String
        let kind: Int
        switch definition.kind {
        // 12: Function; a macro with `return` says what it returns.
        case .macro: (detail, kind) = (returns[definition.name].map { "macro, returns \($0)" } ?? "macro", 12)
        case .instance(let type): (detail, kind) = ("new \(type)", 13)  // Variable
        }
        return [
          "name": .string(definition.name), "detail": .string(detail), "kind": .int(kind),
          "range": document.range(of: definition.statement), "selectionRange": document.range(of: definition.location),
        ]
      } + variables)
  }

  /// Each token and comment, coloured by what it names: keywords, receivers, verbs,
  /// queries, macros, parameters, argument words, strings, numbers, comments, operators.
  func semanticTokens(_ document: Document) -> StateValue {
    let outline = ScriptOutline(document.file)
    let names = Names(registry(for: document), outline)
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
        } else if names.verbs.contains(lexeme.text) && document.startsStatement(index, in: outline.lexemes) {
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
  func signatureHelp(_ document: Document, at offset: Int?) -> StateValue {
    guard let offset, let (name, argumentCount) = document.commandBefore(offset),
      let help = help(on: name, in: document, before: document.line(ofByte: offset)),
      let first = help.split(separator: "\n").first
    else { return .null }
    return [
      "signatures": .array([["label": .string(String(first)), "documentation": .string(help)]]),
      "activeSignature": .int(0), "activeParameter": .int(max(0, argumentCount)),
    ]
  }

  func formatting(_ document: Document) -> StateValue {
    guard let formatted = try? ScriptFormatter.format(document.file), Array(formatted.utf8) != document.bytes else {
      return .array([])
    }
    return .array([["range": document.wholeRange, "newText": .string(formatted)]])
  }
}
