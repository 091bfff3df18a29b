// The history panel: the rows of the undo tree this page has (the newest ones, and more
// asked for with "Show earlier steps" only when shown), Undo and Redo with their titles.
'use strict';

/** How many rows the panel shows: the newest ones, more when asked. */
let historyShown = 200;
/** Whether rows were asked for and not yet answered. */
let rowsAsked = false;

function drawHistory(snapshot) {
  const undo = $('undo');
  const redo = $('redo');
  undo.textContent = snapshot.undoTitle;
  redo.textContent = snapshot.redoTitle;
  undo.disabled = !snapshot.canUndo;
  redo.disabled = !snapshot.canRedo;
  for (const item of document.querySelectorAll('[data-edit]')) {
    const isUndo = item.dataset.edit === 'undo';
    item.textContent = isUndo ? snapshot.undoTitle : snapshot.redoTitle;
    item.disabled = isUndo ? !snapshot.canUndo : !snapshot.canRedo;
  }
  // The tree as `history` draws it on a terminal: each branch beside the step it left,
  // `@` the current state, `*` a step it stands on, `o` an undone one. A click on a step
  // goes there (`goto N`).
  const list = $('history');
  const marks = { current: '@', applied: '*', undone: 'o' };
  const first = Math.max(0, state.rowCount - historyShown);
  const items = [];
  let missing = false;
  for (let i = first; i < state.rowCount; i++) {
    const row = state.rows.get(i);
    if (!row) {
      missing = true;
      continue;
    }
    items.push(element('li', {
      class: [row.mark === 'undone' ? 'undone' : null, row.mark === 'current' ? 'current' : null].filter(Boolean).join(' ') || null,
      'data-number': String(row.number), title: `goto ${row.number}`, onclick: () => run(`goto ${row.number}`),
    }, element('span', { class: 'branch', text: row.prefix + marks[row.mark] + ' ' }),
    element('span', { class: 'number', text: String(row.number) }), row.statement));
  }
  const earlier = first > 0
    ? [element('li', { class: 'earlier' }, element('button', {
      type: 'button', text: `Show earlier steps (${first} more)`, onclick: () => {
        historyShown += 200;
        loadRows();
      },
    }))]
    : [];
  list.replaceChildren(...earlier, ...items);
  if (missing) loadRows();
  const current = list.querySelector('li.current');
  if (current) current.scrollIntoView({ block: 'nearest' }); else list.scrollTop = list.scrollHeight;
}

/** Asks for the rows the panel shows and this page has not got. */
function loadRows() {
  const first = Math.max(0, state.rowCount - historyShown);
  let from = first;
  while (from < state.rowCount && state.rows.has(from)) from++;
  if (from >= state.rowCount) return drawHistory(state.snapshot);
  if (rowsAsked) return;
  rowsAsked = true;
  const asked = send({ rows: [from, state.rowCount] }, (reply) => {
    rowsAsked = false;
    if (reply.type !== 'rows' || reply.version !== state.version) return;
    for (const row of reply.rows) state.rows.set(row.index, row);
    drawHistory(state.snapshot);
  });
  if (asked === null) rowsAsked = false;
}
