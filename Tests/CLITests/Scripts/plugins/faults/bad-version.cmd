# args: --plugin 'python3 faulty.py bad-version'
lamp.on
# stderr: cmdscript: plugin `python3 faulty.py bad-version` speaks protocol version 2; this tool speaks 1
# exit: 1
