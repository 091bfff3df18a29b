# The interactive prompt's own statements (record, end, macros) cannot be used in scripts.
record
move up; macros { move up }
# stderr: 2:1: error: `record` is a statement of the interactive prompt, not of scripts
# stderr: 3:10: error: `macros` is a statement of the interactive prompt, not of scripts
# exit: 65
