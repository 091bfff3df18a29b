#!/usr/bin/env node
// A persistent cmdscript plugin on the Node kit (plugins/node/cmdscript-plugin.js): notes
// kept in notes.json in its working folder, which outlive the session, so a resume never
// runs them twice; `applied` tells a resume whether a statement's step is in the file.
//
//   cmdscript --plugin 'node notes.js' -c 'notes.add "buy milk"; show notes'
//   cmdscript plugin check 'node notes.js'
const fs = require('fs');
const path = require('path');
const beside = path.join(__dirname, 'cmdscript-plugin.js');
const kit = fs.existsSync(beside) ? beside : path.join(__dirname, '..', '..', 'plugins', 'node', 'cmdscript-plugin.js');
const { Plugin, Refused, integer, string } = require(kit);

const FILE = 'notes.json';
const data = fs.existsSync(FILE) ? JSON.parse(fs.readFileSync(FILE, 'utf8')) : { notes: [], steps: {} };
if (Array.isArray(data.steps)) data.steps = {}; // written before steps kept their records
function save() { // written beside, then renamed over: a crash leaves the old file or the new
  fs.writeFileSync(FILE + '.new', JSON.stringify(data));
  fs.renameSync(FILE + '.new', FILE);
}
// For a resume (PLUGINS.md, "Journals and export"): each step's records while its commands
// are in effect, so that `applied` is true until all are undone, and a replayed command the
// file holds already is answered with its record (the nth of its step), not applied again.
const plugin = new Plugin('notes', { persistent: true, applied: (step) => (data.steps[step] || []).length > 0 });
const replayed = {}; // step -> how many of its commands a replay was answered
function held() {
  if (plugin.mode !== 'replay' || plugin.step === null) return undefined;
  const k = (replayed[plugin.step] = (replayed[plugin.step] || 0) + 1);
  return (data.steps[plugin.step] || [])[k - 1];
}
function done(record) { // the step is kept with the change, in the same write
  if (record.step !== null) (data.steps[record.step] = data.steps[record.step] || []).push(record);
  save();
  return record;
}
function undone(record) { // the last record of its step (undo is last in, first out)
  const records = data.steps[record.step];
  if (records) records.pop();
  if (records && records.length === 0) delete data.steps[record.step];
  save();
}

plugin.type('notes', {
  summary: 'notes kept in notes.json', instances: ['notes'],
  make: () => data,
  state: (d) => ({ count: d.notes.length, notes: d.notes.join(' | ') }),
  verbs: {
    add: {
      summary: 'add a note', parameters: { text: string({ examples: ['buy milk', 'call Ann'] }) },
      run(d, text) {
        const record = held();
        if (record) return record;
        d.notes.push(text);
        return done({ index: d.notes.length - 1, step: plugin.step });
      },
      undo(d, record) { d.notes.splice(record.index, 1); undone(record); },
    },
    remove: {
      summary: 'remove note N (the first is 1)', parameters: { n: integer(1, 1000) },
      run(d, n) {
        const record = held();
        if (record) return record;
        if (n > d.notes.length) throw new Refused(`there is no note ${n}`);
        const [text] = d.notes.splice(n - 1, 1);
        return done({ index: n - 1, text, step: plugin.step });
      },
      undo(d, record) { d.notes.splice(record.index, 0, record.text); undone(record); },
    },
  },
  queries: { count: { summary: 'how many notes', kind: integer(), run: (d) => d.notes.length } },
});
plugin.run();
