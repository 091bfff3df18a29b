# Words kept for later versions of the language cannot be used as statements.
record
move up; macros { move up }
# stderr: 2:1: error: `record` is reserved for a statement of a later version of the language
# stderr: 3:10: error: `macros` is reserved for a statement of a later version of the language
# exit: 65
