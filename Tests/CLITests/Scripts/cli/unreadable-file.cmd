# args: no-such-file.cmd
# stderr: cmdscript: cannot read no-such-file.cmd: No such file or directory
# exit: 66
