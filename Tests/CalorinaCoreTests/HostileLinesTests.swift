import Foundation
import SeededRandom
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaParser
@testable import CalorinaResolver
@testable import CalorinaResults
@testable import CalorinaSession
@testable import CalorinaSupport

/// PRODUCT.md, "Safe with bad input": any byte sequence on any line gives a result or a clear error
/// and never a crash.
///
/// A seeded generator (the same lines on every run; set `CALORINA_HOSTILE_SEED` to draw others)
/// makes over 100,000 random and adversarial lines and puts each through a real `Session`: most
/// in a dry run, the rest saving to a temporary folder, in batches and one by one. Every line must
/// give an `Outcome`; a failure must point at a column inside the line (1 … length + 1, counted in
/// Unicode scalars) and say something; a logged entry must have finite numbers; the data files
/// must never be the problem.
///
/// Speed: in a debug build, resolving a line against the whole bundled table takes milliseconds,
/// so the bulk of the lines go through a resolver over a slice of that table (a hundred of its
/// foods, with their everyday names: the same code, less to search), and a thousand through the
/// whole table. Under Swift Testing every `throw` also records a backtrace (a failing line
/// throws at least once), which is most of the rest of the time.
@Suite("Hostile lines")
struct HostileLinesTests {
    /// 2026-11-22 at 08:30.
    static let morning = LocalMoment(date: CivilDate(daysSinceEpoch: 20_779), hour: 8, minute: 30)

    /// The lines are drawn in four blocks, each from its own generator (seeded with the seed plus
    /// the block number) and through its own sessions, so the lines are the same whatever the
    /// machine. Two blocks run side by side.
    static let blocks = 4
    static let lanes = 2
    /// Per block: dry-run lines over the slice of the table, dry-run lines over the whole table,
    /// lines saved in batches, lines saved one by one.
    static let dryRunLines = 25_000
    static let fullTableLines = 250
    static let savedBatchLines = 1_500
    static let savedOneByOneLines = 100

    /// Every 400th food of the bundled table and every food an everyday name of the generator's
    /// points at, with those everyday names.
    static let smallResolver: Resolver = {
        let table = FoodTable.bundled
        let wanted = Set(HostileLineGenerator.foods.map { $0.lowercased() })
        let everyday = table.allEverydayNames.filter { wanted.contains($0.alias) }
            .sorted { $0.alias < $1.alias }
        let codes = Set(everyday.map(\.code))
        let foods = table.foods.enumerated().filter { $0.offset % 400 == 0 || codes.contains($0.element.code) }.map(
            \.element)
        let kept = Set(foods.map(\.code))
        return Resolver(
            index: FoodIndex(
                table: FoodTable(
                    foods: foods, categories: table.categories, everyday: everyday.filter { kept.contains($0.code) })))
    }()

    /// What one block found.
    struct BlockResult: Sendable {
        /// The slowest lines, slowest first: seconds and the line.
        var slowest: [(seconds: Double, line: String)] = []
        var lines = 0
        var byteLines = 0
        var megabyteLines = 0
        var totalBytes = 0
        var saved = 0
        var counts: [String: Int] = [:]
        var problems: [String] = []
    }

    @Test(.timeLimit(.minutes(5)))
    func everyLineGivesAnOutcomeWithAColumnInsideTheLine() throws {
        let seed =
            ProcessInfo.processInfo.environment["CALORINA_HOSTILE_SEED"].flatMap { UInt64($0) } ?? 0xCA10_21AA
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "calorina-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let corpus = (Corpus.examples("valid.txt") + Corpus.examples("invalid.txt")).map(\.input).filter {
            !$0.isEmpty
        }
        // Load both tables before the clock starts.
        _ = Self.smallResolver
        _ = FoodIndex.bundled
        let started = ContinuousClock.now
        let results = BlockResults(count: Self.blocks)
        DispatchQueue.concurrentPerform(iterations: Self.lanes) { lane in
            for block in stride(from: lane, to: Self.blocks, by: Self.lanes) {
                let result = Self.runBlock(
                    block, seed: seed, corpus: corpus, folder: folder.appendingPathComponent("block\(block)"))
                results.set(block, result)
            }
        }
        let elapsed = ContinuousClock.now - started

