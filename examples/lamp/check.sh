#!/usr/bin/env bash
# Builds the lamp example, runs its tests, and runs lamp.cmd, checking its output against
# the script's `# stdout:` lines (and `# exit:`, default 0). Works from any directory:
#   bash examples/lamp/check.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="$(bash "$here/../check-package.sh" "$here" lamp-cmdscript lamp.cmd | tail -1)"

echo "== the tool's own name"
help="$("$bin" --help)"
for expected in "USAGE: lamp-cmdscript" "Script a dimmable lamp" \
  "Example: lamp-cmdscript -c 'lamp.dim 30; lamp.on; undo; show lamp'" \
  '$XDG_STATE_HOME/lamp-cmdscript/history, or $LAMP_CMDSCRIPT_HISTORY' \
  '$XDG_CONFIG_HOME/lamp-cmdscript/init.cmd'; do
  if [[ "$help" != *"$expected"* ]]; then
    echo "--help does not say: $expected"
    exit 1
  fi
done
if [[ "$help" == *"cmdscript -c 'move up"* ]]; then
  echo "--help shows cmdscript's example"
  exit 1
fi
# Nothing the tool prints is cmdscript's own: its pages name none of the built-in
# receivers' scripts (the app registers them too, but its help is about its own).
for page in "--help" "fmt --help" "lsp --help"; do
  # shellcheck disable=SC2086
  text="$("$bin" $page)"
  for word in spiral.cmd "paint red" "the shape and the board"; do
    if [[ "$text" == *"$word"* ]]; then
      echo "\`$page\` says $word"
      exit 1
    fi
  done
done
# Nor does it name cmdscript itself (its journal's format, its project file): the tool's
# words are the app's everywhere.
for page in "--help" "fmt --help" "lsp --help" "serve --help"; do
  # shellcheck disable=SC2086
  if "$bin" $page | grep -P '(?<![-\w])cmdscript(?![-\w])'; then
    echo "\`$page\` names cmdscript (above)"
    exit 1
  fi
done
version="$("$bin" --version)"
if [[ "$version" != "lamp-cmdscript 1.0 (CommandScript language version 2)" ]]; then
  echo "--version says: $version"
  exit 1
fi
message="$("$bin" no-such-file.cmd 2>&1)" || true
if [[ "$message" != "lamp-cmdscript: "* ]]; then
  echo "an error does not name the tool: $message"
  exit 1
fi
echo "help, version and messages name lamp-cmdscript"

echo "== serve: the lamp on the web page"
# The app's own tool serves its own receivers: the page draws the lamp and its buttons run.
CMDSCRIPT_BINARY="$bin" python3 -m pytest -q -p no:cacheprovider "$here/../../Tests/BrowserTests/app_tool_test.py"
