import Benchmark
import CalorinaCore
import Foundation

// The in-process rows of Benchmarks/run, on package-benchmark: parse + resolve of one corpus line
// and TAB completion, each with its wall clock and allocation counts, and thresholds that
// `swift package benchmark baseline check` and `thresholds check` judge (Benchmarks/README.md).
//
// One iteration is one corpus line (or one completion text), taken in turn, so the percentiles
// are per line as in calorina-bench's `resolve`; a fresh Resolver for each line, so that every
// pass measures resolving, not the resolver's memory of items it saw.

/// Benchmarks/corpus/lines.txt, found from this file (the plugin runs the benchmark from the
/// package's build folder, not from the sources).
let corpusLines: [String] = {
    let here = URL(fileURLWithPath: #filePath)
    let corpus = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("corpus/lines.txt")
    guard let text = try? String(contentsOf: corpus, encoding: .utf8) else {
        fatalError("cannot read \(corpus.path)")
    }
    return text.split(separator: "\n").map(String.init).filter {
        !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("#")
    }
}()

/// What people start typing (as calorina-bench's `complete`): prefixes of these foods, at the
/// start of a line and after a count.
let typedFoods = [
    "banana", "chicken breast", "orange juice", "oatmeal", "coffee", "yogurt", "cheese", "pizza", "salmon",
    "broccoli", "potatoes", "avocado", "almonds", "spaghetti", "sandwich", "burrito", "pancakes", "cereal",
    "tomato", "strawberries", "peanut butter", "hamburger", "lettuce", "blueberries", "carrots", "milk",
    "bagel", "turkey", "granola", "popcorn", "watermelon", "grapes", "noodles", "waffles", "quinoa",
    "lasagna", "meatballs", "cookies", "brownie", "espresso", "zucchini", "kiwi", "hummus", "tortilla",
    "scrambled eggs", "french fries", "ice cream", "mac and cheese", "greek yogurt", "white rice",
]

func completionTexts(length: Int) -> [String] {
    typedFoods.flatMap { food -> [String] in
        let prefix = String(food.prefix(length))
        return [prefix, "2 " + prefix]
    }
}

/// One iteration a line or text. Thresholds, in percent against the baseline's percentile, past
/// which `baseline check` fails:
/// - mallocs: none. Every run is exactly 30,000 iterations, 30 passes over the 1,000-line corpus
///   or 300 over the 100 completion texts (the 60 s limit is never reached), so the percentiles
///   are over the same lines each run and two runs of one build count the same.
/// - wall clock and throughput: 50 % at p50 only, a gross slowdown. Two runs of one build on this
///   shared 2-core machine differed by 26 % at p50 and 38 % at p90; finer thresholds fail on
///   noise. (No hardware instruction counter here: perf_event_open gives ENOENT in this VM.)
/// No CPU-time metric: on Linux it is read in clock ticks (10 ms), so a 15 µs line reads 0 or
/// 10 ms. Throughput is there because the JMH export that Benchmarks/run reads requires it.
/// (A function, not a global: the package's configuration types are not Sendable.)
func perLine() -> Benchmark.Configuration {
    let time = BenchmarkThresholds(relative: [.p50: 50.0])
    let count = BenchmarkThresholds(relative: [.p50: 0.0, .p90: 0.0])
    return Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 1_000,
        maxDuration: .seconds(60),
        maxIterations: 30_000,
        thresholds: [.wallClock: time, .throughput: time, .mallocCountTotal: count]
    )
}

let benchmarks: @Sendable () -> Void = {
    let index = FoodIndex.bundled
    let lines = corpusLines

    // Every corpus line must parse to a log line and resolve: a line that fails measures an error path.
    for line in lines {
        guard case .log(let log)? = try? Parser.parse(line), case .success = Resolver(index: index).resolve(log)
        else { fatalError("corpus line '\(line)' does not parse and resolve") }
    }

    Benchmark("parse + resolve, per corpus line", configuration: perLine()) { benchmark in
        for _ in benchmark.scaledIterations {
            let line = lines[benchmark.currentIteration % lines.count]
            let command = try? Parser.parse(line)
            guard case .log(let log)? = command else { fatalError("'\(line)' is not a log line") }
            blackHole(Resolver(index: index).resolve(log))
        }
    }

    Benchmark("parse, per corpus line", configuration: perLine()) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? Parser.parse(lines[benchmark.currentIteration % lines.count]))
        }
    }

    let completer = Completer(index: index)
    for length in [1, 3, 6] {
        let texts = completionTexts(length: length)
        Benchmark("TAB completion, \(length)-character prefix", configuration: perLine()) { benchmark in
            for _ in benchmark.scaledIterations {
                let result = completer.complete(texts[benchmark.currentIteration % texts.count])
                blackHole(result.commonPrefix)
            }
        }
    }
}
