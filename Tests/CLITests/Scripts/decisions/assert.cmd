# A false `assert` fails its statement, which is rolled back whole.
{ move up; assert shape.y == 2 }
{ move up; assert shape.y == 1 "the shape should be one up" }
assert shape.y == 1 "the first block was rolled back"
show shape
# stderr: 2:12: error: assertion failed: shape.y == 2
# exit: 1
