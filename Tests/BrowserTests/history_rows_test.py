"""The history rows a page is sent after each entry — followed step by step by the server
where it can, drawn again where it cannot — are the rows of the tree drawn whole: checked
over random walks of new steps, undo, redo, goto and several steps at once, against a page
that applies every difference and against a server that draws the same journal afresh."""
import random

import pytest

from conftest import WebSocket

ENTRIES = ["move up", "move left", "paint red", "undo", "undo", "redo", "move up; move right", "undo; undo",
           "redo; redo", "earlier 2", "later 1"]


def rows_of(ws, count):
    rows = []
    while len(rows) < count:
        ws.send({"id": -3, "rows": [len(rows), count]})
        rows += ws.until(lambda m: m.get("type") == "rows" and m.get("id") == -3)["rows"]
    return rows


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_followed_rows_are_the_drawn_rows(serve, tmp_path, seed):
    pick = random.Random(seed)
    journal = tmp_path / "walk.journal"
    server = serve("--session", str(journal))
    ws = WebSocket(server)
    ws.sock.settimeout(60)
    hello = ws.until(lambda m: m.get("type") == "hello")["snapshot"]
    page = {row["index"]: row for row in hello["rows"]}
    count = hello["rowCount"]
    for i in range(60):
        if i > 5 and pick.random() < 0.15:
            text = f"goto {pick.randint(0, count)}"
        else:
            text = pick.choice(ENTRIES)
        ws.send({"id": i, "run": text})
        ws.until(lambda m: m.get("type") == "entry" and m.get("id") == i)
        state = ws.until(lambda m: m.get("type") == "state")["snapshot"]
        for row in state["rows"]:
            page[row["index"]] = row
        count = state["rowCount"]
        page = {k: v for k, v in page.items() if k < count}
        rows = rows_of(ws, count)
        assert rows == [page[k] for k in range(count)], f"after {text!r} (entry {i})"
        # The marks are those of the state: the current step, its ancestors applied, the rest undone.
        parents = {row["number"]: row["parent"] for row in rows}
        applied, step = set(), state["current"]
        while step:
            applied.add(step)
            step = parents[step]
        expected = ["current" if r["number"] == state["current"] else "applied" if r["number"] in applied
                    else "undone" for r in rows]
        assert [r["mark"] for r in rows] == expected, f"after {text!r} (entry {i})"
    # Steps added at the end, in the column of the step before: compared below with the tree
    # drawn afresh, prefixes and all.
    for i in range(100, 105):
        ws.send({"id": i, "run": "move down"})
        ws.until(lambda m: m.get("type") == "state")
        count += 1
    followed = rows_of(ws, count)
    assert server.stop() == 0
    again = WebSocket(serve("--session", str(journal)))
    again.sock.settimeout(60)
    assert again.until(lambda m: m.get("type") == "hello")["snapshot"]["rowCount"] == count
    assert rows_of(again, count) == followed
