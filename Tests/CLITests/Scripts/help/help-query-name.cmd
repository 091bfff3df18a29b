# A query's name alone says where it is asked.
help x
# stdout: shape.x                           the column: integer
