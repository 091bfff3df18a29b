// GNU readline for the REPL, which loads it with dlopen when it starts (LineEditor.swift):
// a run that never prompts (files, -c, a pipe) does not pay for loading and relocating
// readline and its terminal library. Nothing links against readline, so its functions
// must not be called by name: these are the types of what the REPL looks up with dlsym,
// taken from readline's own declarations (`__typeof__` names a symbol without referring
// to it), so that Swift calls them with the right signatures. The fully static release
// binary, which cannot dlopen, links readline in and takes the same functions from
// CReadlineLinked.
#include <stdio.h>

#include <readline/history.h>
#include <readline/readline.h>

// Functions.
typedef __typeof__(readline) *cs_readline_function;
typedef __typeof__(add_history) *cs_add_history_function;
typedef __typeof__(stifle_history) *cs_stifle_history_function;
typedef __typeof__(read_history) *cs_read_history_function;
typedef __typeof__(append_history) *cs_append_history_function;
typedef __typeof__(history_truncate_file) *cs_history_truncate_file_function;
typedef __typeof__(rl_bind_key) *cs_bind_key_function;
typedef __typeof__(rl_completion_matches) *cs_completion_matches_function;
typedef __typeof__(rl_prep_terminal) *cs_prep_terminal_function;
typedef __typeof__(rl_deprep_terminal) *cs_deprep_terminal_function;
typedef __typeof__(rl_forced_update_display) *cs_forced_update_display_function;
typedef __typeof__(rl_redisplay) *cs_redisplay_function;
typedef __typeof__(rl_resize_terminal) *cs_resize_terminal_function;

// Variables (Swift 6 rejects reads of and assignments to C globals; through these
// pointers they are plain memory).
typedef __typeof__(rl_readline_name) *cs_readline_name_variable;
typedef __typeof__(rl_catch_signals) *cs_catch_signals_variable;
typedef __typeof__(rl_change_environment) *cs_change_environment_variable;
typedef __typeof__(rl_getc_function) *cs_getc_function_variable;
typedef __typeof__(rl_prep_term_function) *cs_prep_term_function_variable;
typedef __typeof__(rl_attempted_completion_function) *cs_attempted_completion_function_variable;
typedef __typeof__(rl_basic_word_break_characters) *cs_basic_word_break_characters_variable;
typedef __typeof__(rl_completer_word_break_characters) *cs_completer_word_break_characters_variable;
typedef __typeof__(rl_attempted_completion_over) *cs_attempted_completion_over_variable;
typedef __typeof__(rl_completion_suppress_append) *cs_completion_suppress_append_variable;
typedef __typeof__(rl_basic_quote_characters) *cs_basic_quote_characters_variable;
typedef __typeof__(rl_line_buffer) *cs_line_buffer_variable;
typedef __typeof__(rl_done) *cs_done_variable;
typedef __typeof__(rl_point) *cs_point_variable;
typedef __typeof__(rl_end) *cs_end_variable;
typedef __typeof__(rl_outstream) *cs_outstream_variable;
typedef __typeof__(history_write_timestamps) *cs_history_write_timestamps_variable;
typedef __typeof__(history_multiline_entries) *cs_history_multiline_entries_variable;
typedef __typeof__(history_comment_char) *cs_history_comment_char_variable;
