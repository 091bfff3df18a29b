# args: --plugin 'python3 faulty.py bad-condition'
gadget.set 1
# stderr: cmdscript: plugin `faulty` declared `gadget.set` is unavailable while value, but `gadget.value` is not a boolean query
# exit: 1
