import CalorinaFoods
import CalorinaJournal

/// A script's changes folded into one, as they are made, so that `undo` after the script takes
/// the whole script back (PRODUCT.md: an import, and a script, is one change).
///
/// A script may add a hundred thousand entries; one record listing them all would make the
/// script's memory grow with its lines and `undo.json` tens of megabytes, rewritten at every
/// later change. So a script's entries get ids of their own (a random prefix, then a count), and
/// past `fullLimit` of them the record keeps only that prefix and the months they went to: undo
/// finds them by their ids. What the script did to entries that were there before it (an edit, a
/// delete) is always kept whole, as are its changes to the profile and the user's foods. A script
/// small enough to list keeps a full record, which redo can put back too.
package struct ScriptChange {
    /// The most entries of the script's own a record lists; past it, the record keeps the prefix.
    package static let fullLimit = 1_000

    /// The script's id prefix: 10 of an id's 16 hex digits, random, the other 6 a count.
    package let idPrefix: String
    private var nextCount = 0
    /// How many changes were folded in, and the first and last in words.
    package private(set) var changes = 0
    private var firstChange = ""
    private var lastChange = ""
    /// Entries there before the script, as they were, that it took out or changed.
    private var originals: [String: Entry] = [:]
    private var originalOrder: [String] = []
    /// Entries the script put in, as it last left them (nil once taken out again). Once the
    /// record is compact, only those without the script's prefix (an import's).
    private var current: [String: Entry?] = [:]
    private var addedOrder: [String] = []
    private var ownListed = 0
    /// Where deleted entries that were there before stood (see `ChangeSet.places`).
    private var places: [String: String] = [:]
    /// The months the script's own entries went to.
    private var months: Set<String> = []
    /// True once the script's own entries are no longer listed.
    package private(set) var isCompact = false
    /// The profile's fields the script set: each as it was before the script and as it left it.
    private var fields: [String: FieldChange] = [:]
    private var foods: [UserFoodsChange] = []

    package init() {
        var generator = SystemRandomNumberGenerator()
        let value: UInt64 = generator.next() & 0xFF_FFFF_FFFF
        let hex = String(value, radix: 16)
        idPrefix = String(repeating: "0", count: 10 - hex.count) + hex
    }

    /// The next id of the script's own, or nil once the count runs out (then ids are random).
    package mutating func nextID() -> String? {
        guard nextCount <= 0xFF_FFFF else { return nil }
        let hex = String(nextCount, radix: 16)
        nextCount += 1
        return idPrefix + String(repeating: "0", count: 6 - hex.count) + hex
    }

    private func isOwn(_ id: String) -> Bool { id.count == 16 && id.hasPrefix(idPrefix) }

    /// Folds in the next change the script made.
    package mutating func fold(_ record: UndoRecord) {
        changes += 1
        if changes == 1 { firstChange = record.change }
        lastChange = record.change
        for entry in record.redo.remove {
            if isOwn(entry.id) {
                if !isCompact, current[entry.id] != nil { current[entry.id] = .some(nil) }
            } else if case .some(.some) = current[entry.id] {
                current[entry.id] = .some(nil)
            } else if originals[entry.id] == nil, current[entry.id] == nil {
                originals[entry.id] = entry
                originalOrder.append(entry.id)
            }
            if originals[entry.id] != nil, places[entry.id] == nil, let place = record.redo.places?[entry.id] {
                places[entry.id] = place
            }
        }
        for entry in record.redo.add {
            if isOwn(entry.id) {
                if let month = MonthKey.month(ofDate: entry.date) { months.insert(month) }
                if isCompact { continue }
                if current[entry.id] == nil { ownListed += 1 }
            }
            if current[entry.id] == nil { addedOrder.append(entry.id) }
            current[entry.id] = .some(entry)
        }
        if !isCompact, ownListed > ScriptChange.fullLimit {
            isCompact = true
            let prefix = idPrefix
            let own: (String) -> Bool = { $0.count == 16 && $0.hasPrefix(prefix) }
            addedOrder.removeAll(where: own)
            current = current.filter { !own($0.key) }
        }
        for change in record.profileChanges ?? [] {
            fields[change.field, default: change].after = change.after
        }
        foods += record.foods ?? []
    }

    /// What the record of a script stopped before its end says.
    package var stoppedText: String {
        changes == 1
            ? "a script stopped before its end: \(firstChange)"
            : "a script stopped before its end, from '\(firstChange)'"
    }

    /// The script as one record, or nil when it changed nothing.
    package func record(lines: Int) -> UndoRecord? {
        guard changes > 0 else { return nil }
        let change =
            changes == 1
            ? "a script: \(firstChange)"
            : "a script of \(lines) lines: \(changes) changes, '\(firstChange)' … '\(lastChange)'"
        let redo = ChangeSet(
            remove: originalOrder.compactMap { originals[$0] },
            add: addedOrder.compactMap { current[$0] ?? nil },
            places: places.isEmpty ? nil : places)
        var record = UndoRecord(change: change, undo: redo.inverse, redo: redo, foods: foods.isEmpty ? nil : foods)
        let set = fields.values.filter { $0.before != $0.after }.sorted { $0.field < $1.field }
        if !set.isEmpty { record.fields = set }
        if isCompact {
            // Redo would need every entry: a script this large is run again instead.
            record.redo = ChangeSet()
            record.scriptEntries = ScriptEntries(idPrefix: idPrefix, months: months.sorted())
        }
        return record
    }
}
