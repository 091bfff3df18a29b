"""`cmdscript serve` in a real browser (Debian's chromium, driven by Playwright): every
verb's button, a menu, the arrow keys, the console (statements, a multi-line macro, a
located error, completion), undo and redo from keys and buttons, two pages in step, and a
restart on the same journal."""
import re
from conftest import screenshot

# Generous: CI machines are shared; the tests measure nothing by these waits.
TIMEOUT = 30_000


def open_page(browser, server, width=1400):
    # bypass_csp: the page forbids eval, which wait_for_function needs.
    page = browser.new_page(viewport={"width": width, "height": 900}, bypass_csp=True)
    page.set_default_timeout(TIMEOUT)
    page.goto(server.url)
    page.wait_for_selector('.receiver[data-name="shape"] .picture svg')
    return page


def card(page, name):
    return page.locator(f'.receiver[data-name="{name}"]')


def description(page, name):
    return card(page, name).locator(".description")


def log_entries(page):
    return page.locator("#log .entry").all_inner_texts()


def wait_for_log(page, text):
    page.wait_for_function(
        "t => [...document.querySelectorAll('#log div')].some(d => d.textContent === t)", arg=text)


def type_entry(page, text):
    entry = page.locator("#entry")
    entry.click()
    entry.press_sequentially(text)
    entry.press("Enter")


def test_each_verbs_button_runs_its_statement(serve, browser):
    server = serve()
    page = open_page(browser, server)
    buttons = page.locator(".receiver button[data-verb]")
    count = buttons.count()
    assert count >= 10, "a button per verb of shape, door, board, vehicle, network"
    for i in range(count):
        before = len(log_entries(page))
        buttons.nth(i).click()
        page.wait_for_function(f"document.querySelectorAll('#log .entry').length > {before}")
    entries = log_entries(page)
    # The shape's and the door's buttons make the canonical bare statements.
    for statement in ["> move up", "> paint red", "> open", "> close", "> lock", "> unlock", "> place 1 1"]:
        assert statement in entries
    # A select, a number field and a toggle set the arguments.
    shape = card(page, "shape")
    shape.locator('select[data-parameter="direction"]').select_option("right")
    shape.locator('input[data-parameter="steps"]').fill("3")
    shape.locator('button[data-verb="move"]').click()
    wait_for_log(page, "> move right 3")
    shape.locator('select[data-parameter="colour"]').select_option("green")
    shape.locator('button[data-verb="paint"]').click()
    wait_for_log(page, "> paint green")
    page.wait_for_function(
        "document.querySelector('.receiver[data-name=shape] .description').textContent.includes('green')")
    assert description(page, "shape").inner_text() == "at (3, 1), green"
    assert page.locator('.receiver[data-name="shape"] rect.position').get_attribute("fill") == "green"
    board = card(page, "board")
    board.locator('input[data-parameter="row"]').fill("2")
    board.locator('input[data-parameter="col"]').fill("3")
    board.locator('button[data-verb="place"]').click()
    wait_for_log(page, "> place 2 3")
    # The board is a grid of cells: the marks where they were placed, those cells taken.
    page.wait_for_function(
        "document.querySelector('.receiver[data-name=board] .cell[data-row=\"2\"][data-col=\"3\"]')?.textContent !== ''")
    assert board.locator('.cell[data-row="2"][data-col="3"]').is_disabled()
    assert board.locator('.cell[data-row="2"][data-col="3"]').inner_text() in ("X", "O")
    screenshot(page, "buttons")


def test_menu_runs_the_same_statement(serve, browser):
    server = serve()
    page = open_page(browser, server)
    page.locator("#menubar .menu > button", has_text="shape").click()
    page.locator('#menubar [data-statement="paint red"]').click()
    wait_for_log(page, "> paint red")
    page.wait_for_function("document.querySelector('#history li:last-child')?.textContent.endsWith('paint red')")
    page.locator("#menubar .menu > button", has_text="door").click()
    page.locator("#menubar .menu.open .menu-items button", has_text="open").click()
    wait_for_log(page, "> open")
    page.wait_for_function("document.querySelector('.receiver[data-name=door] .description').textContent"
                           ".startsWith('open')")
    assert card(page, "door").locator("svg").get_attribute("aria-label") == "open door"
    page.locator("#menubar .menu > button", has_text="Edit").click()
    undo_item = page.locator('#menubar [data-edit="undo"]')
    assert re.match(r"Undo ", undo_item.inner_text())
    undo_item.click()
    wait_for_log(page, "> undo")
    page.wait_for_function("document.querySelector('.receiver[data-name=door] .description').textContent"
                           ".startsWith('closed')")
    screenshot(page, "menu")


