# A `\u{…}` that names no Unicode scalar value is a located error.
echo "bad \u{D800} surrogate"
# stderr: 2:11: error: `\u{D800}` is not a Unicode scalar value
# exit: 65
