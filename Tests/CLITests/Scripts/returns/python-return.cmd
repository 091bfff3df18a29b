# Python's `def … : return …` still gets the way to write a macro here.
def f(n): return n*2
# stderr: 2:9: error: unexpected `:`: `def` is not a word of this language: a macro is defined with `macro NAME [PARAM...] { ... }`
# exit: 65
