// The page of `cmdscript serve`: draws the session the server sends, and turns every click,
// menu choice and key press into one canonical statement (`move up`), sent to the server's
// session exactly as if typed in the console. No library, no build step.
'use strict';

const state = {
  socket: null,
  client: 0,
  types: new Map(), // type name -> declaration
  snapshot: null,
  shapeOfCards: '', // the receivers' names and types the cards were built for
  entryHistory: [],
  entryIndex: 0,
  version: 0, // the state's version this page draws
  receivers: new Map(), // name -> receiver as last sent
  rows: new Map(), // index -> row of the history tree, those this page has
  rowCount: 0,
};

const $ = (id) => document.getElementById(id);
const svgNS = 'http://www.w3.org/2000/svg';

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function svg(tag, attributes = {}) {
  const node = document.createElementNS(svgNS, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

function receive(message) {
  switch (message.type) {
    case 'hello':
      state.client = message.client;
      state.types = new Map(message.declarations.types.map((type) => [type.name, type]));
      show(message.snapshot);
      break;
    case 'state':
      show(message.snapshot);
      break;
    case 'entry':
      logEntry(message);
      break;
    case 'error':
      // One that answers a request was handed to it (connection.js).
      if (message.id === undefined || message.id === null) logLine(message.message, 'error');
      break;
  }
}

/** Runs `text` through the session, as typed. */
function run(text, onReply) {
  return send({ run: text }, onReply);
}

/** Runs `text` for a click on `control`: a failure is shown where the click was. */
function runFrom(control, text) {
  if (refused(control)) return;
  const place = control.getBoundingClientRect();
  return run(text, (reply) => {
    if (reply.type === 'entry' && (reply.failed || reply.rejected)) {
      showFailure(place, reply.diagnostics.find((d) => d.severity !== 'warning')?.message || 'it failed');
    } else if (reply.type === 'error') showFailure(place, reply.message);
  });
}

/** A note under the place clicked, saying why the click's statement failed. */
function showFailure(place, message) {
  for (const old of document.querySelectorAll('.failure')) old.remove();
  const note = element('div', { class: 'failure', role: 'alert', text: message });
  document.body.append(note);
  note.style.left = `${Math.max(4, Math.min(place.left, window.innerWidth - 260)) + window.scrollX}px`;
  note.style.top = `${place.bottom + window.scrollY + 6}px`;
  setTimeout(() => note.remove(), 6000);
}

// ---- Statements from controls ----

/** The instances that have a verb called `verb`. */
function instancesWithVerb(verb) {
  const receivers = state.snapshot ? state.snapshot.receivers : [];
  return receivers.filter((r) => (state.types.get(r.type)?.verbs || []).some((v) => v.name === verb));
}

function quoted(text) {
  return '"' + text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\$/g, '\\$') + '"';
}

/**
 * The canonical statement for `verb` of `instance` with `values` (strings, one per
 * parameter): the bare verb when no other receiver has it, trailing defaults left out.
 */
function statement(instance, verb, values) {
  const target = instancesWithVerb(verb.name).length === 1 ? verb.name : `${instance}.${verb.name}`;
  const words = verb.parameters.map((parameter, i) => {
    const value = values[i] ?? parameter.defaultValue ?? '';
    return parameter.kind === 'string' ? quoted(value) : String(value);
  });
  while (words.length > 0) {
    const i = words.length - 1;
    const parameter = verb.parameters[i];
    if (parameter.defaultValue === undefined || parameter.defaultValue === null) break;
    if ((values[i] ?? parameter.defaultValue) !== parameter.defaultValue) break;
    words.pop();
  }
  return [target, ...words].join(' ');
}

/** A control for one parameter: a select, a number field, a toggle or a text field. */
function parameterControl(parameter) {
  const title = `${parameter.name}`;
  switch (parameter.kind) {
    case 'word': {
      const select = element('select', { 'aria-label': title, 'data-parameter': parameter.name });
      for (const word of parameter.words) select.append(element('option', { value: word, text: word }));
      if (parameter.defaultValue) select.value = parameter.defaultValue;
      return { node: select, value: () => select.value };
    }
    case 'integer':
    case 'decimal': {
      const min = parameter.min ?? undefined;
      const max = parameter.max ?? undefined;
      // A default outside the range stands for something else (`reset`: the current size).
      const fits = parameter.defaultValue !== undefined && (min === undefined || +parameter.defaultValue >= min)
        && (max === undefined || +parameter.defaultValue <= max);
      const start = fits ? parameter.defaultValue : parameter.defaultValue === undefined ? String(min ?? 0) : '';
      const input = element('input', {
        type: 'number', 'aria-label': title, 'data-parameter': parameter.name, min, max,
        step: parameter.kind === 'integer' ? '1' : 'any', value: start, placeholder: fits ? null : 'default',
      });
      const value = () => input.value.trim() || undefined;
      return { node: element('label', { text: `${parameter.name} ` }, input), value };
    }
    case 'boolean': {
      const box = element('input', { type: 'checkbox', 'data-parameter': parameter.name });
      box.checked = parameter.defaultValue === 'true';
      return { node: element('label', {}, box, `${parameter.name}`), value: () => (box.checked ? 'true' : 'false') };
    }
    default: {
      const input = element('input', {
        type: 'text', 'aria-label': title, 'data-parameter': parameter.name, value: parameter.defaultValue ?? '',
      });
      return { node: input, value: () => input.value };
    }
  }
}

// ---- Drawing the session ----

/**
 * Takes a state from the server: a whole one (`full`), or what changed since the version
 * this page has (`from`): the receivers that changed and the history rows that changed.
 * A difference from another version than this page's asks for the whole state again.
 */
function show(snapshot) {
  if (!snapshot.full) {
    if (snapshot.version <= state.version) return;
    if (snapshot.from !== state.version) {
      send({ sync: true });
      return;
    }
  } else {
    state.receivers = new Map();
    state.rows = new Map();
  }
  state.version = snapshot.version;
  for (const receiver of snapshot.receivers) state.receivers.set(receiver.name, receiver);
  const names = new Set(snapshot.names);
  for (const name of [...state.receivers.keys()]) if (!names.has(name)) state.receivers.delete(name);
  for (const row of snapshot.rows) state.rows.set(row.index, row);
  for (let i = snapshot.rowCount; i < state.rowCount; i++) state.rows.delete(i);
  state.rowCount = snapshot.rowCount;
  const { receivers: _r, rows: _w, ...header } = snapshot;
  state.snapshot = { ...header, receivers: snapshot.names.map((name) => state.receivers.get(name)) };
  const shape = state.snapshot.receivers.map((r) => `${r.name}:${r.type}`).join(',');
  const rebuilt = shape !== state.shapeOfCards;
  if (rebuilt) {
    buildCards(state.snapshot.receivers);
    buildMenus(state.snapshot.receivers);
    state.shapeOfCards = shape;
  }
  for (const receiver of rebuilt ? state.snapshot.receivers : snapshot.receivers) drawReceiver(receiver);
  for (const change of snapshot.changes || []) {
    for (const name of change.receivers) {
      const card = document.querySelector(`.receiver[data-name="${CSS.escape(name)}"]`);
      if (!card) continue;
      card.classList.remove('flash');
      void card.offsetWidth;
      card.classList.add('flash');
    }
  }
  drawHistory(state.snapshot);
}

function buildCards(receivers) {
  const container = $('receivers');
  container.replaceChildren();
  for (const receiver of receivers) {
    const type = state.types.get(receiver.type);
    const heading = element('h2', { text: receiver.name });
    if (receiver.type !== receiver.name) heading.append(element('small', { text: receiver.type }));
    const verbs = element('div', { class: 'verbs' });
    for (const verb of type ? type.verbs : []) {
      const controls = verb.parameters.map(parameterControl);
      const button = element('button', {
        type: 'button', text: verb.name, title: verb.summary, 'data-verb': verb.name, 'data-receiver': receiver.name,
        onclick: (event) => runFrom(event.currentTarget, statement(receiver.name, verb, controls.map((c) => c.value()))),
      });
      verbs.append(element('div', { class: 'verb' }, button, ...controls.map((c) => c.node)));
      const extra = quickControls(receiver, verb, controls);
      if (extra) verbs.prepend(extra);
    }
    container.append(element('section', { class: 'receiver', 'data-name': receiver.name, 'data-type': receiver.type },
      heading, element('div', { class: 'picture' }), element('p', { class: 'description' }), verbs));
  }
}

const arrowKeys = { up: '↑', down: '↓', left: '←', right: '→' };

/**
 * Quicker controls made from a verb's declaration: an arrow pad for a first parameter that
 * is the four directions, colour swatches for one whose words are all colours. Each click
 * is the same statement as the verb's button with that word.
 */
function quickControls(receiver, verb, controls) {
  const first = verb.parameters[0];
  if (first?.kind !== 'word') return null;
  const click = (word) => (event) => {
    const values = controls.map((c) => c.value());
    values[0] = word;
    runFrom(event.currentTarget, statement(receiver.name, verb, values));
  };
  if (Object.keys(arrowKeys).every((d) => first.words.includes(d))) {
    const pad = element('div', { class: 'pad', role: 'group', 'aria-label': `${verb.name}: ${verb.summary}` });
    for (const direction of ['up', 'left', 'down', 'right']) {
      const text = statement(receiver.name, verb, [direction]);
      pad.append(element('button', {
        type: 'button', class: `arrow ${direction}`, text: arrowKeys[direction], 'aria-label': text,
        'data-receiver': receiver.name, 'data-for': verb.name,
        title: `${text} (${arrowKeys[direction]} key)`, onclick: click(direction),
      }));
    }
    return pad;
  }
  if (first.words.length > 1 && first.words.every((w) => CSS.supports('color', w))) {
    const swatches = element('div', { class: 'swatches', role: 'group', 'aria-label': `${verb.name}: ${verb.summary}` });
    for (const word of first.words) {
      const swatch = element('button', {
        type: 'button', class: 'swatch', 'data-word': word, 'aria-label': statement(receiver.name, verb, [word]),
        'data-receiver': receiver.name, 'data-for': verb.name,
        title: statement(receiver.name, verb, [word]), 'aria-pressed': 'false', onclick: click(word),
      });
      swatch.style.background = word;
      swatches.append(swatch);
    }
    return swatches;
  }
  return null;
}

function drawReceiver(receiver) {
  const card = document.querySelector(`.receiver[data-name="${CSS.escape(receiver.name)}"]`);
  if (!card) return;
  card.querySelector('.description').textContent = receiver.description;
  const picture = card.querySelector('.picture');
  let drawing;
  if (receiver.type === 'shape' && receiver.state && 'x' in receiver.state) drawing = drawShape(receiver);
  else if (receiver.type === 'door' && receiver.state && 'open' in receiver.state) drawing = drawDoor(receiver.state);
  else if (receiver.type === 'board' && Array.isArray(receiver.state?.cells)) drawing = drawBoard(receiver);
  else if (receiver.picture) drawing = drawCells(receiver.picture);
  picture.replaceChildren(...(drawing ? [drawing] : []));
  // A picture of glyphs already says what the description says.
  card.querySelector('.description').hidden = Boolean(drawing && (drawing.tagName === 'PRE' || receiver.type === 'board'));
  card.dataset.state = JSON.stringify(receiver.state);
  drawAvailability(receiver);
  // The swatch of the colour the receiver has now is marked.
  const values = Object.values(receiver.state || {}).filter((v) => typeof v === 'string');
  for (const swatch of card.querySelectorAll('.swatch')) {
    swatch.setAttribute('aria-pressed', String(values.includes(swatch.dataset.word)));
  }
  // A parameter named as a field of the state shows its value now (`dim`'s level is the
  // lamp's level), unless it is being edited.
  for (const field of card.querySelectorAll('[data-parameter]')) {
    const value = receiver.state?.[field.dataset.parameter];
    if (value === undefined || value === null || typeof value === 'object' || field === document.activeElement) continue;
    if (field.type === 'checkbox') field.checked = value === true;
    else if (field.tagName !== 'SELECT' || [...field.options].some((o) => o.value === String(value))) field.value = String(value);
  }
}

/** The shape: its path and where it is, in its colour, on a grid with axes. */
function drawShape(receiver) {
  const { x, y } = receiver.state;
  const colour = receiver.state.color || receiver.state.colour || 'black';
  const path = (receiver.view && receiver.view.path) || [];
  const points = [...path, [x, y]];
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const half = Math.max(3, ...xs.map(Math.abs), ...ys.map(Math.abs)) + 1;
  const size = 2 * half;
  const root = svg('svg', { viewBox: `${-half} ${-half} ${size} ${size}`, role: 'img', 'aria-label': receiver.description });
  root.append(svg('rect', { x: -half, y: -half, width: size, height: size, fill: '#fbfaf7' }));
  for (let i = -half + 1; i < half; i++) {
    const stroke = i === 0 ? '#888' : '#e7e3da';
    const width = i === 0 ? 0.06 : 0.03;
    root.append(svg('line', { x1: i, y1: -half, x2: i, y2: half, stroke, 'stroke-width': width }));
    root.append(svg('line', { x1: -half, y1: i, x2: half, y2: i, stroke, 'stroke-width': width }));
  }
  if (points.length > 1) {
    root.append(svg('polyline', {
      points: points.map((p) => `${p[0]},${-p[1]}`).join(' '), fill: 'none', stroke: colour,
      'stroke-opacity': 0.45, 'stroke-width': 0.12, 'stroke-linejoin': 'round', 'stroke-linecap': 'round',
    }));
  }
  const marker = svg('rect', {
    x: x - 0.4, y: -y - 0.4, width: 0.8, height: 0.8, rx: 0.15, fill: colour, stroke: '#333', 'stroke-width': 0.05,
    class: 'position',
  });
  root.append(marker);
  return root;
}

/** The door: open or shut, and a padlock when locked. */
function drawDoor(door) {
  const root = svg('svg', { viewBox: '0 5 120 135', role: 'img', 'aria-label': door.open ? 'open door' : 'closed door' });
  root.append(svg('rect', { x: 20, y: 10, width: 80, height: 125, fill: '#3a3a3a' }));
  if (door.open) {
    root.append(svg('rect', { x: 24, y: 14, width: 72, height: 121, fill: '#f3e7c9' }));
    root.append(svg('polygon', { points: '24,14 48,24 48,128 24,135', fill: '#a0703c', stroke: '#6b4a25' }));
  } else {
    root.append(svg('rect', { x: 24, y: 14, width: 72, height: 121, fill: '#a0703c', stroke: '#6b4a25' }));
    root.append(svg('circle', { cx: 84, cy: 78, r: 4, fill: '#e2c26a' }));
  }
  if (door.locked) {
    const lock = svg('g', { class: 'lock' });
    lock.append(svg('path', { d: 'M52 70 v-8 a8 8 0 0 1 16 0 v8', fill: 'none', stroke: '#222', 'stroke-width': 4 }));
    lock.append(svg('rect', { x: 48, y: 70, width: 24, height: 18, rx: 3, fill: '#222' }));
    root.append(lock);
  }
  return root;
}

/** A receiver's own picture (the board with its coordinates and last move): glyphs in roles. */
function drawCells(rows) {
  const pre = element('pre', { class: 'cells' });
  rows.forEach((row, i) => {
    for (const [glyph, role] of row) {
      const span = element('span', { text: glyph });
      const colour = role.replace(/-strong$/, '');
      if (['plain', 'faint', 'axis', 'label', 'mark', 'highlight'].includes(role)) span.className = role;
      else {
        span.style.color = colour;
        if (role.endsWith('-strong')) span.style.fontWeight = 'bold';
      }
      pre.append(span);
    }
    if (i < rows.length - 1) pre.append('\n');
  });
  return pre;
}

// ---- Menus ----

function buildMenus(receivers) {
  const bar = $('menubar');
  bar.replaceChildren();
  const edit = [
    element('button', {
      type: 'button', role: 'menuitem', 'data-edit': 'undo', text: 'Undo', title: 'Ctrl+Z',
      onclick: (event) => { if (!refused(event.currentTarget)) run('undo'); },
    }),
    element('button', {
      type: 'button', role: 'menuitem', 'data-edit': 'redo', text: 'Redo', title: 'Ctrl+Shift+Z',
      onclick: (event) => { if (!refused(event.currentTarget)) run('redo'); },
    }),
    element('hr'),
    element('button', { type: 'button', role: 'menuitem', text: 'Show', onclick: () => run('show') }),
    element('button', { type: 'button', role: 'menuitem', text: 'History', onclick: () => run('history') }),
  ];
  bar.append(menu('Edit', edit));
  bar.append(menu('Help', [element('button', {
    type: 'button', role: 'menuitem', text: 'Keyboard shortcuts  ?', onclick: showShortcuts,
  })]));
  for (const receiver of receivers) {
    const type = state.types.get(receiver.type);
    if (!type || type.verbs.length === 0) continue;
    const items = [];
    for (const verb of type.verbs) {
      const words = verb.parameters.find((p) => p.kind === 'word');
      if (words && verb.parameters.length <= 2) {
        const at = verb.parameters.indexOf(words);
        items.push(element('div', { class: 'group', text: verb.name, 'aria-hidden': 'true' }));
        for (const word of words.words) {
          const values = verb.parameters.map((p, i) => (i === at ? word : undefined));
          const text = statement(receiver.name, verb, values);
          items.push(element('button', {
            type: 'button', role: 'menuitem', text: word, 'aria-label': text, 'data-statement': text,
            'data-receiver': receiver.name, 'data-for': verb.name,
            onclick: (event) => { if (!refused(event.currentTarget)) run(text); },
          }));
        }
        items.push(element('hr'));
      } else {
        items.push(element('button', {
          type: 'button', role: 'menuitem', text: verb.name, title: verb.summary,
          'data-receiver': receiver.name, 'data-for': verb.name,
          onclick: (event) => {
            if (refused(event.currentTarget)) return;
            const card = document.querySelector(`.receiver[data-name="${CSS.escape(receiver.name)}"]`);
            card?.querySelector(`button[data-verb="${CSS.escape(verb.name)}"]`)?.click();
          },
        }));
      }
    }
    if (items.at(-1)?.tagName === 'HR') items.pop();
    bar.append(menu(receiver.name, items));
  }
  drawHistory(state.snapshot);
}

function menu(title, items) {
  const node = element('div', { class: 'menu' });
  const button = element('button', { type: 'button', text: title, 'aria-haspopup': 'true' });
  const list = element('div', { class: 'menu-items', role: 'menu' }, ...items);
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    const open = !node.classList.contains('open');
    closeMenus();
    node.classList.toggle('open', open);
    button.setAttribute('aria-expanded', String(open));
    // Opened from the keyboard, the first item takes the focus.
    if (open && event.detail === 0) list.querySelector('button:not(:disabled)')?.focus();
  });
  list.addEventListener('click', () => closeMenus());
  node.append(button, list);
  return node;
}

