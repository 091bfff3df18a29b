# mode: none
# args: --version
# stdout: cmdscript 0.2.0 (CommandScript language version 2)
