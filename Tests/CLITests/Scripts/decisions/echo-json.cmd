# args: --json
echo "a b" (1 + 1)
# stdout: {"echo": "a b 2"}
