// GNU readline for the REPL. Swift 6 rejects reads of and assignments to readline's C
// globals, so the few settings and state the REPL uses go through these small functions.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

static inline void cs_set_readline_name(const char *name) { rl_readline_name = name; }
static inline void cs_set_catch_signals(int on) { rl_catch_signals = on; }
static inline void cs_set_completion(rl_completion_func_t *function) {
  rl_attempted_completion_function = function;
}
static inline void cs_set_completion_append(int character) {
  rl_completion_append_character = character;
}
static inline void cs_set_basic_word_break_characters(const char *characters) {
  rl_basic_word_break_characters = characters;
  rl_completer_word_break_characters = characters;
}

// Completion: no file-name completion when we offer nothing; no space after `receiver.`.
static inline void cs_set_attempted_completion_over(int on) { rl_attempted_completion_over = on; }
static inline void cs_set_completion_suppress_append(int on) { rl_completion_suppress_append = on; }

// Input and terminal hooks: our own getc (it also wakes up for signals) and a terminal
// preparation that keeps typed-ahead input on Ctrl-C.
static inline void cs_set_getc(rl_getc_func_t *function) { rl_getc_function = function; }
static inline void cs_set_prep_term(rl_vintfunc_t *function) { rl_prep_term_function = function; }
static inline void cs_set_change_environment(int on) { rl_change_environment = on; }

// The line being edited.
static inline const char *cs_line_buffer(void) { return rl_line_buffer; }
static inline void cs_set_done(int done) { rl_done = done; }
static inline void cs_set_point_to_end(void) { rl_point = rl_end; }
static inline int cs_is_readline_state(int mask) { return RL_ISSTATE(mask) ? 1 : 0; }
static inline FILE *cs_outstream(void) { return rl_outstream; }
