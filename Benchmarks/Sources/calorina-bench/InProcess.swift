import CalorinaCore
import Foundation

/// Timings inside one process, with `ContinuousClock`.
enum InProcess {
    static let clock = ContinuousClock()

    /// The first use of the bundled index: parsing the compiled-in table and indexing it. Done
    /// once per process, so the driver runs this in fresh processes.
    static func tableLoad() -> [String: Any] {
        let start = clock.now
        let index = FoodIndex.bundled
        let elapsed = (clock.now - start).microseconds
        return ["table_load_us": elapsed, "foods": index.table.foods.count]
    }

    /// Reads the corpus: one log line a line; blank lines and `#` comments skipped.
    static func corpus(_ path: String) -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init).filter {
            !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("#")
        }
    }

    /// Lines of the corpus that do not parse to a log line or do not resolve, with the reason.
    static func checkCorpus(_ lines: [String]) -> [String] {
        var generator = Generator()
        var problems: [String] = []
        for line in lines {
            if case .failure(let reason) = generator.resolve(line) { problems.append("'\(line)': \(reason)") }
        }
        return problems
    }

    /// Parse + resolve of each line, timed one line at a time, `reps` times over the corpus
    /// after one warm-up pass (the table is loaded first and timed apart).
    static func resolve(corpusPath: String, reps: Int) -> [String: Any] {
        let lines = corpus(corpusPath)
        guard !lines.isEmpty else { fail("the corpus is empty") }
        let loadStart = clock.now
        let resolver = Resolver(index: .bundled)
        let load = (clock.now - loadStart).microseconds
        let problems = checkCorpus(lines)
        guard problems.isEmpty else { fail("corpus lines that do not resolve:\n" + problems.joined(separator: "\n")) }

        var parse: [Double] = []
        var resolveOnly: [Double] = []
        var total: [Double] = []
        var perLine = [[Double]](repeating: [], count: lines.count)
        parse.reserveCapacity(lines.count * reps)
        resolveOnly.reserveCapacity(lines.count * reps)
        total.reserveCapacity(lines.count * reps)
        var items = 0
        for rep in -1..<reps {
            for (number, line) in lines.enumerated() {
                // A resolver remembers the items it resolved (a script repeats its foods): a new
                // one for each line, so that every pass measures resolving, not remembering.
                let fresh = Resolver(index: resolver.index)
                let t0 = clock.now
                let command = try? Parser.parse(line)
                let t1 = clock.now
                guard case .log(let log)? = command else { fail("'\(line)' is not a log line") }
                let result = fresh.resolve(log)
                let t2 = clock.now
                guard case .success(let resolved) = result else { fail("'\(line)' does not resolve") }
                if rep < 0 {
                    items += resolved.count
                    continue
                }
                parse.append((t1 - t0).microseconds)
                resolveOnly.append((t2 - t1).microseconds)
                let elapsed = (t2 - t0).microseconds
                total.append(elapsed)
                perLine[number].append(elapsed)
            }
        }
        let slowest = perLine.enumerated()
            .map { (line: lines[$0.offset], median: Summary($0.element).median) }
            .sorted { $0.median > $1.median }
            .prefix(10)
            .map { ["line": $0.line, "median_us": ($0.median * 10).rounded() / 10] as [String: Any] }
        return [
            "lines": lines.count, "items": items, "reps": reps, "table_load_us": load,
            "parse_resolve_us": Summary(total).json, "parse_us": Summary(parse).json,
            "resolve_us": Summary(resolveOnly).json, "slowest_lines": Array(slowest),
        ]
    }

    /// What people start typing: the foods most logged. Prefixes of 1, 3 and 6 characters are
    /// taken from these, at the start of a line and after a count ("2 ban").
    static let typedFoods = [
        "banana", "chicken breast", "orange juice", "oatmeal", "coffee", "yogurt", "cheese", "pizza", "salmon",
        "broccoli", "potatoes", "avocado", "almonds", "spaghetti", "sandwich", "burrito", "pancakes", "cereal",
        "tomato", "strawberries", "peanut butter", "hamburger", "lettuce", "blueberries", "carrots", "milk",
        "bagel", "turkey", "granola", "popcorn", "watermelon", "grapes", "noodles", "waffles", "quinoa",
        "lasagna", "meatballs", "cookies", "brownie", "espresso", "zucchini", "kiwi", "hummus", "tortilla",
        "scrambled eggs", "french fries", "ice cream", "mac and cheese", "greek yogurt", "white rice",
    ]

    /// `Completer.complete` (and the common prefix the REPL inserts) for 1-, 3- and 6-character
    /// prefixes, `reps` times each after a warm-up.
    static func complete(reps: Int) -> [String: Any] {
        let loadStart = clock.now
        let completer = Completer(index: .bundled)
        _ = completer.complete("b")
        let firstUse = (clock.now - loadStart).microseconds
        var report: [String: Any] = ["first_use_us": firstUse, "reps": reps]
        for length in [1, 3, 6] {
            var texts: [String] = []
            for food in typedFoods {
                let prefix = String(food.prefix(length))
                texts.append(prefix)
                texts.append("2 " + prefix)
            }
            var samples: [Double] = []
            samples.reserveCapacity(texts.count * reps)
            var candidates: [Int] = []
            for text in texts {
                candidates.append(completer.complete(text).candidates.count)
            }
            for _ in 0..<reps {
                for text in texts {
                    let t0 = clock.now
                    let result = completer.complete(text)
                    let common = result.commonPrefix
                    let t1 = clock.now
                    samples.append((t1 - t0).microseconds)
                    if common.utf8.count > 10_000 { print(common) }  // keeps the work observable
                }
            }
            report["prefix\(length)"] =
                [
                    "us": Summary(samples).json, "texts": texts.count,
                    "candidates_median": Summary(candidates.map(Double.init)).median,
                    "candidates_max": candidates.max() ?? 0,
                ] as [String: Any]
        }
        return report
    }

    /// Whether each line is a command of its own to this build, rather than a log line: once
    /// `year` or `history 3650` parse to something other than `.log`, the driver times them.
    static func probe(_ lines: [String]) -> [String: Any] {
        var result: [String: Any] = [:]
        for line in lines {
            let command = try? Parser.parse(line)
            if let command, case .log = command {
                result[line] = false
            } else {
                result[line] = command != nil
            }
        }
        return result
    }
}
