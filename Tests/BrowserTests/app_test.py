"""The page as an app people would choose: tic-tac-toe played by clicking the board, a
failure shown where the click was, a parameter field that shows the receiver's value."""
import shlex

from conftest import ROOT, screenshot
from serve_test import TIMEOUT, card, open_page, type_entry, wait_for_log


def test_the_board_is_played_to_a_win_by_clicking(serve, browser):
    server = serve()
    page = open_page(browser, server)
    board = card(page, "board")
    assert board.locator(".game").inner_text() == "X to play"
    # X takes the top row; O plays the middle one.
    for row, col in [(1, 1), (2, 1), (1, 2), (2, 2), (1, 3)]:
        board.locator(f'.cell[data-row="{row}"][data-col="{col}"]').click()
        wait_for_log(page, f"> place {row} {col}")
    page.wait_for_function("document.querySelectorAll('.receiver[data-name=board] .cell.win').length === 3")
    assert [c.get_attribute("data-col") for c in board.locator(".cell.win").all()] == ["1", "2", "3"]
    assert board.locator(".win-line line").count() == 1
    assert board.locator(".game").inner_text() == "X wins — play again"
    # A taken cell, and every cell once the game is won, cannot be clicked.
    assert board.locator(".cell:not([aria-disabled=true])").count() == 0
    screenshot(page, "board-won")
    board.locator(".game button", has_text="play again").click()
    wait_for_log(page, "> reset")
    page.wait_for_function("document.querySelector('.receiver[data-name=board] .game').textContent === 'X to play'")
    assert board.locator(".cell:not([aria-disabled=true])").count() == 9


def test_a_failure_is_shown_where_the_click_was(serve, browser):
    server = serve()
    page = open_page(browser, server)
    # A statement that fails on the server: the backend is down (no declared condition says so).
    vehicle = card(page, "vehicle")
    type_entry(page, "vehicle.save; vehicle.backend down")
    wait_for_log(page, "> vehicle.save; vehicle.backend down")
    page.wait_for_function("!document.querySelector('.receiver[data-name=vehicle] button[data-verb=send]')"
                           ".hasAttribute('aria-disabled')")
    vehicle.locator('button[data-verb="send"]').click()
    note = page.locator(".failure")
    note.wait_for(state="visible", timeout=TIMEOUT)
    assert "the backend is down" in note.inner_text()
    # Under the button clicked.
    button = vehicle.locator('button[data-verb="send"]').bounding_box()
    box = note.bounding_box()
    assert abs(box["y"] - (button["y"] + button["height"])) < 20 and abs(box["x"] - button["x"]) < 60
    # A control its receiver says cannot work answers a click with the reason, there, and
    # sends nothing.
    door = card(page, "door")
    door.locator('button[data-verb="lock"]').click()
    wait_for_log(page, "> lock")
    page.wait_for_function("document.querySelector('.receiver[data-name=door] button[data-verb=open]')"
                           ".getAttribute('aria-disabled') === 'true'")
    entries = page.locator("#log .entry").count()
    door.locator('button[data-verb="open"]').click(force=True)
    page.wait_for_function("document.querySelector('.failure')?.textContent === 'the door is locked'")
    button = door.locator('button[data-verb="open"]').bounding_box()
    box = page.locator(".failure").bounding_box()
    assert abs(box["y"] - (button["y"] + button["height"])) < 20 and abs(box["x"] - button["x"]) < 60
    assert page.locator("#log .entry").count() == entries


def test_a_parameter_shows_the_receivers_value(serve, browser):
    lamp = "python3 " + shlex.quote(str(ROOT / "examples/plugins/lamp.py"))
    server = serve("--plugin", lamp, "--plugin-timeout", "30")
    page = open_page(browser, server)
    type_entry(page, "lamp.on; lamp.dim 30")
    page.wait_for_function(
        "document.querySelector('.receiver[data-name=lamp] input[data-parameter=level]').value === '30'")
