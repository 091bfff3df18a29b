# Cut short where two receivers begin so, nothing is suggested.
new door garage
new door garden
macro secure d { $d.lock }
secure gar
# stderr: 5:8: error: unknown receiver `gar`
# exit: 65
