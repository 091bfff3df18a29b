# args: --plugin 'python3 faulty.py unknown-kind'
lamp.on
# stderr: cmdscript: plugin `faulty` declared `gadget.set`'s parameter `n` of unknown kind `colour` (integer, decimal, string, boolean or word)
# exit: 1
