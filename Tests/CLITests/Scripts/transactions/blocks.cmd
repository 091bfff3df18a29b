# A bare block is a statement of its own: one step, atomic like a transaction.
{ move up; paint red }
{
  move up
}
{ }
undo
show shape
# stdout: shape: at (0, 1), red
