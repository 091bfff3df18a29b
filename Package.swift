// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "CommandScript",
  products: [
    .library(name: "CommandScript", targets: ["CommandScript"]),
    .library(name: "CommandScriptReceivers", targets: ["CommandScriptReceivers"]),
    .library(name: "CommandScriptCLI", targets: ["CommandScriptCLI"]),
    .library(name: "CommandScriptObservation", targets: ["CommandScriptObservation"]),
    .executable(name: "cmdscript", targets: ["cmdscript"]),
    .library(name: "CommandScriptServer", targets: ["CommandScriptServer"]),
    .executable(name: "cmdscript-serve", targets: ["cmdscript-serve"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // `swift package generate-documentation`: the DocC catalog in Sources/CommandScript.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    // `serve`'s HTTP/1.1 and WebSocket (cmdscript-serve only: `cmdscript` links none of it).
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
  ],
  targets: [
    // The language, checker, invoker, history and the public receiver API.
    .target(name: "CommandScript"),
    // The built-in receivers, written against the public API only.
    .target(name: "CommandScriptReceivers", dependencies: ["CommandScript"]),
    // GNU readline for the REPL, loaded with dlopen when the REPL starts (the build needs
    // its headers).
    .systemLibrary(
      name: "CReadline", providers: [.apt(["libreadline-dev"])]),
    // Readline where the program links it (the fully static release binary), by weak
    // references that are null elsewhere (see readline_linked.c).
    .target(name: "CReadlineLinked"),
    // The command line and REPL for any registry, so embedding apps get them too.
    .target(
      name: "CommandScriptCLI",
      dependencies: [
        "CommandScript", "CReadline", "CReadlineLinked",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // `plugin new`'s kit, plugins/python and plugins/node, built in (Plugins/EmbedFiles).
      plugins: ["EmbedFiles"]),
    // The program's arguments as the C library passes them to its initialisers, in place of
    // the Swift runtime's search at start-up (see arguments.c).
    .target(name: "CArguments"),
    .executableTarget(
      name: "cmdscript", dependencies: ["CommandScriptCLI", "CommandScriptReceivers", "CArguments"]),
    // A session as an @Observable model, for SwiftUI (apart, so the CLI does not link
    // Observation).
    .target(name: "CommandScriptObservation", dependencies: ["CommandScript"]),
    .testTarget(
      name: "CommandScriptTests",
      dependencies: ["CommandScript", "CommandScriptReceivers", "CommandScriptObservation"]),
    // `serve`: the session behind a local web page (HTTP and a WebSocket). A library, so an
    // app's own tool can serve its receivers; the page's files (Web/) are built in as Swift
    // literals at build time (Plugins/EmbedFiles).
    .target(
      name: "CommandScriptServer",
      dependencies: [
        "CommandScript", "CommandScriptCLI",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
      ],
      exclude: ["Web"], plugins: ["EmbedFiles"]),
    // Files of the repository as Swift string literals, written at build time into the
    // targets that ship them (the page, the plugin kit), so that git holds each file once.
    .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["embed-files"]),
    .executableTarget(name: "embed-files"),
    // What `cmdscript serve` runs from beside `cmdscript`, which therefore links no server.
    .executableTarget(
      name: "cmdscript-serve", dependencies: ["CommandScriptServer", "CommandScriptReceivers", "CArguments"]),
    .testTarget(
      name: "CLITests", dependencies: ["cmdscript", "cmdscript-serve"],
      // Golden scripts, and the tests in Python and Lua that the Swift tests run.
      exclude: [
        "Scripts", "Editors", "repl_test.py", "lsp_test.py", "grammar_test.py", "plugin_kill_test.py",
        "measurement_scripts_test.py",
      ]),
  ]
)

// The libFuzzer target (see scripts/fuzz) links only with `-sanitize=fuzzer`, so it is part
// of the package only when CMDSCRIPT_FUZZ=1 asks for it.
if Context.environment["CMDSCRIPT_FUZZ"] == "1" {
  package.products.append(.executable(name: "CommandScriptFuzz", targets: ["CommandScriptFuzz"]))
  package.targets.append(
    .executableTarget(name: "CommandScriptFuzz", dependencies: ["CommandScript", "CommandScriptReceivers"]))
  // The build plugin's tool would be linked with libFuzzer's `main` too (SwiftPM builds it
  // for every target that uses the plugin, even those the fuzz target does not need).
  for target in package.targets { target.plugins = nil }
  package.targets.removeAll { $0.name == "EmbedFiles" || $0.name == "embed-files" }
}
