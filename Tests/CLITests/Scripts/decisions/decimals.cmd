# Decimals: where either side of an operator is a decimal, both are. `echo` writes the
# shortest digits that read back as the same number, always with a fraction.
echo 2.50 -0.125 1.0e-7 1.5E3
echo (10 / 4) (10 / 4.0) (7.5 % 2) (3 -1.5) (-(2.5)) (0.1 + 0.2)
macro half n { echo ($n / 2.0) }
half 3
half 1.5
if shape.x + 0.5 > 0.25 and 2 == 2.0 { echo "mixed" }
repeat 2 as i { echo ($i * 0.5) }
# stdout: 2.5 -0.125 1.0e-7 1500.0
# stdout: 2 2.5 1.5 1.5 -2.5 0.30000000000000004
# stdout: 1.5
# stdout: 0.75
# stdout: mixed
# stdout: 0.5
# stdout: 1.0
