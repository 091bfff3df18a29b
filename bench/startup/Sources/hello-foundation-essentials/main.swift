// A static Swift program that links FoundationEssentials (as ArgumentParser makes
// `cmdscript` do) and touches it once: what that library adds to start-up.
import FoundationEssentials

let data = Data([1, 2, 3])
if data.count == 7 { print("never") }
print("hello")