        var total = BlockResult()
        for result in results.all {
            total.lines += result.lines
            total.byteLines += result.byteLines
            total.megabyteLines += result.megabyteLines
            total.totalBytes += result.totalBytes
            total.saved += result.saved
            total.problems += result.problems
            total.counts.merge(result.counts, uniquingKeysWith: +)
            total.slowest += result.slowest
        }
        total.slowest.sort { $0.seconds > $1.seconds }
        print(
            "hostile lines (seed \(seed)): \(total.lines) lines (\(total.byteLines) as raw bytes, "
                + "\(total.megabyteLines) of 1 MB, \(total.totalBytes / 1_000_000) MB in all) in \(elapsed); "
                + "\(total.counts.map { "\($0.value) \($0.key)" }.sorted().joined(separator: ", ")); "
                + "\(total.saved) entries saved and read back; slowest lines: "
                + total.slowest.prefix(3).map { String(format: "%.3f s ", $0.seconds) + $0.line }.joined(
                    separator: "; "))
        for problem in total.problems.prefix(20) {
            Issue.record(Comment(rawValue: problem))
        }
        #expect(total.problems.isEmpty, "\(total.problems.count) lines broke the rules")
        #expect(total.lines >= 100_000)
        #expect(total.megabyteLines >= 5)
        // The generator must reach every part of the language, not only its errors.
        #expect(total.counts["logged", default: 0] > 3_000)
        #expect(total.counts["failed", default: 0] > 20_000)
        #expect(total.saved > 100)
    }

    /// One block of lines, through its own sessions in its own folder.
    static func runBlock(_ block: Int, seed: UInt64, corpus: [String], folder: URL) -> BlockResult {
        var result = BlockResult()
        let morning = Self.morning
        var generator = HostileLineGenerator(seed: seed &+ UInt64(block), corpus: corpus)
        var checker = OutcomeChecker(seed: seed, block: block)
        var index = 0
        func run(
            _ count: Int, through session: Session, dryRun: Bool, flushEvery: Int? = nil, else dry: Session? = nil
        ) {
            for _ in 0..<count {
                let line = generator.next(index)
                let started = ContinuousClock.now
                // An export to a file or an import, in a session that saves, would write or read
                // files beside the test: those lines go to the dry run instead.
                let outcome = line.handle(by: line.namesAFile ? dry ?? session : session)
                let took = ContinuousClock.now - started
                if took > .milliseconds(50) {
                    let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
                    result.slowest.append((seconds, "block \(block) line \(index): \(line.reproducer.prefix(160))"))
                    result.slowest.sort { $0.seconds > $1.seconds }
                    if result.slowest.count > 3 { result.slowest.removeLast() }
                }
                checker.check(line, index: index, dryRun: dryRun, outcome: outcome)
                index += 1
                if let flushEvery, index % flushEvery == 0 {
                    do {
                        try session.flush()
                    } catch {
                        checker.record("block \(block): the flush before line \(index) failed: \(error)")
                    }
                }
            }
        }
        do {
            let small = Self.smallResolver
            // Most lines in a dry run: parse, resolve and report, nothing saved.
            let dryFolder = folder.appendingPathComponent("dry")
            let dry = Session(
                store: try JournalStore(root: dryFolder), resolver: small, options: Session.Options(dryRun: true),
                clock: { morning })
            run(Self.dryRunLines, through: dry, dryRun: true)
            // Some against the whole bundled table.
            run(
                Self.fullTableLines,
                through: Session(
                    store: try JournalStore(root: dryFolder), options: Session.Options(dryRun: true), clock: { morning }
                ),
                dryRun: true)
            // Then lines that save: in batches as a script does (flushed every 500 lines) …
            let savedFolder = folder.appendingPathComponent("saved")
            let batch = Session(
                store: try JournalStore(root: savedFolder), resolver: small, options: Session.Options(batch: true),
                clock: { morning })
            run(Self.savedBatchLines, through: batch, dryRun: false, flushEvery: 500, else: dry)
            try batch.flush()
            // … and one by one as the REPL does.
            run(
                Self.savedOneByOneLines,
                through: Session(store: try JournalStore(root: savedFolder), resolver: small, clock: { morning }),
                dryRun: false, else: dry)
            // What was saved reads back.
            let store = try JournalStore(root: savedFolder)
            for month in try store.storedMonths() {
                result.saved += try store.entries(inMonth: month).count
            }
        } catch {
            checker.record("block \(block): \(error)")
        }
        result.lines = index
        result.byteLines = generator.byteLines
        result.megabyteLines = generator.megabyteLines
        result.totalBytes = generator.totalBytes
        result.counts = checker.counts
        result.problems = checker.problems
        return result
    }

    /// A command word with nothing after it: the error points just past the word, inside
    /// 1 … length + 1 (the generator found "define" pointing two past it).
    @Test(arguments: ["define", "alias", "recipe", "rename", "define   ", "delete", "copy"])
    func aMissingNameIsPointedAtInsideTheLine(_ line: String) throws {
        let session = try TestSession.dryRun()
        guard case .failed(let failure) = session.handle(line) else {
            Issue.record("'\(line)' did not fail")
            return
        }
        for problem in failure.problems {
            #expect((1...(line.unicodeScalars.count + 1)).contains(problem.column), "\(problem.message)")
        }
    }

    @Test func theGeneratorIsDeterministic() {
        var first = HostileLineGenerator(seed: 7, corpus: ["2 eggs"])
        var second = HostileLineGenerator(seed: 7, corpus: ["2 eggs"])
        for index in 0..<2_000 {
            #expect(first.next(index).bytes == second.next(index).bytes)
        }
    }
}

