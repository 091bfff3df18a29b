"""The rules of the measuring scripts, without what they drive (lldb, a build):
- scripts/call_walk.py's counting rule on the names lldb gives functions: closures written
  in our code count wherever they stand, a `static let` table's verb bodies too; what the
  compiler makes stays out;
- scripts/recipe-sites: the enum case it adds, and the `default:` it gives a flagged switch
  so that the next round of the build reaches the modules that import it.

Run by MeasurementScriptTests.swift as `python3 -m pytest Tests/CLITests/measurement_scripts_test.py`.
"""

import importlib.machinery
import importlib.util
import pathlib
import sys
import types

ROOT = pathlib.Path(__file__).parent.parent.parent


def load(name, path):
    loader = importlib.machinery.SourceFileLoader(name, str(path))
    spec = importlib.util.spec_from_loader(name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


# call_walk.py runs inside lldb's Python; its rule needs nothing of lldb.
sys.modules.setdefault("lldb", types.ModuleType("lldb"))
call_walk = load("call_walk", ROOT / "scripts" / "call_walk.py")
recipe_sites = load("recipe_sites", ROOT / "scripts" / "recipe-sites")

DOOR = "CommandScriptReceivers.Door"


def test_closures_in_a_static_table_count():
    for name in [
        "closure #4 @Sendable (%s, CommandScript.Arguments) -> () in variable initialization expression of static %s.verbs : Swift.Array<CommandScript.Verb<%s>>"
        % (DOOR, DOOR, DOOR),
        "closure #2 (%s, CommandScript.Arguments) -> CommandScript.Answer in variable initialization expression of static %s.queries" % (DOOR, DOOR),
        "implicit closure #1 in variable initialization expression of static %s.verbs" % DOOR,
        "closure #1 in %s.restoringPosition(_: Swift.String) -> CommandScript.Verb<%s>" % (DOOR, DOOR),
        "%s.isLocked.getter : Swift.Bool" % DOOR,
    ]:
        assert call_walk.kind_of(name) is None, name


def test_what_the_compiler_makes_stays_out():
    for name in [
        "variable initialization expression of static %s.verbs : Swift.Array<CommandScript.Verb<%s>>" % (DOOR, DOOR),
        "variable initialization expression of %s.position : %s.Position" % (DOOR, DOOR),
        "one-time initialization function for verbs",
        "%s.verbs.unsafeMutableAddressor : Swift.Array<CommandScript.Verb<%s>>" % (DOOR, DOOR),
        "reabstraction thunk helper from @escaping @callee_guaranteed (@guaranteed %s) -> () to closure #1 in variable initialization expression of static %s.verbs" % (DOOR, DOOR),
        "outlined copy of CommandScript.Answer",
        "default argument 1 of CommandScript.Session.init(registry:)",
    ]:
        assert call_walk.kind_of(name) is not None, name


ENUM = """// An enum.
enum Operator: UInt8 {
  case plus, minus
}

func symbol(_ o: Operator) -> String {
  switch o {
  case .plus: "+" // a "}" in a comment
  case .minus: "-}"
  }
}

func short(_ o: Operator) -> Int { switch o { case .plus: 1 case .minus: 2 } }
"""


def test_recipe_adds_the_case_and_fills_each_flagged_switch(tmp_path):
    path = tmp_path / "Sources" / "CommandScript" / "Syntax" / "AST.swift"
    path.parent.mkdir(parents=True)
    path.write_text(ENUM)
    recipe_sites.add_case(str(tmp_path), "operator")
    text = path.read_text()
    assert "enum Operator: UInt8 {\n  case power\n  case plus, minus" in text
    lines = text.split("\n")
    flagged = [(str(path), i + 1, line.index("switch") + 1) for i, line in enumerate(lines) if "switch o" in line]
    assert len(flagged) == 2
    assert recipe_sites.enclosing_function(lines, flagged[0][1] - 1) == "symbol"
    assert recipe_sites.enclosing_function(lines, flagged[1][1] - 1) == "short"
    recipe_sites.fill(flagged)
    filled = path.read_text()
    assert filled.count(recipe_sites.FILLER) == 2
    # The first switch ends on a line of its own: the default goes before its brace, the
    # lines of everything above unchanged; the one-line switch gets a line of its own.
    assert '  case .minus: "-}"\n  %s }\n}' % recipe_sites.FILLER in filled
    assert "case .minus: 2 \n%s } }" % recipe_sites.FILLER in filled
    assert filled.split("\n")[:9] == lines[:9]
