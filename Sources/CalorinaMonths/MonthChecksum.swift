import CalorinaFiles
import CalorinaSupport

/// The checksum that ends a month file (version 4) and each line of a month's log: the CRC-32
/// (`CRC32`, as zlib's) of the bytes before it, as eight lowercase hexadecimal digits.
///
/// ```
///   "version" : 4,
///   "checksum" : "1c291ca3"
/// }
/// ```
/// ```
/// {"date":"2026-11-22",…,"text":"banana","checksum":"5e2a0f17"}
/// ```
///
/// Why: a month file is JSON that reads as JSON after most single changed bits, with a changed
/// number or name (issue 25, F24: 147 of 600 flipped bits were read as valid, changed values). A
/// CRC-32 finds every flipped bit, so reading refuses such a file with its path and `doctor` names
/// it, and takes its backup.
///
/// Why last, out of the keys' sorted order: the writer streams a large month a megabyte at a
/// time, so the checksum of what it wrote is known only at the end. The file's checksum covers
/// every byte before its line (the BOM aside); a log line's covers the line up to the comma
/// before `"checksum"`. Every byte of the checksum's own line is checked too: it must be exactly
/// as written, else reading refuses the file (an unknown member, JSON that does not parse, or a
/// checksum that is not where Calorina writes it). A file whose checksum line was taken out
/// (with the comma before it) reads as it is, so that a month can still be mended by hand.
public enum MonthChecksum {
    /// What the end of a month file says.
    public enum Verdict: Equatable, Sendable {
        /// No checksum line where Calorina writes it.
        case absent
        /// The checksum matches the bytes before it.
        case matches
        /// The bytes before the checksum are not those it was made of; `offset` is where its
        /// line starts.
        case differs(offset: Int)
    }

    package static let fileHead = Array("  \"checksum\" : \"".utf8)
    package static let fileTail = Array("\"\n}\n".utf8)
    package static let lineHead = Array(",\"checksum\":\"".utf8)
    package static let lineTail = Array("\"}".utf8)

    /// The last line of a version 4 file: `  "checksum" : "…"\n}\n`.
    package static func fileTrailer(_ crc: CRC32) -> [UInt8] {
        fileHead + Array(crc.hex.utf8) + fileTail
    }

    /// How the checksum at the end of `bytes` (a month file, its BOM removed) reads.
    public static func verdict(of bytes: [UInt8]) -> Verdict {
        let trailer = fileHead.count + 8 + fileTail.count
        guard bytes.count > trailer else { return .absent }
        let start = bytes.count - trailer
        guard bytes[start - 1] == UInt8(ascii: "\n"), matches(bytes, at: start, fileHead),
            matches(bytes, at: bytes.count - fileTail.count, fileTail),
            let stated = hexValue(bytes, at: start + fileHead.count)
        else { return .absent }
        let made = bytes.withUnsafeBufferPointer { CRC32.of(UnsafeBufferPointer(rebasing: $0[..<start])) }
        return made == stated ? .matches : .differs(offset: start)
    }

    /// True when a month file (`fileBytes`, with any BOM) reads whole as JSON of a month, yet
    /// its checksum does not match its bytes: something changed that no reader can point at, such
    /// as a digit of a value. Such a file is put back from its backup whole (`doctor`); a file
    /// whose damage breaks its JSON is salvaged around the place it breaks.
    public static func changedWhereItStillReads(_ fileBytes: [UInt8]) -> Bool {
        let bytes = Array(ByteOrderMark.dropped(from: fileBytes))
        guard case .differs = verdict(of: bytes) else { return false }
        return (try? MonthCodec.decode(bytes)) != nil
    }

    /// The line of a month's log for an entry written as `body` (`{"date":…` with no closing
    /// brace), with its checksum and newline.
    package static func line(body: [UInt8]) -> [UInt8] {
        var crc = CRC32()
        crc.update(body)
        return body + lineHead + Array(crc.hex.utf8) + lineTail + [UInt8(ascii: "\n")]
    }

    /// What the checksum of a log line `bytes[start..<end]` (no newline, no trailing blanks) says.
    package enum LineVerdict {
        /// The line has no checksum where Calorina writes it (a line of an earlier version).
        case absent
        /// It matches: the entry is `bytes[start..<bodyEnd]` with a closing brace.
        case matches(bodyEnd: Int)
        /// The line's bytes are not those the checksum was made of.
        case differs
    }

    package static func lineVerdict(_ bytes: [UInt8], start: Int, end: Int) -> LineVerdict {
        let trailer = lineHead.count + 8 + lineTail.count
        guard end - start > trailer else { return .absent }
        let bodyEnd = end - trailer
        guard matches(bytes, at: bodyEnd, lineHead), matches(bytes, at: end - lineTail.count, lineTail),
            let stated = hexValue(bytes, at: bodyEnd + lineHead.count)
        else { return .absent }
        let made = bytes.withUnsafeBufferPointer { CRC32.of(UnsafeBufferPointer(rebasing: $0[start..<bodyEnd])) }
        return made == stated ? .matches(bodyEnd: bodyEnd) : .differs
    }

    private static func matches(_ bytes: [UInt8], at start: Int, _ expected: [UInt8]) -> Bool {
        guard start >= 0, start + expected.count <= bytes.count else { return false }
        for (offset, byte) in expected.enumerated() where bytes[start + offset] != byte { return false }
        return true
    }

    /// Eight lowercase hexadecimal digits at `start`, as a number; nil for anything else.
    private static func hexValue(_ bytes: [UInt8], at start: Int) -> UInt32? {
        guard start + 8 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[start..<(start + 8)] {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt32(byte - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        return value
    }
}
