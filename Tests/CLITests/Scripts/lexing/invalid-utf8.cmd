# bytes: invalid-utf8
move up
paint ÿ red
move Ã up
# stderr: 3:7: error: invalid UTF-8 byte 0xFF
# stderr: 4:6: error: invalid UTF-8 byte 0xC3
# exit: 65
