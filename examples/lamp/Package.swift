// swift-tools-version:6.0
import PackageDescription

// An app that plugs its own receiver, `lamp`, into CommandScript and gets the language,
// the checker, undo/redo, macros, transactions, help and the REPL from the main package.
let package = Package(
  name: "Lamp",
  dependencies: [
    // The repository root. `name:` lets the products below say `package: "CommandScript"`
    // whatever the checkout folder is called (a path package's identity is its folder name).
    .package(name: "CommandScript", path: "../..")
  ],
  targets: [
    // The receiver: a library, so that tests can drive it through a `Session`.
    .target(
      name: "LampReceiver",
      dependencies: [.product(name: "CommandScript", package: "CommandScript")]),
    // `cmdscript` with the built-in receivers plus the lamp.
    .executableTarget(
      name: "lamp-cmdscript",
      dependencies: [
        "LampReceiver",
        .product(name: "CommandScript", package: "CommandScript"),
        .product(name: "CommandScriptReceivers", package: "CommandScript"),
        .product(name: "CommandScriptCLI", package: "CommandScript"),
        // `lamp-cmdscript serve`: the web page, with the lamp among the receivers.
        .product(name: "CommandScriptServer", package: "CommandScript"),
      ]),
    .testTarget(
      name: "LampReceiverTests",
      dependencies: [
        "LampReceiver",
        .product(name: "CommandScript", package: "CommandScript"),
        .product(name: "CommandScriptReceivers", package: "CommandScript"),
      ]),
  ]
)
