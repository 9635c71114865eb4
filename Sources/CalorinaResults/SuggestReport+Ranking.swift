import CalorinaJournal

extension SuggestReport {
    /// The foods of `entries` (a meal's, in date and time order) ranked for `suggest`, each once,
    /// with its newest portion, how often it was logged, and that newest entry: what fits in the
    /// kcal `left` today first, then the most often, then the newest; at most eight.
    package static func ranked(_ entries: [Entry], left: Double) -> [(row: Row, newest: Entry)] {
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
