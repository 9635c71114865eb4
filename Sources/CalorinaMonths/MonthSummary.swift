import CalorinaFiles
import CalorinaModel
import CalorinaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A month's day sums, kept beside the journal in `root/cache/YYYY-MM.days` so that a view of
/// years (`history 3650`, `year`) reads one short line a day instead of decoding every entry.
///
/// A cache, never the record: it names the month file it was made from by that file's stamp
/// (device, inode, size and times), and a summary whose stamp is not the month file's now, or
/// that does not read whole, is made again from the month file. Deleting the `cache` folder
/// loses nothing. Written without a sync and replaced by rename: after a crash it is whole,
/// missing, or refused for its stamp or its `end` line.
///
/// ```
/// calorina-days 1
/// stamp 2049 1837466 48213 1795368000 123456789 1795368000 123456789
/// log 2 2049 1837470 912 1795368100 5000 1795368100 5000
/// day 2026-11-01 12 10 21:40 2104.5 98.2 240 71.3 21.4 60.2 20.1 2140 9 10 10 9 320 8500 1500 81.2
/// end 1
/// ```
/// A day's fields follow `DaySums`: date, entries, food entries, latest time, kcal, each
/// nutrient in `Nutrient`'s order (the macros, then the others), how many food entries knew
/// each of the others, burned, steps, water, weight; `-` for a value unknown. The `log` line is there when
/// the month file names a log (`MonthLog`): its number and the log's stamp (`none` when it had
/// no file yet).
package enum MonthSummary {
    /// One folder a merged month was read from: its name (a device's, or `legacySourceName`),
    /// its month file's stamp, and the log that file names.
    package struct MergedSource {
        package var name: String
        package var stamp: FileStamp
        package var log: (number: Int, stamp: FileStamp?)?

        package init(name: String, stamp: FileStamp, log: (number: Int, stamp: FileStamp?)?) {
            self.name = name
            self.stamp = stamp
            self.log = log
        }
    }

    /// The format: raise it whenever `DaySums` gains or changes a field, so that summaries of the
    /// old shape are made again rather than read wrong.
    package static let version = 1

    /// The summary's text for `days`, made from the month file of `stamp` and the log it names.
    package static func text(_ days: [DaySums], stamp: FileStamp, log: (number: Int, stamp: FileStamp?)? = nil)
        -> String
    {
        var out = "calorina-days \(version)\n" + CacheFile.stampLine(stamp) + "\n"
        if let log { out += logLine(log.number, log.stamp) + "\n" }
        return out + dayText(days)
    }

    /// The day lines of a summary, and its `end` line.
    private static func dayText(_ days: [DaySums]) -> String {
        var out = ""
        func number(_ value: Double?) -> String {
            guard let value else { return "-" }
            // Sums of numbers JSON holds may still overflow to infinity, which reads back as `inf`.
            return value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        for day in days {
            // Each field goes straight onto the text, with no array of the day's fields to join.
            out += "day " + day.date + " " + String(day.entryCount) + " " + String(day.foodCount) + " "
            out += (day.latestTime.isEmpty ? "-" : day.latestTime) + " " + number(day.kcal)
            for macro in Nutrient.macros { out += " " + number(day[macro]) }
            for nutrient in Nutrient.others { out += " " + number(day.nutrients[nutrient]) }
            for nutrient in Nutrient.others { out += " " + String(day.known[nutrient]) }
            out += " " + number(day.burned) + " " + String(day.steps) + " " + number(day.waterMl)
            out += " " + number(day.weightKg) + "\n"
        }
        out += "end \(days.count)\n"
        return out
    }

    /// The line that names the log a summary was made from, by number and stamp.
    package static func logLine(_ number: Int, _ stamp: FileStamp?) -> String {
        "log \(number) " + (stamp.map { String(CacheFile.stampLine($0).dropFirst(6)) } ?? "none")
    }

    /// The days of a summary made from the month file of `stamp`; nil when the text is not a
    /// whole summary of this version and of that file, and of its log as `logStamp` says the log
    /// with that number is now.
    package static func days(
        in bytes: [UInt8], stamp: FileStamp, logStamp: (Int) throws(StoreError) -> FileStamp? = { _ in nil }
    ) throws(StoreError) -> [DaySums]? {
        // Read as bytes in place, field by field: a view of ten years reads 3,650 of these lines,
        // and splitting them as Characters cost more than all the rest of `history 3650` (issue
        // 15). No field becomes a `String` but the date (a real day's digits) and the time
        // (printable ASCII), so the bytes need no UTF-8 check of their own.
        try bytes.withUnsafeBufferPointer { (bytes) throws(StoreError) -> [DaySums]? in
            var reader = Reader(bytes: bytes)
            guard reader.line().map({ reader.bytes(of: $0, equal: "calorina-days \(version)".utf8) }) == true,
                reader.line().map({ reader.bytes(of: $0, equal: CacheFile.stampLine(stamp).utf8) }) == true
            else { return nil }
            guard try logLineHolds(&reader, { (number) throws(StoreError) in try logStamp(number) }) else {
                return nil
            }
            return dayLines(&reader)
        }
    }

    /// The name a merged month's summary gives the folder from before devices.
    package static let legacySourceName = "-"

    /// The summary's text for the days of a month merged from several folders (`DeviceJournal`):
    /// it names each folder's month file by its stamp, and the log that file names.
    ///
    /// ```
    /// calorina-merged-days 1
    /// source ash 2049 1837466 48213 1795368000 123456789 1795368000 123456789
    /// log 2 2049 1837470 912 1795368100 5000 1795368100 5000
    /// source birch 2049 1837501 1022 1795368000 5000 1795368000 5000
    /// day 2026-11-01 …
    /// end 1
    /// ```
    package static func mergedText(_ days: [DaySums], sources: [MergedSource]) -> String {
        mergedHeader(kind: "days", sources: sources) + dayText(days)
    }

    /// The header of a merged month's summary (or day's, with `kind` "day" and the date): the
    /// line naming what it is, then each folder's month file and log.
    package static func mergedHeader(kind: String, sources: [MergedSource]) -> String {
        var out = "calorina-merged-\(kind) \(version)\n"
        for source in sources {
            out += "source \(source.name) " + CacheFile.stampLine(source.stamp).dropFirst(6) + "\n"
            if let log = source.log { out += logLine(log.number, log.stamp) + "\n" }
        }
        return out
    }

    /// Where the header `mergedHeader` wrote ends in `bytes`, when it names `kind` and the folders
    /// `names` as `stamp` and `logStamp` say they are now; nil otherwise. The header is compared
    /// byte for byte: what follows it is for its own reader to check.
    package static func mergedHeaderEnd(
        in bytes: [UInt8], kind: String, names: [String], stamp: (String) throws(StoreError) -> FileStamp?,
        logStamp: (String, Int) throws(StoreError) -> FileStamp?
    ) throws(StoreError) -> Int? {
        try bytes.withUnsafeBufferPointer { (bytes) throws(StoreError) -> Int? in
            var reader = Reader(bytes: bytes)
            guard try mergedHeaderHolds(&reader, kind: kind, names: names, stamp: stamp, logStamp: logStamp) else {
                return nil
            }
            return reader.index
        }
    }

    /// The days of a merged month's summary made from the folders `names`, in that order, as
    /// `stamp` and `logStamp` say their month files and logs are now; nil when it is not a
    /// whole summary of this version and of those files.
    package static func mergedDays(
        in bytes: [UInt8], names: [String], stamp: (String) throws(StoreError) -> FileStamp?,
        logStamp: (String, Int) throws(StoreError) -> FileStamp?
    ) throws(StoreError) -> [DaySums]? {
        try bytes.withUnsafeBufferPointer { (bytes) throws(StoreError) -> [DaySums]? in
            var reader = Reader(bytes: bytes)
            guard try mergedHeaderHolds(&reader, kind: "days", names: names, stamp: stamp, logStamp: logStamp) else {
                return nil
            }
            return dayLines(&reader)
        }
    }

    /// Reads a merged summary's header: true when it names `kind` and the folders `names` as
    /// `stamp` and `logStamp` say they are now, the reader then past it.
    private static func mergedHeaderHolds(
        _ reader: inout Reader, kind: String, names: [String], stamp: (String) throws(StoreError) -> FileStamp?,
        logStamp: (String, Int) throws(StoreError) -> FileStamp?
    ) throws(StoreError) -> Bool {
        guard reader.line().map({ reader.bytes(of: $0, equal: "calorina-merged-\(kind) \(version)".utf8) }) == true
        else { return false }
        var expected: [UInt8] = []
        expected.reserveCapacity(96)
        for name in names {
            guard let now = try stamp(name) else { return false }
            expected.removeAll(keepingCapacity: true)
            expected += "source ".utf8
            expected += name.utf8
            expected.append(UInt8(ascii: " "))
            CacheFile.appendStampFields(now, to: &expected)
            guard reader.line().map({ reader.bytes(of: $0, equal: expected) }) == true,
                try logLineHolds(&reader, { (number) throws(StoreError) in try logStamp(name, number) })
            else { return false }
        }
        return true
    }

    /// Reads the `log` line that may follow a month file's stamp: true when there is none (the
    /// reader is left where it was) or when it names the log as it is now.
    private static func logLineHolds(
        _ reader: inout Reader, _ logStamp: (Int) throws(StoreError) -> FileStamp?
    ) throws(StoreError) -> Bool {
        let start = reader.index
        guard let line = reader.line() else { return true }
        var fields = Fields(bytes: reader.bytes, range: line)
        guard fields.next().map({ reader.bytes(of: $0, equal: "log".utf8) }) == true else {
            reader.index = start
            return true
        }
        guard let number = fields.integer() else { return false }
        return reader.bytes(of: line, equal: logLine(number, try logStamp(number)).utf8)
    }

    /// The day lines and the `end` line that close a summary; nil when they do not read whole.
    private static func dayLines(_ reader: inout Reader) -> [DaySums]? {
        var days: [DaySums] = []
        days.reserveCapacity(31)
        while let line = reader.line() {
            var fields = Fields(bytes: reader.bytes, range: line)
            guard let tag = fields.next() else { return nil }
            if reader.bytes(of: tag, equal: "end".utf8) {
                guard fields.integer() == days.count, fields.isAtEnd else { return nil }
                while let rest = reader.line() { guard rest.isEmpty else { return nil } }
                return days
            }
            guard reader.bytes(of: tag, equal: "day".utf8), let day = day(&fields), fields.isAtEnd else { return nil }
            days.append(day)
        }
        return nil
    }

    /// The lines of a summary's bytes, one at a time, read in place.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        /// The next line, without its newline; nil at the end.
        mutating func line() -> Range<Int>? {
            guard index < bytes.count, let base = bytes.baseAddress else { return nil }
            let start = index
            guard let newline = memchr(base + index, Int32(UInt8(ascii: "\n")), bytes.count - index) else {
                index = bytes.count
                return start..<index
            }
            let end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
            index = end + 1
            return start..<end
        }

        /// True when the bytes of `range` are `expected`'s.
        func bytes<Expected: Collection<UInt8>>(of range: Range<Int>, equal expected: Expected) -> Bool {
            bytes[range].elementsEqual(expected)
        }
    }

    /// The space-separated fields of a line, one at a time.
    private struct Fields {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int
        let end: Int
        /// False once a field was missing or could not be read.
        private(set) var ok = true

        init(bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
            self.bytes = bytes
            index = range.lowerBound
            end = range.upperBound
        }

        var isAtEnd: Bool { ok && index >= end }

        /// The next field; nil (and not ok) when there is none.
        mutating func next() -> Range<Int>? {
            guard ok, index < end else {
                ok = false
                return nil
            }
            let start = index
            while index < end, bytes[index] != UInt8(ascii: " ") { index += 1 }
            let field = start..<index
            if index < end { index += 1 }
            return field
        }

        /// The next field, when it reads; not ok otherwise.
        private mutating func next<Value>(_ read: (Slice<UnsafeBufferPointer<UInt8>>) -> Value?) -> Value? {
            guard let field = next(), let value = read(bytes[field]) else {
                ok = false
                return nil
            }
            return value
        }

        /// A real day `YYYY-MM-DD`.
        mutating func date() -> String? {
            next { MonthKey.isDate($0) ? String(decoding: $0, as: UTF8.self) : nil }
        }

        /// The latest time as an entry wrote it (`HH:mm`) when it is printable ASCII, or `-`
        /// (none) as the empty string.
        mutating func latestTime() -> String? {
            next { field in
                guard field.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
                return field.elementsEqual(CollectionOfOne(UInt8(ascii: "-")))
                    ? "" : String(decoding: field, as: UTF8.self)
            }
        }

        /// A whole number: an optional `-` and 1 to 15 digits.
        mutating func integer() -> Int? {
            next { field in
                var value = 0
                var digits = 0
                var negative = false
                for byte in field {
                    if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                        value = value &* 10 &+ Int(byte &- UInt8(ascii: "0"))
                        digits += 1
                        guard digits <= 15 else { return nil }
                    } else if byte == UInt8(ascii: "-") && digits == 0 && !negative {
                        negative = true
                    } else {
                        return nil
                    }
                }
                guard digits > 0 else { return nil }
                return negative ? -value : value
            }
        }

        /// A number, the short ones read by `ShortDecimal`, the rest (`1e-05`, `inf`) by `Double`.
        mutating func number() -> Double? {
            next { field in
                let value =
                    ShortDecimal.value(of: field)
                    ?? (field.allSatisfy { $0 < 0x80 } ? Double(String(decoding: field, as: UTF8.self)) : nil)
                return value.flatMap { $0.isNaN ? nil : $0 }
            }
        }

        /// A number or `-` for unknown.
        mutating func optional() -> Double?? {
            guard let field = next() else { return nil }
            if field.count == 1 && bytes[field.lowerBound] == UInt8(ascii: "-") { return .some(nil) }
            index = field.lowerBound
            return number().map { .some($0) }
        }
    }

    /// A day line's fields after `day`, in `DaySums`' order; nil when one cannot be read (the
    /// first that cannot leaves `fields` not ok, and each read after it nil).
    private static func day(_ fields: inout Fields) -> DaySums? {
        guard let date = fields.date() else { return nil }
        var day = DaySums(date: date)
        day.entryCount = fields.integer() ?? 0
        day.foodCount = fields.integer() ?? 0
        day.latestTime = fields.latestTime() ?? ""
        day.kcal = fields.number() ?? 0
        for macro in Nutrient.macros { day.nutrients[macro] = fields.number() ?? 0 }
        for nutrient in Nutrient.others { day.nutrients[nutrient] = fields.optional() ?? nil }
        for nutrient in Nutrient.others { day.known[nutrient] = fields.integer() ?? 0 }
        day.burned = fields.number() ?? 0
        day.steps = fields.integer() ?? 0
        day.waterMl = fields.number() ?? 0
        day.weightKg = fields.optional() ?? nil
        return fields.ok ? day : nil
    }
}
