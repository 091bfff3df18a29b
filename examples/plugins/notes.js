#!/usr/bin/env node
// A persistent cmdscript plugin on the Node kit (plugins/node/cmdscript-plugin.js): notes
// kept in notes.json in its working folder, which outlive the session, so a resume never
// runs them twice; `applied` tells a resume whether a statement's step reached the file.
//
//   cmdscript --plugin 'node notes.js' -c 'notes.add "buy milk"; show notes'
//   cmdscript plugin check 'node notes.js'
const fs = require('fs');
const path = require('path');
const beside = path.join(__dirname, 'cmdscript-plugin.js');
const kit = fs.existsSync(beside) ? beside : path.join(__dirname, '..', '..', 'plugins', 'node', 'cmdscript-plugin.js');
const { Plugin, Refused, integer, string } = require(kit);

const FILE = 'notes.json';
const data = fs.existsSync(FILE) ? JSON.parse(fs.readFileSync(FILE, 'utf8')) : { notes: [], steps: [] };
function save() { // written beside, then renamed over: a crash leaves the old file or the new
  fs.writeFileSync(FILE + '.new', JSON.stringify(data));
  fs.renameSync(FILE + '.new', FILE);
}
const plugin = new Plugin('notes', { persistent: true, applied: (step) => data.steps.includes(step) });
function done() { // the step is applied with the change, in the same write
  if (plugin.step !== null) data.steps = [...data.steps.slice(-999), plugin.step];
  save();
}

plugin.type('notes', {
  summary: 'notes kept in notes.json', instances: ['notes'],
  make: () => data,
  state: (d) => ({ count: d.notes.length, notes: d.notes.join(' | ') }),
  verbs: {
    add: {
      summary: 'add a note', parameters: { text: string({ examples: ['buy milk', 'call Ann'] }) },
      run(d, text) { d.notes.push(text); done(); return d.notes.length - 1; },
      undo(d, index) { d.notes.splice(index, 1); save(); },
    },
    remove: {
      summary: 'remove note N (the first is 1)', parameters: { n: integer(1, 1000) },
      run(d, n) {
        if (n > d.notes.length) throw new Refused(`there is no note ${n}`);
        const [text] = d.notes.splice(n - 1, 1);
        done();
        return [n - 1, text];
      },
      undo(d, [index, text]) { d.notes.splice(index, 0, text); save(); },
    },
  },
  queries: { count: { summary: 'how many notes', kind: integer(), run: (d) => d.notes.length } },
});
plugin.run();
