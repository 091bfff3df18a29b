# A receiver given to a macro, cut short, gets the one receiver it begins as a suggestion.
new door garage
macro secure d { $d.close; $d.lock }
secure gar
# stderr: 4:8: error: unknown receiver `gar` (did you mean `garage`?)
# exit: 65
