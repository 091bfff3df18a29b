// The page's console: entries typed and run as in the REPL (Enter runs, an open block goes on
// on the next line), Tab completion from the session, every entry's report from every page
// (outputs, located diagnostics with a caret), and Escape to leave it.
'use strict';

function logLine(text, kind) {
  const log = $('log');
  log.append(element('div', { class: kind, text }));
  log.scrollTop = log.scrollHeight;
}

function logEntry(entry) {
  const mine = entry.client === state.client;
  const lines = entry.source.split('\n');
  lines.forEach((line, i) => logLine((i === 0 ? '> ' : '. ') + line, mine ? 'entry' : 'entry other'));
  for (const output of entry.outputs) {
    if (output.kind === 'history') {
      const width = String(output.history.length).length;
      if (output.history.length === 0) logLine('(no history)', 'output');
      for (const step of output.history) {
        logLine(`${String(step.number).padStart(width)}  ${step.statement}${step.undone ? '   (undone)' : ''}`, 'output');
      }
    } else if (output.kind === 'shown') {
      const heading = output.receiver === output.type ? output.receiver : `${output.receiver} (${output.type})`;
      logLine(output.text.includes('\n') ? `${heading}:\n  ${output.text.split('\n').join('\n  ')}` : `${heading}: ${output.text}`, 'output');
    } else {
      logLine(output.text, 'output');
    }
  }
  for (const diagnostic of entry.diagnostics) {
    const kind = diagnostic.severity === 'warning' ? 'warning' : 'error';
    logLine(`${diagnostic.line}:${diagnostic.column}: ${diagnostic.severity}: ${diagnostic.message}`, kind);
    const source = lines[diagnostic.line - 1];
    if (source !== undefined) {
      logLine('  ' + source, 'output');
      const caret = ' '.repeat(diagnostic.column - 1) + '^' + '~'.repeat(Math.max(0, diagnostic.length - 1));
      logLine('  ' + caret, 'caret');
    }
    for (const note of diagnostic.notes) logLine('  note: ' + note, 'output');
    if (diagnostic.suggestion) logLine(`  did you mean \`${diagnostic.suggestion}\`?`, 'output');
  }
}

function submitEntry() {
  const entry = $('entry');
  const text = entry.value;
  if (text.trim() === '') return;
  hideCompletions();
  run(text, (reply) => {
    if (reply.type === 'error' && reply.message === 'incomplete') {
      // An open block or string: the entry goes on on the next line, as in the REPL.
      if (entry.value === '') {
        entry.value = text + '\n  ';
        entry.setSelectionRange(entry.value.length, entry.value.length);
      }
    } else if (reply.type === 'error') {
      logLine(reply.message, 'error');
    }
  });
  // Cleared at once; an incomplete entry is put back by its reply.
  state.entryHistory.push(text);
  state.entryIndex = state.entryHistory.length;
  entry.value = '';
}

function complete() {
  const entry = $('entry');
  const prefix = entry.value.slice(0, entry.selectionStart);
  send({ complete: prefix }, (reply) => {
    if (reply.type !== 'completions') return;
    const words = reply.words;
    if (words.length === 0) return hideCompletions();
    let common = words[0];
    for (const word of words) while (!word.startsWith(common)) common = common.slice(0, -1);
    const start = prefix.length - reply.replacing;
    const insert = words.length === 1 ? words[0] + (words[0].endsWith('.') ? '' : ' ') : common;
    if (insert.length >= reply.replacing) {
      entry.value = entry.value.slice(0, start) + insert + entry.value.slice(prefix.length);
      const at = start + insert.length;
      entry.setSelectionRange(at, at);
    }
    if (words.length > 1) {
      $('completions').replaceChildren(...words.map((word) => element('li', { text: word })));
      $('completions').hidden = false;
    } else hideCompletions();
  });
}

function hideCompletions() {
  $('completions').hidden = true;
}

function onEntryKey(event) {
  const entry = $('entry');
  const before = entry.value.slice(0, entry.selectionStart);
  if (event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    submitEntry();
  } else if (event.key === 'Tab' && !event.shiftKey && before.trim() !== '' && !/\s$/.test(before)) {
    // Tab completes a word being typed; elsewhere (and Shift-Tab) it moves the focus on.
    event.preventDefault();
    complete();
  } else if (event.key === 'Escape') {
    // Escape leaves the console (first closing the completions, if shown).
    event.preventDefault();
    if (!$('completions').hidden) hideCompletions();
    else entry.blur();
  } else if (event.key === 'ArrowUp' && !entry.value.includes('\n') && state.entryIndex > 0) {
    event.preventDefault();
    entry.value = state.entryHistory[--state.entryIndex];
  } else if (event.key === 'ArrowDown' && !entry.value.includes('\n') && state.entryIndex < state.entryHistory.length) {
    event.preventDefault();
    state.entryIndex++;
    entry.value = state.entryHistory[state.entryIndex] ?? '';
  }
}

