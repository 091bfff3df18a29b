"""`cmdscript lsp` driven over pipes by a real protocol client (pytest-lsp): initialise,
open, change, each request the server offers, errors by the protocol, shutdown.

Run by LSPTests.swift as `python3 -m pytest Tests/CLITests/lsp_test.py` with CMDSCRIPT set
to the binary; GOLDEN to the golden scripts' folder.
"""

import asyncio
import json
import os
import pathlib
import subprocess
import time

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

BINARY = os.environ["CMDSCRIPT"]
SCRIPTS = pathlib.Path(__file__).parent / "Scripts"
# Seconds after which the server is taken to hang: only a guard, generous enough for a debug
# build on a slow, loaded machine (subprocess says "timed out after 300 seconds").
HANG_GUARD = 300


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=None))
    yield
    await lsp_client.shutdown_session()


URI = "file:///tmp/lsp-test/doc.cmd"


def open_document(client, text, uri=URI):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="commandscript", version=1, text=text)))


async def diagnostics_of(client, uri=URI):
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


def at(line, character):
    return types.Position(line=line, character=character)


def document():
    return types.TextDocumentIdentifier(uri=URI)


async def definition_at(client, line, character):
    """The location go to definition gives for a position."""
    definition = await client.text_document_definition_async(
        types.DefinitionParams(text_document=document(), position=at(line, character)))
    return definition[0] if isinstance(definition, list) else definition


async def completions(client, line, character):
    """The completion items at a position: label to kind."""
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=document(), position=at(line, character)))
    return {item.label: item.kind for item in (result.items if hasattr(result, "items") else result)}


@pytest.mark.asyncio
async def test_diagnostics_in_utf16_units_with_a_quick_fix(client):
    # Two characters outside the BMP (two UTF-16 units each) before the error on its line.
    open_document(client, "echo \"😀😀\"; paitn red\n")
    [diagnostic] = await diagnostics_of(client)
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.message == "unknown command `paitn` (did you mean `paint`?)"
    # `echo "😀😀"; ` is 13 UTF-16 units.
    assert diagnostic.range == types.Range(start=at(0, 13), end=at(0, 18))
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=document(), range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic])))
    [action] = actions
    assert action.kind == types.CodeActionKind.QuickFix
    [edit] = action.edit.changes[URI]
    assert edit.new_text == "paint" and edit.range == diagnostic.range


@pytest.mark.asyncio
async def test_a_change_is_checked_again_and_notes_are_related_information(client):
    open_document(client, "move up\n")
    assert list(await diagnostics_of(client)) == []
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="repeat 2 {\n  move up\n")]))
    [diagnostic] = await diagnostics_of(client)
    assert diagnostic.message.startswith("expected `}` to close `{`")
    [related] = diagnostic.related_information
    assert related.location.range.start == at(0, 9)


@pytest.mark.asyncio
async def test_completion_offers_verbs_and_words_of_the_slot(client):
    open_document(client, "macro zig n { move up $n }\npai\npaint \n")
    await diagnostics_of(client)
    assert "paint" in await completions(client, 1, 3)
    labels = await completions(client, 2, 6)
    assert "red" in labels and "blue" in labels


@pytest.mark.asyncio
async def test_hover_is_the_help_of_the_name(client):
    open_document(client, "new door back\nback.lock\ndoor.open\n")
    await diagnostics_of(client)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document(), position=at(2, 7)))
    assert "open" in hover.contents.value
    # An instance made by `new` is explained by its type.
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document(), position=at(1, 6)))
    assert "lock" in hover.contents.value


@pytest.mark.asyncio
async def test_definition_references_rename_and_symbols(client):
    open_document(client, "macro zig n { move up $n }\nnew door back\nzig 2\nzig 3 # zig in a comment\nback.lock\n")
    await diagnostics_of(client)
    assert (await definition_at(client, 2, 1)).range.start == at(0, 6)
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=document(), position=at(2, 1), context=types.ReferenceContext(include_declaration=True)))
    assert sorted(r.range.start.line for r in references) == [0, 2, 3]
    rename = await client.text_document_rename_async(
        types.RenameParams(text_document=document(), position=at(4, 1), new_name="front"))
    assert sorted((e.range.start.line, e.range.start.character) for e in rename.changes[URI]) == [(1, 9), (4, 0)]
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=document()))
    assert [(s.name, s.kind) for s in symbols] == [("zig", types.SymbolKind.Function), ("back", types.SymbolKind.Variable)]


