# Columns count characters (Unicode scalars), not bytes: é is one column.
# héllo wörld in a comment is fine
move up; paint rëd
"é" é
# stderr: 3:17: error: unexpected character `ë`
# stderr: 4:5: error: unexpected character `é`
# exit: 65
