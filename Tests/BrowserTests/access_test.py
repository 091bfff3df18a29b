"""The page on a phone, in a narrow window and from the keyboard alone, and what axe-core
finds: nothing overlaps (computed from the elements' rectangles) and every target is at
least 44 px at widths from 360 px up, in one column; every control is reached with Tab and
works with the keyboard, with its focus visible; Escape leaves the console; `?` lists the
shortcuts; an open menu keeps the arrow keys; no serious or critical axe violation."""
import pytest

from conftest import screenshot
from serve_test import TIMEOUT, card, wait_for_log

BOXES = ["header", ".receiver", "#history-panel", "#console-panel"]

# The rectangles of the page's main boxes and of every visible target, as the browser lays them out.
LAYOUT = """boxes => {
  const rect = (e) => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y + scrollY, w: r.width, h: r.height,
    name: e.id || e.dataset.name || e.tagName}; };
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const targets = [...document.querySelectorAll('main button, main select, main input, main textarea, #history li[data-number], header button')]
    .filter(shown).map((e) => ({...rect(e), name: e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30) || e.tagName}));
  return {boxes: boxes.flatMap((s) => [...document.querySelectorAll(s)].filter(shown).map(rect)), targets,
    scrollWidth: document.documentElement.scrollWidth, width: innerWidth};
}"""


def overlap(a, b):
    return min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"]) > 0.5 and \
        min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"]) > 0.5


def open_at(browser, server, width, height):
    page = browser.new_page(viewport={"width": width, "height": height}, bypass_csp=True, has_touch=width < 500)
    page.set_default_timeout(TIMEOUT)
    page.goto(server.url)
    page.wait_for_selector('.receiver[data-name="shape"] .picture svg')
    return page


@pytest.mark.parametrize("width,height", [(390, 844), (600, 900), (360, 740)])
def test_narrow_layouts_overlap_nothing_and_every_target_can_be_tapped(serve, browser, width, height):
    server = serve()
    page = open_at(browser, server, width, height)
    for text in ["move up", "paint red", "undo", "move left"]:
        page.locator("#entry").fill(text)
        page.locator("#entry").press("Enter")
        wait_for_log(page, "> " + text)
    layout = page.evaluate(LAYOUT, BOXES)
    boxes = layout["boxes"]
    clashes = [(a["name"], b["name"]) for i, a in enumerate(boxes) for b in boxes[i + 1:] if overlap(a, b)]
    assert clashes == [], clashes
    assert layout["scrollWidth"] <= layout["width"], "the page scrolls sideways"
    # One column: every card starts at the same x.
    assert len({round(b["x"]) for b in boxes if b["name"] not in ("HEADER",)}) == 1, boxes
    small = [(t["name"], round(t["w"]), round(t["h"])) for t in layout["targets"] if t["w"] < 44 or t["h"] < 44]
    assert small == [], small
    screenshot(page, f"layout-{width}")
    # `move` can be tapped, on the pad as with its button.
    page.locator('.receiver[data-name="shape"] .pad .arrow.up').tap() if width < 500 else \
        page.locator('.receiver[data-name="shape"] .pad .arrow.up').click()
    page.wait_for_function(
        "document.querySelector('.receiver[data-name=shape] .description').textContent.startsWith('at (-1, 2)')")


def focused(page):
    return page.evaluate("""() => { const e = document.activeElement; return e ? {tag: e.tagName,
        label: e.getAttribute('aria-label') || e.dataset.verb || e.dataset.number || e.id || e.textContent.trim().slice(0, 20),
        card: e.closest('.receiver')?.dataset.name || null, outline: getComputedStyle(e).outlineStyle,
        history: Boolean(e.closest('#history'))} : null; }""")