@pytest.mark.asyncio
async def test_formatting_and_range_formatting_are_cmdscript_fmt(client):
    open_document(client, "repeat 2 {move up}\n")
    await diagnostics_of(client)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=document(), options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert [e.new_text for e in edits] == ["repeat 2 { move up }\n"]
    # A range is formatted as part of its document.
    edits = await client.text_document_range_formatting_async(
        types.DocumentRangeFormattingParams(
            text_document=document(), range=types.Range(start=at(0, 0), end=at(0, 5)),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert [e.new_text for e in edits] == ["repeat 2 { move up }\n"]


@pytest.mark.asyncio
async def test_an_unknown_method_is_method_not_found(client):
    with pytest.raises(Exception) as raised:
        await client.protocol.send_request_async("cmdscript/nothing", {})
    assert "-32601" in str(raised.value) or "no method" in str(raised.value)


def compile_error_scripts():
    """The golden scripts that are valid UTF-8 and expect compile errors (an editor sends
    documents as UTF-8 text)."""
    for path in sorted(SCRIPTS.rglob("*.cmd")):
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        if "# exit: 65" in text:
            yield path


@pytest.mark.parametrize("script", list(compile_error_scripts()), ids=lambda p: p.name)
def test_diagnostics_are_those_of_check(script):
    """A golden script with compile errors: the server reports what `--check` reports."""
    text = script.read_text()
    if "# args:" in text or "# mode:" in text:
        pytest.skip("run with options or on standard input")
    # `--check` never starts a project file's plugins: they are named with --plugin here,
    # as the server (whose state folder trusts the file) starts them.
    project = script.parent / "cmdscript.json"
    plugins = json.loads(project.read_text())["plugins"] if project.exists() else []
    named = [word for command in plugins for word in ("--plugin", command)]
    check = subprocess.run([BINARY, "--check", "--json", *named, script.name], cwd=script.parent,
                           capture_output=True, text=True)
    expected = [json.loads(line) for line in check.stderr.splitlines() if line.startswith("{")]
    expected = [(d["line"] - 1, d["message"] + (f" (did you mean `{d['suggestion']}`?)" if "suggestion" in d else ""))
                for d in expected if d.get("file") == script.name]
    # Started in the script's folder, as an editor starts it in the project's: a project
    # file there (plugins/cmdscript.json) names the plugins whose verbs it checks.
    received = raw_diagnostics(text, "file://" + str(script), cwd=script.parent)
    assert [(d["range"]["start"]["line"], d["message"]) for d in received] == expected


def raw_diagnostics(text, uri, cwd=None, env=None):
    """The diagnostics the server publishes for `text`, over a plain pipe, the server
    started in `cwd`."""
    for message in raw_session([(uri, text)], cwd=cwd, env=env):
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
            return message["params"]["diagnostics"]
    raise AssertionError("no diagnostics published")


def raw_session(documents, cwd=None, env=None):
    """Every message the server sends when `documents` (URI and text) are opened, in order,
    between `initialize` and `shutdown`."""
    messages = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}]
    messages += [{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "commandscript", "version": 1, "text": text}}} for uri, text in documents]
    messages += [{"jsonrpc": "2.0", "id": 2, "method": "shutdown"}, {"jsonrpc": "2.0", "method": "exit"}]
    data = b"".join(frame(m) for m in messages)
    out = subprocess.run([BINARY, "lsp"], input=data, capture_output=True, timeout=HANG_GUARD, cwd=cwd, env=env)
    assert out.returncode == 0, out.stderr
    return list(unframe(out.stdout))


def project(folder, plugins):
    """A project file in `folder` naming `plugins`, and a state folder of its own; the
    environment to run the tool with it."""
    (folder / "cmdscript.json").write_text(json.dumps({"plugins": plugins}))
    return dict(os.environ, XDG_STATE_HOME=str(folder / "state"))


LAMP = "python3 " + str(pathlib.Path(__file__).parents[2] / "examples" / "plugins" / "lamp.py")


def test_an_untrusted_project_file_starts_nothing_and_says_how_to_trust_it(tmp_path):
    env = project(tmp_path, ["touch ran"])
    uri = "file://" + str(tmp_path / "s.cmd")
    received = raw_diagnostics("echo 1\n", uri, cwd="/", env=env)
    assert not (tmp_path / "ran").exists()
    assert [d["range"]["start"]["line"] for d in received] == [0]
    assert f"run `cmdscript trust {tmp_path}/cmdscript.json`" in received[0]["message"]


