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
      <script src="/history.js" defer></script>
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
              <button id="undo" type="button" disabled>Undo</button>
              <button id="redo" type="button" disabled>Redo</button>
            </div>
            <ol id="history"></ol>
          </section>
          <section id="console-panel" aria-label="Console">
            <h2>Console</h2>
            <div id="log" role="log" aria-live="polite"></div>
            <ul id="completions" hidden></ul>
            <textarea id="entry" rows="3" spellcheck="false" autocomplete="off"
              placeholder="move up; paint red  (Enter runs, Shift+Enter or an open block adds a line, Tab completes)"></textarea>
          </section>
        </aside>
      </main>
      </body>
      </html>
      """#)
}
