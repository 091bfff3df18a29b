# `$1` outside a script run with arguments (here -c text) is a compile error that says
# where arguments go.
# mode: none
# args: -c 'move up $1'
# stderr: 1:9: error: `$1` is a script's argument: there are none here (give them after the script: `cmdscript FILE ARG…`)
# exit: 65
