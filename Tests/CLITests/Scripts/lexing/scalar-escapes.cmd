# `\u{HEX}` writes any Unicode scalar value and `\r` a carriage return, so any text can
# be a string.
echo "\u{41}\u{1F600} and \u{24}1 stays a dollar"
# stdout: A😀 and $1 stays a dollar
