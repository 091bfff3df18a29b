"""The variables workload's peer, in Python 3 (beside the shared peers' peer.py):

    python3 vars.py N   a `while` loop of N turns that each set the variable i to i + 1
                        through a command with an undo log, as peer.py's `decide` keeps one
                        (a fresh command object a turn, an invoker's history list); then
                        undoes them all.

What `var i = 0; while $i < N { i = $i + 1 }; undo` does in cmdscript.
"""

import sys


class SetCommand:
    def __init__(self, variables, name, value):
        self.variables, self.name, self.value, self.previous = variables, name, value, None

    def execute(self):
        self.previous = self.variables[self.name]  # captured at execute time
        self.variables[self.name] = self.value

    def undo(self):
        self.variables[self.name] = self.previous


def main(n):
    variables = {"i": 0}
    history = []
    while variables["i"] < n:
        command = SetCommand(variables, "i", variables["i"] + 1)
        command.execute()
        history.append(command)
    print(f"vars n={n} after-exec: i={variables['i']} history={len(history)}")
    ok = variables["i"] == n and len(history) == n
    while history:
        history.pop().undo()
    print(f"final: i={variables['i']}")
    ok = ok and variables["i"] == 0
    print("ok" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.exit("usage: vars.py N")
    sys.exit(main(int(sys.argv[1])))
