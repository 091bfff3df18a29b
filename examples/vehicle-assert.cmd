#!/usr/bin/env cmdscript
# A vehicle transaction that checks itself: `assert` fails the transaction, which is
# rolled back whole, when the record was not sent.
transaction { vehicle.save; vehicle.send; assert vehicle.sent "the record was not sent" }
echo "saved:" (vehicle.saved) "sent:" (vehicle.sent)
undo
vehicle.backend down
transaction { vehicle.save; if vehicle.backend == up { vehicle.send }; assert vehicle.sent "the record was not sent" }
echo "saved:" (vehicle.saved) "sent:" (vehicle.sent)
# stdout: saved: true sent: true
# stderr: 8:72: error: the record was not sent
# stderr: note: the transaction was rolled back: `vehicle.save`
# exit: 1
