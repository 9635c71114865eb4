@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths

/// Month files as a person edits them by hand: the checksum line (`MonthChecksum`) taken out with
/// the comma before it, which is how a changed month is made readable again.
enum MonthFileEdits {
    /// `bytes` of a version 4 month file without its checksum line; other bytes as they are.
    static func withoutChecksum(_ bytes: [UInt8]) -> [UInt8] {
        let trailer = MonthChecksum.fileHead.count + 8 + MonthChecksum.fileTail.count
        guard MonthChecksum.verdict(of: bytes) != .absent, bytes.count > trailer + 2 else { return bytes }
        // "…,\n" + trailer  →  "…\n}\n"
        return Array(bytes[..<(bytes.count - trailer - 2)]) + Array("\n}\n".utf8)
    }

    /// The text of a month file without its checksum line.
    static func withoutChecksum(_ text: String) -> String {
        String(decoding: withoutChecksum(Array(text.utf8)), as: UTF8.self)
    }
}
