import Benchmark
import BenchmarkInputs
import CommandScript

/// Undo and redo of one step of 120,000 shape commands (the exec workload of
/// `bench/compare`), executed beforehand on a fresh session.
let benchmarks: @Sendable () -> Void = {
  let commands = 120_000
  let text = Inputs.execScript(commands: commands)
  let registry = Inputs.registry
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal, .peakMemoryResident],
    maxDuration: .seconds(2), maxIterations: 1000)

  Benchmark("Undo: one step of 120,000 commands", configuration: configuration) { benchmark in
    let session = Session(registry: registry)
    try session.run(SourceFile(name: "bench", text: text))
    let undo = try session.compile(SourceFile(name: "undo", text: "undo"))
    benchmark.startMeasurement()
    try session.execute(undo)
    benchmark.stopMeasurement()
    precondition(session.undoCount == 0 && session.redoCount == 1)
  }

  Benchmark("Redo: one step of 120,000 commands", configuration: configuration) { benchmark in
    let session = Session(registry: registry)
    try session.run(SourceFile(name: "bench", text: text + "undo\n"))
    let redo = try session.compile(SourceFile(name: "redo", text: "redo"))
    benchmark.startMeasurement()
    try session.execute(redo)
    benchmark.stopMeasurement()
    precondition(session.undoCount == 1 && session.redoCount == 0)
  }
}
