'use strict';
// cmdscript-plugin: a cmdscript plugin (PLUGINS.md) in a few lines. One file, Node's own
// modules only: copy it beside your plugin (`cmdscript plugin new NAME --node` does).
//
//   const { Plugin, Refused, integer } = require('./cmdscript-plugin.js');
//   const plugin = new Plugin('counter');
//   plugin.type('counter', {
//     summary: 'a number to add to', instances: ['counter'],
//     make: () => ({ value: 0 }),
//     verbs: {
//       add: {
//         summary: 'add N', parameters: { n: integer(1, 100) },
//         run(self, n) {
//           if (self.value + n > 1000) throw new Refused('the counter stops at 1000');
//           self.value += n;
//         },
//       },
//     },
//     queries: { value: { summary: 'the number', kind: integer(), run: (self) => self.value } },
//   });
//   plugin.run();
//
// A verb is undone by a snapshot of the receiver's state (its JSON copy, or what the type's
// `snapshot(self)` returns, given back to `restore(self, record)`), or by records: a verb
// with an `undo(self, record, ...arguments)` returns its record from `run`. A verb that
// throws `Refused` fails the command; under a snapshot, what it changed first is put back.
// `console.log` writes to standard error, so that a debug line never breaks the protocol.
// A type's `state(self)` is what `show` prints (by default the receiver itself). A verb's
// `unavailable: [when('locked', 'the door is locked'), unless('open', '…')]` says when it
// cannot work (a boolean query of the type, and the reason): the page disables it then.

const readline = require('readline');

class Refused extends Error {}

const kind = (name, extra) =>
  Object.fromEntries(Object.entries({ kind: name, ...extra }).filter(([, v]) => v !== undefined));
const integer = (min, max, options = {}) => kind('integer', { min, max, ...options });
const decimal = (min, max, options = {}) => kind('decimal', { min, max, ...options });
const string = (options = {}) => kind('string', options);
const boolean = (options = {}) => kind('boolean', options);
const word = (values, options = {}) => kind('word', { values, ...options });
// A verb's conditions (`unavailable: [...]`): it cannot work while the boolean query answers
// true (`when`) or false (`unless`), because of `reason`; the page disables it.
const when = (query, reason) => ({ when: query, reason });
const unless = (query, reason) => ({ unless: query, reason });

class Failed extends Error {
  constructor(message, call) { super(message); this.call = call; }
}

class Plugin {
  constructor(name, { persistent = false, batch = false, applied } = {}) {
    Object.assign(this, { name, persistent, batch: batch && !persistent, appliedStep: applied });
    this.types = {};
    this.instances = {};
    this.check = false; // `cmdscript plugin check` runs it: use scratch storage.
    this.step = null; // of the `execute` being run, and its mode: live, redo or replay
    this.mode = 'live';
  }

  /// Declares type `name`: { summary, instances, make(name), verbs, queries, state, snapshot, restore }.
  type(name, table) {
    const parameters = (p = {}) => Object.entries(p).map(([n, k]) => ({ ...k, name: n }));
    const declaration = {
      name, summary: table.summary || '',
      verbs: Object.entries(table.verbs || {}).map(([n, v]) => ({
        name: n, summary: v.summary || '', parameters: parameters(v.parameters),
        undoable: v.undoable !== false, infallible: !!v.infallible,
        ...(v.unavailable ? { unavailable: v.unavailable } : {}) })),
      queries: Object.entries(table.queries || {}).map(([n, q]) => ({
        ...q.kind, name: n, summary: q.summary || '', parameters: parameters(q.parameters) })),
    };
    this.types[name] = { declaration, table };
  }

  run() {
    const out = process.stdout;
    console.log = console.error;
    const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
    lines.on('line', (line) => {
      if (!line.trim()) return;
      const request = JSON.parse(line);
      let response;
      try {
        response = { result: this.handle(request.method, request.params || {}) };
      } catch (failure) {
        if (failure instanceof Failed) {
          response = { error: { code: 1, message: failure.message, data: { call: failure.call } } };
        } else if (failure instanceof Refused) {
          response = { error: { code: 1, message: failure.message } };
        } else {
          console.error(failure && failure.stack);
          response = { error: { code: -32603, message: String(failure) } };
        }
      }
      out.write(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...response }) + '\n');
    });
  }

  handle(method, p) {
    switch (method) {
      case 'initialize': {
        this.check = p.check === true;
        const made = [];
        for (const [type, { table }] of Object.entries(this.types)) {
          for (const name of table.instances || []) { this.make(type, name); made.push({ name, type }); }
        }
        return { protocolVersion: 1, name: this.name, persistent: this.persistent, batch: this.batch,
          applied: !!this.appliedStep, types: Object.values(this.types).map((t) => t.declaration), instances: made };
      }
      case 'new': this.make(p.type, p.name); return {};
      case 'execute':
        this.step = p.step === undefined ? null : p.step;
        this.mode = p.mode || 'live';
        return { undo: this.execute(p.instance, p.verb, p.arguments) };
      case 'undo': this.undo(p.instance, p.verb, p.arguments, p.undo); return {};
      case 'query': {
        const { table, self } = this.receiver(p.instance);
        return { value: table.queries[p.query].run(self, ...p.arguments) };
      }
      case 'state': {
        const { table, self } = this.receiver(p.instance);
        return { state: table.state ? table.state(self) : self };
      }
      case 'batch': return this.runBatch(p.calls);
      case 'applied': return { applied: !!(this.appliedStep && this.appliedStep(p.step)) };
      case 'shutdown': return {};
      default: throw new Refused(`unknown method \`${method}\``);
    }
  }

  make(type, name) {
    const { table } = this.types[type];
    this.instances[name] = { type, self: table.make ? table.make(name, this) : {} };
  }

  receiver(instance) {
    const { type, self } = this.instances[instance];
    return { table: this.types[type].table, self };
  }

  execute(instance, verb, args) {
    const { table, self } = this.receiver(instance);
    const spec = table.verbs[verb];
    if (spec.undo) return spec.run(self, ...args) ?? null;
    const before = snapshot(table, self);
    try {
      spec.run(self, ...args);
    } catch (failure) {
      restore(table, self, before); // a failed command changes nothing
      throw failure;
    }
    return before;
  }

  undo(instance, verb, args, record) {
    const { table, self } = this.receiver(instance);
    const spec = table.verbs[verb];
    if (spec.undo) spec.undo(self, record, ...args);
    else restore(table, self, record);
  }

  runBatch(calls) {
    const records = [];
    let index = 0;
    for (const [kind, instance, verb, argumentLists, before] of calls) {
      argumentLists.forEach((args, i) => {
        try {
          if (kind === 'execute') records.push(this.execute(instance, verb, args));
          else this.undo(instance, verb, args, before[i]);
        } catch (failure) {
          if (failure instanceof Refused) throw new Failed(failure.message, index);
          throw failure;
        }
        index += 1;
      });
    }
    return { records };
  }
}

function snapshot(table, self) {
  return table.snapshot ? table.snapshot(self) : JSON.parse(JSON.stringify(self));
}

function restore(table, self, record) {
  if (table.restore) return table.restore(self, record);
  for (const key of Object.keys(self)) delete self[key];
  Object.assign(self, JSON.parse(JSON.stringify(record)));
}

module.exports = { Plugin, Refused, integer, decimal, string, boolean, word, when, unless };
