import Foundation
import SeededRandom

/// Nearest-rank statistics over timing samples, all in the unit they were given in.
struct Summary {
    var count: Int
    var median: Double
    var p99: Double
    var min: Double
    var max: Double
    var mean: Double

    init(_ samples: [Double]) {
        precondition(!samples.isEmpty, "no samples")
        let sorted = samples.sorted()
        count = sorted.count
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        p99 = Summary.percentile(sorted, 0.99)
        min = sorted[0]
        max = sorted[sorted.count - 1]
        mean = sorted.reduce(0, +) / Double(sorted.count)
    }

    /// The nearest-rank percentile of sorted samples.
    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
    }

    /// For the JSON report.
    var json: [String: Any] {
        [
            "n": count, "median": rounded(median), "p99": rounded(p99), "min": rounded(min), "max": rounded(max),
            "mean": rounded(mean),
        ]
    }

    private func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}

extension Duration {
    /// The duration in microseconds.
    var microseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
    }
}

/// Prints a JSON object on stdout: the driver reads it.
func printJSON(_ object: [String: Any]) {
    do {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        FileHandle.standardOutput.write(data)
        FileHandle.standardOutput.write(Data("\n".utf8))
    } catch {
        fail("cannot write JSON: \(error)")
    }
}

/// Stops with a message on stderr.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("calorina-bench: " + message + "\n").utf8))
    exit(1)
}

extension Array {
    /// A random element of a list that is never empty.
    func pick(using random: inout SeededGenerator) -> Element {
        self[Int.random(in: indices, using: &random)]
    }
}
