"""A page that never drops a click: reloads and new windows against a server that has
served many pages, each followed by a click that must be journaled and drawn; and the
server stopped and started again under an open page, which says it is offline, keeps what
was done meanwhile, reconnects by itself and sends it.

The counts are parameters (the issue asks 1,000 pages served, then 200 reloads and 200 new
windows): CMDSCRIPT_PAGES, CMDSCRIPT_RELOADS, CMDSCRIPT_WINDOWS."""
import os
import socket
import struct

from conftest import WebSocket, screenshot

TIMEOUT = 60_000
PAGES = int(os.environ.get("CMDSCRIPT_PAGES", "1000"))
RELOADS = int(os.environ.get("CMDSCRIPT_RELOADS", "200"))
WINDOWS = int(os.environ.get("CMDSCRIPT_WINDOWS", "200"))


def new_page(browser, server=None):
    page = browser.new_page(viewport={"width": 1400, "height": 900}, bypass_csp=True)
    page.set_default_timeout(TIMEOUT)
    if server:
        page.goto(server.url)
    return page


def shape_at(page, y, colour=None):
    """Waits until the page draws the shape at (0, y) (in `colour` if given)."""
    expected = f"at (0, {y})" + (f", {colour}" if colour else "")
    page.wait_for_function(
        "t => document.querySelector('.receiver[data-name=shape] .description')?.textContent.startsWith(t)",
        arg=expected)


def click_move(page):
    page.locator('.receiver[data-name="shape"] button[data-verb="move"]').click()


def history_of(server):
    ws = WebSocket(server)
    ws.sock.settimeout(60)
    ws.until(lambda m: m.get("type") == "hello")
    steps = ws.history()
    ws.close()
    return [step["statement"] for step in steps]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_reloads_and_new_windows_after_many_pages_lose_no_click(serve, browser, tmp_path):
    journal = tmp_path / "pages.journal"
    server = serve("--session", str(journal))
    # Pages come and go as a browser's do on a reload: a close frame, then the next one.
    for _ in range(PAGES):
        ws = WebSocket(server)
        ws.sock.settimeout(60)
        ws.until(lambda m: m.get("type") == "hello")
        ws.send_frame(0x8, struct.pack(">H", 1001))
        ws.close()
    page = new_page(browser, server)
    y = 0
    for _ in range(RELOADS):
        page.reload()
        click_move(page)
        y += 1
        shape_at(page, y)
    page.close()
    for _ in range(WINDOWS):
        window = new_page(browser, server)
        click_move(window)
        y += 1
        shape_at(window, y)
        window.close()
    assert server.stop() == 0
    # Journaled: a new server on the journal has every click.
    again = serve("--session", str(journal))
    assert history_of(again) == ["move up"] * (RELOADS + WINDOWS)
    print(f"\n{PAGES} pages served, then {RELOADS} reloads and {WINDOWS} new windows: every click journaled and drawn")


def test_the_page_reconnects_after_a_restart_and_sends_what_was_done_offline(serve, browser, tmp_path):
    journal = tmp_path / "restart.journal"
    port = free_port()
    server = serve("--session", str(journal), port=port)
    page = new_page(browser, server)
    click_move(page)
    shape_at(page, 1)
    assert server.stop() == 0
    banner = page.locator("#offline")
    banner.wait_for(state="visible")
    assert "Offline" in banner.inner_text()
    # Typed and clicked while offline: kept, and said to be waiting.
    entry = page.locator("#entry")
    entry.click()
    entry.press_sequentially("paint red")
    entry.press("Enter")
    click_move(page)
    page.wait_for_function("document.querySelector('#offline').textContent.includes('2 waiting')")
    assert "paint red; move up" in banner.inner_text()
    screenshot(page, "offline")
    # The same port and journal: the same token, and the page comes back by itself.
    serve("--session", str(journal), port=port)
    shape_at(page, 2, "red")
    banner.wait_for(state="hidden")
    # A reload after the restart works: the token was kept beside the journal.
    page.reload()
    shape_at(page, 2, "red")
    assert page.locator("#status").inner_text() == "connected"


def test_a_restart_with_a_new_token_is_said(serve, browser):
    port = free_port()
    server = serve(port=port)
    page = new_page(browser, server)
    shape_at(page, 0)
    assert server.stop() == 0
    page.locator("#offline").wait_for(state="visible")
    serve(port=port)
    page.wait_for_function("document.querySelector('#offline').textContent.includes('new token')")
