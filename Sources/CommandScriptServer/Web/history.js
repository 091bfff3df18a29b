// The history panel: the undo tree drawn as lanes (a branch beside the step it left), the
// current step and the saved one marked, undone steps greyed, each step a row that a click
// or Enter takes the session to (`goto N`) and the arrow keys move between. The page has
// the newest rows, and asks for earlier ones ("Show earlier steps") only when shown.
'use strict';

/** How many rows the panel shows: the newest ones, more when asked. */
let historyShown = 200;
/** Whether rows were asked for and not yet answered. */
let rowsAsked = false;
/** The step whose row has the keyboard's focus, kept across redraws. */
let focusedStep = null;
/** The rows' elements, by row index, with the key of what they draw. */
const rowElements = new Map();
let earlierItem = null;

/** The "Show earlier steps" row, kept while the count it gives is the same. */
function earlierButton(count) {
  if (earlierItem?.dataset.count === String(count)) return earlierItem;
  earlierItem = element('li', { class: 'earlier', 'data-count': String(count) }, element('button', {
    type: 'button', text: `Show earlier steps (${count} more)`, onclick: () => {
      historyShown += 200;
      loadRows();
    },
  }));
  return earlierItem;
}

/** Makes `list`'s children `wanted`, in order, moving and removing as few as it can. */
function reconcile(list, wanted) {
  const children = list.children;
  if (children.length === wanted.length && wanted.every((node, i) => children[i] === node)) return;
  const keep = new Set(wanted);
  for (const node of [...children]) if (!keep.has(node)) node.remove();
  let next = list.firstChild;
  for (const node of wanted) {
    if (node === next) next = next.nextSibling;
    else list.insertBefore(node, next);
  }
}

const LANE = 14; // px between lanes
const ROW = 28; // px: the lanes' height (a row is 28 px, 44 on a narrow screen: centred)

/** The lanes before a row's step: one per two characters of its prefix (`│ `, `├─`). */
function lanesOf(row) {
  return row.prefix.length / 2;
}

/** The row's lane picture: the lines beside it, the branch it steps aside from, its dot. */
function lanePicture(row, next, width) {
  const lanes = lanesOf(row);
  const picture = svg('svg', { class: 'lanes', width, height: ROW, 'aria-hidden': 'true' });
  const x = (lane) => lane * LANE + LANE / 2;
  for (let i = 0; i < lanes; i++) {
    const unit = row.prefix.slice(2 * i, 2 * i + 2);
    if (unit === '│ ' || unit === '├─') {
      picture.append(svg('line', { x1: x(i), y1: 0, x2: x(i), y2: ROW, class: 'lane' }));
    }
    if (unit === '├─') {
      picture.append(svg('path', { d: `M${x(i)} ${ROW / 2 - 6} Q${x(i)} ${ROW / 2} ${x(i + 1)} ${ROW / 2}`, class: 'lane' }));
    }
  }
  const startsBranch = row.prefix.endsWith('├─') || row.index === 0;
  if (!startsBranch) picture.append(svg('line', { x1: x(lanes), y1: 0, x2: x(lanes), y2: ROW / 2, class: 'lane' }));
  if (next && lanesOf(next) >= lanes && !(lanesOf(next) === lanes && next.prefix.endsWith('├─'))) {
    picture.append(svg('line', { x1: x(lanes), y1: ROW / 2, x2: x(lanes), y2: ROW, class: 'lane' }));
  }
  picture.append(svg('circle', { cx: x(lanes), cy: ROW / 2, r: row.mark === 'current' ? 5.5 : 4, class: `dot ${row.mark}` }));
  return picture;
}

