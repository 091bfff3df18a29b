"""An app's own tool serves its own receivers: `lamp-cmdscript serve` (examples/lamp/check.sh
runs this with CMDSCRIPT_BINARY set to it) shows the lamp, with a button per verb."""
import os

import pytest

from conftest import WebSocket

pytestmark = pytest.mark.skipif("lamp" not in os.path.basename(os.environ.get("CMDSCRIPT_BINARY", "")),
                                reason="run by examples/lamp/check.sh with the lamp's tool")


def test_the_lamp_is_served(serve):
    server = serve()
    ws = WebSocket(server)
    hello = ws.message()
    lamp = [t for t in hello["declarations"]["types"] if t["name"] == "lamp"][0]
    assert [v["name"] for v in lamp["verbs"]] == ["on", "off", "dim"]
    assert lamp["verbs"][2]["parameters"] == [{"name": "level", "kind": "integer", "min": 0, "max": 100}]
    ws.send({"id": 1, "run": "lamp.on; lamp.dim 30"})
    ws.until(lambda m: m["type"] == "entry")
    state = ws.until(lambda m: m["type"] == "state")["snapshot"]
    assert [r["state"] for r in state["receivers"] if r["name"] == "lamp"] == [{"on": True, "level": 30}]


def test_the_lamp_has_its_buttons(serve, browser):
    server = serve()
    page = browser.new_page(bypass_csp=True)
    page.goto(server.url)
    lamp = page.locator('.receiver[data-name="lamp"]')
    lamp.locator('input[data-parameter="level"]').fill("40")
    lamp.locator('button[data-verb="dim"]').click()
    page.wait_for_function("[...document.querySelectorAll('#log .entry')].some(e => e.textContent === '> dim 40')")
    lamp.locator('button[data-verb="on"]').click()
    page.wait_for_function("document.querySelector('.receiver[data-name=lamp] .description').textContent"
                           " === 'on=yes level=40'")
