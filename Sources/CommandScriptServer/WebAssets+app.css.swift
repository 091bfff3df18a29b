// Written by scripts/embed-web-assets from the files in Web/: edit those, then run it.

extension WebAssets {
  /// `Web/app.css`.
  static let appCSS = File(
    type: "text/css; charset=utf-8",
    text: #"""
      :root {
        --bg: #f6f5f2;
        --panel: #ffffff;
        --ink: #222;
        --faint: #9a9a9a;
        --line: #ddd8cf;
        --accent: #2f6fdb;
        --bad: #c0392b;
        font-family: system-ui, -apple-system, "Segoe UI", sans-serif;
        font-size: 15px;
      }
      * { box-sizing: border-box; }
      body { margin: 0; background: var(--bg); color: var(--ink); }
      header {
        display: flex; align-items: center; justify-content: space-between;
        background: #2b2b2b; color: #eee; padding: 0 0.75rem; height: 2.4rem;
      }
      .status { font-size: 0.85rem; color: #bbb; }
      .status.offline { color: #ff8a80; }
      #menubar { display: flex; gap: 0.1rem; height: 100%; }
      .menu { position: relative; height: 100%; }
      .menu > button {
        background: none; border: 0; color: inherit; height: 100%; padding: 0 0.8rem; font: inherit; cursor: pointer;
      }
      .menu > button:hover, .menu.open > button { background: #444; }
      .menu-items {
        display: none; position: absolute; top: 100%; left: 0; z-index: 10; min-width: 13rem;
        background: var(--panel); color: var(--ink); border: 1px solid var(--line);
        box-shadow: 0 4px 14px rgba(0, 0, 0, 0.18); padding: 0.25rem 0; list-style: none; margin: 0;
      }
      .menu.open .menu-items { display: block; }
      .menu-items button {
        display: block; width: 100%; text-align: left; background: none; border: 0;
        padding: 0.3rem 1rem; font: inherit; cursor: pointer; color: inherit;
      }
      .menu-items button:hover:not(:disabled) { background: var(--accent); color: #fff; }
      .menu-items button:disabled { color: var(--faint); cursor: default; }
      .menu-items .group { padding: 0.3rem 1rem 0.1rem; font-size: 0.8rem; color: var(--faint); }
      .menu-items hr { border: 0; border-top: 1px solid var(--line); margin: 0.25rem 0; }
      main { display: grid; grid-template-columns: minmax(0, 1fr) 26rem; gap: 1rem; padding: 1rem; }
      #receivers { display: grid; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); gap: 1rem; align-content: start; }
      .receiver, aside > section {
        background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem;
      }
      .receiver.flash { animation: flash 0.6s ease-out; }
      @keyframes flash { from { box-shadow: 0 0 0 3px var(--accent); } to { box-shadow: 0 0 0 0 transparent; } }
      h2 { font-size: 1rem; margin: 0 0 0.5rem; }
      h2 small { color: var(--faint); font-weight: normal; margin-left: 0.4rem; }
      .picture { display: flex; justify-content: center; margin-bottom: 0.4rem; }
      .picture svg { width: 100%; max-width: 16rem; height: auto; }
      .description { font-size: 0.85rem; color: #555; margin: 0 0 0.6rem; white-space: pre-wrap; }
      pre.cells { font-size: 1rem; line-height: 1.2; margin: 0; padding: 0.3rem 0.5rem; background: #fbfaf7; border-radius: 4px; }
      .cells .faint { color: #bbb; }
      .cells .axis, .cells .label { color: #888; }
      .cells .mark { color: #fff; background: var(--accent); font-weight: bold; }
      .cells .highlight { color: #1b7f3b; font-weight: bold; }
      .verbs { display: flex; flex-direction: column; gap: 0.35rem; }
      .verb { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; }
      .verb button, .buttons button {
        font: inherit; padding: 0.2rem 0.7rem; border: 1px solid #b9b3a7; border-radius: 5px; background: #f1efe9; cursor: pointer;
      }
      .verb button:hover, .buttons button:hover:not(:disabled) { background: #e4e0d6; }
      .buttons button:disabled { color: var(--faint); cursor: default; }
      .verb select, .verb input[type=number], .verb input[type=text] { font: inherit; padding: 0.1rem 0.2rem; }
      .verb input[type=number] { width: 4.5rem; }
      .verb label { font-size: 0.85rem; display: inline-flex; gap: 0.2rem; align-items: center; }
      aside { display: flex; flex-direction: column; gap: 1rem; }
      .buttons { display: flex; gap: 0.4rem; margin-bottom: 0.4rem; }
      #history { margin: 0; padding-left: 0; list-style: none; max-height: 12rem; overflow-y: auto; font-family: ui-monospace, monospace; font-size: 0.85rem; }
      #history li { padding: 0.05rem 0.2rem; }
      #history .number { color: var(--faint); display: inline-block; min-width: 2rem; }
      #history li.undone { color: var(--faint); }
      #history li { cursor: pointer; white-space: pre; }
      #history li:hover { background: var(--hover, rgba(127, 127, 127, 0.15)); }
      #history li.current { font-weight: bold; }
      #history .branch { color: var(--faint); }
      #log {
        font-family: ui-monospace, monospace; font-size: 0.85rem; height: 18rem; overflow-y: auto;
        background: #1f1f1f; color: #ddd; border-radius: 5px; padding: 0.4rem 0.5rem; white-space: pre-wrap;
      }
      #log .entry { color: #8fc1ff; }
      #log .entry.other { color: #b7a3e8; }
      #log .output { color: #e6e6e6; }
      #log .error { color: #ff8a80; }
      #log .warning { color: #ffd27f; }
      #log .caret { color: #ff8a80; }
      #entry {
        width: 100%; margin-top: 0.4rem; font-family: ui-monospace, monospace; font-size: 0.9rem; resize: vertical;
      }
      #completions {
        list-style: none; margin: 0.3rem 0 0; padding: 0.2rem; display: flex; flex-wrap: wrap; gap: 0.3rem;
        font-family: ui-monospace, monospace; font-size: 0.85rem;
      }
      #completions li { background: #eee; border-radius: 3px; padding: 0 0.3rem; }
      .banner {
        position: sticky; top: 0; z-index: 20; display: flex; gap: 0.75rem; align-items: center; flex-wrap: wrap;
        background: #8e1f14; color: #fff; padding: 0.6rem 1rem; font-weight: 600;
      }
      .banner button, #log button.again { font: inherit; min-height: 2rem; padding: 0.2rem 0.8rem; cursor: pointer; }
      [hidden] { display: none !important; }
      """#)
}
