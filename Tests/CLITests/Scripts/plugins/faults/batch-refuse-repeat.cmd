# In a loop, the refused call is located at its command in the loop's body.
# args: --plugin 'python3 faulty.py batch-refuse'
repeat 3 {
  gadget.set 1
  gadget.set 13
}
# stderr: cmdscript: warning: plugin `lamp`'s verb `lamp.paint` is shadowed by `shape.paint`: a bare `paint` means `shape.paint`; write `lamp.paint` for the plugin's
# stderr: cmdscript: plugin `faulty` refused a batch of calls declared never to fail: 13 is unlucky; statements that use it fail from now on
# stderr: 5:3: error: plugin `faulty` refused a batch of calls declared never to fail: 13 is unlucky
# exit: 1
