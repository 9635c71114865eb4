/// What `doctor` can read of a month file that the store refuses: its entries, each once.
///
/// Why: a month the store cannot read stops every change to it, and putting back its backup loses
/// the file's last change. What can still be read of the file itself is the better start.
struct MonthSalvage: Equatable {
    /// The entries read, each id once (the first of each kept), in the file's order.
    var entries: [Entry] = []
    /// How many entries were left out because an earlier entry has their id.
    var repeatsRemoved = 0
    /// The lines (from 1) of the parts of the file that could not be read as entries.
    var unreadableLines: [Int] = []

    /// True when every entry of the file was read: only repeats were wrong with it.
    var isWhole: Bool { unreadableLines.isEmpty }

    /// The entries as a month file keeps them: by date, then time, then the order they are in.
    var orderedEntries: [Entry] {
        entries.enumerated()
            .sorted { ($0.element.date, $0.element.time, $0.offset) < ($1.element.date, $1.element.time, $1.offset) }
            .map(\.element)
    }

    /// What can be read of `fileBytes`, the file for `month`.
    init(_ fileBytes: [UInt8], month: String) {
        guard
            let file = try? MonthFile.decode(
                fileBytes, month: month, path: "", allowingRepeatedIDs: true)
        else {
            unreadableLines = [1]
            return
        }
        add(file.entries)
    }

    /// Appends `read`, leaving out each entry whose id is already there.
    private mutating func add(_ read: [Entry]) {
        var seen = Set(entries.map(\.id))
        for entry in read {
            if seen.insert(entry.id).inserted {
                entries.append(entry)
            } else {
                repeatsRemoved += 1
            }
        }
    }
}
