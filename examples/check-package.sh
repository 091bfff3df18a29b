#!/usr/bin/env bash
# Builds an example package, runs its tests, and runs one of its scripts with its tool,
# comparing standard output with the script's `# stdout:` lines and the exit status with
# its `# exit:` line (default 0). Each example's check.sh calls it, then checks its own
# extras. Prints the tool's path on its last line.
#   bash examples/check-package.sh DIR TOOL SCRIPT
set -euo pipefail

here="$1"
tool="$2"
script="$3"
swiftpm=(--package-path "$here" --scratch-path "$here/.build")

echo "== build" >&2
swift build "${swiftpm[@]}" >&2
echo "== test" >&2
swift test "${swiftpm[@]}" >&2

echo "== $script" >&2
bin="$(swift build "${swiftpm[@]}" --show-bin-path)/$tool"
expected="$(sed -n 's/^# stdout: \{0,1\}//p' "$here/$script")"
expected_status="$(sed -n 's/^# exit: *//p' "$here/$script")"
status=0
actual="$(cd "$here" && NO_COLOR=1 "$bin" "$script")" || status=$?
if [[ "$actual" != "$expected" ]]; then
  echo "$script: stdout differs from its # stdout: lines (< expected, > actual):" >&2
  diff <(printf '%s\n' "$expected") <(printf '%s\n' "$actual") >&2 || true
  exit 1
fi
if [[ "$status" != "${expected_status:-0}" ]]; then
  echo "$script: exit status $status, expected ${expected_status:-0}" >&2
  exit 1
fi
echo "$script: $(printf '%s\n' "$expected" | wc -l) lines of output as expected, exit status $status" >&2
echo "$bin"
