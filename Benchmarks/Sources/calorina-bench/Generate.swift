import CalorinaCore
import Foundation
import SeededRandom

/// Why a line does not resolve.
struct Problem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Writes synthetic journals and scripts from `Meals`.
struct Generator {
    let resolver = Resolver(index: .bundled)
    private var cache: [String: [ResolvedItem]] = [:]

    /// The items a line resolves to, or the reason it does not.
    mutating func resolve(_ line: String) -> Result<[ResolvedItem], Problem> {
        if let items = cache[line] { return .success(items) }
        let command: Command
        do {
            command = try Parser.parse(line)
        } catch {
            return .failure(Problem("parse: \(error.message)"))
        }
        guard case .log(let log) = command else { return .failure(Problem("not a log line")) }
        switch resolver.resolve(log) {
        case .success(let items):
            cache[line] = items
            return .success(items)
        case .failure(let failure):
            return .failure(Problem(failure.errors.map(\.message).joined(separator: "; ")))
        }
    }

    /// What an exercise entry holds.
    struct Workout {
        var name: String
        var minutes: Double
        var portion: String
        var kcal: Double
    }

    /// The exercise entry a line makes, as the session makes it: the activity's MET × weight × time.
    func exercise(_ line: String, weightKg: Double) -> Result<Workout, Problem> {
        guard case .exercise(let command)? = try? Parser.parse(line) else { return .failure(Problem("not exercise")) }
        guard let activity = ActivityTable.bundled.find(command.activity) else {
            return .failure(Problem("unknown activity '\(command.activity)'"))
        }
        var minutes = command.minutes
        if minutes == nil, let km = command.kilometers, let speed = activity.speedKmh, speed > 0 {
            minutes = km / speed * 60
        }
        guard let minutes else { return .failure(Problem("no time for '\(line)'")) }
        var portion = command.kilometers.map { "\(Format.number($0)) km" } ?? ""
        portion += (portion.isEmpty ? "" : ", ") + "\(Format.integer(minutes)) min"
        let kcal = Energy.burned(met: activity.met, weightKg: weightKg, minutes: minutes)
        return .success(
            Workout(
                name: activity.name, minutes: Format.rounded(minutes, places: 1), portion: portion,
                kcal: Format.rounded(kcal, places: 1)))
    }

    /// The meals a person has, 150 of each kind: people eat the same things again and again, and
    /// a generator that resolves each line once stays fast.
    private var pools: [Meal: [[String]]] = [:]

    /// A meal's lines, drawn from the pool.
    mutating func lines(for meal: Meal, using random: inout SeededGenerator) -> [String] {
        if pools[meal] == nil {
            var poolRandom = SeededGenerator(seed: 7 + UInt64(Meal.allCases.firstIndex(of: meal) ?? 0))
            pools[meal] = (0..<150).map { _ in makeLines(for: meal, using: &poolRandom) }
        }
        return (pools[meal] ?? []).pick(using: &random)
    }

    /// A meal's lines: the groups of `Meals.groups` joined, or their items one a line when the
    /// joined line does not resolve.
    private mutating func makeLines(for meal: Meal, using random: inout SeededGenerator) -> [String] {
        var lines: [String] = []
        for group in Meals.groups(for: meal, using: &random) {
            let items = Array(group.dropFirst())
            let joined = items.joined(separator: group[0])
            if case .success = resolve(joined) {
                lines.append(joined)
            } else {
                lines += items
            }
        }
        return lines
    }

    /// Problems with the meal catalogue: every item alone must resolve, every exercise and water
    /// line must parse as such.
    mutating func checkMeals() -> [String] {
        var problems: [String] = []
        for line in Meals.exercise {
            if case .failure(let reason) = exercise(line, weightKg: 80) {
                problems.append("exercise: '\(line)': \(reason)")
            }
        }
        for (line, _) in Meals.water {
            // `water +250` is a water command; `water 500 ml` a log line the session takes as water.
            switch try? Parser.parse(line) {
            case .water?: continue
            case .log?: if case .failure(let reason) = resolve(line) { problems.append("water: '\(line)': \(reason)") }
            default: problems.append("water: '\(line)' is neither water nor a log line")
            }
        }
        for meal in Meal.allCases {
            for item in Meals.items(for: meal) {
                if case .failure(let reason) = resolve(item) { problems.append("\(meal): '\(item)': \(reason)") }
            }
        }
        return problems
    }