def test_arrow_keys_move_the_shape(serve, browser):
    server = serve()
    page = open_page(browser, server)
    page.locator("body").click(position={"x": 5, "y": 600})
    for key in ["ArrowUp", "ArrowUp", "ArrowRight", "ArrowLeft", "ArrowDown", "ArrowRight"]:
        page.keyboard.press(key)
    page.wait_for_function("document.querySelectorAll('#history li').length === 6")
    assert description(page, "shape").inner_text().startswith("at (1, 1)")
    assert log_entries(page)[:3] == ["> move up", "> move up", "> move right"]


def test_console_statements_macro_and_errors(serve, browser):
    server = serve()
    page = open_page(browser, server)
    type_entry(page, "repeat 2 { move right }; paint blue")
    wait_for_log(page, "> repeat 2 { move right }; paint blue")
    # A multi-line macro: Enter on an open block goes on to the next line, as in the REPL.
    entry = page.locator("#entry")
    entry.click()
    entry.press_sequentially("macro zig n {")
    entry.press("Enter")
    page.wait_for_function("document.querySelector('#entry').value.startsWith('macro zig n {\\n')")
    entry.press_sequentially("repeat $n { move up; move right }")
    entry.press("Enter")
    page.wait_for_function("document.querySelector('#entry').value.split('\\n').length === 3")
    entry.press_sequentially("}")
    entry.press("Enter")
    wait_for_log(page, ".   }")
    type_entry(page, "zig 2")
    wait_for_log(page, "> zig 2")
    page.wait_for_function(
        "document.querySelector('.receiver[data-name=shape] .description').textContent.startsWith('at (4, 2)')")
    type_entry(page, "transaction \"Twice\" { move down; move down }")
    wait_for_log(page, "> transaction \"Twice\" { move down; move down }")
    page.wait_for_function("document.querySelector('#undo').textContent === 'Undo Twice'")
    type_entry(page, "if shape.x > 3 { paint red } else { paint green }")
    page.wait_for_function(
        "document.querySelector('.receiver[data-name=shape] .description').textContent.endsWith('red')")
    # A bad statement: the checker's diagnostic at its place, with a caret under it; nothing runs.
    history = page.locator("#history li").count()
    type_entry(page, "move up; paint purpel")
    page.wait_for_selector("#log .error")
    error = page.locator("#log .error").first.inner_text()
    assert error.startswith("1:16: error:"), error
    assert "purpel" in error
    assert page.locator("#log .caret").first.inner_text() == "  " + " " * 15 + "^~~~~~"
    assert page.locator("#history li").count() == history
    # Completion from the same declarations: Tab after `pai` gives `paint `.
    entry.click()
    entry.press_sequentially("pai")
    entry.press("Tab")
    page.wait_for_function("document.querySelector('#entry').value === 'paint '")
    entry.press_sequentially("ye")
    entry.press("Tab")
    page.wait_for_function("document.querySelector('#entry').value === 'paint yellow '")
    screenshot(page, "console")


def test_undo_and_redo_from_keys_and_buttons(serve, browser):
    server = serve()
    page = open_page(browser, server)
    type_entry(page, "paint red")
    # Titled as the session titles its Undo menu item.
    page.wait_for_function("document.querySelector('#undo').textContent === 'Undo paint red'")
    page.locator("body").click(position={"x": 5, "y": 600})
    # The key undoes what was typed in the console.
    page.keyboard.press("Control+z")
    page.wait_for_function("document.querySelector('#redo').textContent === 'Redo paint red'")
    assert description(page, "shape").inner_text().endswith("blue")
    assert page.locator("#history li.undone").count() == 1
    page.keyboard.press("Control+Shift+z")
    page.wait_for_function(
        "document.querySelector('.receiver[data-name=shape] .description').textContent.endsWith('red')")
    page.keyboard.press("Meta+z")
    page.wait_for_function(
        "document.querySelector('.receiver[data-name=shape] .description').textContent.endsWith('blue')")
    page.keyboard.press("Meta+Shift+z")
    page.wait_for_function(
        "document.querySelector('.receiver[data-name=shape] .description').textContent.endsWith('red')")
    page.locator("#undo").click()
    page.wait_for_function(
        "document.querySelector('.receiver[data-name=shape] .description').textContent.endsWith('blue')")
    assert page.locator("#undo").is_disabled()
    page.locator("#redo").click()
    page.wait_for_function(
        "document.querySelector('.receiver[data-name=shape] .description').textContent.endsWith('red')")
    assert page.locator("#redo").is_disabled()
    assert log_entries(page).count("> undo") == 3 and log_entries(page).count("> redo") == 3


