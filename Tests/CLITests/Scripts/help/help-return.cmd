help return
# stdout: return value
# stdout:   end a macro with a value; call it in expressions: name args
# stdout:   example: macro double n { return ($n * 2) }; echo (double 3 + 1)