    /// Writes `days` days of meals ending on `end` into the data folder `root` through
    /// `JournalStore.apply`, so the files are in exactly the format Calorina reads.
    mutating func writeJournal(root: String, end: CivilDate, days: Int, seed: UInt64) throws -> [String: Any] {
        var random = SeededGenerator(seed: seed)
        let store = try JournalStore(root: URL(fileURLWithPath: root))
        var changes: [JournalChange] = []
        var loggedDays = 0
        var lines = 0
        var kinds: [String: Int] = ["food": 0, "weight": 0, "water": 0, "exercise": 0]
        // Weight drifts: down from 86 kg over the years, with a season and day-to-day noise.
        var trend = 86.0
        for offset in stride(from: days - 1, through: 0, by: -1) {
            let date = end.adding(days: -offset)
            trend += Double.random(in: -0.05...0.045, using: &random)
            trend = min(max(trend, 72), 95)
            // About one day in thirty nothing is logged (travel, illness, a day off).
            if Int.random(in: 0..<30, using: &random) == 0 { continue }
            loggedDays += 1
            let season = sin(Double(date.month) / 12 * 2 * .pi) * 0.8
            let weight = Format.rounded(trend + season + Double.random(in: -0.6...0.6, using: &random), places: 1)
            func add(_ entry: Entry, _ kind: String) {
                changes.append(.add(entry))
                kinds[kind, default: 0] += 1
            }
            // Weighed most mornings (four days in seven).
            if Int.random(in: 0..<7, using: &random) < 4 {
                let text = "weight \(Format.number(weight))"
                add(
                    Entry(
                        id: Generator.id(using: &random), date: date.description,
                        time: Meals.time(for: .breakfast, using: &random), meal: .breakfast, food: "Weight",
                        quantity: weight, unit: "kg", portion: "\(Format.number(weight)) kg", grams: nil, kcal: 0,
                        text: text, kind: .weight), "weight")
                lines += 1
            }
            // Water two to four times a day.
            for _ in 0..<Int.random(in: 2...4, using: &random) {
                let meal = Meal.allCases.pick(using: &random)
                let (text, ml) = Meals.water.pick(using: &random)
                add(
                    Entry(
                        id: Generator.id(using: &random), date: date.description,
                        time: Meals.time(for: meal, using: &random), meal: meal, food: "Water", quantity: ml,
                        unit: "ml",
                        portion: "\(Format.integer(ml)) ml", grams: ml, kcal: 0, text: text, kind: .water), "water")
                lines += 1
            }
            // Exercise one day in two.
            if Bool.random(using: &random) {
                let text = Meals.exercise.pick(using: &random)
                guard case .success(let done) = exercise(text, weightKg: weight) else {
                    fail("'\(text)' is not exercise")
                }
                let meal: Meal = Bool.random(using: &random) ? .snack : .dinner
                add(
                    Entry(
                        id: Generator.id(using: &random), date: date.description,
                        time: Meals.time(for: meal, using: &random), meal: meal, food: done.name,
                        quantity: done.minutes, unit: "min", portion: done.portion, grams: nil, kcal: done.kcal,
                        text: text, kind: .exercise), "exercise")
                lines += 1
            }
            for meal in Meal.allCases {
                // Snacks are skipped one day in eight.
                if meal == .snack && Int.random(in: 0..<8, using: &random) == 0 { continue }
                let time = Meals.time(for: meal, using: &random)
                for line in self.lines(for: meal, using: &random) {
                    let items: [ResolvedItem]
                    switch resolve(line) {
                    case .success(let resolved): items = resolved
                    case .failure(let reason): fail("generated line '\(line)' does not resolve: \(reason)")
                    }
                    lines += 1
                    let text = Bool.random(using: &random) ? line + " " + meal.rawValue : line
                    for item in items {
                        let entry = Entry(
                            id: Generator.id(using: &random), date: date.description, time: time, meal: meal,
                            food: item.food, code: item.code, quantity: item.quantity, unit: item.unit,
                            portion: item.amount, grams: item.grams, kcal: item.kcal, protein: item.protein,
                            carbs: item.carbs, fat: item.fat, text: text)
                        add(entry, "food")
                    }
                }
            }
        }
        try store.apply(changes)
        let months = try store.storedMonths()
        return [
            "entries": changes.count, "kinds": kinds, "days": days, "logged_days": loggedDays, "lines": lines,
            "months": months.count, "first": months.first ?? "", "last": months.last ?? "",
        ]
    }

