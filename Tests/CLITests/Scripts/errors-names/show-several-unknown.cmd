show door gate sahpe
# stderr: 1:11: error: unknown receiver `gate`
# stderr: 1:16: error: unknown receiver `sahpe` (did you mean `shape`?)
# exit: 65
