// The board (tic-tac-toe) as a game: a grid of cells to click, each click one `place R C`
// made from the board's declared `place` verb, the winning line drawn across the grid, and
// "X wins — play again", which runs the declared `reset`.
'use strict';

/** The cells ([row, col], from 0) of a full row, column or diagonal held by `mark`. */
function winningLine(cells, mark) {
  const n = cells.length;
  const at = (r, c) => cells[r][c] === mark;
  const lines = [];
  for (let r = 0; r < n; r++) lines.push([...Array(n).keys()].map((c) => [r, c]));
  for (let c = 0; c < n; c++) lines.push([...Array(n).keys()].map((r) => [r, c]));
  lines.push([...Array(n).keys()].map((i) => [i, i]));
  lines.push([...Array(n).keys()].map((i) => [i, n - 1 - i]));
  return lines.find((line) => line.every(([r, c]) => at(r, c))) || [];
}

function drawBoard(receiver) {
  const { cells, winner, next } = receiver.state;
  const n = cells.length;
  const verbs = state.types.get(receiver.type)?.verbs || [];
  const place = verbs.find((v) => v.name === 'place');
  const reset = verbs.find((v) => v.name === 'reset');
  const line = winner && winner !== 'draw' ? winningLine(cells, winner) : [];
  const inLine = new Set(line.map(([r, c]) => `${r},${c}`));
  const grid = element('div', { class: 'grid', role: 'group', 'aria-label': 'the board: click a free cell to place' });
  grid.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
  // Why no cell takes a mark now: `place` declared unavailable (the game is over), as the
  // server says with the board's state.
  const over = (place && receiver.unavailable?.[place.name]) || (winner ? 'the game is over' : null);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const mark = cells[r][c];
      const free = mark === '.';
      const text = place ? statement(receiver.name, place, [String(r + 1), String(c + 1)]) : null;
      // A cell that cannot take a mark says why (`aria-disabled`, so that it stays in the
      // Tab order and is read with its reason; a click shows the reason where it was).
      const reason = !text ? 'the board has no `place`' : over ?? (free ? null : `taken by ${mark}`);
      grid.append(element('button', {
        type: 'button', class: ['cell', inLine.has(`${r},${c}`) ? 'win' : null].filter(Boolean).join(' '),
        'data-row': String(r + 1), 'data-col': String(c + 1), text: free ? '' : mark,
        'aria-label': `row ${r + 1}, column ${c + 1}: ${free ? 'free' : mark}`,
        title: reason ?? `${next}: ${text}`, 'aria-disabled': reason ? 'true' : null,
        onclick: (event) => runFrom(event.currentTarget, text),
      }));
    }
  }
  const board = element('div', { class: 'board' }, grid);
  if (line.length) {
    const [first, last] = [line[0], line[line.length - 1]];
    const overlay = svg('svg', { class: 'win-line', viewBox: `0 0 ${n} ${n}`, 'aria-hidden': 'true' });
    overlay.append(svg('line', {
      x1: first[1] + 0.5, y1: first[0] + 0.5, x2: last[1] + 0.5, y2: last[0] + 0.5,
      stroke: '#d1495b', 'stroke-width': 0.12, 'stroke-linecap': 'round',
    }));
    board.append(overlay);
  }
  const said = winner ? (winner === 'draw' ? 'A draw' : `${winner} wins`) : `${next} to play`;
  const status = element('p', { class: 'game', role: 'status', text: said });
  if (winner && reset) {
    status.append(' — ', element('button', {
      type: 'button', class: 'again', text: 'play again', 'data-statement': statement(receiver.name, reset, []),
      onclick: (event) => runFrom(event.currentTarget, statement(receiver.name, reset, [])),
    }));
  }
  return element('div', { class: 'game-board' }, board, status);
}