    /// A script of `count` lines, made of days as people log them (about a dozen lines a day:
    /// meals, each line naming its meal, water, most days a weight, every other day exercise). Dated: the days are spread over the `spanDays` days that
    /// end on `end` (about 27 lines a day for 100,000 lines over ten years), each line naming its
    /// day (`2 eggs and toast breakfast 2016-03-04`), so that they land in every month of the
    /// span. Undated: every line goes to today.
    mutating func script(count: Int, dated: Bool, end: CivilDate, spanDays: Int, seed: UInt64)
        -> (text: String, info: [String: Any])
    {
        var random = SeededGenerator(seed: seed)
        var days: [[String]] = []
        var total = 0
        var weight = 84.0
        while total < count {
            var day: [String] = []
            weight = min(max(weight + Double.random(in: -0.3...0.28, using: &random), 70), 95)
            if Int.random(in: 0..<7, using: &random) < 4 {
                day.append("weight \(Format.number(Format.rounded(weight, places: 1)))")
            }
            for meal in Meal.allCases {
                for line in self.lines(for: meal, using: &random) { day.append(line + " " + meal.rawValue) }
                if Int.random(in: 0..<3, using: &random) > 0 { day.append(Meals.water.pick(using: &random).0) }
            }
            if Bool.random(using: &random) { day.append(Meals.exercise.pick(using: &random)) }
            days.append(day)
            total += day.count
        }
        let first = end.adding(days: 1 - spanDays)
        var text = ""
        text.reserveCapacity(count * 48)
        var written = 0
        var items = 0
        var dates = Set<String>()
        var months = Set<String>()
        for (number, day) in days.enumerated() {
            let date = first.adding(days: number * spanDays / days.count)
            for line in day where written < count {
                let full = dated ? line + " " + date.description : line
                switch try? Parser.parse(full) {
                case .log(let command)?:
                    guard !dated || command.day != nil else { fail("script line '\(full)' lost its day") }
                    // The line without its day resolves the same, and is resolved once.
                    switch resolve(line) {
                    case .success(let resolved): items += resolved.count
                    case .failure(let reason): fail("script line '\(line)' does not resolve: \(reason)")
                    }
                case .water(_, let day)?, .weight(_, _, let day)?:
                    guard !dated || day != nil else { fail("script line '\(full)' lost its day") }
                    items += 1
                case .exercise(let command)?:
                    guard !dated || command.day != nil else { fail("script line '\(full)' lost its day") }
                    items += 1
                default:
                    fail("script line '\(full)' is not a log, water, weight or exercise line")
                }
                text += full + "\n"
                written += 1
                dates.insert(date.description)
                months.insert(date.monthKey)
            }
        }
        return (
            text,
            [
                "lines": written, "items": items, "dated": dated, "days": dated ? dates.count : 1,
                "months": dated ? months.count : 1, "first_day": dated ? first.description : end.description,
                "last_day": end.description,
            ]
        )
    }

    /// A random entry id: 16 lowercase hex digits, as Calorina writes them.
    static func id(using random: inout SeededGenerator) -> String {
        let hex = String(random.next(), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
