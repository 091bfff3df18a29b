"""Controls that cannot work are disabled, with the reason: the door's buttons and the
board's cells say why (title and aria-disabled, read as their accessible description) when
the receiver's declared conditions hold, and work again as soon as the state changes, from
this page, another page or a console."""
from playwright.sync_api import expect

from conftest import screenshot
from serve_test import card, open_page, type_entry, wait_for_log

DOOR_VERBS = ["open", "close", "lock", "unlock"]


def door_controls(page):
    """Each door verb's button as (unavailable, title)."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '.receiver[data-name=door] button[data-verb]')].map(b => [b.dataset.verb,
        [b.getAttribute('aria-disabled') === 'true', b.title]]))""")


def wait_for_door(page, unavailable):
    """Waits until exactly the verbs of `unavailable` (verb: reason) are disabled, with
    their reasons, and returns the buttons."""
    page.wait_for_function("""want => [...document.querySelectorAll('.receiver[data-name=door] button[data-verb]')]
        .every(b => (b.getAttribute('aria-disabled') === 'true') === (b.dataset.verb in want)
                    && (!(b.dataset.verb in want) || b.title === want[b.dataset.verb]))""", arg=unavailable)
    return door_controls(page)


def summaries(page):
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '.receiver[data-name=door] button[data-verb]')].map(b => [b.dataset.verb, b.dataset.title0]))""")


def test_the_doors_buttons_follow_its_state_from_every_page_and_the_console(serve, browser):
    server = serve()
    here = open_page(browser, server)
    there = open_page(browser, server)
    closed = {"close": "the door is already closed", "unlock": "the door is not locked"}
    for page in (here, there):
        controls = wait_for_door(page, closed)
        assert controls["open"] == [False, "open the door; fails if it is locked"]
    # A screen reader says it is dimmed, and why: aria-disabled, the reason as description.
    close = card(here, "door").locator('button[data-verb="close"]')
    expect(close).to_have_attribute("aria-disabled", "true")
    expect(close).to_have_accessible_description("the door is already closed")
    expect(close).to_be_disabled()
    # The menu's item for the verb says the same.
    item = here.locator('#menubar [data-receiver="door"][data-for="close"]')
    expect(item).to_have_attribute("aria-disabled", "true")
    expect(item).to_have_attribute("title", "the door is already closed")

    # From this page: lock. Both pages disable `open` (locked) and `lock`, and enable `unlock`.
    card(here, "door").locator('button[data-verb="lock"]').click()
    wait_for_log(here, "> lock")
    locked = {"open": "the door is locked", "close": "the door is already closed",
              "lock": "the door is already locked"}
    for page in (here, there):
        wait_for_door(page, locked)
    expect(card(there, "door").locator('button[data-verb="open"]')).to_have_accessible_description(
        "the door is locked")
    screenshot(here, "controls-door-locked")
    # A click on it says why, where it was, and sends nothing.
    entries = here.locator("#log .entry").count()
    card(here, "door").locator('button[data-verb="open"]').click(force=True)
    here.wait_for_function("document.querySelector('.failure')?.textContent === 'the door is locked'")
    assert here.locator("#log .entry").count() == entries

    # From another page: unlock. `open` works again here, its title back to its summary.
    card(there, "door").locator('button[data-verb="unlock"]').click()
    wait_for_log(there, "> unlock")
    for page in (here, there):
        controls = wait_for_door(page, closed)
    assert controls["open"] == [False, summaries(here)["open"]]
    expect(card(here, "door").locator('button[data-verb="open"]')).to_be_enabled()

    # From the other page's console: the door opens.
    type_entry(there, "door.open")
    wait_for_log(there, "> door.open")
    opened = {"open": "the door is already open", "lock": "the door is open", "unlock": "the door is not locked"}
    for page in (here, there):
        wait_for_door(page, opened)
    # And from this page's console, Undo: closed again.
    type_entry(here, "undo")
    wait_for_log(here, "> undo")
    for page in (here, there):
        wait_for_door(page, closed)


def cells(page):
    """Each cell of the board as (row, col): (unavailable, title)."""
    return {(int(r), int(c)): (disabled, title) for r, c, disabled, title in page.evaluate(
        """() => [...document.querySelectorAll('.receiver[data-name=board] .cell')].map(
            b => [b.dataset.row, b.dataset.col, b.getAttribute('aria-disabled') === 'true', b.title])""")}


def test_the_boards_cells_follow_the_game_from_every_page(serve, browser):
    server = serve()
    here = open_page(browser, server)
    there = open_page(browser, server)
    board = card(here, "board")
    # Undo and Redo have nothing to take back yet.
    expect(here.locator("#undo")).to_have_attribute("aria-disabled", "true")
    expect(here.locator("#undo")).to_have_accessible_description("nothing to undo")
    expect(here.locator("#redo")).to_have_attribute("title", "nothing to redo")
    assert all(not disabled for disabled, _ in cells(there).values())

    board.locator('.cell[data-row="1"][data-col="1"]').click()
    wait_for_log(here, "> place 1 1")
    # The other page: the taken cell says by whom; the others take O.
    there.wait_for_function("document.querySelector('.receiver[data-name=board] .cell[data-row=\"1\"][data-col=\"1\"]')"
                            ".getAttribute('aria-disabled') === 'true'")
    now = cells(there)
    assert now[(1, 1)] == (True, "taken by X")
    assert now[(3, 3)] == (False, "O: place 3 3")
    expect(there.locator("#undo")).not_to_have_attribute("aria-disabled", "true")

    # X wins the top row: every cell, and `place`, cannot work, on both pages.
    for row, col in [(2, 1), (1, 2), (2, 2), (1, 3)]:
        board.locator(f'.cell[data-row="{row}"][data-col="{col}"]').click()
        wait_for_log(here, f"> place {row} {col}")
    for page in (here, there):
        page.wait_for_function("document.querySelector('.receiver[data-name=board] .game').textContent"
                               ".startsWith('X wins')")
        now = cells(page)
        assert all(now[cell] == (True, "the game is over") for cell in now), now
        place = card(page, "board").locator('button[data-verb="place"]')
        expect(place).to_have_attribute("aria-disabled", "true")
        expect(place).to_have_accessible_description("the game is over")
    expect(card(there, "board").locator('.cell[data-row="3"][data-col="3"]')).to_have_accessible_description(
        "the game is over")
    screenshot(there, "controls-board-won")
    entries = here.locator("#log .entry").count()
    board.locator('.cell[data-row="3"][data-col="3"]').click(force=True)
    here.wait_for_function("document.querySelector('.failure')?.textContent === 'the game is over'")
    assert here.locator("#log .entry").count() == entries

    # The other page's console takes the winning move back: the free cells work again here.
    type_entry(there, "undo")
    wait_for_log(there, "> undo")
    here.wait_for_function("document.querySelector('.receiver[data-name=board] .cell[data-row=\"1\"][data-col=\"3\"]')"
                           ".getAttribute('aria-disabled') !== 'true'")
    now = cells(here)
    taken = {(1, 1), (2, 1), (1, 2), (2, 2)}
    for cell, (disabled, title) in now.items():
        assert disabled == (cell in taken), (cell, disabled, title)
    assert now[(2, 2)] == (True, "taken by O")
    assert now[(1, 3)] == (False, "X: place 1 3")
    expect(board.locator('button[data-verb="place"]')).not_to_have_attribute("aria-disabled", "true")
    # Redo has something to take back again, here too.
    expect(here.locator("#redo")).not_to_have_attribute("aria-disabled", "true")


def test_axe_finds_nothing_serious_with_controls_disabled(serve, browser):
    from axe_playwright_python.sync_playwright import Axe
    server = serve()
    page = open_page(browser, server)
    type_entry(page, "door.lock; place 1 1; place 2 1; place 1 2; place 2 2; place 1 3")
    page.wait_for_function("document.querySelector('.receiver[data-name=board] .game').textContent.startsWith('X wins')")
    page.wait_for_function("document.querySelector('.receiver[data-name=door] button[data-verb=open]')"
                           ".getAttribute('aria-disabled') === 'true'")
    page.locator("#menubar .menu > button", has_text="door").click()
    results = Axe().run(page)
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]
           if v["impact"] in ("serious", "critical")]
    assert bad == []
