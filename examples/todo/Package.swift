// swift-tools-version:6.0
import PackageDescription

// An app's own receivers through the host API: a text buffer and a to-do list whose
// notifier the app injects, driven by typed calls, grouped into named undo steps, followed
// through change events; and its own command-line tool, `todo-cmdscript`.
let package = Package(
  name: "Todo",
  dependencies: [
    // The repository root, named so that the products below can say `package: "CommandScript"`.
    .package(name: "CommandScript", path: "../..")
  ],
  targets: [
    .target(
      name: "TodoReceivers",
      dependencies: [.product(name: "CommandScript", package: "CommandScript")]),
    .executableTarget(
      name: "todo-cmdscript",
      dependencies: [
        "TodoReceivers",
        .product(name: "CommandScript", package: "CommandScript"),
        .product(name: "CommandScriptCLI", package: "CommandScript"),
      ]),
    .testTarget(
      name: "TodoReceiversTests",
      dependencies: [
        "TodoReceivers", .product(name: "CommandScript", package: "CommandScript"),
        .product(name: "CommandScriptObservation", package: "CommandScript"),
      ]),
  ]
)
