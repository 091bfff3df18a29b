# The words of version 2 cannot name macros; `else` belongs to an `if` or a `try`.
macro echo { }
else { }
and
# stderr: 2:7: error: `echo` is a statement of the language and cannot name a macro
# stderr: 3:1: error: `else` must follow the `}` of an `if` or `try` block, on the same line
# stderr: 4:1: error: `and` is a word of conditions and cannot start a statement
# exit: 65
