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

# `todo-cmdscript mcp`: the MCP server of docs/mcp.md, with the app's receivers and name.
described="$(printf '%s\n' \
  '{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "check", "version": "1"}}}' \
  '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "describe", "arguments": {}}}' \
  | "$bin" mcp)"
if [[ "$described" != *'"serverInfo": {"name": "todo-cmdscript"'* || "$described" != *'{"name": "todo", "type": "todo"'* \
  || "$described" == *'"name": "shape"'* ]]; then
  echo "todo-cmdscript mcp does not describe the app's own receivers under its name:"
  printf '%s\n' "$described" | cut -c1-400
  exit 1
fi
echo "todo-cmdscript mcp describes the app's receivers"

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

# The tool links no web server: `serve` says so, and how an app gets one, instead of
# pointing at a build that would not make it.
set +e
refused="$("$bin" serve --port 0 2>&1)"
status=$?
set -e
if [[ $status != 69 || "$refused" != *'does not include the web page'*'WebApp.serve'* ]]; then
  echo "todo-cmdscript serve did not say it has no web page (status $status):"
  printf '%s\n' "$refused"
  exit 1
fi
echo "todo-cmdscript serve says the tool has no web page"