def test_a_plugin_that_cannot_start_leaves_the_server_serving(tmp_path):
    """Its document (and the project file, when open) say why; `initialize` is answered."""
    env = project(tmp_path, ["no-such-program --flag"])
    subprocess.run([BINARY, "trust", str(tmp_path)], env=env, check=True, capture_output=True)
    uri = "file://" + str(tmp_path / "s.cmd")
    received = raw_session([(uri, "lamp.on\n"), ("file://" + str(tmp_path / "cmdscript.json"), "{}")],
                           cwd=tmp_path, env=env)
    assert received[0]["id"] == 1 and "capabilities" in received[0]["result"]
    published = {m["params"]["uri"]: m["params"]["diagnostics"] for m in received
                 if m.get("method") == "textDocument/publishDiagnostics"}
    why = "cannot start `no-such-program`"
    assert any(why in d["message"] for d in published[uri]), published
    assert any(why in d["message"] for d in published["file://" + str(tmp_path / "cmdscript.json")]), published


def test_the_project_file_is_the_documents_as_for_a_run(tmp_path):
    """Found from the document's folder, not the server's working directory."""
    env = project(tmp_path, [LAMP])
    subprocess.run([BINARY, "trust", str(tmp_path)], env=env, check=True, capture_output=True)
    (tmp_path / "sub").mkdir()
    uri = "file://" + str(tmp_path / "sub" / "s.cmd")
    assert raw_diagnostics("lamp.on\nlamp.dim 40\n", uri, cwd="/", env=env) == []
    received = raw_diagnostics("lamp.dimm 40\n", uri, cwd="/", env=env)
    assert [d["message"] for d in received] == ["`lamp` has no verb `dimm` (did you mean `dim`?)"]


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def unframe(data):
    while data:
        header, _, rest = data.partition(b"\r\n\r\n")
        length = int(header.split(b":")[1])
        yield json.loads(rest[:length])
        data = rest[length:]