/// The blocks' results, written from several threads.
final class BlockResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [HostileLinesTests.BlockResult]

    init(count: Int) {
        results = Array(repeating: HostileLinesTests.BlockResult(), count: count)
    }

    func set(_ index: Int, _ result: HostileLinesTests.BlockResult) {
        lock.lock()
        defer { lock.unlock() }
        results[index] = result
    }

    var all: [HostileLinesTests.BlockResult] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}

/// One generated line: text for `handle(_:)`, or bytes for `handle(bytes:)`.
enum HostileLine {
    case text(String)
    case bytes([UInt8])

    var bytes: [UInt8] {
        switch self {
        case .text(let text): Array(text.utf8)
        case .bytes(let bytes): bytes
        }
    }

    func handle(by session: Session) -> Outcome {
        switch self {
        case .text(let text): session.handle(text)
        case .bytes(let bytes): session.handle(bytes: bytes)
        }
    }

    /// The line as the session sees it, in Unicode scalars: `handle(bytes:)` drops one trailing
    /// newline and then one carriage return, and shows a byte that is not UTF-8 as U+FFFD.
    var length: Int {
        switch self {
        case .text(let text):
            return text.unicodeScalars.count
        case .bytes(var bytes):
            if bytes.last == 10 { bytes.removeLast() }
            if bytes.last == 13 { bytes.removeLast() }
            return String(decoding: bytes, as: UTF8.self).unicodeScalars.count
        }
    }

    /// True for `export … to FILE` and `import FILE`, which touch files outside the data folder.
    var namesAFile: Bool {
        var bytes = self.bytes
        if bytes.last == 10 { bytes.removeLast() }
        if bytes.last == 13 { bytes.removeLast() }
        guard let text = String(validating: bytes, as: UTF8.self), let command = try? Parser.parse(text) else {
            return false
        }
        switch command {
        case .export, .importFile, .importMapped, .exportAll: return true
        default: return false
        }
    }

