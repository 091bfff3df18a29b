import Benchmark
import BenchmarkInputs
@_spi(Benchmarking) import CommandScript

/// The lexer alone: every token of a 1 MB script (throughput in scripts/s is MB/s).
let benchmarks: @Sendable () -> Void = {
  let input = Inputs.script(bytes: 1_000_000)
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal, .peakMemoryResident],
    maxDuration: .seconds(2), maxIterations: 1000)

  Benchmark("Lexer: tokens of a 1 MB script", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(BenchmarkingHooks.lexTokenCount(input))
    }
  }
}
