// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "CommandScript",
  products: [
    .library(name: "CommandScript", targets: ["CommandScript"]),
    .library(name: "CommandScriptReceivers", targets: ["CommandScriptReceivers"]),
    .executable(name: "cmdscript", targets: ["cmdscript"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    // The language, checker, invoker, history and the public receiver API.
    .target(name: "CommandScript"),
    // The built-in receivers, written against the public API only.
    .target(name: "CommandScriptReceivers", dependencies: ["CommandScript"]),
    .systemLibrary(
      name: "CReadline", providers: [.apt(["libreadline-dev"])]),
    .executableTarget(
      name: "cmdscript",
      dependencies: [
        "CommandScript", "CommandScriptReceivers", "CReadline",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(
      name: "CommandScriptTests",
      dependencies: ["CommandScript", "CommandScriptReceivers"],
      resources: [.copy("Scripts")]),
    .testTarget(
      name: "CLITests", dependencies: ["cmdscript"]),
  ]
)