    /// The line for a failure message: escaped, and cut if long.
    var reproducer: String {
        switch self {
        case .text(let text):
            let shown =
                text.unicodeScalars.count > 300
                ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(300)))
                    + "…(\(text.unicodeScalars.count) scalars)" : text
            return "handle(\(shown.debugDescription))"
        case .bytes(let bytes):
            return "handle(bytes: \(Array(bytes.prefix(200))))" + (bytes.count > 200 ? "…(\(bytes.count) bytes)" : "")
        }
    }
}

/// Checks outcomes and keeps count.
struct OutcomeChecker {
    let seed: UInt64
    var block = 0
    var problems: [String] = []
    var counts: [String: Int] = [:]

    mutating func record(_ problem: String) {
        problems.append(problem)
    }

    mutating func check(_ line: HostileLine, index: Int, dryRun: Bool, outcome: Outcome) {
        func fail(_ why: String) {
            problems.append("seed \(seed) block \(block) line \(index): \(why): \(line.reproducer)")
        }
        var length = line.length
        switch outcome {
        case .failed(let failure):
            counts["failed", default: 0] += 1
            // A pasted recipe that fails is shown with its `recipe … serves N` line, whatever
            // line ended it: the columns are that line's.
            if case .pastedRecipe? = try? Parser.parse(failure.line) { length = failure.line.unicodeScalars.count }
            // A pick of a food the words of a log line could be logs that line again, and what
            // goes wrong is shown in it: the columns are that line's.
            // (A line typed as raw bytes too: the words of "log 1\r" are a pick as well.)
            let typed: String? =
                switch line {
                case .text(let text): text
                case .bytes(let bytes): String(validating: bytes, as: UTF8.self)
                }
            if let typed, case .pick? = try? Parser.parse(typed.trimmingCharacters(in: .whitespacesAndNewlines)),
                failure.line != typed
            {
                length = failure.line.unicodeScalars.count
            }
            if failure.problems.isEmpty { fail("a failure with no problem in it") }
            for problem in failure.problems {
                // A problem of an earlier line (an ingredient line, reported when the recipe
                // ends) has its columns in that line.
                let length = problem.earlierLine.map { $0.text.unicodeScalars.count } ?? length
                if !(1...(length + 1)).contains(problem.column) {
                    fail("column \(problem.column) is outside 1...\(length + 1) (\(problem.message))")
                }
                if problem.range.end > length + 1 {
                    fail("the range \(problem.range) ends past the line (\(length) scalars)")
                }
                if problem.message.trimmingCharacters(in: .whitespaces).isEmpty { fail("an empty message") }
            }
        case .storeFailed(let error):
            counts["storeFailed", default: 0] += 1
            fail("a line made the data files fail: \(error)")
        case .logged(let report):
            counts["logged", default: 0] += 1
            if report.entries.isEmpty { fail("logged nothing") }
            if report.dryRun != dryRun { fail("dryRun is \(report.dryRun)") }
            for entry in report.entries {
                let numbers =
                    [entry.kcal, entry.quantity]
                    + [entry.grams, entry.nutrients[.protein], entry.nutrients[.carbs], entry.nutrients[.fat]]
                    .compactMap { $0 }
                if !numbers.allSatisfy(\.isFinite) { fail("an entry with a number that is not finite: \(entry)") }
                if MonthKey.month(ofDate: entry.date) == nil { fail("an entry on no real day: \(entry.date)") }
            }
        default:
            counts["other", default: 0] += 1
        }
    }
}

/// Random and adversarial lines from a seed: the same seed gives the same lines.
struct HostileLineGenerator {
    private var random: LineRandom
    private let corpus: [String]
    private(set) var byteLines = 0
    private(set) var megabyteLines = 0
    private(set) var totalBytes = 0

    init(seed: UInt64, corpus: [String]) {
        random = LineRandom(seed: seed)
        self.corpus = corpus.isEmpty ? ["2 eggs"] : corpus
    }

