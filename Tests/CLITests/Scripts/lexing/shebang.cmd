#!/usr/bin/env cmdscript
# A shebang line is a comment.
move up
show shape
# stdout: shape: at (0, 1), blue
