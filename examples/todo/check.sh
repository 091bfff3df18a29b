#!/usr/bin/env bash
# Builds the to-do example, runs its tests, and runs todo.cmd with its own tool, checking
# what it prints against the script's `# stdout:` lines. Works from any directory:
#   bash examples/todo/check.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="$(bash "$here/../check-package.sh" "$here" todo-cmdscript todo.cmd | tail -1)"

# The README's samples that cite this package compile against it as built.
python3 "$here/../../scripts/check-samples" --package examples/todo

help="$("$bin" -c help)"
if [[ "$help" != *'Example: todo.add "ship it"; todo.done 1; undo; show todo'* || "$help" == *shape* ]]; then
  echo "help does not show the tool's own example, or names the built-in shape:"
  printf '%s\n' "$help" | tail -3
  exit 1
fi
echo "help shows todo-cmdscript's own example"

# `todo.import` makes a request: the tool, which has no async context, waits for it.
served="$(mktemp -d)"
printf 'plan\nship\n' > "$served/week"
python3 -m http.server --bind 127.0.0.1 --directory "$served" 0 > "$served/log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$served"' EXIT
port=""
for _ in $(seq 50); do
  port="$(sed -n 's/.*port \([0-9]*\).*/\1/p' "$served/log" | head -1)"
  [ -n "$port" ] && break
  sleep 0.1
done
imported="$("$bin" -c "todo.import \"http://127.0.0.1:$port/week\"; show todo" 2>&1)"
if [[ "$imported" != *'plan'*'ship'* ]]; then
  echo "todo.import did not add the titles the server lists:"
  printf '%s\n' "$imported"
  exit 1
fi
echo "todo.import waits for its request in the tool"
