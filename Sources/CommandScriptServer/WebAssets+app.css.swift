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
        --faint: #6b6b6b;
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
      .menu-items button:hover:not(:disabled):not([aria-disabled=true]) { background: var(--accent); color: #fff; }
      .menu-items button:disabled, .menu-items button[aria-disabled=true] { color: var(--faint); cursor: not-allowed; }
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
      .verb button:hover:not([aria-disabled=true]), .buttons button:hover:not(:disabled):not([aria-disabled=true]) {
        background: #e4e0d6;
      }
      .buttons button:disabled { color: var(--faint); cursor: default; }
      /* A control whose verb cannot work now (its reason is its title): dimmed, still focusable. */
      .verb button[aria-disabled=true], .buttons button[aria-disabled=true], .pad .arrow[aria-disabled=true] {
        color: var(--faint); background: #f7f6f2; border-style: dashed; cursor: not-allowed;
      }
      .swatch[aria-disabled=true] { opacity: 0.35; cursor: not-allowed; }
      .verb select, .verb input[type=number], .verb input[type=text] { font: inherit; padding: 0.1rem 0.2rem; }
      .verb input[type=number] { width: 4.5rem; }
      .verb label { font-size: 0.85rem; display: inline-flex; gap: 0.2rem; align-items: center; }
      aside { display: flex; flex-direction: column; gap: 1rem; }
      .buttons { display: flex; gap: 0.4rem; margin-bottom: 0.4rem; }
      #history { margin: 0; padding: 2px; list-style: none; max-height: 16rem; overflow-y: auto; font-size: 0.9rem; }
      #history li[data-number] {
        display: flex; align-items: center; gap: 0.35rem; height: 28px; padding-right: 0.3rem; cursor: pointer;
        border-radius: 4px; white-space: nowrap; min-width: 0;
      }
      #history li:hover { background: rgba(127, 127, 127, 0.15); }
      #history .lanes { flex: none; }
      #history .lane { stroke: #b9b3a7; stroke-width: 1.5; fill: none; }
      #history .dot { fill: #fff; stroke: #555; stroke-width: 1.5; }
      #history .dot.applied { fill: #555; }
      #history .dot.current { fill: var(--accent); stroke: var(--accent); }
      #history .number { color: #6b6b6b; font-variant-numeric: tabular-nums; min-width: 1.8rem; text-align: right; flex: none; }
      #history .statement { overflow: hidden; text-overflow: ellipsis; min-width: 0; font-family: ui-monospace, monospace; }
      #history li.undone { color: #767676; }
      #history li.undone .statement { text-decoration: line-through; text-decoration-color: #c9c4ba; }
      #history li.current { font-weight: 700; background: #e8eefb; }
      #history .badge { flex: none; font-size: 0.75rem; padding: 0 0.35rem; border-radius: 8px; background: #1b7f3b; color: #fff; }
      #history li.earlier button { font: inherit; min-height: 2rem; margin: 0.2rem 0; }
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
      .game-board { width: 100%; max-width: 16rem; }
      .board { position: relative; }
      .board .grid { display: grid; gap: 4px; background: #3a3a3a; padding: 4px; border-radius: 6px; }
      .board .cell {
        aspect-ratio: 1; min-height: 44px; font: 700 1.8rem system-ui, sans-serif; color: #222;
        background: #fbfaf7; border: 0; border-radius: 3px; cursor: pointer;
      }
      .board .cell:hover:not(:disabled):not([aria-disabled=true]) { background: #e8eefb; }
      .board .cell:disabled, .board .cell[aria-disabled=true] { cursor: not-allowed; color: #222; }
      .board .cell.win { background: #fde2e4; }
      .board .win-line { position: absolute; inset: 4px; width: calc(100% - 8px); height: calc(100% - 8px); pointer-events: none; }
      .game { margin: 0.4rem 0 0; font-weight: 600; text-align: center; }
      .game .again { font: inherit; min-height: 44px; padding: 0 0.9rem; border-radius: 5px; border: 1px solid #b9b3a7; background: #f1efe9; cursor: pointer; }
      .failure {
        position: absolute; z-index: 30; max-width: 250px; background: #8e1f14; color: #fff; padding: 0.4rem 0.6rem;
        border-radius: 5px; font-size: 0.85rem; box-shadow: 0 3px 10px rgba(0, 0, 0, 0.25);
      }
      :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
      #history li:focus-visible { outline-offset: -2px; }
      dialog { border: 1px solid var(--line); border-radius: 8px; max-width: min(34rem, 92vw); }
      dialog::backdrop { background: rgba(0, 0, 0, 0.35); }
      dialog dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.35rem 1rem; }
      dialog dt { font-family: ui-monospace, monospace; font-weight: 700; }
      dialog dd { margin: 0; }
      dialog button { font: inherit; min-height: 44px; padding: 0 1rem; }
      .pad { display: grid; grid-template-columns: repeat(3, 44px); grid-template-rows: repeat(2, 44px); gap: 4px; justify-content: center; }
      .pad .arrow { font-size: 1.3rem; border: 1px solid #b9b3a7; border-radius: 8px; background: #f1efe9; cursor: pointer; padding: 0; }
      .pad .arrow:hover:not([aria-disabled=true]) { background: #e4e0d6; }
      .pad .up { grid-column: 2; grid-row: 1; }
      .pad .left { grid-column: 1; grid-row: 2; }
      .pad .down { grid-column: 2; grid-row: 2; }
      .pad .right { grid-column: 3; grid-row: 2; }
      .swatches { display: flex; flex-wrap: wrap; gap: 6px; }
      .swatch { width: 44px; height: 44px; border-radius: 50%; border: 2px solid #fff; box-shadow: 0 0 0 1px #888; cursor: pointer; padding: 0; }
      .swatch[aria-pressed=true] { box-shadow: 0 0 0 3px var(--ink); }
      /* A narrow window or a phone: one column, nothing beside the receivers, every target 44 px. */
      @media (max-width: 960px) {
        main { grid-template-columns: minmax(0, 1fr); padding: 0.5rem; gap: 0.75rem; }
        #receivers { grid-template-columns: minmax(0, 1fr); }
        header { height: auto; flex-wrap: wrap; padding: 0 0.5rem; }
        #menubar { flex-wrap: wrap; height: auto; }
        .menu > button { min-height: 44px; min-width: 44px; }
        .menu-items button { min-height: 44px; }
        .verb button, .buttons button, .verb select, .verb input, .verb label { min-height: 44px; }
        .verb input[type=checkbox] { min-width: 44px; }
        #history li[data-number] { height: 44px; }
        #log { height: 12rem; }
      }
      """#)
}
