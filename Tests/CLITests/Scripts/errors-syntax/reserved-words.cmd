# Words kept for later versions of the language cannot be used as statements.
queue
move up; batch { move up }
# stderr: 2:1: error: `queue` is reserved for a statement of a later version of the language
# stderr: 3:10: error: `batch` is reserved for a statement of a later version of the language
# exit: 65
