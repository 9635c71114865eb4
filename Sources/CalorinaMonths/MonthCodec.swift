import CalorinaFiles
import CalorinaModel
import CalorinaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and writes month files by hand, in one pass over the bytes.
///
/// Why: the current month is read before the first prompt, and `JSONDecoder` spends about
/// 100,000 instructions an entry in its generic containers, so start-up grew with the month
/// (Benchmarks/RESULTS.md). This reader goes straight from bytes to `Entry` values, and the writer
/// straight from entries to the bytes `JSONEncoder` would write (pretty-printed, keys sorted), so a
/// file diffs the same whichever wrote it.
///
/// The reader accepts exactly the files `MonthFile`'s `Codable` reading accepts, less those with
/// a field Calorina does not know. When it meets anything else it gives up without saying why
/// (`Failure`) and `MonthFile.decode` asks the slow reader, whose errors carry the position and the
/// words; the one problem only this reader sees, an unknown field, it reports itself.
public enum MonthCodec {
    /// Where the fast reader stopped.
    package enum Failure: Error {
        /// Not a file the reader takes; the slow reader explains why.
        case unreadable
        /// A member Calorina does not know, at the byte offset of its name, with its path
        /// (`entries[3].mood`).
        case unknownField(path: String, offset: Int)
    }

    /// The month file in `bytes` (no byte order mark).
    package static func decode(_ bytes: [UInt8]) throws(Failure) -> MonthFile {
        try decodeNotingChecksum(bytes).file
    }

    /// The month file in `bytes`, and whether it has a `"checksum"` member (which
    /// `MonthChecksum` checks; the file's values do not hold it).
    package static func decodeNotingChecksum(_ bytes: [UInt8]) throws(Failure) -> (file: MonthFile, hasChecksum: Bool) {
        try bytes.withUnsafeBufferPointer { buffer throws(Failure) -> (file: MonthFile, hasChecksum: Bool) in
            var reader = Reader(buffer)
            let file = try reader.monthFile()
            reader.skipWhitespace()
            guard reader.index == buffer.count else { throw .unreadable }
            return (file, reader.sawChecksum)
        }
    }

    /// The month file in `bytes` (no byte order mark) with only the entries of `day`
    /// (`YYYY-MM-DD`) decoded: the others are stepped over, their bytes scanned but not read into
    /// entries. For bytes whose checksum matched (`MonthChecksum`): Calorina wrote them, so what
    /// is stepped over is known to be entries Calorina reads. `today` on a month of hundreds of
    /// entries decodes a day's, not the month's.
    package static func decode(_ bytes: [UInt8], onlyDay day: String) throws(Failure) -> MonthFile {
        try bytes.withUnsafeBufferPointer { buffer throws(Failure) -> MonthFile in
            var reader = Reader(buffer)
            reader.onlyDay = Array(day.utf8)
            let file = try reader.monthFile()
            reader.skipWhitespace()
            guard reader.index == buffer.count else { throw .unreadable }
            return file
        }
    }

    /// The entry whose object starts at the `{` at `start` in `bytes` (no byte order mark), and
    /// the offset just past its `}`; nil when no whole entry starts there. For `MonthSalvage`,
    /// which reads a damaged file one entry at a time.
    package static func entry(in bytes: [UInt8], at start: Int) -> (entry: Entry, end: Int)? {
        bytes.withUnsafeBufferPointer { buffer -> (entry: Entry, end: Int)? in
            var reader = Reader(buffer)
            reader.index = start
            guard let entry = try? reader.entry(at: 0) else { return nil }
            return (entry, reader.index)
        }
    }

    /// The entry that is the whole of `bytes` (one JSON object, as a month file or a backup
    /// holds it); nil when it is not one this reader takes.
    public static func entry(_ bytes: [UInt8]) -> Entry? {
        guard let first = bytes.firstIndex(of: UInt8(ascii: "{")), let (entry, end) = entry(in: bytes, at: first),
            bytes[end...].allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
        else { return nil }
        return entry
    }