def test_everything_is_reached_and_run_from_the_keyboard(serve, browser):
    server = serve()
    page = open_at(browser, server, 1400, 900)
    page.locator("body").click(position={"x": 5, "y": 600})
    seen = []
    for _ in range(400):
        page.keyboard.press("Tab")
        now = focused(page)
        if now["tag"] == "BODY":
            continue
        if seen and now == seen[0]:
            break
        seen.append(now)
        # Focus is always visible.
        assert now["outline"] != "none", now
    else:
        pytest.fail("Tab never came back to the first control after 400 presses")
    labels = {(s["card"], s["label"]) for s in seen}
    # Every verb's button of every card, the menus, Undo and Redo, a history step and the console.
    verbs = page.evaluate("[...document.querySelectorAll('.receiver button[data-verb]')]"
                          ".map(b => [b.closest('.receiver').dataset.name, b.dataset.verb])")
    assert all((c, v) in labels for c, v in verbs), [cv for cv in verbs if tuple(cv) not in labels]
    assert {"Edit", "Help", "shape", "door"} <= {s["label"] for s in seen if s["card"] is None}
    assert any(s["label"] == "Console entry" for s in seen)
    # A verb's button runs from the keyboard.
    page.locator('.receiver[data-name="door"] button[data-verb="open"]').focus()
    page.keyboard.press("Enter")
    wait_for_log(page, "> open")
    # Escape leaves the console; Tab in an empty console moves on.
    page.locator("#entry").focus()
    page.keyboard.press("Escape")
    assert focused(page)["label"] != "Console entry"
    page.locator("#entry").focus()
    page.keyboard.press("Tab")
    assert focused(page)["label"] != "Console entry"
    # `?` lists the shortcuts; Escape closes the list.
    page.locator("body").click(position={"x": 5, "y": 600})
    page.keyboard.press("?")
    page.locator("#shortcuts").wait_for(state="visible")
    assert "Ctrl+Z" in page.locator("#shortcuts").inner_text()
    screenshot(page, "shortcuts")
    page.keyboard.press("Escape")
    page.locator("#shortcuts").wait_for(state="hidden")
    # In an open menu the arrows move between its items, not the shape.
    page.locator("#menubar .menu > button", has_text="shape").focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "move up"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "move left"
    page.keyboard.press("Enter")
    wait_for_log(page, "> move left")
    page.wait_for_function("document.querySelectorAll('#history li[data-number]').length === 2")
    # The arrows chose an item: the shape moved only by it.
    assert card(page, "shape").locator(".description").inner_text().startswith("at (-1, 0)")
    # The history's steps: the arrows between them, Enter goes there.
    page.locator("#history li.current").focus()
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.dataset.number") == "1"
    page.keyboard.press("Enter")
    wait_for_log(page, "> goto 1")
    page.wait_for_function("document.querySelector('#history li.current')?.dataset.number === '1'")


STATES = ["the page", "a menu open", "the shortcuts", "a game won", "the history branched"]


def test_axe_finds_no_serious_or_critical_violation(serve, browser):
    from axe_playwright_python.sync_playwright import Axe
    axe = Axe()
    server = serve()
    page = open_at(browser, server, 1400, 900)
    found = {}

    def check(name):
        results = axe.run(page)
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]
               if v["impact"] in ("serious", "critical")]
        if bad:
            found[name] = bad

    check(STATES[0])
    page.locator("#menubar .menu > button", has_text="shape").click()
    check(STATES[1])
    page.keyboard.press("Escape")
    page.locator("body").click(position={"x": 5, "y": 600})
    page.keyboard.press("?")
    check(STATES[2])
    page.keyboard.press("Escape")
    board = card(page, "board")
    for row, col in [(1, 1), (2, 1), (1, 2), (2, 2), (1, 3)]:
        board.locator(f'.cell[data-row="{row}"][data-col="{col}"]').click()
        wait_for_log(page, f"> place {row} {col}")
    page.wait_for_function("document.querySelectorAll('.receiver[data-name=board] .cell.win').length === 3")
    check(STATES[3])
    for text in ["undo", "move left"]:
        page.locator("#entry").fill(text)
        page.locator("#entry").press("Enter")
        wait_for_log(page, "> " + text)
    check(STATES[4])
    assert found == {}, found
