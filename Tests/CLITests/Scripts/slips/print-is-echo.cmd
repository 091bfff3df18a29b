# Other languages' `print` is `echo` here (not `paint`, the nearest spelling).
print "hello"
# stderr: 2:1: error: unknown command `print`: to print, write `echo`: `echo "x is" (shape.x)`
# exit: 65