def test_robust_against_bad_input():
    """Malformed JSON, a request before `initialize`, an unknown method, `$/cancelRequest`,
    and hostile documents: answered by the protocol, and the server keeps serving."""
    hostile = [bytes(range(256)).decode("latin-1"), "{" * 100000, "\"" * 5000, "repeat " * 3000, "é\u0000\ufeff$"]
    data = b"Content-Length: 7\r\n\r\n{oops!}"
    data += frame({"jsonrpc": "2.0", "id": 0, "method": "textDocument/hover", "params": {}})
    data += frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    data += frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 1}})
    data += frame({"jsonrpc": "2.0", "id": 2, "method": "nothing/here"})
    for i, text in enumerate(hostile):
        uri = f"file:///tmp/hostile{i}.cmd"
        data += frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "commandscript", "version": 1, "text": text}}})
        data += frame({"jsonrpc": "2.0", "id": 100 + i, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": uri}, "position": {"line": 0, "character": 3}}})
        data += frame({"jsonrpc": "2.0", "id": 200 + i, "method": "textDocument/formatting", "params": {
            "textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}}})
    data += frame({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    data += frame({"jsonrpc": "2.0", "method": "exit"})
    out = subprocess.run([BINARY, "lsp"], input=data, capture_output=True, timeout=HANG_GUARD)
    assert out.returncode == 0, out.stderr
    replies = {m.get("id"): m for m in unframe(out.stdout) if "id" in m}
    assert replies[None]["error"]["code"] == -32700
    assert replies[0]["error"]["code"] == -32002
    assert replies[2]["error"]["code"] == -32601
    assert replies[3]["result"] is None
    for i in range(len(hostile)):
        assert 100 + i in replies and 200 + i in replies


def test_exit_without_shutdown_is_status_1():
    out = subprocess.run([BINARY, "lsp"], input=frame({"jsonrpc": "2.0", "method": "exit"}), capture_output=True,
                         timeout=HANG_GUARD)
    assert out.returncode == 1


@pytest.mark.asyncio
async def test_completion_has_kinds_and_sees_instances_above_the_cursor(client):
    # An error further down does not hide what the lines above the cursor define.
    open_document(client, "new door back\nmacro zig n { move up $n }\n\npaitn red\n")
    await diagnostics_of(client)
    items = await completions(client, 2, 0)
    assert items["back."] == types.CompletionItemKind.Class
    assert items["zig"] == types.CompletionItemKind.Function
    assert items["paint"] == types.CompletionItemKind.Method
    assert items["repeat"] == types.CompletionItemKind.Keyword


@pytest.mark.asyncio
async def test_semantic_tokens_colour_what_each_name_is(client):
    text = "macro zig n { move up $n }\nif door.locked { zig 2 } # done\necho \"a\nb\"\n"
    open_document(client, text)
    await diagnostics_of(client)
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=document()))
    types_ = ["keyword", "class", "method", "property", "function", "parameter", "enumMember", "string", "number",
              "comment", "operator"]
    line = start = 0
    decoded = []
    data = tokens.data
    for i in range(0, len(data), 5):
        line += data[i]
        start = data[i + 1] if data[i] else start + data[i + 1]
        lines = text.split("\n")
        decoded.append((lines[line][start:start + data[i + 2]], types_[data[i + 3]]))
    assert ("macro", "keyword") in decoded
    assert ("zig", "function") in decoded
    assert ("move", "method") in decoded and ("up", "enumMember") in decoded
    assert ("$n", "parameter") in decoded
    assert ("door", "class") in decoded and ("locked", "property") in decoded
    assert ("2", "number") in decoded and ("# done", "comment") in decoded
    # A string across lines is coloured on each of its lines.
    assert ('"a', "string") in decoded and ('b"', "string") in decoded


@pytest.mark.asyncio
async def test_signature_help_gives_the_usage(client):
    open_document(client, "macro zig n { move up $n }\nmove up \nzig \n")
    await diagnostics_of(client)
    help = await client.text_document_signature_help_async(
        types.SignatureHelpParams(text_document=document(), position=at(1, 8)))
    assert "move" in help.signatures[0].label and help.active_parameter == 1
    help = await client.text_document_signature_help_async(
        types.SignatureHelpParams(text_document=document(), position=at(2, 4)))
    assert "zig" in help.signatures[0].label and help.active_parameter == 0


@pytest.mark.asyncio
async def test_definition_of_a_sourced_file_is_the_file(client):
    open_document(client, 'source "lib/defs.cmd"\n')
    await diagnostics_of(client)
    assert (await definition_at(client, 0, 10)).uri == "file:///tmp/lsp-test/lib/defs.cmd"


@pytest.mark.asyncio
async def test_completion_offers_a_macros_parameters_in_its_body(client):
    open_document(client, "macro zig steps {\n  move up $\n}\n")
    await diagnostics_of(client)
    assert "$steps" in await completions(client, 1, 11)


VARIABLES = (
    "let limit = 3\n"            # line 0
    "var colour = red\n"          # line 1
    "repeat 2 as i {\n"           # line 2
    "  var step = 1.5\n"          # line 3
    "  move up $\n"               # line 4
    "}\n"                         # line 5
    "macro m n {\n"               # line 6
    "  paint $colour\n"           # line 7
    "  echo ($n + $limit)\n"      # line 8
    "}\n"                         # line 9
    "echo ($\n")                  # line 10


async def completion_items(client, line, character):
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=document(), position=at(line, character)))
    return {item.label: item for item in (result.items if hasattr(result, "items") else result)}


@pytest.mark.asyncio
async def test_completion_after_a_dollar_offers_the_names_in_scope_with_their_kinds(client):
    open_document(client, VARIABLES)
    await diagnostics_of(client)
    # In the block: the top-level variables, the turn and the block's own `var`.
    items = await completion_items(client, 4, 11)
    assert {"$limit", "$colour", "$i", "$step"} <= set(items), items.keys()
    assert items["$limit"].detail == "let, an integer"
    assert items["$colour"].detail == "var, a colour"
    assert items["$step"].detail == "var, a decimal"
    assert items["$i"].kind == types.CompletionItemKind.Variable
    # After the block, its names are gone.
    items = await completion_items(client, 10, 7)
    assert {"$limit", "$colour"} == {label for label in items if label.startswith("$")}, items.keys()


@pytest.mark.asyncio
async def test_hover_and_definition_of_a_variable_say_where_it_was_bound(client):
    open_document(client, VARIABLES)
    await diagnostics_of(client)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document(), position=at(7, 10)))
    assert "$colour: var, a colour, bound on line 2" in hover.contents.value
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document(), position=at(8, 10)))
    assert "$n: a parameter of the macro, bound on line 7" in hover.contents.value
    assert (await definition_at(client, 8, 15)).range.start == at(0, 4)
    assert (await definition_at(client, 7, 10)).range.start == at(1, 4)


