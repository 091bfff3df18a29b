// swift-tools-version:6.0
// Start-up probes for `bench/compare`: `startup-probe`, a static binary linked like
// `cmdscript` (the same libraries, so the same size to load) that stops after a chosen
// stage, so that the cost of each stage of `cmdscript -c ''` can be told apart; and
// `startup-probe-lean`, the same run without ArgumentParser. A package of its own so that
// the main package stays as it is.
import PackageDescription

/// SwiftPM names a package found by path after its directory, which is `main` in one
/// checkout and the repository's name in another: derive it from where this file is.
let mainPackage = String(Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "main").lowercased()

let package = Package(
  name: "StartupProbes",
  dependencies: [
    .package(path: "../.."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
  ],
  targets: [
    .executableTarget(
      name: "startup-probe",
      dependencies: [
        .product(name: "CommandScript", package: mainPackage),
        .product(name: "CommandScriptCLI", package: mainPackage),
        .product(name: "CommandScriptReceivers", package: mainPackage),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(
      name: "startup-probe-lean",
      dependencies: [
        .product(name: "CommandScript", package: mainPackage),
        .product(name: "CommandScriptReceivers", package: mainPackage),
      ]),
  ]
)