    // MARK: Word pools

    static let numbers = [
        "0", "1", "2", "3", "10", "12", "100", "250", "1000", "10000", "10001", "1.5", ".5", "0.25", "1/2", "1/3",
        "3/4",
        "1 1/2", "½", "¼", "¾", "⅓", "⅛", "1½", "2¼", "a", "an", "one", "two", "three", "twelve", "half", "a dozen",
        "dozen", "x2", "2x", "×2", "x 3", "2 x", "1e308", "1e-308", "-1e308", "1e309", "1/0", "0/0", "0/5", "-3", "−3",
        "- 3", "-0", "0.0", "00000", "1.", "1..2", "1.2.3", "1,5", "1,000", "1_000", "0x1F", "NaN", "nan", "inf",
        "infinity", "-inf", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "18446744073709551616", "4294967296", "2147483648", "99999999999999999999/3", "1/99999999999999999999",
        "3/0.5", "½½", "1½½", "⅞⅞", "١٢", "３", "²", "Ⅻ", "٣ eggs", "1e", "e5", "1e+", ".", "..", "/", "//", "1//2",
        "2-3", "2 - 3", "2 to 3", "2–3",
    ]
    static let units = [
        "g", "gram", "grams", "kg", "oz", "ounce", "lb", "lbs", "pound", "ml", "l", "liter", "litre", "tsp", "tbsp",
        "teaspoon", "tablespoon", "cup", "cups", "fl oz", "fl", "pint", "pints", "slice", "slices", "piece", "pieces",
        "medium", "large", "small", "can", "cans", "glass", "glasses", "scoop", "scoops", "serving", "servings",
        "bowl", "handful", "bar", "bottle", "of", "200g", "250ml", "1kg", "2oz", "0g", "1e9g", "5lb", "100 g",
    ]
    static let foods = [
        "banana", "bananas", "egg", "eggs", "toast", "oatmeal", "orange juice", "oj", "coke", "diet coke", "pb&j",
        "big mac", "burger", "coffee", "milk", "rice", "apple", "pizza", "salad", "chicken breast", "bacon",
        "7-up", "m&m's", "mac and cheese", "fish and chips", "salt and pepper", "xyzzy", "bananna", "ornage juice",
        "café au lait", "crème brûlée", "jalapeño", "açaí", "pho", "sushi", "寿司", "бублик", "موز", "בננה", "🍌",
        "🍕🍕", "👨‍👩‍👧‍👦", "🇯🇵", "👍🏽", "e\u{301}clair", "water", "beer", "wine", "pie",
    ]
    static let meals = [
        "breakfast", "lunch", "dinner", "snack", "snacks", "for breakfast", "for lunch", "at dinner", "brunch",
        "supper", "elevenses", "breakfast lunch", "for", "at",
    ]
    static let days = [
        "today", "yesterday", "2026-11-20", "2026-02-28", "2026-02-29", "2026-02-30", "2024-02-29", "0000-00-00",
        "0001-01-01", "9999-12-31", "10000-01-01", "2026-13-01", "2026-1-1", "mon", "monday", "sun", "-1", "-2",
        "-30", "-365", "-3650", "-99999", "-999999999", "-9223372036854775808", "2 days ago", "99999999999 days ago",
        "day mon", "tomorrow", "last week",
    ]
    static let joiners = ["and", "with", ",", "&", "+", ";", "and and", ", and", "plus", "then", "n", "'n'", "/"]
    static let kcal = [
        "kcal", "cal", "cals", "calories", "kcals", "650 kcal", "350 kcal", "0 kcal", "-5 kcal", "1e308 kcal",
        "20001 kcal", "20000 kcal", "1/0 kcal", "½ kcal", "kcal kcal", "100kcal", "kJ", "500 kj",
    ]
    static let commands = [
        "undo", "redo", "help", "help units", "help xyzzy", "?", "today", "yesterday", "week", "month", "quit", "exit",
        "delete 1", "edit 1", "move 1 lunch", "again", "copy yesterday breakfast", "search banana", "info banana",
        "foods", "rename a b", "forget banana", "weight 81.2", "water 500 ml", "delete", "edit", "move", "copy",
        "weight", "water", "ran 30 min", "#", "# a comment", "//", "--", "\\", "\"", "'", "`", "define x",
        "alias oj", "recipe r =", "rename a", "define protein bar = 210 kcal per bar", "alias oj = orange juice",
        "define", "alias", "recipe", "rename",
    ]
    static let oddScalars: [String] = [
        "\u{0}", "\u{1}", "\u{7}", "\u{8}", "\t", "\u{B}", "\u{C}", "\r", "\u{1B}", "\u{1B}[31m", "\u{7F}", "\u{85}",
        "\u{A0}", "\u{AD}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}",
        "\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{3000}", "\u{FEFF}", "\u{FFFD}",
        "\u{FFFF}", "\u{E000}", "\u{10FFFF}", "\u{301}", "\u{20DD}", "\u{1F3FB}", "\u{FE0F}", "\u{E0041}", "ﷺ",
        "𒐫", "ꧻ", "\u{1D7D8}", "Ⅷ", "ǅ", "ß", "İ", "ﬃ", "\u{0}\u{0}", "\n",
    ]