@pytest.mark.asyncio
async def test_the_outline_lists_the_top_level_variables(client):
    open_document(client, VARIABLES.replace("echo ($\n", "echo ($limit)\n"))
    await diagnostics_of(client)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document()))
    assert [(s.name, s.kind, s.detail) for s in symbols] == [
        ("m", types.SymbolKind.Function, "macro"),
        ("limit", types.SymbolKind.Variable, "let, an integer"),
        ("colour", types.SymbolKind.Variable, "var, a colour")]


@pytest.mark.asyncio
async def test_diagnostics_cover_the_variable_errors(client):
    open_document(client, "let a = 1\na = 2\nb = 3\nvar c = 1\nc = \"x\"\nbreak\n")
    messages = [d.message for d in await diagnostics_of(client)]
    assert any("`a`" in m and "var" in m for m in messages), messages
    assert any("`b`" in m and "var b" in m for m in messages), messages
    assert any("`c`" in m for m in messages), messages
    assert any("break" in m for m in messages), messages


def test_every_golden_script_and_example_as_a_document():
    """The fuzz target's seeds (every golden script and example, invalid UTF-8 repaired as
    an editor would) as documents: the server answers every request on each, at several
    positions, and does not crash."""
    root = SCRIPTS.parent.parent.parent
    paths = sorted(SCRIPTS.rglob("*.cmd")) + sorted((root / "examples").glob("*.cmd"))
    data = frame({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}})
    expected = set()
    next_id = 1
    for n, path in enumerate(paths):
        text = path.read_bytes().decode("utf-8", errors="replace")
        uri = f"file:///tmp/corpus/{n}.cmd"
        data += frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "commandscript", "version": 1, "text": text}}})
        lines = text.split("\n")
        for line in {0, len(lines) // 2, len(lines) - 1}:
            for character in {0, len(lines[line]) // 2, len(lines[line])}:
                position = {"line": line, "character": character}
                for method in ["textDocument/hover", "textDocument/completion", "textDocument/signatureHelp",
                               "textDocument/definition", "textDocument/references"]:
                    params = {"textDocument": {"uri": uri}, "position": position}
                    if method == "textDocument/references":
                        params["context"] = {"includeDeclaration": True}
                    data += frame({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params})
                    expected.add(next_id)
                    next_id += 1
        for method in ["textDocument/semanticTokens/full", "textDocument/documentSymbol", "textDocument/formatting"]:
            data += frame({"jsonrpc": "2.0", "id": next_id, "method": method, "params": {
                "textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}}})
            expected.add(next_id)
            next_id += 1
    data += frame({"jsonrpc": "2.0", "id": next_id, "method": "shutdown"})
    data += frame({"jsonrpc": "2.0", "method": "exit"})
    out = subprocess.run([BINARY, "lsp"], input=data, capture_output=True, timeout=300)
    assert out.returncode == 0, out.stderr
    replies = {m["id"]: m for m in unframe(out.stdout) if "id" in m}
    missing = expected - replies.keys()
    assert not missing
    assert not [m for m in replies.values() if "error" in m]


class Server:
    """`cmdscript lsp` over pipes, written to and read from as a client would, message by
    message, so that a server that stops answering is seen as such (with a timeout)."""

    def __init__(self):
        self.process = subprocess.Popen([BINARY, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.pending = b""

    def send(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def receive(self, timeout=HANG_GUARD):
        """The next message, or None if none comes within `timeout` seconds."""
        import select
        deadline = time.monotonic() + timeout
        while True:
            header, separator, rest = self.pending.partition(b"\r\n\r\n")
            if separator:
                length = int(header.split(b":")[1])
                if len(rest) >= length:
                    self.pending = rest[length:]
                    return json.loads(rest[:length])
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.process.stdout], [], [], left)[0]:
                return None
            chunk = os.read(self.process.stdout.fileno(), 1 << 16)
            if not chunk:
                return None
            self.pending += chunk

    def reply_to(self, id, timeout=HANG_GUARD):
        """The reply to request `id` (notifications before it are skipped)."""
        while (message := self.receive(timeout)) is not None:
            if message.get("id") == id and "method" not in message:
                return message
        return None

    def close(self):
        """Shuts down; returns the exit status and the process's peak memory in KiB."""
        self.send(frame({"jsonrpc": "2.0", "id": 999, "method": "shutdown"}) + frame({"jsonrpc": "2.0", "method": "exit"}))
        self.process.stdin.close()
        _, status, usage = os.wait4(self.process.pid, 0)
        self.process.returncode = os.waitstatus_to_exitcode(status)
        return self.process.returncode, usage.ru_maxrss


def request(id, method, params=None):
    message = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return message


def initialized_server():
    server = Server()
    server.send(frame(request(1, "initialize", {"capabilities": {}})))
    assert server.reply_to(1)["result"]["capabilities"]
    return server


def test_a_content_length_a_few_bytes_wrong_costs_at_most_that_message():
    """A frame whose length is too large (and nothing after it yet) or too small: the server
    goes on answering, as clients expect of it."""
    server = initialized_server()
    for id, error in [(10, +5), (11, -3), (12, +1), (13, -1), (14, -30)]:
        body = json.dumps(request(id, "textDocument/hover", {
            "textDocument": {"uri": "file:///nowhere.cmd"}, "position": {"line": 0, "character": 0}})).encode()
        server.send(b"Content-Length: %d\r\n\r\n" % (len(body) + error) + body)
        # The reply (that the document is not open), or, if the value was cut, a parse error.
        reply = server.receive(timeout=HANG_GUARD)
        assert reply is not None, f"no answer after a length {error:+d} bytes off"
        good = request(100 + id, "textDocument/hover", {
            "textDocument": {"uri": "file:///nowhere.cmd"}, "position": {"line": 0, "character": 0}})
        server.send(frame(good))
        assert server.reply_to(100 + id)["error"]["code"] == -32602
    status, _ = server.close()
    assert status == 0


def test_a_header_line_without_end_is_bounded():
    """32 MB of header line without a line break, then a frame: the server answers it, and
    never holds the line (its peak memory grows far less than the line's size)."""
    _, baseline_kib = initialized_server().close()
    server = initialized_server()
    line = b"X-Junk: " + b"a" * (32 << 20)
    server.send(line + b"\r\n" + frame(request(2, "textDocument/hover", {
        "textDocument": {"uri": "file:///nowhere.cmd"}, "position": {"line": 0, "character": 0}})))
    assert server.reply_to(2, timeout=HANG_GUARD)["error"]["code"] == -32602
    status, peak_kib = server.close()
    assert status == 0
    assert peak_kib - baseline_kib < 8 * 1024, f"peak memory {peak_kib} KiB for a 32 MB header line, {baseline_kib} without"


def test_after_shutdown_requests_are_invalid_and_notifications_dropped():
    server = initialized_server()
    server.send(frame(request(2, "shutdown")))
    assert server.reply_to(2)["result"] is None
    server.send(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": URI, "languageId": "commandscript", "version": 1, "text": "paitn red\n"}}}))
    server.send(frame(request(3, "textDocument/documentSymbol", {"textDocument": {"uri": URI}})))
    reply = server.receive()
    # No diagnostics for the document opened after `shutdown`: the next message is the reply.
    assert reply.get("id") == 3 and reply["error"]["code"] == -32600, reply
    server.send(frame({"jsonrpc": "2.0", "method": "exit"}))
    server.process.stdin.close()
    assert server.process.wait(timeout=HANG_GUARD) == 0


def test_a_method_that_is_not_a_string_is_an_invalid_request():
    server = initialized_server()
    for id, method in [(5, 42), (6, None), (7, ["textDocument/hover"]), (8, {"name": "shutdown"})]:
        server.send(frame({"jsonrpc": "2.0", "id": id, "method": method}))
        reply = server.reply_to(id)
        assert reply is not None and reply["error"]["code"] == -32600, (method, reply)
    server.send(frame({"jsonrpc": "2.0", "id": 9}))
    assert server.reply_to(9)["error"]["code"] == -32600
    status, _ = server.close()
    assert status == 0


@pytest.mark.asyncio
async def test_a_macro_that_returns_a_value(client):
    """`return` is offered in a macro's body only; hover and the outline say what a macro
    with `return` returns; a call of it in an expression is completed."""
    open_document(client, "macro double n {\n  \n  return ($n * 2)\n}\n\necho (double 3)\n")
    await diagnostics_of(client)
    assert "return" in await completions(client, 1, 2)
    assert "return" not in await completions(client, 4, 0)
    assert "double" in await completions(client, 5, 9)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document(), position=at(5, 7)))
    assert "returns an integer" in hover.contents.value
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=document()))
    assert [(s.name, s.detail) for s in symbols] == [("double", "macro, returns an integer")]
