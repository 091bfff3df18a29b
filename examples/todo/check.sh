#!/usr/bin/env bash
# Builds the to-do example, runs its tests, and runs todo.cmd with its own tool, checking
# what it prints against the script's `# stdout:` lines. Works from any directory:
#   bash examples/todo/check.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
swiftpm=(--package-path "$here" --scratch-path "$here/.build")

echo "== build"
swift build "${swiftpm[@]}"
echo "== test"
swift test "${swiftpm[@]}"

echo "== todo.cmd"
bin="$(swift build "${swiftpm[@]}" --show-bin-path)/todo-cmdscript"
expected="$(sed -n 's/^# stdout: \{0,1\}//p' "$here/todo.cmd")"
actual="$(cd "$here" && NO_COLOR=1 "$bin" todo.cmd)"
if [[ "$actual" != "$expected" ]]; then
  echo "todo.cmd: stdout differs from its # stdout: lines (< expected, > actual):"
  diff <(printf '%s\n' "$expected") <(printf '%s\n' "$actual") || true
  exit 1
fi
help="$("$bin" -c help)"
if [[ "$help" != *'Example: todo.add "ship it"; todo.done 1; undo; show todo'* || "$help" == *shape* ]]; then
  echo "help does not show the tool's own example, or names the built-in shape:"
  printf '%s\n' "$help" | tail -3
  exit 1
fi
echo "todo.cmd and help as expected"
