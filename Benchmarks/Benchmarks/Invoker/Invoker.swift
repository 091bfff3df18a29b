import Benchmark
import BenchmarkInputs
import CommandScript

/// The invoker: 120,000 shape commands (the exec workload of `bench/compare`) executed and
/// recorded as one undo step, on a fresh session compiled beforehand.
let benchmarks: @Sendable () -> Void = {
  let commands = 120_000
  let text = Inputs.execScript(commands: commands)
  let registry = Inputs.registry
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal, .peakMemoryResident],
    maxDuration: .seconds(2), maxIterations: 1000)

  Benchmark("Invoker: execute and record 120,000 commands", configuration: configuration) { benchmark in
    let session = Session(registry: registry)
    let program = try session.compile(SourceFile(name: "bench", text: text))
    benchmark.startMeasurement()
    try session.execute(program)
    benchmark.stopMeasurement()
    precondition(session.undoCount == 1)
  }

  Benchmark("Invoker: run a compiled 12-command statement", configuration: configuration) { benchmark in
    // A short statement many times: the fixed cost of a top-level statement (redo stack,
    // undo step) next to its commands.
    let session = Session(registry: registry)
    let program = try session.compile(SourceFile(name: "bench", text: Inputs.execScript(commands: 12)))
    benchmark.startMeasurement()
    for _ in 0..<10_000 { try session.execute(program) }
    benchmark.stopMeasurement()
  }
}
