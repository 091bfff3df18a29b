#!/usr/bin/env node
// A persistent plugin on the Node kit, for the kit's tests: `log.mark WORD` keeps the word
// with the `step` and `mode` its `execute` carried, undone by a record; `applied` says
// whether a step was marked.
const path = require('path');
const { Plugin, word } = require(path.join(__dirname, '..', '..', '..', '..', '..', 'plugins', 'node', 'cmdscript-plugin.js'));

const marks = [];
const plugin = new Plugin('steps', { persistent: true, applied: (step) => marks.some((m) => m[1] === step) });
plugin.type('log', {
  summary: 'what each step did', instances: ['log'],
  make: () => ({ marks }),
  verbs: {
    mark: {
      summary: 'mark a word', parameters: { what: word(['a', 'b']) },
      run(self, what) { console.log('marking', what); self.marks.push([what, plugin.step, plugin.mode]); return self.marks.length - 1; },
      undo(self, record) { self.marks.splice(record, 1); },
    },
  },
});
plugin.run();
