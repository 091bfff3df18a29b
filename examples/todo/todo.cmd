#!/usr/bin/env todo-cmdscript
# The to-do example's own tool: the text buffer and the to-do list, and nothing else.
# check.sh runs it and compares what it prints with the `# stdout:` lines.
todo.add "write the host API"
todo.add "ship it"
todo.done 1
text.insert "Release notes"
text.upper
show
# stdout: text: text=RELEASE NOTES
# stdout: todo: items=[write the host API (done), ship it]
undo 2
history
# stdout: 1  todo.add "write the host API"
# stdout: 2  todo.add "ship it"
# stdout: 3  todo.done 1
# stdout: 4  text.insert "Release notes"   (undone)
# stdout: 5  text.upper   (undone)
