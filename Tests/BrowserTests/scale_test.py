"""A click costs the same at 10,000 steps as at 10: measured side by side on two servers,
one with 10 steps, one with CMDSCRIPT_STEPS (10,000) — the time from a click on one page to
the other page's redraw, and the bytes the other page receives for it. The bytes are the
verdict (they do not depend on the machine); the times are printed, for the README."""
import os
import statistics

from reliability_test import new_page

STEPS = int(os.environ.get("CMDSCRIPT_STEPS", "10000"))
CLICKS = 20


def measure(browser, server, start_y, steps):
    first, second = new_page(browser, server), new_page(browser, server)
    sizes = []
    second.on("websocket", lambda ws: ws.on("framereceived", lambda payload: sizes.append(len(payload))))
    second.reload()
    for page in (first, second):
        page.wait_for_function(
            "t => document.querySelector('.receiver[data-name=shape] .description')?.textContent.startsWith(t)",
            arg=f"at (0, {start_y})")
    first.evaluate("document.addEventListener('click', () => { window.clickedAt = performance.timeOrigin"
                   " + performance.now(); }, true)")
    for page in (first, second):
        page.evaluate("""new MutationObserver(() => { window.changedAt = performance.timeOrigin + performance.now(); })
            .observe(document.querySelector('.receiver[data-name=shape] .description'), {childList: true,
            characterData: true, subtree: true})""")
    delays, own, bytes_per_click = [], [], []
    for step in range(1, CLICKS + 1):
        before = sum(sizes)
        first.locator('.receiver[data-name="shape"] button[data-verb="move"]').click()
        second.wait_for_function(
            "t => document.querySelector('.receiver[data-name=shape] .description').textContent.startsWith(t)",
            arg=f"at (0, {start_y + step})")
        # The history row of the click, drawn too.
        second.wait_for_function(
            "n => document.querySelector('#history li.current')?.dataset.number === String(n)", arg=steps + step)
        first.wait_for_function(
            "t => document.querySelector('.receiver[data-name=shape] .description').textContent.startsWith(t)",
            arg=f"at (0, {start_y + step})")
        clicked = first.evaluate("window.clickedAt")
        delays.append(second.evaluate("window.changedAt") - clicked)
        own.append(first.evaluate("window.changedAt") - clicked)
        bytes_per_click.append(sum(sizes) - before)
    first.close()
    second.close()
    return statistics.median(delays), max(delays), statistics.median(bytes_per_click), statistics.median(own)


def test_a_click_costs_the_same_at_many_steps(serve, browser, tmp_path):
    # Steps that do not lengthen the shape's path (its own state, drawn whole), so that the
    # two sides differ only in the history's length.
    (tmp_path / "few.cmd").write_text("paint red\npaint blue\n" * 5)
    (tmp_path / "many.cmd").write_text("paint red\npaint blue\n" * (STEPS // 2))
    few, many = serve("few.cmd"), serve("many.cmd")
    small = measure(browser, few, 0, 10)
    large = measure(browser, many, 0, STEPS)
    print(f"\na click to the other page, median (worst), bytes the other page received per click, and the"
          f" clicked page's own redraw (median), {CLICKS} clicks:"
          f"\n  10 steps:    {small[0]:.1f} ms ({small[1]:.1f} ms), {small[2]:.0f} bytes, own page {small[3]:.1f} ms"
          f"\n  {STEPS} steps: {large[0]:.1f} ms ({large[1]:.1f} ms), {large[2]:.0f} bytes, own page {large[3]:.1f} ms")
    # What a click sends does not grow with the history (the step numbers' digits aside).
    assert large[2] <= small[2] + 200
