# The overview is a short index that fits a terminal; it lists the macros defined so far,
# with their parameters.
macro zig n { move up $n }
macro wave { zig 1 }
help
# stdout: Receivers: shape, door, board, vehicle, network
# stdout:   `help RECEIVER` lists its verbs and queries; write `receiver.verb`, or just
# stdout:     `verb` when only one has it
# stdout: Verbs: move paint open close lock unlock place reset save send log backend
# stdout:   request cancel
# stdout: Statements (separate with `;` or a new line): undo redo goto earlier later
# stdout:   history show use help repeat macro transaction if while try assert echo let
# stdout:   var break continue return new queue run pending discard batch source export
# stdout: Conditions and values: and or not true false else as == != < <= > >= + - * / %
# stdout: Word kinds: direction colour
# stdout: Macros: wave, zig n
# stdout: Example: move up; paint red; repeat 4 { move right 2 }; undo
# stdout: `help NAME` tells more about a receiver (`help shape`), verb (`help
# stdout:   shape.move`), query (`help x`), macro, statement (`help repeat`), operator
# stdout:   (`help ==`) or word kind (`help colour`).
