# An unknown `$NAME` in a string is a compile error, at the string.
macro get user { request "https://api.example/$usr" }
request "x/$user"
# stderr: 2:26: error: macro `get` has no parameter `$usr` (did you mean `$user`?)
# stderr: 3:9: error: parameter `$user` used outside a macro
# exit: 65