    /// The file's text, byte for byte what `JSONEncoder` writes with `.prettyPrinted`,
    /// `.sortedKeys` and `.withoutEscapingSlashes`, and a final newline; nil when a number is not
    /// finite, which JSON cannot hold.
    public static func encode(_ file: MonthFile) -> [UInt8]? {
        guard isEncodable(file) else { return nil }
        var bytes: [UInt8] = []
        write(file, chunkSize: Int.max) { chunk in bytes += chunk }
        return bytes
    }

    /// Entries as the items of a list one level inside a document's top object, byte for byte as
    /// `JSONEncoder` writes them there (`.prettyPrinted`, `.sortedKeys`): each `\n    {` … `\n    }`,
    /// after a comma unless it is the list's first. For documents written a month at a time
    /// (`export json`, `export all`); the entries' numbers must be finite.
    public static func listItems(_ entries: [Entry], first: Bool) -> [UInt8] {
        var writer = Writer()
        for (offset, entry) in entries.enumerated() {
            writer.raw(first && offset == 0 ? "\n    {" : ",\n    {")
            writer.entry(entry)
            writer.raw("\n    }")
        }
        return writer.out
    }

    /// The end of such a list: `JSONEncoder` writes an empty one as `[\n\n  ]`.
    public static func listEnd(empty: Bool) -> [UInt8] {
        Array((empty ? "\n\n  ]" : "\n  ]").utf8)
    }

    /// An entry as one line of a month's log (`MonthLog`): the members a month file gives it, on
    /// one line, ended by a newline. The entry's numbers must be finite (`isEncodable`).
    package static func line(_ entry: Entry) -> [UInt8] {
        var writer = Writer()
        writer.compact = true
        writer.raw("{")
        writer.entry(entry)
        return MonthChecksum.line(body: writer.out)
    }

    /// True when every number of the file is finite, so that `write` can write it.
    package static func isEncodable(_ file: MonthFile) -> Bool {
        isEncodable(file.entries)
    }

    /// True when every number of the entries is finite.
    package static func isEncodable(_ entries: [Entry]) -> Bool {
        entries.allSatisfy { entry in
            entry.quantity.isFinite && entry.kcal.isFinite && (entry.grams ?? 0).isFinite
                && Nutrient.all.allSatisfy { (entry.nutrients[$0] ?? 0).isFinite }
        }
    }

    /// Hands the text of an encodable file to `sink` in pieces of about `chunkSize` bytes, so
    /// that a large month is written without its whole text in memory.
    package static func write<SinkError: Error>(
        _ file: MonthFile, chunkSize: Int = 1 << 20, to destination: ([UInt8]) throws(SinkError) -> Void
    ) throws(SinkError) {
        // Version 4 ends with the checksum of every byte before it (`MonthChecksum`).
        var crc = CRC32()
        func sink(_ chunk: [UInt8]) throws(SinkError) {
            crc.update(chunk)
            try destination(chunk)
        }
        var writer = Writer()
        writer.out.reserveCapacity(min(chunkSize, file.entries.count * 420) + 512)
        writer.raw("{\n  \"entries\" : [")
        if file.entries.isEmpty {
            writer.raw("\n\n  ]")
        } else {
            for (offset, entry) in file.entries.enumerated() {
                writer.raw(offset == 0 ? "\n    {" : ",\n    {")
                writer.entry(entry)
                writer.raw("\n    }")
                if writer.out.count >= chunkSize {
                    try sink(writer.out)
                    writer.out.removeAll(keepingCapacity: true)
                }
            }
            writer.raw("\n  ]")
        }
        if let log = file.log { writer.raw(",\n  \"log\" : \(log)") }
        writer.raw(",\n  \"month\" : ")
        writer.string(file.month)
        guard file.version >= 4 else {
            writer.raw(",\n  \"version\" : \(file.version)\n}\n")
            try sink(writer.out)
            return
        }
        writer.raw(",\n  \"version\" : \(file.version),\n")
        try sink(writer.out)
        try destination(MonthChecksum.fileTrailer(crc))
    }

}
