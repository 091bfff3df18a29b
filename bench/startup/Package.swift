// swift-tools-version:6.0
// Start-up probes for `bench/compare`, built like `cmdscript` by scripts/build-release:
// `startup-probe`, linked with the same libraries (so the same size to load), stops after
// a chosen stage, so that the cost of each stage of `cmdscript -c ''` can be told apart;
// `startup-probe-lean` is the same run without ArgumentParser; `hello` and
// `hello-foundation-essentials` are the floors of any static Swift program. Each links
// the main package's C target `CArguments` (as `ProbeArguments`, a symbolic link: target
// names are unique in a package graph), as `cmdscript` does, so that none pays the Swift
// runtime's search for `argv`. A package of its own so that the main package stays as it is.
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
        .product(name: "ArgumentParser", package: "swift-argument-parser"), "ProbeArguments",
      ]),
    .executableTarget(
      name: "startup-probe-lean",
      dependencies: [
        .product(name: "CommandScript", package: mainPackage),
        .product(name: "CommandScriptReceivers", package: mainPackage), "ProbeArguments",
      ]),
    .executableTarget(name: "hello", dependencies: ["ProbeArguments"]),
    .executableTarget(name: "hello-foundation-essentials", dependencies: ["ProbeArguments"]),
    .target(name: "ProbeArguments"),
  ]
)
