move up }
}
# stderr: 1:9: error: unexpected `}`: no block is open
# stderr: 2:1: error: unexpected `}`: no block is open
# exit: 65
