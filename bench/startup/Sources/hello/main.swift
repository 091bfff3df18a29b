// The smallest static Swift program: the floor of any Swift command-line tool's start-up.
print("hello")
