# A refused call in a batch is located at its command, named by the error's `data.call`,
# not at the statement that sent the batch.
# args: --on-error continue --plugin 'python3 faulty.py batch-refuse'
gadget.set 5
{ gadget.set 1; gadget.set 2; gadget.set 13; gadget.set 4 }
show gadget
# stdout: gadget: error=plugin `faulty` is not running: it refused a batch of calls declared never to fail: 13 is unlucky
# stderr: cmdscript: warning: plugin `lamp`'s verb `lamp.paint` is shadowed by `shape.paint`: a bare `paint` means `shape.paint`; write `lamp.paint` for the plugin's
# stderr: cmdscript: plugin `faulty` refused a batch of calls declared never to fail: 13 is unlucky; statements that use it fail from now on
# stderr: 5:31: error: plugin `faulty` refused a batch of calls declared never to fail: 13 is unlucky
# exit: 1