function closeMenus() {
  for (const open of document.querySelectorAll('.menu.open')) {
    open.classList.remove('open');
    open.querySelector(':scope > button').setAttribute('aria-expanded', 'false');
  }
}

// ---- Keys ----

const arrows = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/**
 * `move up` for the arrow: the first verb whose first parameter is the four directions,
 * with its arrow's button (which says why when the verb cannot work now).
 */
function arrowStatement(direction) {
  const directions = Object.values(arrows);
  for (const receiver of state.snapshot?.receivers || []) {
    const type = state.types.get(receiver.type);
    for (const verb of type?.verbs || []) {
      const first = verb.parameters[0];
      if (first?.kind === 'word' && directions.every((d) => first.words.includes(d))) {
        const button = document.querySelector(
          `.pad .arrow.${direction}[data-receiver="${CSS.escape(receiver.name)}"][data-for="${CSS.escape(verb.name)}"]`);
        return { text: statement(receiver.name, verb, [direction]), button };
      }
    }
  }
  return null;
}

function onKey(event) {
  const target = event.target;
  const typing = target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement
    || target instanceof HTMLSelectElement;
  // Text being edited keeps its own Ctrl-Z.
  const editingText = target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement
    && target.type === 'text');
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey && event.key.toLowerCase() === 'z' && !(editingText && target.value)) {
    event.preventDefault();
    run(event.shiftKey ? 'redo' : 'undo');
    return;
  }
  if (typing || command || event.altKey) return;
  const open = document.querySelector('.menu.open');
  if (open) return onMenuKey(event, open);
  // The history's rows and the dialog have keys of their own.
  if (target.closest?.('#history, dialog')) return;
  if (event.key === '?') {
    event.preventDefault();
    showShortcuts();
  } else if (arrows[event.key]) {
    const arrow = arrowStatement(arrows[event.key]);
    if (arrow) {
      event.preventDefault();
      if (!refused(arrow.button)) run(arrow.text);
    }
  } else if (event.key === 'Escape') closeMenus();
}

