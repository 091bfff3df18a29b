#!/usr/bin/env cmdscript
# A square spiral with `repeat … as`: on turn `$side` the shape goes `$side` steps right
# and up, then one more left and down, so each side is one longer than the last.
repeat 3 as side {
  move right (2 * $side - 1); move up (2 * $side - 1)
  move left (2 * $side); move down (2 * $side)
}
echo "at" (shape.x) (shape.y)
# stdout: at -3 -3