def test_the_history_is_the_tree_and_a_click_goes_there(serve, browser):
    server = serve()
    page = open_page(browser, server)
    for statement in ["move up", "move up", "undo", "move left"]:
        type_entry(page, statement)
        wait_for_log(page, "> " + statement)
    # Step 2, undone, stays on the branch beside step 3; the current state is marked.
    page.wait_for_function("document.querySelectorAll('#history li').length === 3")
    rows = page.evaluate("[...document.querySelectorAll('#history li')].map(li => [li.dataset.number,"
                         " li.dataset.lane, li.className, li.querySelector('.statement').textContent])")
    assert rows == [["1", "0", "applied", "move up"], ["2", "1", "undone", "move up"],
                    ["3", "0", "current", "move left"]], rows
    assert page.locator("#history li.current").get_attribute("data-number") == "3"
    assert page.locator('#history li[data-number="2"]').get_attribute("class") == "undone"
    # A click on a step goes there, as `goto 2` typed would.
    page.locator('#history li[data-number="2"]').click()
    wait_for_log(page, "> goto 2")
    page.wait_for_function("document.querySelector('#history li.current')?.dataset.number === '2'")
    assert description(page, "shape").inner_text().startswith("at (0, 2)")
    assert page.locator('#history li[data-number="3"]').get_attribute("class") == "undone"
    screenshot(page, "history-tree")


def test_two_pages_stay_in_step(serve, browser):
    server = serve()
    first = open_page(browser, server)
    second = open_page(browser, server)
    # Both pages run in one browser, on one clock: the first notes when it was clicked, the
    # second when its drawing of the shape changed.
    first.evaluate("document.addEventListener('click', () => { window.clickedAt = performance.timeOrigin"
                   " + performance.now(); }, true)")
    second.evaluate("""new MutationObserver(() => { window.changedAt = performance.timeOrigin + performance.now(); })
        .observe(document.querySelector('.receiver[data-name=shape] .description'), {childList: true,
        characterData: true, subtree: true})""")
    delays = []
    for step in range(1, 11):
        first.locator('.receiver[data-name="shape"] button[data-verb="move"]').click()
        second.wait_for_function(
            f"document.querySelector('.receiver[data-name=shape] .description').textContent.startsWith('at (0, {step})')")
        delays.append(second.evaluate("window.changedAt") - first.evaluate("window.clickedAt"))
    # And back: the second page drives the first.
    second.locator("body").click(position={"x": 5, "y": 600})
    second.keyboard.press("Control+z")
    first.wait_for_function(
        "document.querySelector('.receiver[data-name=shape] .description').textContent.startsWith('at (0, 9)')")
    assert "> undo" in log_entries(first)
    assert all(delay > 0 for delay in delays)
    delays.sort()
    print(f"\nclick on one page to the other page redrawn: {delays[0]:.1f} to {delays[-1]:.1f} ms, "
          f"median {delays[len(delays) // 2]:.1f} ms")
    screenshot(second, "second-page")


def test_restart_with_the_same_session(serve, browser, tmp_path):
    journal = tmp_path / "shapes.journal"
    server = serve("--session", str(journal))
    page = open_page(browser, server)
    type_entry(page, "move up; paint red")
    type_entry(page, "door.close; door.lock")
    type_entry(page, "move right")
    page.locator("body").click(position={"x": 5, "y": 600})
    page.keyboard.press("Control+z")
    page.wait_for_function("document.querySelectorAll('#history li.undone').length === 1")
    history = page.locator("#history").inner_text()
    shape = description(page, "shape").inner_text()
    door = description(page, "door").inner_text()
    page.close()
    assert server.stop() == 0
    again = serve("--session", str(journal))
    page = open_page(browser, again)
    page.wait_for_function("document.querySelectorAll('#history li').length > 0")
    assert page.locator("#history").inner_text() == history
    assert description(page, "shape").inner_text() == shape == "at (0, 1), red"
    assert description(page, "door").inner_text() == door
    assert page.locator("#redo").inner_text().startswith("Redo")


def test_readme_screenshot(serve, browser, tmp_path):
    """The README's picture: a session with a path, a painted shape, a board and a door."""
    server = serve()
    page = open_page(browser, server, width=1280)
    for text in ["move up 2; paint teal", "move right 3; move down", "paint red", "board.place 2 2; board.place 1 1",
                 "door.close; door.lock", "macro zig n { repeat $n { move up; move right } }", "zig 1"]:
        type_entry(page, text)
    page.wait_for_function("document.querySelectorAll('#history li').length >= 8")
    screenshot(page, "serve")