    // MARK: Drawing lines

    /// The line for `index`: a kind is picked by weight; every 5,000th line is a 1 MB line.
    mutating func next(_ index: Int) -> HostileLine {
        let line: HostileLine
        if index % 5_000 == 4_999 {
            line = megabyte()
            megabyteLines += 1
        } else {
            switch random.below(100) {
            case 0..<20: line = .text(grammarMix())
            case 20..<32: line = .text(mutated(random.pick(corpus)))
            case 32..<40: line = .text(numberHeavy())
            case 40..<48: line = .text(withOddScalars(grammarMix()))
            case 48..<53: line = .text(unicodeHeavy())
            case 53..<67: line = .bytes(invalidUTF8())
            case 67..<70: line = .text(repetition())
            case 70..<79: line = .bytes(randomBytes())
            case 79..<89: line = .text(randomScalars())
            case 89..<91: line = .text(atTheLengthLimit())
            case 91..<96:
                line = .bytes(
                    Array(mutated(random.pick(corpus)).utf8) + random.pick([[10], [13, 10], [13], [10, 10], []]))
            default: line = .text(random.pick(corpus))
            }
        }
        if case .bytes = line { byteLines += 1 }
        totalBytes += line.bytes.count
        return line
    }

    /// 1 to 12 words of the language in any order, with the odd number glued to a unit.
    private mutating func grammarMix() -> String {
        var parts: [String] = []
        for _ in 0..<(1 + random.below(12)) {
            switch random.below(10) {
            case 0, 1: parts.append(random.pick(Self.numbers))
            case 2: parts.append(random.pick(Self.units))
            case 3, 4: parts.append(random.pick(Self.foods))
            case 5: parts.append(random.pick(Self.meals))
            case 6: parts.append(random.pick(Self.days))
            case 7: parts.append(random.pick(Self.joiners))
            case 8: parts.append(random.pick(Self.kcal))
            default:
                parts.append(
                    random.below(3) == 0
                        ? random.pick(Self.commands) : random.pick(Self.numbers) + random.pick(Self.units))
            }
        }
        return join(parts)
    }

    private mutating func join(_ parts: [String]) -> String {
        var line = ""
        for (offset, part) in parts.enumerated() {
            if offset > 0 {
                line += random.pick([" ", " ", " ", " ", "", "  ", "\t", "\u{A0}", "\u{3000}", ", ", " , "])
            }
            line += part
        }
        return random.below(20) == 0
            ? random.pick(["", " ", "  ", "\t"]) + line + random.pick(["", " ", "\t "]) : line
    }

