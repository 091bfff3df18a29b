"""The TextMate grammar (editors/commandscript.tmLanguage.json) on every golden script and
example: it tokenises each, and what it scopes as strings and comments is exactly what the
language's strings and comments are (no string region that runs on past its closing quote,
no comment missed), with keywords scoped as keywords.

Run by LSPTests.swift as `python3 -m pytest Tests/CLITests/grammar_test.py`.
"""

import json
import pathlib

import pytest
from textmate_grammar.parsers.base import LanguageParser

ROOT = pathlib.Path(__file__).parent.parent.parent
GRAMMAR = json.loads((ROOT / "editors" / "commandscript.tmLanguage.json").read_text())
PARSER = LanguageParser(GRAMMAR)


def scripts():
    for path in sorted(list((ROOT / "Tests" / "CLITests" / "Scripts").rglob("*.cmd")) + sorted((ROOT / "examples").glob("*.cmd"))):
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        if "\r" in text or "\x00" in text:
            continue
        spans = reference_spans(text)
        if spans is not None:
            yield pytest.param(path, text, spans, id=str(path.relative_to(ROOT)))


def reference_spans(text):
    """The language's own rules: a string runs from `"` to the next unescaped `"`, across
    lines; a comment from `#` outside a string to the end of its line. None if a string
    is left open (the script is one of the golden scripts with a lexing error)."""
    strings, comments = set(), set()
    i = 0
    while i < len(text):
        c = text[i]
        if c == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if j >= len(text):
                return None
            strings.update(range(i, j + 1))
            i = j + 1
        elif c == "#":
            j = text.find("\n", i)
            j = len(text) if j < 0 else j
            comments.update(range(i, j))
            i = j
        else:
            i += 1
    return strings, comments


def scoped_spans(text):
    """Offsets the grammar scopes as strings, as comments, and as keywords (by text)."""
    # The library fails on text without a final line break; one more changes no scope.
    element = PARSER.parse_string(text if text.endswith("\n") else text + "\n")
    assert element is not None
    starts = [0]
    for line in text.split("\n"):
        starts.append(starts[-1] + len(line) + 1)
    strings, comments, keywords = set(), set(), []
    for (line, column), token, scopes in element.flatten():
        offset = starts[line] + column
        span = range(offset, offset + len(token))
        if any(s.startswith("string.") for s in scopes):
            strings.update(span)
        if any(s.startswith("comment.") for s in scopes):
            comments.update(span)
        if any(s.startswith("keyword.control") for s in scopes):
            keywords.append(token)
    return strings, comments, keywords


@pytest.mark.parametrize("path,text,spans", list(scripts()))
def test_strings_and_comments_are_scoped_as_the_language_reads_them(path, text, spans):
    strings, comments = spans
    scoped_strings, scoped_comments, _ = scoped_spans(text)
    newline_free = lambda offsets: {o for o in offsets if text[o] != "\n"}
    assert newline_free(scoped_strings) == newline_free(strings)
    assert newline_free(scoped_comments) == comments


def test_keywords_are_keywords():
    _, _, keywords = scoped_spans("repeat 2 { undo }\nif door.locked { echo \"repeat\" } else { show }\n")
    assert keywords == ["repeat", "undo", "if", "echo", "else", "show"]


def test_the_vscode_extension_declares_the_language_the_grammar_and_the_server():
    folder = ROOT / "editors" / "vscode"
    package = json.loads((folder / "package.json").read_text())
    [language] = package["contributes"]["languages"]
    assert language["id"] == "commandscript" and ".cmd" in language["extensions"]
    [grammar] = package["contributes"]["grammars"]
    assert grammar["scopeName"] == GRAMMAR["scopeName"] and grammar["language"] == "commandscript"
    configuration = json.loads((folder / language["configuration"].removeprefix("./")).read_text())
    assert configuration["comments"]["lineComment"] == "#"
    assert package["contributes"]["configuration"]["properties"]["commandscript.server.command"]["default"] == [
        "cmdscript", "lsp"]
    assert (folder / package["main"].removeprefix("./")).exists()
