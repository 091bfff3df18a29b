# Strings with escapes are arguments like any other; a macro parameter used in no
# slot accepts one.
macro say text { }
say "tab\there, quote \" backslash \\ newline\n"
say "bad \q escape"
# stderr: 5:10: error: unknown escape in string (use \", \\, \n, \t, \r, \$ or \u{HEX})
# exit: 65