/** In an open menu: the arrows move between its items, Escape closes it. */
function onMenuKey(event, menu) {
  const items = [...menu.querySelectorAll('.menu-items button:not(:disabled)')];
  const at = items.indexOf(document.activeElement);
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    const step = event.key === 'ArrowDown' ? 1 : -1;
    items[(at + step + items.length) % items.length]?.focus();
  } else if (event.key === 'Escape') {
    event.preventDefault();
    closeMenus();
    menu.querySelector(':scope > button').focus();
  }
}

function showShortcuts() {
  const dialog = $('shortcuts');
  if (!dialog.open) dialog.showModal();
}

document.addEventListener('DOMContentLoaded', () => {
  // The token now lives in the cookie: keep it out of the address bar and the history.
  if (location.search.includes('token=')) history.replaceState(null, '', '/');
  $('undo').addEventListener('click', (event) => { if (!refused(event.currentTarget)) run('undo'); });
  $('redo').addEventListener('click', (event) => { if (!refused(event.currentTarget)) run('redo'); });
  $('entry').addEventListener('keydown', onEntryKey);
  $('history').addEventListener('keydown', onHistoryKey);
  $('close-shortcuts').addEventListener('click', () => $('shortcuts').close());
  document.addEventListener('keydown', onKey);
  document.addEventListener('click', () => closeMenus());
  connect();
});
