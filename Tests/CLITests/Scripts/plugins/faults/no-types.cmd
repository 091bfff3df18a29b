# args: --plugin 'python3 faulty.py no-types'
lamp.on
# stderr: cmdscript: plugin `faulty` answered `initialize` without a `types` list
# exit: 1
