// swift-tools-version:6.1
// Micro-benchmarks of each stage of the CommandScript pipeline, with ordo-one/benchmark.
// A package of its own so that the main package's build and `swift test` never resolve
// or build the benchmark harness. See README.md.
import PackageDescription

/// SwiftPM names a package found by path after its directory, which is `main` in one
/// checkout and the repository's name in another: derive it from where this file is.
let mainPackage = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "main").lowercased()

/// One benchmark executable per stage, in `Benchmarks/<stage>/` as the plugin expects.
let stages = ["Lexer", "Parser", "Checker", "Invoker", "Undo", "UndoRecords"]

let package = Package(
  name: "CommandScriptBenchmarks",
  dependencies: [
    .package(path: "../"),
    // Only the MallocInterposer trait: the default RuntimeInterposer trait pulls in
    // swift-runtime-interposer (ARC counters on Swift 6.3), which is not needed here.
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .target(
      name: "BenchmarkInputs",
      dependencies: [
        .product(name: "CommandScript", package: mainPackage),
        .product(name: "CommandScriptReceivers", package: mainPackage),
      ])
  ]
    + stages.map { stage in
      .executableTarget(
        name: "\(stage)Benchmarks",
        dependencies: [
          "BenchmarkInputs",
          .product(name: "CommandScript", package: mainPackage),
          .product(name: "Benchmark", package: "benchmark"),
        ],
        path: "Benchmarks/\(stage)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")])
    }
)
