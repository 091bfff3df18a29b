# `$ith` inside `repeat … as i` is an unknown parameter that begins with a turn's name:
# the error says which was meant and how to write text right after it.
repeat 2 as i { echo "$ith" }
# stderr: 3:22: error: unknown parameter `$ith` (did you mean `$i`?)
# stderr: note: to write text right after `$i`, write `${i}th`
# exit: 65
