# In a macro, a receiver parameter's query standing alone prints its answer too.
macro status d { $d.locked }
new door back
back.lock
status door
status back
# stdout: false
# stdout: true
