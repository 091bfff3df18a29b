import Benchmark
import BenchmarkInputs
@_spi(Benchmarking) import CommandScript

/// The checker alone on the statements of a 1 MB script parsed beforehand; the whole
/// compile (lexer, parser, checker) that keeps the program, as `cmdscript FILE` runs it
/// before running; and the check that keeps nothing, as `cmdscript --check` runs it.
/// Throughput in scripts/s is MB/s.
let benchmarks: @Sendable () -> Void = {
  let input = Inputs.script(bytes: 1_000_000)
  let registry = Inputs.registry
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal, .peakMemoryResident],
    maxDuration: .seconds(2), maxIterations: 1000)

  Benchmark("Checker: statements of a 1 MB script, parsed beforehand", configuration: configuration) {
    benchmark in
    let parsed = BenchmarkingHooks.parse(input)
    benchmark.startMeasurement()
    blackHole(BenchmarkingHooks.checkedStatementCount(parsed, registry: registry))
    benchmark.stopMeasurement()
  }

  Benchmark("Compile: lex, parse and check a 1 MB script (Session.compile)", configuration: configuration) {
    benchmark in
    let session = Session(registry: registry)
    let file = SourceFile(name: "bench", bytes: input)
    benchmark.startMeasurement()
    blackHole(try session.compile(file).count)
    benchmark.stopMeasurement()
  }

  Benchmark("Check: lex, parse and check a 1 MB script, keeping nothing (Session.check)", configuration: configuration)
  {
    benchmark in
    let session = Session(registry: registry)
    let file = SourceFile(name: "bench", bytes: input)
    benchmark.startMeasurement()
    blackHole(try session.check([file]).count)
    benchmark.stopMeasurement()
  }
}
