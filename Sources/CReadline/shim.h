// GNU readline for the REPL. Swift 6 rejects assignments to readline's C globals, so the
// few settings we change go through these small setters.
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
}
