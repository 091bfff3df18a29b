# A pending request is listed as written, or quoted as a script writes a string when it
# is empty or has a character that would blur the list.
request "https://example.org/a"
request "a, b"
request ""
request "say \"hi\""
show network
# stdout: network: 4 pending (https://example.org/a, "a, b", "", "say \"hi\""), 0 cancelled
