# Carets follow the columns a terminal shows: a wide or fullwidth character takes two,
# a combining mark none, and a tab stays a tab in the padding. The column in the
# message still counts characters (Unicode scalars), as grammar.md says.
request "日本語"; paitn red
request "é"; paitn red
	request "ＡＢ";	paitn red
# stderr-full: 4:16: error: unknown command `paitn` (did you mean `paint`?)
# stderr-full:     request "日本語"; paitn red
# stderr-full:                       ^~~~~
# stderr-full: 5:15: error: unknown command `paitn` (did you mean `paint`?)
# stderr-full:     request "é"; paitn red
# stderr-full:                  ^~~~~
# stderr-full: 6:16: error: unknown command `paitn` (did you mean `paint`?)
# stderr-full:     	request "ＡＢ";	paitn red
# stderr-full:     	               	^~~~~
# exit: 65
