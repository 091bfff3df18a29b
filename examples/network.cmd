#!/usr/bin/env cmdscript
# The network: a request manager. `request "URL"` adds a pending request (nothing goes on
# the network); `cancel` cancels every pending request. Both can be undone.

# No request is pending and none has been cancelled.
show network
# stdout: network: 0 pending, 0 cancelled

# A URL is a string, so it is written in quotes. Each request is one undo step.
request "https://example.com/cars"
request "https://example.com/trucks"; request "https://example.com/vans"
show network
# stdout: network: 3 pending (https://example.com/cars, https://example.com/trucks, https://example.com/vans), 0 cancelled

# `cancel` takes every pending request off the queue and counts them as cancelled.
cancel
show network
# stdout: network: 0 pending, 3 cancelled

# Undo of `cancel` puts the requests back, in their order, and takes back the count.
undo
show network
# stdout: network: 3 pending (https://example.com/cars, https://example.com/trucks, https://example.com/vans), 0 cancelled

# Undo of a `request` removes that request; redo adds it again.
undo
show network
# stdout: network: 2 pending (https://example.com/cars, https://example.com/trucks), 0 cancelled
redo
show network
# stdout: network: 3 pending (https://example.com/cars, https://example.com/trucks, https://example.com/vans), 0 cancelled

# A block that requests and cancels is one step, undone as a whole.
{ request "https://example.com/bikes"; cancel }
show network
# stdout: network: 0 pending, 4 cancelled
history
# stdout: 1  request "https://example.com/cars"
# stdout: 2  request "https://example.com/trucks"
# stdout: 3  request "https://example.com/vans"
# stdout: 4  cancel   (undone)
# stdout: 5  { request "https://example.com/bikes"; cancel }   (after 3)
undo
show network
# stdout: network: 3 pending (https://example.com/cars, https://example.com/trucks, https://example.com/vans), 0 cancelled
