

	move	up		3	

		paint  red
show shape
# stdout: shape: at (0, 3), red
