# args: --pictures always
# A receiver that draws no picture is shown by its description, as without --pictures.
door.open
show door
new door back
show back
# stdout: door: open, unlocked
# stdout: back (door): closed, unlocked
