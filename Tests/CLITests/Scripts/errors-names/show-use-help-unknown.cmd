show shap
use dor
help mvoe
help nothing
# stderr: 1:6: error: unknown receiver `shap` (did you mean `shape`?)
# stderr: 2:5: error: unknown receiver `dor` (did you mean `door`?)
# stderr: 3:6: error: no help on `mvoe` (did you mean `move`?)
# stderr: 4:6: error: no help on `nothing`
# exit: 65
