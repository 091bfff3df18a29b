// Written by scripts/embed-web-assets from the files in Web/: edit those, then run it.

extension WebAssets {
  /// `Web/index.html`.
  static let indexHTML = File(
    type: "text/html; charset=utf-8",
    text: #"""
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>CommandScript</title>
      <link rel="stylesheet" href="/app.css">
      <script src="/connection.js" defer></script>
      <script src="/app.js" defer></script>
      <script src="/controls.js" defer></script>
      <script src="/console.js" defer></script>
      <script src="/history.js" defer></script>
      <script src="/board.js" defer></script>
      </head>
      <body>
      <header>
        <nav id="menubar" aria-label="Menus"></nav>
        <span id="status" class="status">connecting…</span>
      </header>
      <div id="offline" class="banner" role="alert" hidden></div>
      <main>
        <section id="receivers" aria-label="Receivers"></section>
        <aside>
          <section id="history-panel" aria-label="History">
            <h2>History</h2>
            <div class="buttons">
              <button id="undo" type="button" title="Ctrl+Z" aria-disabled="true">Undo</button>
              <button id="redo" type="button" title="Ctrl+Shift+Z" aria-disabled="true">Redo</button>
            </div>
            <ol id="history" role="listbox" aria-label="Steps: Enter or a click goes to one"></ol>
          </section>
          <section id="console-panel" aria-label="Console">
            <h2>Console</h2>
            <div id="log" role="log" aria-live="polite"></div>
            <ul id="completions" hidden></ul>
            <textarea id="entry" rows="3" aria-label="Console entry" spellcheck="false" autocomplete="off"
              placeholder="move up; paint red  (Enter runs, Shift+Enter or an open block adds a line, Tab completes)"></textarea>
          </section>
        </aside>
      </main>
      <dialog id="shortcuts" aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <dl>
          <dt>↑ ↓ ← →</dt><dd>move the shape (the first receiver that moves in four directions)</dd>
          <dt>Ctrl+Z</dt><dd>undo</dd>
          <dt>Ctrl+Shift+Z</dt><dd>redo</dd>
          <dt>Tab, Shift+Tab</dt><dd>go from control to control; in the console, Tab completes the word typed</dd>
          <dt>Enter</dt><dd>in the console, run the entry (Shift+Enter adds a line); on a history step, go there</dd>
          <dt>↑ ↓ Home End</dt><dd>in the history, go from step to step</dd>
          <dt>Escape</dt><dd>leave the console, close a menu or this list</dd>
          <dt>?</dt><dd>this list</dd>
        </dl>
        <button id="close-shortcuts" type="button">Close</button>
      </dialog>
      </body>
      </html>
      """#)
}
