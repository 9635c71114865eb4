import CalorinaFiles
import CalorinaSupport

/// What `doctor` can read of a month file that the store refuses: its entries, each once, and
/// where the parts that could not be read are.
///
/// Why: a month the store cannot read stops every change to it, and its backup lacks the file's
/// last change. What can still be read of the file itself is the better start; the backup fills
/// in what could not be read (see `Doctor`).
///
/// How: when the file reads whole but for entries that repeat an earlier one, those are left out.
/// Otherwise it is read one entry object at a time: at every `{`, a whole entry is tried (with the
/// month reader's own rules, so that what it keeps the store reads); one that reads is kept and
/// the search goes on after it, one that does not is skipped. A file cut short, a stray byte in
/// one entry or a missing brace costs the entries it touches and no others.
public struct MonthSalvage: Equatable {
    /// The entries read, each id once (the first of each kept), in the file's order.
    public var entries: [Entry] = []
    /// How many entries were left out because an earlier entry has their id.
    public var repeatsRemoved = 0
    /// The lines (from 1) where parts of the file that could not be read as entries start.
    public var unreadableLines: [Int] = []
    /// True when the file reads whole but for repeated entries: nothing in it is lost.
    public private(set) var isWhole = false

    /// The entries as a month file keeps them: by date, then time, then the order they are in.
    public var orderedEntries: [Entry] { Self.ordered(entries) }

    /// `entries` by date, then time, then the order they are in.
    public static func ordered(_ entries: [Entry]) -> [Entry] {
        entries.enumerated()
            .sorted { ($0.element.date, $0.element.time, $0.offset) < ($1.element.date, $1.element.time, $1.offset) }
            .map(\.element)
    }

    /// What can be read of `fileBytes`, the file for `month`.
    public init(_ fileBytes: [UInt8], month: String) {
        if let file = try? MonthFile.decode(fileBytes, month: month, path: "", allowingRepeatedIDs: true) {
            isWhole = true
            add(file.entries)
            return
        }
        let bytes = Array(ByteOrderMark.dropped(from: fileBytes))
        var damage: [Int] = []
        // The file's own brace is not an entry's.
        var index = bytes.firstIndex { !Self.isBlank($0) }.map { $0 + 1 } ?? bytes.count
        // Where the last entry read ends, and whether damage was seen since.
        var afterEntry: Int?
        var damagedSince = false
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            guard let (entry, end) = MonthCodec.entry(in: bytes, at: index) else {
                // Only a brace where an entry may start counts as one that could not be read: one
                // inside text does not.
                if Self.startsAnElement(bytes, at: index) {
                    damage.append(index)
                    damagedSince = true
                }
                index += 1
                continue
            }
            // Between two entries there is a comma; anything else is what is left of one.
            if let previous = afterEntry, !damagedSince, let odd = Self.firstOddByte(bytes, from: previous, to: index) {
                damage.append(odd)
            }
            if MonthKey.month(ofDate: entry.date) == month {
                add([entry])
            } else {
                damage.append(index)
            }
            afterEntry = end
            damagedSince = false
            index = end
        }
        // A file cut between two entries: no entry is broken, but the list never ends.
        if !damagedSince, !bytes[(afterEntry ?? 0)...].contains(UInt8(ascii: "]")) {
            damage.append(bytes.count)
        }
        unreadableLines = Array(Set(damage.map { JSONLocator.position(of: $0, in: bytes).line })).sorted()
        if unreadableLines.isEmpty {
            // Every entry read, yet the file did not: what is wrong is around them (the version,
            // the month, a field Calorina does not know), and is reported where it is.
            unreadableLines = [1]
        }
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

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// True when the `{` at `index` follows a `[` or a `,`, as an element of a list does.
    private static func startsAnElement(_ bytes: [UInt8], at index: Int) -> Bool {
        var before = index - 1
        while before >= 0, isBlank(bytes[before]) { before -= 1 }
        return before >= 0 && (bytes[before] == UInt8(ascii: "[") || bytes[before] == UInt8(ascii: ","))
    }

    /// The offset of the first byte from `start` to `end` that is neither blank nor the one comma
    /// between two elements.
    private static func firstOddByte(_ bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var commas = 0
        for index in start..<end where !isBlank(bytes[index]) {
            if bytes[index] == UInt8(ascii: ","), commas == 0 {
                commas += 1
                continue
            }
            return index
        }
        return nil
    }
}
