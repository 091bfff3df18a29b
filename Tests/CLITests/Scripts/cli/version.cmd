# mode: none
# args: --version
# stdout: cmdscript 0.1.0 (CommandScript language version 1)