function drawHistory(snapshot) {
  const undo = $('undo');
  const redo = $('redo');
  undo.textContent = snapshot.undoTitle;
  redo.textContent = snapshot.redoTitle;
  // Undo and Redo with nothing to take back say so, as a verb that cannot work does.
  setUnavailable(undo, snapshot.canUndo ? null : 'nothing to undo');
  setUnavailable(redo, snapshot.canRedo ? null : 'nothing to redo');
  for (const item of document.querySelectorAll('[data-edit]')) {
    const isUndo = item.dataset.edit === 'undo';
    item.textContent = isUndo ? snapshot.undoTitle : snapshot.redoTitle;
    setUnavailable(item, (isUndo ? snapshot.canUndo : snapshot.canRedo) ? null : `nothing to ${item.dataset.edit}`);
  }
  const list = $('history');
  const hadFocus = list.contains(document.activeElement);
  const first = Math.max(0, state.rowCount - historyShown);
  const rows = [];
  let missing = false;
  for (let i = first; i < state.rowCount; i++) {
    const row = state.rows.get(i);
    if (row) rows.push(row); else missing = true;
  }
  const width = (Math.max(0, ...rows.map(lanesOf)) + 1) * LANE;
  // A row whose drawing did not change keeps its element: a click redraws the rows it
  // changed, not the whole panel.
  const items = rows.map((row, i) => {
    const saved = snapshot.saved === row.number;
    const key = [row.prefix, row.mark, row.number, row.statement, saved, rows[i + 1]?.prefix ?? '~', width].join('|');
    const cached = rowElements.get(row.index);
    if (cached?.key === key) return cached.item;
    const title = `${row.number}  ${row.statement}${row.mark === 'undone' ? ' (undone)' : ''}${saved ? ' (saved)' : ''}`;
    const item = element('li', {
      class: [row.mark, saved ? 'saved' : null].filter(Boolean).join(' '), role: 'option', tabindex: '-1',
      'data-number': String(row.number), 'data-lane': String(lanesOf(row)), 'aria-selected': row.mark === 'current' ? 'true' : 'false',
      'aria-label': `step ${title}; Enter goes there`, title: `${title} — click or Enter: goto ${row.number}`,
      onclick: () => run(`goto ${row.number}`),
    }, lanePicture(row, rows[i + 1], width), element('span', { class: 'number', text: String(row.number) }),
    element('span', { class: 'statement', text: row.statement }),
    ...(saved ? [element('span', { class: 'badge', text: 'saved' })] : []));
    rowElements.set(row.index, { key, item });
    return item;
  });
  for (const index of rowElements.keys()) if (index < first || index >= state.rowCount) rowElements.delete(index);
  const earlier = first > 0
    ? [earlierButton(first)]
    : [];
  reconcile(list, [...earlier, ...items]);
  if (missing) loadRows();
  // One row takes Tab's focus: the one focused before, else the current step.
  const target = list.querySelector(`li[data-number="${focusedStep}"]`) || list.querySelector('li.current')
    || list.querySelector('li[data-number]:last-child');
  for (const item of list.querySelectorAll('li[tabindex="0"]')) if (item !== target) item.tabIndex = -1;
  if (target) target.tabIndex = 0;
  if (hadFocus && target) target.focus({ preventScroll: false });
  else {
    const current = list.querySelector('li.current');
    if (current) current.scrollIntoView({ block: 'nearest' }); else list.scrollTop = list.scrollHeight;
  }
}

/** The arrow keys between steps, Home and End, Enter or Space to go there. */
function onHistoryKey(event) {
  const item = event.target.closest('li[data-number]');
  if (!item) return;
  const steps = [...$('history').querySelectorAll('li[data-number]')];
  const at = steps.indexOf(item);
  const moves = { ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: steps.length - 1 };
  if (event.key in moves) {
    event.preventDefault();
    const to = steps[Math.max(0, Math.min(steps.length - 1, moves[event.key]))];
    for (const step of steps) step.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
    focusedStep = to.dataset.number;
  } else if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    focusedStep = item.dataset.number;
    run(`goto ${item.dataset.number}`);
  }
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
