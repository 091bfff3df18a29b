#!/usr/bin/env bash
# Builds the to-do example, runs its tests, and runs todo.cmd with its own tool, checking
# what it prints against the script's `# stdout:` lines. Works from any directory:
#   bash examples/todo/check.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="$(bash "$here/../check-package.sh" "$here" todo-cmdscript todo.cmd | tail -1)"

help="$("$bin" -c help)"
if [[ "$help" != *'Example: todo.add "ship it"; todo.done 1; undo; show todo'* || "$help" == *shape* ]]; then
  echo "help does not show the tool's own example, or names the built-in shape:"
  printf '%s\n' "$help" | tail -3
  exit 1
fi
echo "help shows todo-cmdscript's own example"
