# In a string, `\$` writes a dollar sign, so `\$1` is not an argument.
echo "costs \$1"
# stdout: costs $1