    /// A corpus line with scalars or words inserted, removed, swapped or repeated.
    private mutating func mutated(_ line: String) -> String {
        var scalars = Array(line.unicodeScalars)
        for _ in 0..<(1 + random.below(4)) {
            let at = scalars.isEmpty ? 0 : random.below(scalars.count + 1)
            switch random.below(7) {
            case 0 where !scalars.isEmpty:
                scalars.remove(at: min(at, scalars.count - 1))
            case 1:
                scalars.insert(contentsOf: random.pick(Self.oddScalars).unicodeScalars, at: at)
            case 2:
                scalars.insert(
                    contentsOf: (" " + random.pick(Self.numbers + Self.units + Self.joiners) + " ").unicodeScalars,
                    at: at)
            case 3 where !scalars.isEmpty:
                let from = random.below(scalars.count)
                let to = min(scalars.count, from + 1 + random.below(8))
                scalars.insert(contentsOf: Array(scalars[from..<to]), at: at)
            case 4:
                scalars.insert(Unicode.Scalar(UInt8(32 + random.below(95))), at: at)
            case 5 where !scalars.isEmpty:
                scalars[min(at, scalars.count - 1)] = random.scalar()
            default:
                scalars.insert(
                    contentsOf: (" " + random.pick(Self.kcal + Self.meals + Self.days) + " ").unicodeScalars, at: at)
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Numbers at their limits, in the places the grammar puts numbers.
    private mutating func numberHeavy() -> String {
        let digits = String(
            (0..<(1 + random.below(400))).map { _ in Character(Unicode.Scalar(UInt8(48 + random.below(10)))) })
        let number = random.pick(
            Self.numbers + [
                digits, "0." + digits, digits + "." + digits, "1/" + digits, digits + "/7", digits + "e" + digits,
                "x" + digits, digits + "x", digits + "g", "-" + digits,
            ])
        switch random.below(6) {
        case 0: return number
        case 1: return "\(number) \(random.pick(Self.foods))"
        case 2: return "\(number) \(random.pick(Self.units)) \(random.pick(Self.foods))"
        case 3: return "\(random.pick(Self.foods)) \(number) kcal"
        case 4: return "\(random.pick(Self.foods)) x\(number)"
        default: return "\(random.pick(Self.foods)) \(number) days ago"
        }
    }

    /// Control characters, NUL and invisible scalars put anywhere in a line.
    private mutating func withOddScalars(_ line: String) -> String {
        var scalars = Array(line.unicodeScalars)
        for _ in 0..<(1 + random.below(5)) {
            scalars.insert(contentsOf: random.pick(Self.oddScalars).unicodeScalars, at: random.below(scalars.count + 1))
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Right-to-left text, emoji sequences, combining marks stacked high, other scripts' digits.
    private mutating func unicodeHeavy() -> String {
        switch random.below(8) {
        case 0: return "\u{202E}" + grammarMix() + "\u{202C}"
        case 1: return "2 " + String(repeating: "\u{301}", count: 1 + random.below(60)) + "eggs"
        case 2:
            return "e"
                + String(
                    repeating: "\u{301}\u{316}\u{35C}",
                    count: random.below(2) == 0 ? 1 + random.below(40) : 334 + random.below(100))
        case 3: return String(repeating: "👨‍👩‍👧‍👦", count: 1 + random.below(20)) + " 2 eggs"
        case 4: return "٣ موز و ٢ " + random.pick(Self.foods) + " غداء"
        case 5: return "2 בננות " + random.pick(Self.meals) + " \u{200F}"
        case 6: return "２ ｅｇｇｓ ａｎｄ ｔｏａｓｔ"
        default:
            return random.pick(Self.numbers) + random.pick(["🍌", "🇯🇵", "👍🏽", "\u{1F3FB}", "\u{FE0F}", "🏳️‍🌈"]) + " "
                + random.pick(Self.foods)
        }
    }

    /// Valid text with bytes that are not UTF-8 spliced in: stray continuation bytes, cut
    /// sequences, overlong forms, surrogates, bytes above F4.
    private mutating func invalidUTF8() -> [UInt8] {
        let bad: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xE0, 0x80, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80],
            [0xED, 0xBF, 0xBF], [0xF0, 0x82, 0x82, 0xAC], [0xF0, 0x9F, 0x8D], [0xF4, 0x90, 0x80, 0x80], [0xF5],
            [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFC], [0xFE], [0xFF], [0xFF, 0xFE], [0xEF, 0xBB], [0xC3, 0x28],
        ]
        var bytes = Array(grammarMix().utf8)
        for _ in 0..<(1 + random.below(3)) {
            bytes.insert(contentsOf: random.pick(bad), at: random.below(bytes.count + 1))
        }
        if random.below(4) == 0 { bytes.append(10) }
        return bytes
    }

    /// `and`, commas and whole items repeated far past any limit.
    private mutating func repetition() -> String {
        let count = random.pick([2, 29, 30, 31, 100, 1_000, 10_000])
        switch random.below(6) {
        case 0: return String(repeating: "and ", count: count) + "eggs"
        case 1: return "eggs" + String(repeating: ",", count: count)
        case 2: return String(repeating: "a banana and ", count: count) + "toast"
        case 3: return String(repeating: "2 eggs, ", count: count)
        case 4: return String(repeating: "(", count: count) + "eggs" + String(repeating: ")", count: count)
        default: return Array(repeating: random.pick(Self.joiners), count: count).joined(separator: " ")
        }
    }

    private mutating func randomBytes() -> [UInt8] {
        (0..<random.below(200)).map { _ in UInt8(random.below(256)) }
    }

    private mutating func randomScalars() -> String {
        var view = String.UnicodeScalarView()
        for _ in 0..<random.below(120) { view.append(random.scalar()) }
        return String(view)
    }

    /// Lines of 999 to 1,001 scalars, some of them several bytes long.
    private mutating func atTheLengthLimit() -> String {
        let target = 999 + random.below(3)
        let fillers: [Unicode.Scalar] = ["a", "é", "€", "🍌", "\u{301}", " "]
        var scalars = Array("2 eggs ".unicodeScalars)
        scalars += Array(repeating: random.pick(fillers), count: target - scalars.count)
        return String(String.UnicodeScalarView(scalars))
    }

    /// A line of a million bytes or scalars.
    ///
    /// The one that is not UTF-8 has its bad bytes at the start, the middle and the end, not
    /// everywhere: repairing each bad byte throws inside the standard library, and under Swift
    /// Testing every throw records a backtrace (about 10 µs in a debug build), so a megabyte of
    /// bad bytes would take seconds here that it does not take in the program.
    private mutating func megabyte() -> HostileLine {
        switch random.below(5) {
        case 0: return .text(String(repeating: "a", count: 1 << 20))
        case 1: return .text(String(repeating: "9", count: 1 << 20))
        case 2: return .text(String(repeating: "and ", count: 1 << 18))
        case 3:
            var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
            for at in [0, 1 << 19, (1 << 20) - 1] { bytes[at] = 0xFF }
            return .bytes(bytes)
        default: return .text("2 eggs " + String(repeating: "🍌", count: 1 << 18))
        }
    }
}

/// SplitMix64 with the draws the generator needs.
struct LineRandom {
    private var source: SeededGenerator

    init(seed: UInt64) {
        source = SeededGenerator(seed: seed)
    }

    mutating func next() -> UInt64 {
        source.next()
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int {
        bound <= 1 ? 0 : Int(next() % UInt64(bound))
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }

    /// Any Unicode scalar, the small ones more often.
    mutating func scalar() -> Unicode.Scalar {
        let limits: [UInt32] = [0x80, 0x800, 0x1_0000, 0x11_0000]
        let limit = limits[below(limits.count)]
        while true {
            if let scalar = Unicode.Scalar(UInt32(next() % UInt64(limit))) { return scalar }
        }
    }
}
