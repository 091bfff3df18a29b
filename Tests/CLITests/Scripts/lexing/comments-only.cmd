# Nothing but comments: nothing runs, nothing is printed, status 0.
