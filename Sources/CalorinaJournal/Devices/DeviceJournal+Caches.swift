import CalorinaDocuments
import CalorinaFiles
import CalorinaMonths

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// What this device keeps of other devices' months merged with its own: the last day read and
// each month's day sums, in its own cache, named by every device's files as they were.

extension DeviceJournal {
    /// The folders a merge reads, by the names a kept merge gives them, as they were found a
    /// moment ago (not asked of the disk again); the first of a name wins. A few of them: looked
    /// up along an array, with no dictionary made for each month of a view of years.
    struct NamedSources {
        let names: [String]
        let sources: [Source]

        init(_ sources: [Source]) {
            self.sources = sources
            names = sources.map { $0.isLegacy ? MonthSummary.legacySourceName : $0.name }
        }

        func source(_ name: String) -> Source? {
            names.firstIndex(of: name).map { sources[$0] }
        }
    }

    /// A day of a month several folders hold: as this device last merged it (`cache/merged/day`)
    /// while every folder's month file and log are as they were then; else merged again from
    /// each folder's day alone (an entry keeps its date through every edit, and a mark has its
    /// entry's), and kept when every folder's month could be read.
    func mergedDay(_ date: String, _ month: String, _ sources: [Source]) throws(StoreError) -> [Entry] {
        let named = NamedSources(sources)
        let names = named.names
        let path = own.cachePath + "/merged/day"
        let kind = "day-" + date
        try files.refuseLinkedFolder(own.cachePath)
        if let bytes = CacheFile.load(path),
            let start = try MonthSummary.mergedHeaderEnd(
                in: bytes, kind: kind, names: names,
                stamp: { (name) throws(StoreError) in named.source(name)?.stamp },
                logStamp: { (name, log) throws(StoreError) in try logStamp(named.source(name)?.engine, month, log) }),
            let entries = Self.keptDay(bytes, from: start, month: month, path: path)
        {
            return entries
        }
        let (entries, whole) = try mergedNotingWhole(sources) { (engine) throws(StoreError) in
            try engine.entries(on: date)
        }
        guard whole, MonthCodec.isEncodable(entries) else { return entries }
        var keys: [MonthSummary.MergedSource] = []
        for (name, source) in zip(names, sources) {
            guard let key = source.engine.daySource(ofDate: date, name: name) else { return entries }
            keys.append(key)
        }
        let text =
            Array(MonthSummary.mergedHeader(kind: kind, sources: keys).utf8) + MonthLog.lines(entries)
            + Array("end \(entries.count)\n".utf8)
        try own.storeCacheFile(text, named: "day", inFolder: "merged")
        return entries
    }

    /// The entries of a merged day as `mergedDay` keeps them after its header: a month log's
    /// lines, each with its checksum, then `end N`; nil when they do not read whole.
    private static func keptDay(_ bytes: [UInt8], from start: Int, month: String, path: String) -> [Entry]? {
        var entries: [Entry] = []
        var index = start
        while index < bytes.count {
            let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if bytes[index..<end].starts(with: "end ".utf8) {
                let count = Int(String(decoding: bytes[(index + 4)..<end], as: UTF8.self))
                return count == entries.count && end + 1 >= bytes.count ? entries : nil
            }
            guard let entry = try? MonthLog.entry(in: bytes, from: index, to: end, month: month, path: path, line: 0)
            else { return nil }
            entries.append(entry)
            index = end + 1
        }
        return nil
    }

    /// The day sums of a month several folders hold, from the summary this device keeps of
    /// their merge (`cache/merged/YYYY-MM.days`) while every folder's month file and log are as
    /// they were when it was made; else merged again, and the summary made again when every
    /// folder's month could be read.
    func mergedDaySums(_ month: String, _ sources: [Source]) throws(StoreError) -> [DaySums] {
        let named = NamedSources(sources)
        let names = named.names
        let path = own.cachePath + "/merged/\(month).days"
        try files.refuseLinkedFolder(own.cachePath)
        if let bytes = CacheFile.load(path),
            let days = try MonthSummary.mergedDays(
                in: bytes, names: names,
                stamp: { (name) throws(StoreError) in named.source(name)?.stamp },
                logStamp: { (name, log) throws(StoreError) in try logStamp(named.source(name)?.engine, month, log) })
        {
            return days
        }
        let (entries, whole) = try mergedNotingWhole(sources) { (engine) throws(StoreError) in
            try engine.entries(inMonth: month)
        }
        let days = DaySums.days(of: entries)
        guard whole else { return days }
        var keys: [MonthSummary.MergedSource] = []
        for (name, source) in zip(names, sources) {
            guard let key = try? source.engine.summarySource(ofMonth: month, name: name) else { return days }
            keys.append(key)
        }
        try own.storeSummary(
            MonthSummary.mergedText(days, sources: keys), named: "\(month).days", inFolder: "merged")
        return days
    }

    /// `merged(sources, body)`, and whether every folder read whole: a merge that went without
    /// a folder it could not read is not kept.
    private func mergedNotingWhole(
        _ sources: [Source], _ body: (JournalEngine<Calls>) throws(StoreError) -> [Entry]
    ) throws(StoreError) -> (entries: [Entry], whole: Bool) {
        var whole = true
        let entries = try merged(sources) { (engine) throws(StoreError) -> [Entry] in
            do throws(StoreError) {
                return try body(engine)
            } catch {
                whole = false
                throw error
            }
        }
        return (entries, whole)
    }

    /// The stamp of the log `log` of `engine`'s month, as a kept merge names it.
    private func logStamp(_ engine: JournalEngine<Calls>?, _ month: String, _ log: Int) throws(StoreError) -> FileStamp?
    {
        guard let engine else { return nil }
        return try files.stamp(of: engine.logPath(month, log))
    }
}
