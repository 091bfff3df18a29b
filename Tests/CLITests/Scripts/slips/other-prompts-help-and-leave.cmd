# Other prompts' ways to get help or leave (python's `exit()`, sqlite's `.quit`, psql's
# `\q`) say in one line how to get help and how to leave.
exit()
quit()
help()
.quit
.help
\q
\?
# stderr: 3:1: error: `help` lists what you can write and `help NAME` tells more; `exit` or Ctrl-D leaves
# stderr: 4:1: error: `help` lists what you can write and `help NAME` tells more; `exit` or Ctrl-D leaves
# stderr: 5:1: error: `help` lists what you can write and `help NAME` tells more; `exit` or Ctrl-D leaves
# stderr: 6:1: error: `help` lists what you can write and `help NAME` tells more; `exit` or Ctrl-D leaves
# stderr: 7:1: error: `help` lists what you can write and `help NAME` tells more; `exit` or Ctrl-D leaves
# stderr: 8:1: error: unexpected `\`: `help` lists what you can write and `help NAME` tells more; `exit` or Ctrl-D leaves
# stderr: 9:1: error: unexpected `\?`: `help` lists what you can write and `help NAME` tells more; `exit` or Ctrl-D leaves
# exit: 65
