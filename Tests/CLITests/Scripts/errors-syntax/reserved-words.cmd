# Words kept for later versions of the language cannot be used as statements.
export
move up; source { move up }
# stderr: 2:1: error: `export` is reserved for a statement of a later version of the language
# stderr: 3:10: error: `source` is reserved for a statement of a later version of the language
# exit: 65
