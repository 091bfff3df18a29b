# Under --safe the strings that variables hold count against the string bounds, as the
# history keeps every value assigned: here each turn holds the same 512 KiB string once
# more, and the statement fails at the turn that would pass 64 MiB, rolled back.
# args: --safe --on-error continue
var s = "xxxxxxxxxxxxxxxx"
repeat 15 { s = "$s$s" }
var t = ""
repeat 200 { move up; t = $s }
echo ($t == "") (shape.y)
# stdout: true 0
# stderr: 8:23: error: the strings made would pass 67108864 bytes, the most the statements may make here
# exit: 1
