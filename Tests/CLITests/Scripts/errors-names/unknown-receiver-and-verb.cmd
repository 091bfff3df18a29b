boad.place 1 1
door.opne
shape.fly
lamp.on
# stderr: 1:1: error: unknown receiver `boad` (did you mean `board`?)
# stderr: 2:6: error: `door` has no verb `opne` (did you mean `open`?)
# stderr: 3:7: error: `shape` has no verb `fly`
# stderr: 4:1: error: unknown receiver `lamp`
# exit: 65
