import CalorinaJournal
import CalorinaModel
import CalorinaMonths

extension SuggestReport {
    /// The foods of `entries` (`meal`'s over the last `days`, in date and time order) ranked for
    /// `suggest`, each once, with its newest portion and how often it was logged: what fits in
    /// the kcal `left` today first, then the most often, then the newest; at most eight. With the
    /// newest entry of each, in the same order, to pick from.
    package static func ranking(
        _ entries: [Entry], meal: Meal, days: Int, left: Double
    ) -> (report: SuggestReport, newest: [Entry]) {
        let ranked = Self.ranked(entries, left: left)
        return (SuggestReport(meal: meal, days: days, rows: ranked.map(\.row)), ranked.map(\.newest))
    }

    static func ranked(_ entries: [Entry], left: Double) -> [(row: Row, newest: Entry)] {
        var rows: [String: (row: Row, last: Int)] = [:]
        for (offset, entry) in entries.enumerated() {
            let key = entry.food.lowercased()
            let times = (rows[key]?.row.times ?? 0) + 1
            // Entries are in date and time order: the last one seen is the newest portion.
            rows[key] = (Row(food: entry.food, portion: entry.portion, kcal: entry.kcal, times: times), offset)
        }
        let ranked = rows.values.sorted { a, b in
            let aFits = a.row.kcal <= left
            let bFits = b.row.kcal <= left
            if aFits != bFits { return aFits }
            return a.row.times != b.row.times ? a.row.times > b.row.times : a.last > b.last
        }.prefix(8)
        return ranked.map { ($0.row, entries[$0.last]) }
    }
}
