#ifndef CREADLINELINKED_H
#define CREADLINELINKED_H

// GNU readline linked into the program itself, where it is (readline_linked.c).

/// The address of readline's function or variable `name` when readline is linked into the
/// program (the fully static release `cmdscript`), else null: then the REPL loads readline
/// with dlopen. Only the names that LineEditor.swift looks up are known.
void *cs_linked_readline_symbol(const char *name);

#endif
