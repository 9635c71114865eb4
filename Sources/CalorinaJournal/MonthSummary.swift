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
/// A day's fields follow `DaySums`: date, entries, food entries, latest time, kcal, protein,
/// carbs, fat, fibre, sugars, saturated fat, sodium, how many food entries knew each of those
/// four, burned, steps, water, weight; `-` for a value unknown. The `log` line is there when
/// the month file names a log (`MonthLog`): its number and the log's stamp (`none` when it had
/// no file yet).
enum MonthSummary {
    /// The format: raise it whenever `DaySums` gains or changes a field, so that summaries of the
    /// old shape are made again rather than read wrong.
    static let version = 1

    /// The summary's text for `days`, made from the month file of `stamp` and the log it names.
    static func text(_ days: [DaySums], stamp: FileStamp, log: (number: Int, stamp: FileStamp?)? = nil) -> String {
        var out = "calorina-days \(version)\n" + stampLine(stamp) + "\n"
        if let log { out += logLine(log.number, log.stamp) + "\n" }
        func number(_ value: Double?) -> String {
            guard let value else { return "-" }
            // Sums of numbers JSON holds may still overflow to infinity, which reads back as `inf`.
            return value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        for day in days {
            let fields: [String] = [
                "day", day.date, String(day.entryCount), String(day.foodCount),
                day.latestTime.isEmpty ? "-" : day.latestTime,
                number(day.kcal), number(day.protein), number(day.carbs), number(day.fat),
                number(day.nutrients.fiber), number(day.nutrients.sugars), number(day.nutrients.saturatedFat),
                number(day.nutrients.sodium),
                String(day.known.fiber), String(day.known.sugars), String(day.known.saturatedFat),
                String(day.known.sodium),
                number(day.burned), String(day.steps), number(day.waterMl), number(day.weightKg),
            ]
            out += fields.joined(separator: " ") + "\n"
        }
        out += "end \(days.count)\n"
        return out
    }

    /// The line that names the month file a summary was made from.
    static func stampLine(_ stamp: FileStamp) -> String {
        "stamp \(stamp.device) \(stamp.inode) \(stamp.size) \(stamp.modifiedSeconds) "
            + "\(stamp.modifiedNanoseconds) \(stamp.changedSeconds) \(stamp.changedNanoseconds)"
    }

    /// The line that names the log a summary was made from, by number and stamp.
    static func logLine(_ number: Int, _ stamp: FileStamp?) -> String {
        "log \(number) " + (stamp.map { String(stampLine($0).dropFirst(6)) } ?? "none")
    }

    /// The days of a summary made from the month file of `stamp`; nil when the text is not a
    /// whole summary of this version and of that file, and of its log as `logStamp` says the log
    /// with that number is now.
    static func days(
        in text: String, stamp: FileStamp, logStamp: (Int) throws(StoreError) -> FileStamp? = { _ in nil }
    ) throws(StoreError) -> [DaySums]? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.popFirst() == "calorina-days \(version)" else { return nil }
        guard lines.popFirst() == stampLine(stamp)[...] else { return nil }
        if let line = lines.first, line.hasPrefix("log ") {
            lines.removeFirst()
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let number = Int(fields[1]), line == logLine(number, try logStamp(number))[...]
            else { return nil }
        }
        var days: [DaySums] = []
        while let line = lines.popFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            if fields.first == "end" {
                guard fields.count == 2, Int(fields[1]) == days.count, lines.allSatisfy(\.isEmpty) else { return nil }
                return days
            }
            guard fields.count == 21, fields[0] == "day", let day = day(fields) else { return nil }
            days.append(day)
        }
        return nil
    }

    private static func day(_ fields: [Substring]) -> DaySums? {
        func optional(_ field: Substring) -> Double?? {
            if field == "-" { return .some(nil) }
            guard let value = Double(field), !value.isNaN else { return nil }
            return .some(value)
        }
        func number(_ field: Substring) -> Double? {
            guard let value = Double(field), !value.isNaN else { return nil }
            return value
        }
        var day = DaySums(date: String(fields[1]))
        guard MonthKey.month(ofDate: day.date) != nil,
            let entryCount = Int(fields[2]), let foodCount = Int(fields[3]),
            let kcal = number(fields[5]), let protein = number(fields[6]), let carbs = number(fields[7]),
            let fat = number(fields[8]),
            let fiber = optional(fields[9]), let sugars = optional(fields[10]), let saturatedFat = optional(fields[11]),
            let sodium = optional(fields[12]),
            let knownFiber = Int(fields[13]), let knownSugars = Int(fields[14]),
            let knownSaturatedFat = Int(fields[15]), let knownSodium = Int(fields[16]),
            let burned = number(fields[17]), let steps = Int(fields[18]), let water = number(fields[19]),
            let weight = optional(fields[20])
        else { return nil }
        day.entryCount = entryCount
        day.foodCount = foodCount
        day.latestTime = fields[4] == "-" ? "" : String(fields[4])
        day.kcal = kcal
        day.protein = protein
        day.carbs = carbs
        day.fat = fat
        day.nutrients = Nutrients(fiber: fiber, sugars: sugars, saturatedFat: saturatedFat, sodium: sodium)
        day.known = DaySums.NutrientCounts(
            fiber: knownFiber, sugars: knownSugars, saturatedFat: knownSaturatedFat, sodium: knownSodium)
        day.burned = burned
        day.steps = steps
        day.waterMl = water
        day.weightKg = weight
        return day
    }

    /// Writes `text` at `path` by way of a temporary file renamed over it, without a sync: a
    /// summary lost or refused is made again. Failures are ignored for the same reason.
    static func store(_ text: String, at path: String) {
        let temporary = AtomicFile.parent(of: path) + "/.\(AtomicFile.name(of: path)).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return }
        var text = text
        let whole = text.withUTF8 { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        close(fd)
        if !whole || rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// The text of the file at `path`, nil when it cannot be read.
    static func load(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
