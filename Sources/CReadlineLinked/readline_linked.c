// GNU readline where it is linked into the program: the release `cmdscript` is linked
// fully statically (scripts/build-release), and a static program must not dlopen
// libreadline.so, which would bring a second C library (libc.so.6) into the process beside
// the one linked in, with its own heap, stdio and locale. That build links libreadline.a
// and libtinfo.a whole instead, and the REPL takes readline's functions and variables from
// here (LineEditor.swift). Every reference below is weak: a program linked without
// readline (debug builds, tests, `cmdscript-serve`) gets nulls, links no readline and
// loads none at start, and its REPL loads libreadline.so with dlopen as before.
#include <stdio.h>
#include <string.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "CReadlineLinked.h"

#pragma weak readline
#pragma weak add_history
#pragma weak stifle_history
#pragma weak read_history
#pragma weak append_history
#pragma weak history_truncate_file
#pragma weak rl_bind_key
#pragma weak rl_completion_matches
#pragma weak rl_prep_terminal
#pragma weak rl_deprep_terminal
#pragma weak rl_forced_update_display
#pragma weak rl_redisplay
#pragma weak rl_resize_terminal
#pragma weak rl_readline_name
#pragma weak rl_catch_signals
#pragma weak rl_change_environment
#pragma weak rl_getc_function
#pragma weak rl_prep_term_function
#pragma weak rl_attempted_completion_function
#pragma weak rl_basic_word_break_characters
#pragma weak rl_completer_word_break_characters
#pragma weak rl_attempted_completion_over
#pragma weak rl_completion_suppress_append
#pragma weak rl_basic_quote_characters
#pragma weak rl_line_buffer
#pragma weak rl_done
#pragma weak rl_point
#pragma weak rl_end
#pragma weak rl_outstream
#pragma weak history_write_timestamps
#pragma weak history_multiline_entries
#pragma weak history_comment_char

#define SYMBOL(name) {#name, (void *)&name}

static const struct {
  const char *name;
  void *address;
} symbols[] = {
    SYMBOL(readline),
    SYMBOL(add_history),
    SYMBOL(stifle_history),
    SYMBOL(read_history),
    SYMBOL(append_history),
    SYMBOL(history_truncate_file),
    SYMBOL(rl_bind_key),
    SYMBOL(rl_completion_matches),
    SYMBOL(rl_prep_terminal),
    SYMBOL(rl_deprep_terminal),
    SYMBOL(rl_forced_update_display),
    SYMBOL(rl_redisplay),
    SYMBOL(rl_resize_terminal),
    SYMBOL(rl_readline_name),
    SYMBOL(rl_catch_signals),
    SYMBOL(rl_change_environment),
    SYMBOL(rl_getc_function),
    SYMBOL(rl_prep_term_function),
    SYMBOL(rl_attempted_completion_function),
    SYMBOL(rl_basic_word_break_characters),
    SYMBOL(rl_completer_word_break_characters),
    SYMBOL(rl_attempted_completion_over),
    SYMBOL(rl_completion_suppress_append),
    SYMBOL(rl_basic_quote_characters),
    SYMBOL(rl_line_buffer),
    SYMBOL(rl_done),
    SYMBOL(rl_point),
    SYMBOL(rl_end),
    SYMBOL(rl_outstream),
    SYMBOL(history_write_timestamps),
    SYMBOL(history_multiline_entries),
    SYMBOL(history_comment_char),
};

void *cs_linked_readline_symbol(const char *name) {
  for (size_t index = 0; index < sizeof symbols / sizeof symbols[0]; index++) {
    if (strcmp(symbols[index].name, name) == 0) return symbols[index].address;
  }
  return NULL;
}
