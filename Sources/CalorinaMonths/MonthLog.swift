import CalorinaFiles

/// The log of a large month: `journal/YYYY-MM.N.log`, the entries added to the month after its
/// file was last written, one per line, in the order they were added.
///
/// ```
/// {"date":"2026-11-22","food":"Banana, raw","id":"…",…}
/// {"date":"2026-11-22","food":"Oatmeal",…}
/// ```
///
/// Why: a month file is rewritten whole at every change, so a script that logs a hundred thousand
/// lines onto one day wrote the day again and again, and held all of it in memory to do so
/// (issue 15). Once a month holds `threshold` entries, its file is written naming a log
/// (`MonthFile.log`, version 3), and a change that only adds entries appends them to the log
/// instead: the month is neither read nor rewritten. Any other change (an edit, a delete, an undo)
/// rewrites the month whole, with what the log held, naming a new log.
///
/// Crash safety, under the folder's lock:
/// - an append writes whole lines and syncs the log before the change counts as done (the log's
///   name is synced with the folder when the append made the file). A power cut during an
///   append can leave the last line cut short: a last line without its newline was never
///   reported as saved, and is left out (`entries(in:)`); the next change to the month then
///   rewrites it whole rather than append after the broken line.
/// - a rewrite first removes any file left with the new log's name, then renames the new month
///   file into place naming that log; the old log, no longer named, is removed afterwards. Cut
///   anywhere, the month file on disk names a log that holds exactly what belongs with it.
public enum MonthLog {
    /// How many entries a month holds before its next rewrite starts a log. A month of a person's
    /// meals holds a few hundred; only a month filled by a script or an import reaches this.
    package static let threshold = 2_000

    /// The log's path for the month file at `monthPath` (`…/2026-11.json`) and log number.
    public static func path(ofMonthFile monthPath: String, log: Int) -> String {
        String(monthPath.dropLast(5)) + ".\(log).log"
    }

    /// What reading a log found.
    public struct Read {
        /// Its entries, in the order they were added.
        public var entries: [Entry]
        /// False when the last line was cut short (a power cut during an append): it is left out,
        /// and the log must not be appended to before the month is rewritten.
        public var endsWhole: Bool
    }

    /// The entries of the log in `bytes`, of `month`, read from `path` (for errors).
    ///
    /// - Throws: `StoreError.unreadable` with the line and column of a line that is not an entry
    ///   Calorina reads, or of an entry of another month; a last line without its newline is
    ///   not an error (see `Read.endsWhole`).
    public static func entries(in bytes: [UInt8], month: String, path: String) throws(StoreError) -> Read {
        var entries: [Entry] = []
        var start = 0
        var line = 1
        let newline = UInt8(ascii: "\n")
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        while start < bytes.count {
            guard let end = bytes[start...].firstIndex(of: newline) else {
                // A power cut during an append leaves a prefix of a line, never more than a whole
                // one: a whole line with one more byte is a newline that changed.
                if bytes.count - start > 1,
                    case .matches = MonthChecksum.lineVerdict(
                        bytes, start: start, end: bytes.count - 1)
                {
                    throw StoreError.unreadable(
                        path: path, line: line, column: bytes.count - start,
                        reason: "the line ends in a byte that is not a newline: the file changed on the disk"
                            + " or in a copy")
                }
                return Read(entries: entries, endsWhole: false)
            }
            if bytes[start..<end].allSatisfy(isBlank) {
                start = end + 1
                line += 1
                continue
            }
            entries.append(try entry(in: bytes, from: start, to: end, month: month, path: path, line: line))
            start = end + 1
            line += 1
        }
        return Read(entries: entries, endsWhole: true)
    }

    /// The entry of the log line `bytes[start..<end]` (no newline, not blank), of `month`,
    /// its checksum checked when it has one; `path` and `line` for errors. Every reader of a log
    /// reads its lines here (the streaming undo of a large script read them without their
    /// checksums, and refused every line of a version 4 log).
    ///
    /// - Throws: `StoreError.unreadable` naming the line.
    package static func entry(
        in bytes: [UInt8], from start: Int, to end: Int, month: String, path: String, line: Int
    ) throws(StoreError) -> Entry {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        var lineEnd = end
        while lineEnd > start, isBlank(bytes[lineEnd - 1]) { lineEnd -= 1 }
        let parsed: (entry: Entry, end: Int)?
        switch MonthChecksum.lineVerdict(bytes, start: start, end: lineEnd) {
        case .differs:
            throw StoreError.unreadable(
                path: path, line: line, column: 1,
                reason: "the line's bytes are not those Calorina wrote (its checksum does not match them):"
                    + " they changed on the disk or in a copy")
        case .matches(let bodyEnd):
            // The entry without its checksum member: what `MonthCodec.line` made it from.
            let object = Array(bytes[start..<bodyEnd]) + [UInt8(ascii: "}")]
            parsed = MonthCodec.entry(in: object, at: 0).flatMap { $0.end == object.count ? ($0.entry, end) : nil }
        case .absent:
            parsed = MonthCodec.entry(in: bytes, at: start)
        }
        guard start < end, bytes[start] == UInt8(ascii: "{"), let (entry, entryEnd) = parsed,
            entryEnd <= end, bytes[entryEnd..<end].allSatisfy(isBlank)
        else {
            throw StoreError.unreadable(
                path: path, line: line, column: 1, reason: "the line is not an entry Calorina reads")
        }
        guard MonthKey.month(ofDate: entry.date) == month else {
            throw StoreError.unreadable(
                path: path, line: line, column: 1, reason: "the date '\(entry.date)' is not a day of \(month)")
        }
        return entry
    }

    /// The lines that append `entries` to a log.
    package static func lines(_ entries: [Entry]) -> [UInt8] {
        var bytes: [UInt8] = []
        for entry in entries { bytes += MonthCodec.line(entry) }
        return bytes
    }
}
