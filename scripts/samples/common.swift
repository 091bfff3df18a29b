// What every Swift sample of README.md and the DocC catalog takes as given, for
// scripts/check-samples: the session and registry an app has, and an app's menu. Samples
// checked against the library alone also get context.swift (stand-ins for the app's
// types); samples of an example package get only this file, beside that package's modules.
import CommandScript

#if canImport(CommandScriptReceivers)
  import CommandScriptReceivers
  nonisolated(unsafe) var registry = ReceiverRegistry.builtins
#else
  // An example package's build, which has no built-in receivers.
  nonisolated(unsafe) var registry = ReceiverRegistry()
#endif
nonisolated(unsafe) let session = Session(registry: registry)
let clipboard = "milk"
func redraw(_ receivers: [String]) {}
final class MenuItem {
  var title = ""
}
nonisolated(unsafe) let undoItem = MenuItem()
func NSLocalizedString(_ key: String, comment: String) -> String { key }
